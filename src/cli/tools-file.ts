import { type ToolEntry, toolEntryOf } from "../adapters/routing/tool-entry.js";
import { CliFailure } from "./_failure.js";

/**
 * Reads tool names from JSON text: a `tools/list` result (`{"tools": [...]}`, any
 * `nextCursor` ignored), a whole JSON-RPC response to `tools/list`, an array of tool objects,
 * or an array of names.
 *
 * @param text - the file's content
 * @param label - how to name the input in messages (`tools.json`, `stdin`)
 * @returns the tools in listed order
 * @throws CliFailure `target` when the text is not JSON or holds no tool list
 * @example
 * ```ts
 * parseToolsJson('["websearch/fetch_content"]', "stdin");
 * // [{ name: "websearch/fetch_content", protected: false }]
 * ```
 */
export function parseToolsJson(text: string, label: string): ToolEntry[] {
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
	return list.map((item, index) => toolOf(item, index, label));
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

function toolOf(item: unknown, index: number, label: string): ToolEntry {
	// A name given by hand is resolved as `resolveName` would, without protection.
	if (typeof item === "string") return { name: item, protected: false };
	if (isRecord(item) && typeof item.name === "string") {
		return toolEntryOf(item) ?? { name: item.name, protected: false };
	}
	throw new CliFailure(
		"target",
		`${label}: tools[${index}] is neither a name nor a tool object with a string "name"`,
	);
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
