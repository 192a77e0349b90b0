import { distance as levenshtein } from "fastest-levenshtein";
import {
	addsDestructiveWord,
	changesAction,
	verbsOf,
} from "./_correction-guards.js";
import { type Pattern, prepare, type Sink, scan } from "./_distance.js";
import { compareCodeUnits } from "./_order.js";
import { scriptsOf, segmentsOf, wordsOf } from "./_words.js";
import { describeValue, McpToolNamesError } from "./errors.js";
import {
	type IndexData,
	indexDataOf,
	type NameIndex,
	type Names,
	namesOf,
} from "./name-index.js";
import { normalizeAscii, normalizeName } from "./normalize.js";

/**
 * What {@link resolveName} decided:
 *
 * - `exact`: the input is a candidate;
 * - `corrected`: safe to call `name` instead (`normalized`: equal but for case and
 *   punctuation; `suffix`: a dropped or an extra namespace prefix; `distance`: a small typo);
 * - `suggest`: not safe to guess; `suggestions` are hints (`too-far`, `ambiguous` when several
 *   candidates fit equally, `protected` when the only fit is destructive or in another script);
 * - `none`: nothing close.
 *
 * @example
 * ```ts
 * const r: Resolution = resolveName("vercek", ["vercel", "firecrawl"]);
 * if (r.kind === "corrected") call(r.name);
 * ```
 */
export type Resolution =
	| { kind: "exact"; input: string; name: string }
	| {
			kind: "corrected";
			input: string;
			name: string;
			reason: "normalized" | "suffix" | "distance";
			distance: number;
	  }
	| {
			kind: "suggest";
			input: string;
			suggestions: string[];
			reason: "too-far" | "ambiguous" | "protected";
	  }
	| { kind: "none"; input: string };

/**
 * Options of {@link resolveName}.
 *
 * @example
 * ```ts
 * const options: ResolveOptions = { isProtected: (name) => destructive.has(name), limit: 5 };
 * ```
 */
export interface ResolveOptions {
	/** Names that must never be auto-corrected to (e.g. MCP `destructiveHint` tools). */
	isProtected?: (name: string) => boolean;
	/** How many suggestions at most; default 3. */
	limit?: number;
	/** `safe` (default) or `mcporter` to reproduce mcporter's decisions bit for bit. */
	mode?: "safe" | "mcporter";
	/** Extra action verbs for the verb guard. */
	verbs?: Iterable<string>;
}

/** Inputs longer than this resolve to `none`: it bounds the work of every query. */
export const MAX_INPUT_LENGTH = 256;
const DEFAULT_LIMIT = 3;

/** A candidate with its distance from the input. */
export interface Ranked {
	name: string;
	norm: string;
	distance: number;
}

/**
 * Decides whether a name a caller sent can be auto-corrected to one of the candidates, or
 * only hinted at. Never throws on any input; see the resolution rules in the guides.
 *
 * @param input - the name the caller sent
 * @param candidates - the real names, or a {@link NameIndex} of them
 * @param options - protection, suggestion limit, mode and extra verbs
 * @returns the decision
 * @throws McpToolNamesError `invalid-option` for a bad `limit` or `mode`
 * @example
 * ```ts
 * resolveName("linear.listIssues", ["linear.list_issues"]); // corrected (normalized)
 * resolveName("fetch_content", ["websearch_fetch_content"]); // corrected (suffix)
 * resolveName("get_user", ["set_user"]); // suggest (too-far): a different verb
 * ```
 */
export function resolveName(
	input: string,
	candidates: Iterable<string> | NameIndex,
	options: ResolveOptions = {},
): Resolution {
	const limit = checkLimit(options.limit);
	const mode = options.mode ?? "safe";
	if (mode !== "safe" && mode !== "mcporter") {
		throw new McpToolNamesError(
			"invalid-option",
			`Unknown resolve mode ${describeValue(mode)}; expected safe or mcporter`,
		);
	}
	const data = indexDataOf(candidates);
	if (typeof input !== "string") return { kind: "none", input: "" };
	return mode === "mcporter"
		? resolveMcporter(input, data)
		: resolveSafe(input, data, options, limit);
}

