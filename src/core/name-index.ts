import { compareCodeUnits } from "./_order.js";
import { segmentStarts, wordsOf } from "./_words.js";
import { describeValue, McpToolNamesError } from "./errors.js";
import { normalizeAscii, normalizeName } from "./normalize.js";

/** What the resolver needs of one candidate. */
export interface IndexEntry {
	readonly name: string;
	readonly norm: string;
	readonly words: readonly string[];
}

/** The precomputed tables behind a {@link NameIndex}. Internal. */
export interface IndexData {
	/** Distinct names in first-seen order (mcporter mode walks them in this order). */
	readonly names: readonly string[];
	readonly entries: ReadonlyMap<string, IndexEntry>;
	/** Normal form → names with it, in code-unit order. */
	readonly byNorm: ReadonlyMap<string, readonly string[]>;
	/** Normal form of a tail after a separator → names ending with it, in code-unit order. */
	readonly byTail: ReadonlyMap<string, readonly string[]>;
	/** Words joined by a space → names with exactly those words, in code-unit order. */
	readonly byWords: ReadonlyMap<string, readonly string[]>;
	/** Length of a normal form → the distinct non-empty normal forms of that length. */
	readonly byLength: ReadonlyMap<number, readonly string[]>;
	readonly maxNormLength: number;
	ascii(name: string): string;
}

const DATA = new WeakMap<object, IndexData>();

/**
 * A precomputed catalog for {@link resolveName} and {@link suggest}: normal forms, word
 * tails and length buckets are built once, so each query against thousands of tools is
 * fast. Answers are identical to passing the names as a plain array.
 *
 * @example
 * ```ts
 * const index = new NameIndex(tools.map((tool) => tool.name));
 * resolveName("linear.listIssues", index); // corrected to "linear.list_issues"
 * ```
 */
export class NameIndex implements Iterable<string> {
	readonly #names: readonly string[];

	/**
	 * @param names - the candidate names; repeats count once and non-strings are ignored
	 * @throws McpToolNamesError `invalid-argument` when `names` is not iterable
	 */
	constructor(names: Iterable<string>) {
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
	candidates: Iterable<string> | NameIndex,
): IndexData {
	return DATA.get(candidates as object) ?? buildIndex(candidates);
}

function buildIndex(names: Iterable<string>): IndexData {
	if (
		typeof names !== "object" ||
		names === null ||
		typeof (names as Partial<Iterable<string>>)[Symbol.iterator] !== "function"
	) {
		throw new McpToolNamesError(
			"invalid-argument",
			`Candidates must be an iterable of tool names or a NameIndex, got ${describeValue(names)}`,
		);
	}
	const distinct: string[] = [];
	const entries = new Map<string, IndexEntry>();
	const byNorm = new Map<string, string[]>();
	const byTail = new Map<string, string[]>();
	const byWords = new Map<string, string[]>();
	const byLength = new Map<number, string[]>();
	let maxNormLength = 0;
	const add = (map: Map<string, string[]>, key: string, name: string): void => {
		const list = map.get(key);
		if (list === undefined) map.set(key, [name]);
		else if (list[list.length - 1] !== name) list.push(name);
	};
	for (const name of names) {
		if (typeof name !== "string" || entries.has(name)) continue;
		const norm = normalizeName(name);
		const words = wordsOf(name);
		const entry: IndexEntry = { name, norm, words };
		entries.set(name, entry);
		distinct.push(name);
		if (name === "" || norm === "") continue;
		const sameNorm = byNorm.get(norm);
		if (sameNorm === undefined) {
			byNorm.set(norm, [name]);
			const bucket = byLength.get(norm.length);
			if (bucket === undefined) byLength.set(norm.length, [norm]);
			else bucket.push(norm);
			if (norm.length > maxNormLength) maxNormLength = norm.length;
		} else {
			sameNorm.push(name);
		}
		const starts = segmentStarts(name);
		for (let i = 1; i < starts.length; i++) {
			add(byTail, normalizeName(name.slice(starts[i])), name);
		}
		if (words.length >= 2) add(byWords, words.join(" "), name);
	}
	for (const map of [byNorm, byTail, byWords]) {
		for (const list of map.values())
			if (list.length > 1) list.sort(compareCodeUnits);
	}
	let asciiCache: Map<string, string> | undefined;
	return {
		names: distinct,
		entries,
		byNorm,
		byTail,
		byWords,
		byLength,
		maxNormLength,
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
