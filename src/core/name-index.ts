import { type Bucket, bucketOf } from "./_distance.js";
import { keyOf, maskedHash, parseName } from "./_words.js";
import { isRecord, listArgument, readArgument } from "./guards.js";
import { ASCII, normalizeAscii, normalizeName } from "./normalize.js";

/**
 * A candidate given as a tool object: its name and, for rule 7, the MCP `inputSchema` it
 * lists.
 *
 * @example
 * ```ts
 * const tool: ToolCandidate = { name: "send_message", inputSchema: { type: "object", required: ["text"] } };
 * ```
 */
export interface ToolCandidate {
	readonly name: string;
	readonly inputSchema?: unknown;
}

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
		const data = buildIndex(
			names,
			"NameIndex",
			"names",
			"an iterable of tool names or tool objects",
		);
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

/**
 * The tables of a NameIndex, or freshly built ones for any other iterable; `fn`, the public
 * function called, is the one an error names.
 */
export function indexDataOf(
	candidates: Iterable<string | ToolCandidate> | NameIndex,
	fn: string,
): IndexData {
	return (
		DATA.get(candidates as object) ??
		buildIndex(
			candidates,
			fn,
			"candidates",
			"an iterable of tool names or tool objects, or a NameIndex",
		)
	);
}

// The tables behind a NameIndex: every lookup the resolution rules make is a hash lookup
// here (or a binary search), so no rule scans the catalog.

/** One name, or several in code-unit order: most keys have one, and an array costs memory. */
type Names = string | readonly string[];

/** What rule 7 reads of an `inputSchema`; `null` when the schema says nothing usable. */
export interface PreparedSchema {
	readonly required: readonly string[];
	/** Property name → the JSON types it may hold (`undefined`: any). */
	readonly properties: ReadonlyMap<string, ReadonlySet<string> | undefined>;
	/** `additionalProperties: false` without `patternProperties`. */
	readonly closed: boolean;
}

/** The precomputed tables of a catalog. Internal. */
export interface IndexData {
	/** Distinct names in first-seen order (mcporter mode walks them in this order). */
	readonly names: readonly string[];
	/** Name → its normal form, for every distinct name. */
	readonly norms: ReadonlyMap<string, string>;
	/** Normal form → names with it. */
	readonly byNorm: ReadonlyMap<string, Names>;
	/**
	 * Name → the concatenation of its words, for the few names where that is not the normal
	 * form (only non-ASCII ones, e.g. a final sigma lowercases by context); and the reverse.
	 */
	readonly keys: ReadonlyMap<string, string>;
	readonly byKey: ReadonlyMap<string, Names>;
	/** Key of each proper word suffix (words 1.., 2.., …) → names ending with those words. */
	readonly byTail: ReadonlyMap<string, Names>;
	/** {@link maskedHash} of the words with one left out → names (rule 4's rivals). */
	readonly byMasked: ReadonlyMap<number, Names>;
	/** Word → names that have it (catalog words; rule 4c's longer siblings). */
	readonly byWord: ReadonlyMap<string, Names>;
	/** The distinct non-empty normal forms in code-unit order (prefix ranges, rule 4b). */
	readonly sorted: readonly string[];
	/** Length of a normal form → the distinct non-empty normal forms of that length, sorted. */
	readonly byLength: ReadonlyMap<number, Bucket>;
	readonly maxNormLength: number;
	ascii(name: string): string;
	/** Name → the `inputSchema` its tool object carried (rule 7), for names that had one. */
	readonly schemas: ReadonlyMap<string, unknown>;
	/** Schemas prepared so far (rule 7 prepares only the rivals it checks). */
	readonly prepared: Map<string, PreparedSchema | null>;
	/** Word pairs `a b` whose numbers mean something in this catalog (rule 8), so far. */
	readonly numberMeaning: Map<string, boolean>;
}

/** The names of a table entry as a list. */
export function namesOf(names: Names | undefined): readonly string[] {
	return names === undefined ? [] : typeof names === "string" ? [names] : names;
}

/** The key of a name's words (its normal form for almost every name). */
export function keyOfName(data: IndexData, name: string): string {
	return data.keys.get(name) ?? (data.norms.get(name) as string);
}

/** Names whose words concatenate to `key`. */
export function namesWithKey(data: IndexData, key: string): string[] {
	const out: string[] = [];
	for (const name of namesOf(data.byNorm.get(key)))
		if (keyOfName(data, name) === key) out.push(name);
	out.push(...namesOf(data.byKey.get(key)));
	return out;
}