/**
 * Ranks candidates by closeness to a name: the ones within `max(3, floor(0.6 × L))` edits
 * of the normal forms, by distance, then by name.
 *
 * @param input - the name the caller sent
 * @param candidates - the real names, or a {@link NameIndex} of them
 * @param options - `limit`, default 3
 * @returns up to `limit` names, closest first
 * @example
 * ```ts
 * suggest("list_isues", ["list_issues", "list_issue_statuses", "get_user"]); // ["list_issues", "list_issue_statuses"]
 * ```
 */
export function suggest(
	input: string,
	candidates: Iterable<string> | NameIndex,
	options: { limit?: number } = {},
): string[] {
	const limit = checkLimit(options.limit);
	const data = indexDataOf(candidates);
	if (typeof input !== "string" || input.length > MAX_INPUT_LENGTH) return [];
	const norm = normalizeName(input);
	if (norm === "") return [];
	return rank(data, prepare(norm), limit).map((r) => r.name);
}

function resolveSafe(
	input: string,
	data: IndexData,
	options: ResolveOptions,
	limit: number,
): Resolution {
	if (input !== "" && data.norms.has(input))
		return { kind: "exact", input, name: input };
	if (input.length > MAX_INPUT_LENGTH) return { kind: "none", input };
	const norm = normalizeName(input);
	if (norm === "") return { kind: "none", input };
	const isProtected = options.isProtected ?? never;
	const hint = (
		suggestions: readonly string[],
		reason: "too-far" | "ambiguous" | "protected",
	): Resolution => ({
		kind: "suggest",
		input,
		suggestions: suggestions.slice(0, limit),
		reason,
	});

	// 2. Equal but for case and punctuation.
	const same = data.byNorm.get(norm);
	if (same !== undefined) {
		if (typeof same !== "string") return hint(same, "ambiguous");
		if (isProtected(same)) return hint([same], "protected");
		return {
			kind: "corrected",
			input,
			name: same,
			reason: "normalized",
			distance: 0,
		};
	}

	// 3. A dropped namespace prefix: the input is the tail of a candidate after a separator,
	// and has two segments or half the candidate's length (`content` alone does not jump).
	const inputWords = wordsOf(input);
	const segments = segmentsOf(input).length;
	const tails = namesOf(data.byTail.get(norm)).filter(
		(name) => segments >= 2 || 2 * norm.length >= normOf(data, name).length,
	);
	// 3b. An extra prefix: a candidate is the trailing words (two at least) of the input.
	const extra: string[] = [];
	for (let start = 1; start <= inputWords.length - 2; start++) {
		const trailing = inputWords.slice(start);
		// Words of most names concatenate to their normal form (see IndexData.byWords).
		for (const name of namesOf(data.byNorm.get(trailing.join("")))) {
			if (wordsOf(name).join(" ") === trailing.join(" ")) extra.push(name);
		}
		extra.push(...namesOf(data.byWords.get(trailing.join(" "))));
	}
	// Both rules answer together: two tools that fit either way are a guess, not a fix.
	const prefixed = [...new Set([...tails, ...extra])].sort(compareCodeUnits);
	if (prefixed.length > 1) return hint(prefixed, "ambiguous");
	const name = prefixed[0];
	if (name !== undefined) {
		const words = wordsOf(name);
		if (isProtected(name) || addsDestructiveWord(inputWords, words)) {
			return hint(prefixed, "protected");
		}
		const dropped = words.slice(
			0,
			Math.max(0, words.length - inputWords.length),
		);
		if (dropped.some((word) => verbsOf(options.verbs).has(word)))
			return hint(prefixed, "too-far");
		const distance = Math.abs(normOf(data, name).length - norm.length);
		return { kind: "corrected", input, name, reason: "suffix", distance };
	}

	// 4 and 5. A small typo, or hints ranked by distance. Most typos are one or two edits
	// away, and those are found without ranking the catalog.
	const pattern = prepare(norm);
	let ranking: Ranked[] | undefined;
	const ranked = (): string[] => {
		ranking ??= rank(data, pattern, Math.max(limit, 2));
		return ranking.map((r) => r.name);
	};
	let best = closest(data, pattern);
	if (best === undefined) {
		ranking = rank(data, pattern, Math.max(limit, 2));
		best = ranking[0];
		if (best === undefined) return { kind: "none", input };
		if (
			ranking[1]?.distance === best.distance &&
			isCorrectable(norm.length, best)
		)
			return hint(ranked(), "ambiguous");
	}
	if (!isCorrectable(norm.length, best)) return hint(ranked(), "too-far");
	const candidateWords = wordsOf(best.name);
	if (
		isProtected(best.name) ||
		addsDestructiveWord(inputWords, candidateWords)
	) {
		return hint(ranked(), "protected");
	}
	if (scriptsOf(input) !== scriptsOf(best.name))
		return hint(ranked(), "protected");
	if (changesAction(inputWords, candidateWords, verbsOf(options.verbs)))
		return hint(ranked(), "too-far");
	return {
		kind: "corrected",
		input,
		name: best.name,
		reason: "distance",
		distance: best.distance,
	};
}

