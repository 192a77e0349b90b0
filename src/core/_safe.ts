/**
 * The default `safe` mode: rules 1–8 of the guides. A name is corrected only when rule 2 or
 * one slip operation (3–4c) turns it into exactly one candidate and no operation turns it
 * into any other; ambiguity is judged over every rival before any length rule or guard, after
 * rule 7 has removed the rivals that cannot take the call's arguments.
 */
import { distance as levenshtein } from "fastest-levenshtein";
import {
	addsDestructiveWord,
	serversOf,
	verbsOf,
} from "./_correction-guards.js";
import { prepare } from "./_distance.js";
import { type IndexData, namesOf } from "./_index-data.js";
import { compareRanked, type Ranked, rank } from "./_rank.js";
import { type CallArguments, takerOf } from "./_rule-arguments.js";
import { CUT_SHORT } from "./_rule-cut-short.js";
import { ADDED_PREFIX, DROPPED_NAMESPACE } from "./_rule-namespace.js";
import { fitsAsWell, NUMBER, numberChange } from "./_rule-number.js";
import { TYPO } from "./_rule-typo.js";
import type { Query, Slip } from "./_slip.js";
import { parseName, scriptsOf } from "./_words.js";
import { normalizeName } from "./normalize.js";
import type { Resolution, ResolveOptions } from "./resolve.js";

/** The closed list of slips, in the order that names the reason. */
export const SLIPS: readonly Slip[] = [
	DROPPED_NAMESPACE,
	ADDED_PREFIX,
	TYPO,
	CUT_SHORT,
	NUMBER,
];

type Reason = "too-far" | "ambiguous" | "protected";

/** Resolves `input` (at most MAX_INPUT_LENGTH long, not a candidate) in safe mode. */
export function resolveSafe(
	input: string,
	data: IndexData,
	options: ResolveOptions,
	limit: number,
	args: CallArguments | undefined,
): Resolution {
	const norm = normalizeName(input);
	if (norm === "") return { kind: "none", input };
	const isProtected = options.isProtected ?? never;
	// 7. Whether a candidate can take the call (`undefined`: every one can).
	const takes = takerOf(data, args);
	const hint = (
		suggestions: readonly string[],
		reason: Reason,
	): Resolution => ({
		kind: "suggest",
		input,
		suggestions: suggestions.slice(0, limit),
		reason,
	});

	// 2. Equal but for case and punctuation.
	const equal = namesOf(data.byNorm.get(norm));
	if (equal.length > 0) {
		const [same, ...others] = takes ? equal.filter(takes) : equal;
		if (same === undefined) return argumentsHint(input, equal, equal, limit);
		if (others.length > 0) return hint([same, ...others], "ambiguous");
		if (isProtected(same)) return hint([same], "protected");
		return {
			kind: "corrected",
			input,
			name: same,
			reason: "normalized",
			distance: 0,
		};
	}

	const q: Query = {
		input,
		norm,
		words: parseName(input).words,
		verbs: verbsOf(options.verbs),
		servers: serversOf(options.servers),
		data,
	};
	const found = rivalsOf(q);
	const cannot = takes ? [...found].filter((name) => !takes(name)) : [];
	// 7. A candidate that cannot take the call is no rival.
	const rivals =
		cannot.length === 0
			? found
			: new Set([...found].filter((name) => !cannot.includes(name)));
	if (rivals.size > 1) return hint(closestOf(q, rivals, limit), "ambiguous");
	const [name] = rivals;
	const slip = name === undefined ? undefined : slipTo(q, name);
	if (name === undefined || slip === undefined) {
		if (cannot.length > 0) {
			const takers = closestOf(q, rivals, limit);
			const ruledOut = closestOf(q, cannot, limit);
			return argumentsHint(
				input,
				takers.length > 0 ? takers : ruledOut,
				ruledOut,
				limit,
			);
		}
		// 5. The closest candidates; a rival no slip explains when none is close.
		const ranked = rank(data, prepare(norm), limit).map((r) => r.name);
		if (ranked.length > 0) return hint(ranked, "too-far");
		if (name !== undefined) return hint([name], "too-far");
		return { kind: "none", input };
	}
	// 6 and 4e on the single winner.
	const words = parseName(name).words;
	if (isProtected(name) || addsDestructiveWord(q.words, words))
		return hint([name], "protected");
	if (slip.reason === "distance" && scriptsOf(input) !== scriptsOf(name))
		return hint([name], "protected");
	return {
		kind: "corrected",
		input,
		name,
		reason: slip.reason,
		distance: levenshtein(norm, data.norms.get(name) as string),
	};
}

/**
 * Every rival of every slip, with the candidates that fit as well as a 4c match, and (4d)
 * every candidate equal to one of them after normalisation.
 */
export function rivalsOf(q: Query): Set<string> {
	const found = new Set<string>();
	let plural: boolean | undefined;
	for (const slip of SLIPS) {
		for (const name of slip.rivals(q)) {
			found.add(name);
			if (slip !== NUMBER) continue;
			const change = numberChange(q.words, parseName(name).words);
			if (change !== undefined) plural = plural === true || change === "plural";
		}
	}
	if (plural !== undefined)
		for (const name of fitsAsWell(q, plural)) found.add(name);
	const rivals = new Set<string>();
	for (const name of found)
		for (const twin of namesOf(
			q.data.byNorm.get(q.data.norms.get(name) as string),
		))
			rivals.add(twin);
	return rivals;
}

/** The first slip that turns the input into `name`, with all its conditions. */
function slipTo(q: Query, name: string): Slip | undefined {
	const parsed = parseName(name);
	return SLIPS.find((slip) => slip.matches(q, name, parsed));
}

/** `suggest/arguments`: the hints, and the names that fit but cannot take the call. */
function argumentsHint(
	input: string,
	suggestions: readonly string[],
	cannotTake: readonly string[],
	limit: number,
): Resolution {
	return {
		kind: "suggest",
		input,
		suggestions: suggestions.slice(0, limit),
		reason: "arguments",
		cannotTake: cannotTake.slice(0, limit),
	};
}

/** Rivals as hints: by distance of the normal forms, then by name. */
function closestOf(
	q: Query,
	rivals: Iterable<string>,
	limit: number,
): string[] {
	const ranked: Ranked[] = [];
	for (const name of rivals) {
		const norm = q.data.norms.get(name) as string;
		ranked.push({ name, norm, distance: levenshtein(q.norm, norm) });
	}
	return ranked
		.sort(compareRanked)
		.slice(0, limit)
		.map((r) => r.name);
}

function never(): boolean {
	return false;
}
