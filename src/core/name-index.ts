import {
	buildIndex,
	type IndexData,
	type ToolCandidate,
} from "./_index-data.js";

const DATA = new WeakMap<object, IndexData>();

/**
 * A precomputed catalog for {@link resolveName} and {@link suggest}: normal forms, words,
 * word tails and length buckets are built once, so each query against thousands of tools is
 * a few hash lookups. Answers are identical to passing the names as a plain array. Built from
 * tool objects (`{ name, inputSchema }`, as `tools/list` returns them), it keeps each schema
 * for rule 7 (arguments as evidence) and checks only the few rivals of a query against it.
 *
 * @example
 * ```ts
 * const index = new NameIndex(tools.map((tool) => tool.name));
 * resolveName("linear.listIssues", index); // corrected to "linear.list_issues"
 * const withSchemas = new NameIndex(tools); // { name, inputSchema } objects
 * resolveName("send_mesage", withSchemas, { arguments: { channel: "c1", text: "hi" } });
 * ```
 */
export class NameIndex implements Iterable<string> {
	readonly #names: readonly string[];

	/**
	 * @param names - the candidate names, or tool objects with a `name` and an optional
	 * `inputSchema` (mixing is fine); repeats count once (the first one's schema is kept) and
	 * anything else is ignored
	 * @throws McpToolNamesError `invalid-argument` when `names` is not iterable
	 */
	constructor(names: Iterable<string | ToolCandidate>) {
		const data = buildIndex(names);
		this.#names = data.names;
		DATA.set(this, data);
	}

	/** How many distinct names the index holds. */
	get size(): number {
		return this.#names.length;
	}

	/** The names, in first-seen order. */
	[Symbol.iterator](): Iterator<string> {
		return this.#names[Symbol.iterator]();
	}
}

/** The tables of a NameIndex, or freshly built ones for any other iterable. */
export function indexDataOf(
	candidates: Iterable<string | ToolCandidate> | NameIndex,
): IndexData {
	return DATA.get(candidates as object) ?? buildIndex(candidates);
}
