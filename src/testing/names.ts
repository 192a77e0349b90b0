import { invalidArgument, listArgument, readArgument } from "../core/guards.js";

/**
 * Tool names as a test has them: names, tool objects, or a `tools/list` result.
 *
 * @example
 * ```ts
 * assertWireSafe(["search_docs"]); // names
 * assertWireSafe([{ name: "search_docs", inputSchema }]); // tool objects
 * assertWireSafe(await client.listTools()); // a tools/list result
 * ```
 */
export type NamesInput =
	| Iterable<string | { readonly name: string }>
	| { readonly tools: readonly { readonly name: string }[] };

const EXPECTED =
	"tool names, tool objects or a tools/list result ({ tools: [...] })";

/**
 * The names of a {@link NamesInput}, in order; anything that is not a name or a tool with a
 * string name is an error, so a check never passes on garbage.
 */
export function namesOf(fn: string, input: NamesInput): string[] {
	const tools = readArgument(fn, "names", input, () =>
		typeof input === "object" &&
		input !== null &&
		!Array.isArray(input) &&
		"tools" in input
			? (input as { tools: unknown }).tools
			: undefined,
	);
	if (tools !== undefined && !Array.isArray(tools))
		throw invalidArgument(fn, "names.tools", "an array of tools", tools);
	const items = tools ?? listArgument(fn, "names", input, EXPECTED);
	return items.map((item, i) => {
		if (typeof item === "string") return item;
		const name = readArgument(fn, `names[${i}]`, item, () =>
			typeof item === "object" && item !== null
				? (item as { name?: unknown }).name
				: undefined,
		);
		if (typeof name !== "string") {
			throw invalidArgument(
				fn,
				`names[${i}]`,
				"a tool name or a tool object with a string name",
				item,
			);
		}
		return name;
	});
}
