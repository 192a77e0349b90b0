/**
 * Reads a list of tools leniently: an audit needs the names, so a tool whose definition
 * breaks the MCP schema is still audited by name, and what is wrong with it becomes a
 * finding (it is exactly what makes clients reject a server's whole `tools/list`).
 *
 * @module
 */
import { type ToolEntry, toolEntryOf } from "../adapters/routing/tool-entry.js";
import { describeValue, isRecord } from "../core/guards.js";

/**
 * A problem with one tool definition: `audit` lists it and `--strict` fails on it.
 */
export interface ToolFinding {
	/** Position in the listed order (every page counted). */
	index: number;
	/** The tool's name, or `null` when it has none. */
	tool: string | null;
	/** `no-name` (the tool is skipped), `input-schema`, `output-schema`, `annotations` or `field`. */
	code: "no-name" | "input-schema" | "output-schema" | "annotations" | "field";
	message: string;
}

/**
 * The tools of a list, and the findings about their definitions.
 */
export interface ToolList {
	/** As routing sees them: a tool annotated `destructiveHint: true` is protected. */
	tools: ToolEntry[];
	findings: ToolFinding[];
}

/**
 * Reads tool definitions as `tools/list` returns them, checking what MCP requires of each
 * (https://modelcontextprotocol.io/specification/2025-06-18/schema#tool): a string `name`, an
 * `inputSchema` object with `"type": "object"`, an `outputSchema` of the same kind when there
 * is one, an `annotations` object, string `title` and `description`. A string item is a bare
 * name (files), and is not checked further.
 *
 * @param items - the `tools` array
 * @param options - `schemas: false` checks names only (a file that is a plain list)
 * @returns every tool with a name, in order, and the findings
 */
export function readToolList(
	items: readonly unknown[],
	options: { schemas?: boolean } = {},
): ToolList {
	const tools: ToolEntry[] = [];
	const findings: ToolFinding[] = [];
	items.forEach((item, index) => {
		// A name given by hand (a file) is resolved as `resolveName` would, unprotected.
		if (typeof item === "string") {
			tools.push({ name: item, protected: false });
			return;
		}
		if (!isRecord(item) || typeof item.name !== "string") {
			findings.push({
				index,
				tool: null,
				code: "no-name",
				message: `tools[${index}] has no string "name"; no client can call it, so it is left out`,
			});
			return;
		}
		const name = item.name;
		const annotations = item.annotations;
		// The empty name is kept for the audit to flag; routing has no entry for it.
		tools.push(toolEntryOf(item) ?? { name, protected: false });
		if (options.schemas === false) return;
		const add = (code: ToolFinding["code"], problem: string): void => {
			findings.push({ index, tool: name, code, message: problem });
		};
		const input = schemaProblem(item.inputSchema, "inputSchema");
		if (input !== undefined) {
			add(
				"input-schema",
				`${input}; MCP requires an object schema, and the MCP SDK's client rejects the whole tools/list over it`,
			);
		}
		if (item.outputSchema !== undefined) {
			const output = schemaProblem(item.outputSchema, "outputSchema");
			if (output !== undefined) {
				add("output-schema", `${output}; MCP requires an object schema`);
			}
		}
		if (annotations !== undefined && !isRecord(annotations)) {
			add(
				"annotations",
				`annotations is ${describeValue(annotations)}, not an object`,
			);
		}
		for (const field of ["title", "description"] as const) {
			const value = item[field];
			if (value !== undefined && typeof value !== "string") {
				add("field", `${field} is ${describeValue(value)}, not a string`);
			}
		}
	});
	return { tools, findings };
}

function schemaProblem(schema: unknown, field: string): string | undefined {
	if (schema === undefined) return `no ${field}`;
	if (!isRecord(schema))
		return `${field} is ${describeValue(schema)}, not an object`;
	if (schema.type !== "object") {
		return schema.type === undefined
			? `${field} has no "type": "object"`
			: `${field} has "type": ${JSON.stringify(schema.type)}, not "object"`;
	}
	return undefined;
}
