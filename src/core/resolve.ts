import { distance as levenshtein } from "fastest-levenshtein";
import { compareCodeUnits } from "./_order.js";
import {
	ACTION_VERBS,
	DESTRUCTIVE_WORDS,
	scriptsOf,
	segmentsOf,
	wordsOf,
} from "./_words.js";
import { describeValue, McpToolNamesError } from "./errors.js";
import { type IndexData, indexDataOf, type NameIndex } from "./name-index.js";
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
	return rank(data, norm, limit)
		.slice(0, limit)
		.map((r) => r.name);
}

function resolveSafe(
	input: string,
	data: IndexData,
	options: ResolveOptions,
	limit: number,
): Resolution {
	if (input !== "" && data.entries.has(input))
		return { kind: "exact", input, name: input };
	if (input.length > MAX_INPUT_LENGTH) return { kind: "none", input };
	const norm = normalizeName(input);
	if (norm === "") return { kind: "none", input };
	const isProtected = options.isProtected ?? (() => false);
	const inputWords = wordsOf(input);
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
		if (same.length > 1) return hint(same, "ambiguous");
		const name = same[0] as string;
		if (isProtected(name)) return hint(same, "protected");
		return {
			kind: "corrected",
			input,
			name,
			reason: "normalized",
			distance: 0,
		};
	}

	// 3. A dropped namespace prefix: the input is the tail of a candidate after a separator,
	// and has two segments or half the candidate's length (`content` alone does not jump).
	const segments = segmentsOf(input).length;
	const tails = (data.byTail.get(norm) ?? []).filter(
		(name) => segments >= 2 || 2 * norm.length >= entry(data, name).norm.length,
	);
	// 3b. An extra prefix: a candidate is the trailing words (two at least) of the input.
	const extra: string[] = [];
	for (let start = 1; start <= inputWords.length - 2; start++) {
		extra.push(...(data.byWords.get(inputWords.slice(start).join(" ")) ?? []));
	}
	// Both rules answer together: two tools that fit either way are a guess, not a fix.
	const prefixed = [...new Set([...tails, ...extra])].sort(compareCodeUnits);
	if (prefixed.length > 1) return hint(prefixed, "ambiguous");
	const name = prefixed[0];
	if (name !== undefined) {
		const { norm: candidate, words } = entry(data, name);
		if (isProtected(name) || addsDestructiveWord(inputWords, words)) {
			return hint(prefixed, "protected");
		}
		const dropped = words.slice(
			0,
			Math.max(0, words.length - inputWords.length),
		);
		if (dropped.some((word) => verbsOf(options).has(word)))
			return hint(prefixed, "too-far");
		const distance = Math.abs(candidate.length - norm.length);
		return { kind: "corrected", input, name, reason: "suffix", distance };
	}

	// 4 and 5. A small typo, or hints.
	const ranked = rank(data, norm, Math.max(limit, 2));
	const best = ranked[0];
	if (best === undefined) return { kind: "none", input };
	const names = ranked.map((r) => r.name);
	const longer = Math.max(norm.length, best.norm.length);
	// mcporter's threshold, max(2, floor(L × 0.3)), in integers (openclaw/mcporter,
	// src/cli/identifier-helpers.ts); `2d < L` keeps more than half of the name.
	const withinThreshold =
		best.distance <= Math.max(2, Math.floor((3 * longer) / 10)) &&
		2 * best.distance < longer;
	if (!withinThreshold) return hint(names, "too-far");
	if (ranked[1]?.distance === best.distance) return hint(names, "ambiguous");
	const candidateWords = entry(data, best.name).words;
	if (
		isProtected(best.name) ||
		addsDestructiveWord(inputWords, candidateWords)
	) {
		return hint(names, "protected");
	}
	if (scriptsOf(input) !== scriptsOf(best.name))
		return hint(names, "protected");
	if (changesAction(inputWords, candidateWords, verbsOf(options)))
		return hint(names, "too-far");
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
 * The `limit` closest candidates (more when names tie) within the suggestion bound, by
 * distance then name. Length buckets are visited by growing length difference, a lower
 * bound of the distance, and the walk stops once no unseen candidate can enter the list.
 */