/**
 * mcporter's `chooseClosestIdentifier`, decision for decision: one pass in candidate order;
 * exact, ASCII-normalised-equal or lowercase-equal returns at once (so an earlier
 * normalised-equal candidate beats a later exact one); otherwise the first candidate at the
 * smallest distance is corrected to when within the threshold, else suggested.
 */
function resolveMcporter(input: string, data: IndexData): Resolution {
	if (data.names.length === 0 || input.length > MAX_INPUT_LENGTH)
		return { kind: "none", input };
	const norm = normalizeAscii(input);
	const lower = input.toLowerCase();
	let best: string | undefined;
	let bestDistance = Number.POSITIVE_INFINITY;
	for (const name of data.names) {
		if (name === input) return { kind: "exact", input, name };
		const candidate = data.ascii(name);
		if (candidate === norm) {
			return {
				kind: "corrected",
				input,
				name,
				reason: "normalized",
				distance: 0,
			};
		}
		if (name.toLowerCase() === lower) {
			const distance = levenshtein(norm, candidate);
			return { kind: "corrected", input, name, reason: "normalized", distance };
		}
		const distance = levenshtein(norm, candidate);
		if (distance < bestDistance) {
			best = name;
			bestDistance = distance;
		}
	}
	if (!best) return { kind: "none", input };
	const longer = Math.max(norm.length, data.ascii(best).length, 1);
	if (bestDistance <= Math.max(2, Math.floor((3 * longer) / 10))) {
		return {
			kind: "corrected",
			input,
			name: best,
			reason: "distance",
			distance: bestDistance,
		};
	}
	return { kind: "suggest", input, suggestions: [best], reason: "too-far" };
}

/**
 * mcporter's threshold, max(2, floor(L × 0.3)), in integers (openclaw/mcporter,
 * src/cli/identifier-helpers.ts), L the longer normal form; `2d < L` keeps more than half of
 * the name, so `ab` never becomes `cd` and `搜索` never becomes `获取`.
 */
function correctionBound(longer: number): number {
	return Math.min(
		Math.max(2, Math.floor((3 * longer) / 10)),
		(longer - 1) >> 1,
	);
}

function isCorrectable(length: number, best: Ranked): boolean {
	return best.distance <= correctionBound(Math.max(length, best.norm.length));
}

/**
 * Most typo corrections are this many edits or fewer (92 % of those in bench/data.ts's typo
 * stream, one or two edits to a name), and they are cheap to find: see {@link closest}.
 */
const NEAR = 2;

/**
 * The closest candidate when it is at most {@link NEAR} edits away and no other name is as
 * close; `undefined` otherwise (then ranking decides). The bound grows one edit at a time,
 * so the first bound with a hit is the best distance and a second hit there is a tie.
 */