/** Where the normal forms that start with `prefix` are in `sorted`: `[from, to)`. */
export function prefixRange(
	data: IndexData,
	prefix: string,
): [from: number, to: number] {
	const sorted = data.sorted;
	let lo = 0;
	let hi = sorted.length;
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		if ((sorted[mid] as string) < prefix) lo = mid + 1;
		else hi = mid;
	}
	const from = lo;
	hi = sorted.length;
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		if ((sorted[mid] as string).startsWith(prefix)) lo = mid + 1;
		else hi = mid;
	}
	return [from, lo];
}

/**
 * The names of a list of candidates (strings, or tool objects with a string `name`; anything
 * else is ignored), recording each tool object's `inputSchema` under its first-seen name.
 */
function namesAndSchemas(
	fn: string,
	argument: string,
	list: readonly unknown[],
	schemas: Map<string, unknown>,
): unknown[] {
	return readArgument(fn, argument, list, () =>
		list.map((item) => {
			if (!isRecord(item)) return item;
			const { name } = item;
			if (typeof name !== "string") return undefined;
			if (!schemas.has(name) && item.inputSchema !== undefined)
				schemas.set(name, item.inputSchema);
			return name;
		}),
	);
}

/**
 * Builds the tables; throws for a non-iterable (a string too: its characters are no list of
 * names), naming `fn`'s `argument` and what it expects.
 */
function buildIndex(
	candidates: Iterable<string | ToolCandidate>,
	fn: string,
	argument: string,
	expected: string,
): IndexData {
	const schemas = new Map<string, unknown>();
	const list = namesAndSchemas(
		fn,
		argument,
		listArgument(fn, argument, candidates, expected),
		schemas,
	);
	const distinct: string[] = [];
	const norms = new Map<string, string>();
	const byNorm = new Map<string, Names>();
	const keys = new Map<string, string>();
	const byKey = new Map<string, Names>();
	const byTail = new Map<string, Names>();
	const byMasked = new Map<number, Names>();
	const byWord = new Map<string, Names>();
	const byLength = new Map<number, string[]>();
	let maxNormLength = 0;
	for (const name of list) {
		if (typeof name !== "string" || norms.has(name)) continue;
		const norm = normalizeName(name);
		norms.set(name, norm);
		distinct.push(name);
		if (norm === "") continue;
		const same = byNorm.get(norm);
		if (same === undefined) {
			byNorm.set(norm, name);
			const bucket = byLength.get(norm.length);
			if (bucket === undefined) byLength.set(norm.length, [norm]);
			else bucket.push(norm);
			if (norm.length > maxNormLength) maxNormLength = norm.length;
		} else add(byNorm, norm, name);
		const { words } = parseName(name);
		const key = keyOf(words);
		if (key !== norm) {
			keys.set(name, key);
			add(byKey, key, name);
		}
		// ASCII words concatenate to the normal form, so a suffix's key is a slice of it.
		const ascii = key === norm && ASCII.test(name);
		let offset = 0;
		for (let k = 0; k < words.length; k++) {
			const word = words[k] as string;
			if (k > 0)
				add(byTail, ascii ? norm.slice(offset) : keyOf(words.slice(k)), name);
			offset += word.length;
			add(byWord, word, name);
			add(byMasked, maskedHash(words, k), name);
		}
	}
	const buckets = new Map<number, Bucket>();
	const sorted: string[] = [];
	for (const [length, list] of byLength) {
		buckets.set(length, bucketOf(list));
		for (const norm of list) sorted.push(norm);
	}
	sorted.sort();
	for (const map of [byNorm, byKey, byTail, byWord]) {
		for (const list of map.values())
			if (typeof list !== "string") (list as string[]).sort();
	}
	for (const list of byMasked.values())
		if (typeof list !== "string") (list as string[]).sort();
	let asciiCache: Map<string, string> | undefined;
	return {
		names: distinct,
		norms,
		byNorm,
		keys,
		byKey,
		byTail,
		byMasked,
		byWord,
		sorted,
		byLength: buckets,
		maxNormLength,
		schemas,
		prepared: new Map(),
		numberMeaning: new Map(),
		ascii(name: string): string {
			asciiCache ??= new Map();
			let norm = asciiCache.get(name);
			if (norm === undefined) {
				norm = normalizeAscii(name);
				asciiCache.set(name, norm);
			}
			return norm;
		},
	};
}

function add<K>(map: Map<K, Names>, key: K, name: string): void {
	const list = map.get(key);
	if (list === undefined) map.set(key, name);
	else if (typeof list === "string") {
		if (list !== name) map.set(key, [list, name]);
	} else if (list[list.length - 1] !== name) (list as string[]).push(name);
}
