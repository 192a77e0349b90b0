/**
 * The baseline: the resolution rules written the straightforward way, one pass over every
 * candidate per query (normalise it, compare it, `fastest-levenshtein` distance to it). It
 * takes the same decisions as `resolveName` and `suggest` in the default `safe` mode, and
 * shares only the word-level helpers with them, not the search.
 */
import { distance } from "fastest-levenshtein";
import {
	addsDestructiveWord,
	changesAction,
	verbsOf,
} from "../src/core/_correction-guards.js";
import { compareCodeUnits } from "../src/core/_order.js";
import {
	scriptsOf,
	segmentStarts,
	segmentsOf,
	wordsOf,
} from "../src/core/_words.js";
import {
	MAX_INPUT_LENGTH,
	normalizeName,
	type Resolution,
	type ResolveOptions,
} from "../src/index.js";

const ASCII = /^[\0-\x7f]*$/;

/** A candidate with its normal form. */
export interface Candidate {
	name: string;
	norm: string;
	ascii: boolean;
}

/** Every distinct candidate, normalised: the first step of every naive query. */
export function normaliseAll(names: readonly string[]): Candidate[] {
	const seen = new Set<string>();
	const out: Candidate[] = [];
	for (const name of names) {
		if (seen.has(name)) continue;
		seen.add(name);
		out.push({ name, norm: normalizeName(name), ascii: ASCII.test(name) });
	}
	return out;
}

/**
 * `resolveName` the naive way. `prepared` lets the correctness check normalise once per
 * catalog instead of once per query; the timed baseline leaves it out.
 */
export function naiveResolve(
	input: string,
	names: readonly string[],
	options: ResolveOptions = {},
	prepared?: readonly Candidate[],
): Resolution {
	return naiveBoth(input, names, options, prepared).resolution;
}

/**
 * `resolveName` and `suggest` (with the same `limit`) at once, the ranking computed once:
 * what the correctness check compares.
 */
export function naiveBoth(
	input: string,
	names: readonly string[],
	options: ResolveOptions = {},
	prepared?: readonly Candidate[],
): { resolution: Resolution; suggestions: string[] } {
	const candidates = prepared ?? normaliseAll(names);
	let ranking: Ranked[] | undefined;
	const ranked = (norm: string): Ranked[] =>
		(ranking ??= rankAll(norm, candidates, Math.max(options.limit ?? 3, 2)));
	const resolution = decide(input, candidates, options, ranked);
	const limit = options.limit ?? 3;
	const norm = input.length > MAX_INPUT_LENGTH ? "" : normalizeName(input);
	const suggestions =
		norm === ""
			? []
			: ranked(norm)
					.slice(0, limit)
					.map((r) => r.name);
	return { resolution, suggestions };
}

