import { isRecord } from "../core/guards.js";
import { CliFailure } from "./_failure.js";
import { readToolList, type ToolList } from "./tool-list.js";

/**
 * Reads tool names from JSON text: a `tools/list` result (`{"tools": [...]}`, any
 * `nextCursor` ignored), a whole JSON-RPC response to `tools/list`, an array of tool objects,
 * or an array of names. Tool objects of a `tools/list` result are checked as a server's would be
 * (see {@link readToolList}); a bare array is a list of names, checked for names only.
 *
 * @param text - the file's content
 * @param label - how to name the input in messages (`tools.json`, `stdin`)
 * @returns the tools in listed order, and the findings about their definitions
 * @throws CliFailure `target` when the text is not JSON or holds no tool list
 */
export function parseToolsJson(text: string, label: string): ToolList {
	const json = text.replace(/^\uFEFF/, "");
	if (json.trim() === "") {
		throw new CliFailure(
			"target",
			`${label} is empty; expected a tools/list result ({"tools": [...]}) or an array of names`,
		);
	}
	let data: unknown;
	try {
		data = JSON.parse(json);
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		throw new CliFailure("target", `${label} is not valid JSON: ${reason}`, {
			cause: error,
		});
	}
	const list = toolListOf(data);
	if (list === undefined) {
		throw new CliFailure(
			"target",
			`${label} holds no tool list; expected a tools/list result ({"tools": [...]}), a JSON-RPC response to tools/list, or an array of names`,
		);
	}
	return readToolList(list, { schemas: !Array.isArray(data) });
}

function toolListOf(data: unknown): unknown[] | undefined {
	if (Array.isArray(data)) return data;
	if (!isRecord(data)) return undefined;
	if (Array.isArray(data.tools)) return data.tools;
	if (isRecord(data.result) && Array.isArray(data.result.tools)) {
		return data.result.tools;
	}
	return undefined;
}