export function rank(data: IndexData, norm: string, limit: number): Ranked[] {
	const length = norm.length;
	const found: Ranked[] = [];
	const cutoff = (): number =>
		found.length >= limit
			? (found[limit - 1] as Ranked).distance
			: Number.POSITIVE_INFINITY;
	const visit = (bucketLength: number): void => {
		const bound = suggestionBound(length, bucketLength);
		for (const candidate of data.byLength.get(bucketLength) ?? []) {
			const distance = levenshtein(norm, candidate);
			if (distance > bound) continue;
			for (const name of data.byNorm.get(candidate) ?? [])
				found.push({ name, norm: candidate, distance });
		}
	};
	for (let gap = 0; ; gap++) {
		const shorter = length - gap;
		const longer = length + gap;
		const shorterPossible =
			shorter >= 1 && gap <= suggestionBound(length, shorter);
		const longerPossible =
			longer <= data.maxNormLength && gap <= suggestionBound(length, longer);
		if (!shorterPossible && !longerPossible) break;
		if (gap > cutoff()) break;
		if (shorterPossible) visit(shorter);
		if (longerPossible && gap > 0) visit(longer);
		found.sort(compareRanked);
		if (found.length > limit) found.length = limit;
	}
	return found;
}

/** Hints reach `max(3, floor(0.6 × L))` edits, L the longer normal form. */
function suggestionBound(a: number, b: number): number {
	return Math.max(3, Math.floor((6 * Math.max(a, b)) / 10));
}

function compareRanked(a: Ranked, b: Ranked): number {
	return a.distance - b.distance || compareCodeUnits(a.name, b.name);
}

function entry(
	data: IndexData,
	name: string,
): { norm: string; words: readonly string[] } {
	return data.entries.get(name) as { norm: string; words: readonly string[] };
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

const verbCache = new WeakMap<Iterable<string>, ReadonlySet<string>>();

function verbsOf(options: ResolveOptions): ReadonlySet<string> {
	const extra = options.verbs;
	if (extra === undefined) return ACTION_VERBS;
	let verbs = verbCache.get(extra);
	if (verbs === undefined) {
		const all = new Set(ACTION_VERBS);
		for (const verb of extra)
			if (typeof verb === "string") all.add(verb.toLowerCase());
		verbs = all;
		verbCache.set(extra, verbs);
	}
	return verbs;
}

/** Whether the candidate names a destructive action the input does not. */
function addsDestructiveWord(
	inputWords: readonly string[],
	candidateWords: readonly string[],
): boolean {
	return candidateWords.some(
		(word) => DESTRUCTIVE_WORDS.has(word) && !inputWords.includes(word),
	);
}

/**
 * The verb and short-word guards: a changed word that is a known verb in the input (or a
 * verb the candidate adds), a different leading verb, or a changed word of three letters or
 * fewer means a different name, not a typo.
 */
function changesAction(
	inputWords: readonly string[],
	candidateWords: readonly string[],
	verbs: ReadonlySet<string>,
): boolean {
	for (const [from, to] of changedWords(inputWords, candidateWords)) {
		if (from !== undefined && verbs.has(from)) return true;
		if (from === undefined && to !== undefined && verbs.has(to)) return true;
		if ((from?.length ?? 0) <= 3 && (to?.length ?? 0) <= 3) return true;
	}
	const fromVerb = leadingVerb(inputWords[0], verbs);
	const toVerb = leadingVerb(candidateWords[0], verbs);
	return fromVerb !== undefined && toVerb !== undefined && fromVerb !== toVerb;
}

/** Pairs of words that differ: by position when the counts match, else what each side lacks. */
function changedWords(
	a: readonly string[],
	b: readonly string[],
): Array<[string | undefined, string | undefined]> {
	const pairs: Array<[string | undefined, string | undefined]> = [];
	if (a.length === b.length) {
		a.forEach((word, i) => {
			if (word !== b[i]) pairs.push([word, b[i]]);
		});
		return pairs;
	}
	const remaining = [...b];
	const removed: string[] = [];
	for (const word of a) {
		const at = remaining.indexOf(word);
		if (at === -1) removed.push(word);
		else remaining.splice(at, 1);
	}
	const count = Math.max(removed.length, remaining.length);
	for (let i = 0; i < count; i++) pairs.push([removed[i], remaining[i]]);
	return pairs;
}

/** The verb a word is or starts with (`getuser` → `get`), the longest one. */
function leadingVerb(
	word: string | undefined,
	verbs: ReadonlySet<string>,
): string | undefined {
	if (word === undefined) return undefined;
	if (verbs.has(word)) return word;
	let found: string | undefined;
	for (const verb of verbs) {
		if (
			verb.length >= 3 &&
			word.startsWith(verb) &&
			verb.length > (found?.length ?? 0)
		)
			found = verb;
	}
	return found;
}