function decide(
	input: string,
	candidates: readonly Candidate[],
	options: ResolveOptions,
	ranked: (norm: string) => Ranked[],
): Resolution {
	const limit = options.limit ?? 3;
	const isProtected = options.isProtected ?? (() => false);
	const hint = (
		list: readonly string[],
		reason: "too-far" | "ambiguous" | "protected",
	): Resolution => ({
		kind: "suggest",
		input,
		suggestions: list.slice(0, limit),
		reason,
	});
	if (input !== "" && candidates.some((c) => c.name === input))
		return { kind: "exact", input, name: input };
	if (input.length > MAX_INPUT_LENGTH) return { kind: "none", input };
	const norm = normalizeName(input);
	if (norm === "") return { kind: "none", input };

	const same = candidates
		.filter((c) => c.norm === norm)
		.map((c) => c.name)
		.sort(compareCodeUnits);
	if (same.length > 1) return hint(same, "ambiguous");
	if (same.length === 1) {
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

	const inputWords = wordsOf(input);
	const segments = segmentsOf(input).length;
	const joined = inputWords.join("");
	const trailing = new Set<string>();
	for (let start = 1; start <= inputWords.length - 2; start++)
		trailing.add(inputWords.slice(start).join(" "));
	const prefixed: string[] = [];
	for (const c of candidates) {
		if (c.norm === "") continue;
		// ASCII lowercases unit by unit: a tail's normal form then ends the name's, and its
		// words concatenate to it, so most names are settled without splitting them.
		const ascii = c.ascii;
		if (!ascii || c.norm.endsWith(norm)) {
			const starts = segmentStarts(c.name);
			const isTail = starts
				.slice(1)
				.some((at) => normalizeName(c.name.slice(at)) === norm);
			if (isTail && (segments >= 2 || 2 * norm.length >= c.norm.length)) {
				prefixed.push(c.name);
				continue;
			}
		}
		if (!ascii || joined.endsWith(c.norm)) {
			const words = wordsOf(c.name);
			if (words.length >= 2 && trailing.has(words.join(" ")))
				prefixed.push(c.name);
		}
	}
	prefixed.sort(compareCodeUnits);
	if (prefixed.length > 1) return hint(prefixed, "ambiguous");
	const name = prefixed[0];
	if (name !== undefined) {
		const words = wordsOf(name);
		if (isProtected(name) || addsDestructiveWord(inputWords, words))
			return hint(prefixed, "protected");
		const dropped = words.slice(
			0,
			Math.max(0, words.length - inputWords.length),
		);
		if (dropped.some((word) => verbsOf(options.verbs).has(word)))
			return hint(prefixed, "too-far");
		const c = candidates.find((x) => x.name === name) as Candidate;
		return {
			kind: "corrected",
			input,
			name,
			reason: "suffix",
			distance: Math.abs(c.norm.length - norm.length),
		};
	}

	const all = ranked(norm);
	const best = all[0];
	if (best === undefined) return { kind: "none", input };
	const list = all.map((r) => r.name);
	const longer = Math.max(norm.length, best.norm.length);
	const within =
		best.distance <= Math.max(2, Math.floor((3 * longer) / 10)) &&
		2 * best.distance < longer;
	if (!within) return hint(list, "too-far");
	if (all[1]?.distance === best.distance) return hint(list, "ambiguous");
	const candidateWords = wordsOf(best.name);
	if (isProtected(best.name) || addsDestructiveWord(inputWords, candidateWords))
		return hint(list, "protected");
	if (scriptsOf(input) !== scriptsOf(best.name)) return hint(list, "protected");
	if (changesAction(inputWords, candidateWords, verbsOf(options.verbs)))
		return hint(list, "too-far");
	return {
		kind: "corrected",
		input,
		name: best.name,
		reason: "distance",
		distance: best.distance,
	};
}

/** `suggest` the naive way. */
export function naiveSuggest(
	input: string,
	names: readonly string[],
	options: { limit?: number } = {},
	prepared?: readonly Candidate[],
): string[] {
	if (input.length > MAX_INPUT_LENGTH) return [];
	const norm = normalizeName(input);
	if (norm === "") return [];
	const limit = options.limit ?? 3;
	return rankAll(norm, prepared ?? normaliseAll(names), limit).map(
		(r) => r.name,
	);
}

interface Ranked extends Candidate {
	distance: number;
}

/**
 * The `limit` closest candidates within `max(3, floor(0.6 × L))` edits, by distance, then
 * name: one pass, each candidate inserted into a short sorted list (no sort of them all).
 */
function rankAll(
	norm: string,
	candidates: readonly Candidate[],
	limit: number,
): Ranked[] {
	const ranked: Ranked[] = [];
	for (const c of candidates) {
		if (c.norm === "") continue;
		const d = distance(norm, c.norm);
		const longer = Math.max(norm.length, c.norm.length);
		if (d > Math.max(3, Math.floor((6 * longer) / 10))) continue;
		let at = ranked.length;
		while (at > 0 && before(d, c.name, ranked[at - 1] as Ranked)) at--;
		if (at >= limit) continue;
		ranked.splice(at, 0, { ...c, distance: d });
		if (ranked.length > limit) ranked.pop();
	}
	return ranked;
}

function before(d: number, name: string, r: Ranked): boolean {
	return d < r.distance || (d === r.distance && name < r.name);
}
