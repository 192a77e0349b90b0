import { type Bucket, bucketOf } from "./_distance.js";
import { isIterable } from "./_guards.js";
import { compareCodeUnits } from "./_order.js";
import { segmentStarts, wordsOf } from "./_words.js";
import { describeValue, McpToolNamesError } from "./errors.js";
import { normalizeAscii, normalizeName } from "./normalize.js";

/** One name, or several in code-unit order: most keys have one, and an array costs memory. */
export type Names = string | readonly string[];

/** The precomputed tables behind a {@link NameIndex}. Internal. */
export interface IndexData {
	/** Distinct names in first-seen order (mcporter mode walks them in this order). */
	readonly names: readonly string[];
	/** Name → its normal form, for every distinct name. */
	readonly norms: ReadonlyMap<string, string>;
	/** Normal form → names with it. */
	readonly byNorm: ReadonlyMap<string, Names>;
	/** Normal form of a tail after a separator → names ending with it. */
	readonly byTail: ReadonlyMap<string, Names>;
	/**
	 * Words joined by a space → names with exactly those words, for the few names whose words
	 * do not concatenate to their normal form (only non-ASCII ones can differ, e.g. a final
	 * sigma lowercases by context). The others are found by their normal form.
	 */
	readonly byWords: ReadonlyMap<string, Names>;
	/** Length of a normal form → the distinct non-empty normal forms of that length, sorted. */
	readonly byLength: ReadonlyMap<number, Bucket>;
	readonly maxNormLength: number;
	ascii(name: string): string;
}

const DATA = new WeakMap<object, IndexData>();
const ASCII = /^[\0-\x7f]*$/;

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

/** The names of a table entry as a list. */
export function namesOf(names: Names | undefined): readonly string[] {
	return names === undefined ? [] : typeof names === "string" ? [names] : names;
}

function buildIndex(names: Iterable<string>): IndexData {
	if (!isIterable(names)) {
		throw new McpToolNamesError(
			"invalid-argument",
			`Candidates must be an iterable of tool names or a NameIndex, got ${describeValue(names)}`,
		);
	}
	const distinct: string[] = [];
	const norms = new Map<string, string>();
	const byNorm = new Map<string, Names>();
	const byTail = new Map<string, Names>();
	const byWords = new Map<string, Names>();
	const byLength = new Map<number, string[]>();
	let maxNormLength = 0;
	for (const name of names) {
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
		if (ASCII.test(name)) {
			// ASCII lowercases unit by unit, so the normal form of a tail is a suffix of the
			// name's, and its words concatenate to it: no regular expression per tail or word.
			let kept = 0;
			let inSegment = false;
			for (let i = 0; i < name.length; i++) {
				const unit = name.charCodeAt(i);
				const lower = unit | 32;
				if ((lower > 96 && lower < 123) || (unit > 47 && unit < 58)) {
					if (!inSegment && kept > 0) add(byTail, norm.slice(kept), name);
					inSegment = true;
					kept++;
				} else inSegment = false;
			}
		} else {
			const starts = segmentStarts(name);
			for (let i = 1; i < starts.length; i++) {
				add(byTail, normalizeName(name.slice(starts[i])), name);
			}
			const words = wordsOf(name);
			if (words.length >= 2 && words.join("") !== norm)
				add(byWords, words.join(" "), name);
		}
	}
	const buckets = new Map<number, Bucket>();
	for (const [length, norms] of byLength) buckets.set(length, bucketOf(norms));
	for (const map of [byNorm, byTail, byWords]) {
		for (const list of map.values())
			if (typeof list !== "string") (list as string[]).sort(compareCodeUnits);
	}
	let asciiCache: Map<string, string> | undefined;
	return {
		names: distinct,
		norms,
		byNorm,
		byTail,
		byWords,
		byLength: buckets,
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

function add(map: Map<string, Names>, key: string, name: string): void {
	const list = map.get(key);
	if (list === undefined) map.set(key, name);
	else if (typeof list === "string") {
		if (list !== name) map.set(key, [list, name]);
	} else if (list[list.length - 1] !== name) (list as string[]).push(name);
}