function closest(data: IndexData, pattern: Pattern): Ranked | undefined {
	const sink = new Closest(data);
	for (let bound = 1; bound <= NEAR; bound++) {
		for (let gap = 0; gap <= bound && !sink.tied; gap++) {
			for (let side = gap === 0 ? 1 : 0; side < 2 && !sink.tied; side++) {
				const bucket = data.byLength.get(
					pattern.length + (side === 0 ? -gap : gap),
				);
				if (bucket !== undefined) scan(pattern, bucket, bound, sink);
			}
		}
		if (sink.tied) return undefined;
		if (sink.best !== undefined) return sink.best;
	}
	return undefined;
}

class Closest implements Sink {
	best: Ranked | undefined;
	tied = false;
	readonly #data: IndexData;

	constructor(data: IndexData) {
		this.#data = data;
	}

	found(norm: string, distance: number): number {
		const names = this.#data.byNorm.get(norm) as Names;
		this.tied = this.best !== undefined || typeof names !== "string";
		this.best = { name: namesOf(names)[0] as string, norm, distance };
		// A tie settles it: nothing is closer than the bound of this pass.
		return this.tied ? -1 : distance;
	}
}

/**
 * The `limit` closest candidates within the suggestion bound, by distance then name. Length
 * buckets are visited by growing length difference, a lower bound of the distance; each
 * distance is cut off at the worst distance still in the list, and the walk stops once no
 * unseen candidate can enter it.
 */
export function rank(
	data: IndexData,
	pattern: Pattern,
	limit: number,
): Ranked[] {
	const length = pattern.length;
	const sink = new Ranking(data, limit);
	for (let gap = 0; gap <= sink.cutoff; gap++) {
		let reachable = false;
		for (let side = gap === 0 ? 1 : 0; side < 2; side++) {
			const other = length + (side === 0 ? -gap : gap);
			sink.most = suggestionBound(length, other);
			// Shorter names run out at 1 unit, longer ones at the longest in the index.
			if (
				gap > sink.most ||
				other < 1 ||
				(other > length && other > data.maxNormLength)
			)
				continue;
			reachable = true;
			const bucket = data.byLength.get(other);
			if (bucket !== undefined)
				scan(pattern, bucket, Math.min(sink.most, sink.cutoff), sink);
		}
		if (!reachable) break;
	}
	return sink.list;
}

class Ranking implements Sink {
	readonly list: Ranked[] = [];
	cutoff = Number.POSITIVE_INFINITY;
	most = 0;
	readonly #data: IndexData;
	readonly #limit: number;

	constructor(data: IndexData, limit: number) {
		this.#data = data;
		this.#limit = limit;
	}

	found(norm: string, distance: number): number {
		const list = this.list;
		const limit = this.#limit;
		for (const name of namesOf(this.#data.byNorm.get(norm))) {
			const entry = { name, norm, distance };
			let at = list.length;
			while (at > 0 && compareRanked(list[at - 1] as Ranked, entry) > 0) at--;
			if (at >= limit) continue;
			list.splice(at, 0, entry);
			if (list.length > limit) list.pop();
			if (list.length === limit)
				this.cutoff = (list[limit - 1] as Ranked).distance;
		}
		return Math.min(this.most, this.cutoff);
	}
}

/** Hints reach `max(3, floor(0.6 × L))` edits, L the longer normal form. */
function suggestionBound(a: number, b: number): number {
	return Math.max(3, Math.floor((6 * Math.max(a, b)) / 10));
}

function compareRanked(a: Ranked, b: Ranked): number {
	return a.distance - b.distance || compareCodeUnits(a.name, b.name);
}

function never(): boolean {
	return false;
}

function normOf(data: IndexData, name: string): string {
	return data.norms.get(name) as string;
}

function checkLimit(limit: number | undefined): number {
	if (limit === undefined) return DEFAULT_LIMIT;
	if (!Number.isInteger(limit) || limit < 1) {
		throw new McpToolNamesError(
			"invalid-option",
			`limit must be a positive integer, got ${describeValue(limit)}`,
		);
	}
	return limit;
}
