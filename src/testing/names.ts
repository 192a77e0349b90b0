import { McpToolNamesError } from "../index.js";

/** Tool names as a test has them: names, tool objects, or a `tools/list` result. */
export type NamesInput =
	| Iterable<string | { readonly name: string }>
	| { readonly tools: readonly { readonly name: string }[] };

/** The names of a {@link NamesInput}, in order. */
export function namesOf(input: NamesInput): string[] {
	const items =
		typeof input === "object" &&
		input !== null &&
		"tools" in input &&
		Array.isArray(input.tools)
			? input.tools
			: input;
	if (
		typeof items !== "object" ||
		items === null ||
		typeof (items as Partial<Iterable<unknown>>)[Symbol.iterator] !== "function"
	) {
		throw new McpToolNamesError(
			"invalid-argument",
			"Expected tool names, tool objects or a tools/list result ({ tools: [...] })",
		);
	}
	const names: string[] = [];
	for (const item of items as Iterable<unknown>) {
		const name =
			typeof item === "string"
				? item
				: (item as { name?: unknown } | null)?.name;
		names.push(typeof name === "string" ? name : String(name));
	}
	return names;
}
