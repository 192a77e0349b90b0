import { distance as levenshtein } from "fastest-levenshtein";
import { prepare } from "./_distance.js";
import { compareRanked, type Ranked, rank } from "./_rank.js";
import { argumentsOf, type CallArguments, takerOf } from "./_rule-arguments.js";
import { CUT_SHORT } from "./_rule-cut-short.js";
import { DOUBLED } from "./_rule-doubled.js";
import { ADDED_PREFIX, DROPPED_NAMESPACE } from "./_rule-namespace.js";
import { fitsAsWell, NUMBER, numberChange } from "./_rule-number.js";
import { TYPO } from "./_rule-typo.js";
import {
	addsDestructiveWord,
	type Query,
	type Slip,
	serversOf,
	verbsOf,
} from "./_slip.js";
import { parseName, scriptsOf } from "./_words.js";
import { describeValue, McpToolNamesError } from "./errors.js";
import { optionsArgument, stringArgument } from "./guards.js";
import {
	type IndexData,
	indexDataOf,
	type NameIndex,
	namesOf,
	type ToolCandidate,
} from "./name-index.js";
import { normalizeAscii, normalizeName } from "./normalize.js";

/**
 * What {@link resolveName} decided:
 *
 * - `exact`: the input is a candidate;
 * - `corrected`: safe to call `name` instead (`normalized`: equal but for case and
 *   punctuation; `suffix`: a dropped namespace or an added client prefix; `distance`: a typo
 *   inside one word, a word cut short, or a singular for a plural; `doubled`: the name
 *   written twice, as hosts that glue a namespace to an equal name send it);
 * - `suggest`: not safe to guess; `suggestions` are hints (`too-far` when no slip explains
 *   the input, `ambiguous` when several candidates fit, `protected` when the only fit is
 *   destructive or in another script, `arguments` when the call's arguments ruled out a
 *   candidate that fits the name: `cannotTake` lists those);
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
			reason: "normalized" | "suffix" | "distance" | "doubled";
			distance: number;
	  }
	| {
			kind: "suggest";
			input: string;
			suggestions: string[];
			reason: "too-far" | "ambiguous" | "protected";
	  }
	| {
			kind: "suggest";
			input: string;
			suggestions: string[];
			reason: "arguments";
			/** The candidates the name fits that cannot take the call's arguments (rule 7). */
			cannotTake: string[];
	  }
	| { kind: "none"; input: string };

/**
 * Options of {@link resolveName}.
 *
 * @example
 * ```ts
 * const options: ResolveOptions = { isProtected: (name) => destructive.has(name), servers: ["github"] };
 * ```
 */
export interface ResolveOptions {
	/** Names that must never be auto-corrected to (e.g. MCP `destructiveHint` tools). */
	isProtected?: (name: string) => boolean;
	/** How many suggestions at most; default 3. */
	limit?: number;
	/** `safe` (default) or `mcporter` to reproduce mcporter's decisions bit for bit. */
	mode?: "safe" | "mcporter";
	/** Extra action verbs: never a typo, a namespace or a client prefix. */
	verbs?: Iterable<string>;
	/**
	 * Server names the caller knows (the server's own name from `initialize`, or the name it
	 * is configured under): namespaces for a dropped namespace (rule 3) and for client
	 * prefixes such as `mcp__<server>__` (rule 3b).
	 */
	servers?: Iterable<string>;
	/**
	 * The call's arguments (rule 7): when the candidates are tool objects with an
	 * `inputSchema`, a candidate that cannot take them (a required property missing, an
	 * unknown one where `additionalProperties` is `false`, a value of another JSON type than
	 * declared) is no rival and never a correction. Anything but a plain object is ignored;
	 * so is a candidate without a schema, or with a malformed one. `mcporter` mode ignores it.
	 */
	arguments?: Readonly<Record<string, unknown>> | undefined;
}

/** Inputs longer than this resolve to `none`: it bounds the work of every query. */
export const MAX_INPUT_LENGTH = 256;
const DEFAULT_LIMIT = 3;

/**
 * Decides whether a name a caller sent can be auto-corrected to one of the candidates, or
 * only hinted at. In the default safe mode only a closed list of slips is corrected, and only
 * when no other candidate fits; never throws on any input. See the resolution rules in the
 * guides.
 *
 * @param input - the name the caller sent
 * @param candidates - the real names, tool objects (`{ name, inputSchema }`, for rule 7), or
 * a {@link NameIndex} of either
 * @param options - protection, suggestion limit, mode, extra verbs, known servers and the
 * call's arguments
 * @returns the decision
 * @throws McpToolNamesError `invalid-argument` when `input` is not a string, `candidates` is
 * not iterable or `options` not an object; `invalid-option` for a bad `limit`, `mode` or
 * `isProtected`
 * @example
 * ```ts
 * resolveName("linear.listIssues", ["linear.list_issues"]); // corrected (normalized)
 * resolveName("fetch_content", ["websearch/fetch_content"]); // corrected (suffix)
 * resolveName("execute_sq", ["execute_sql"]); // corrected (distance): a word cut short
 * resolveName("exec_commandexec_command", ["exec_command"]); // corrected (doubled)
 * resolveName("get_user", ["set_user"]); // suggest (too-far): a different verb
 * resolveName("fetch", ["web_fetch", "crawler_fetch"]); // suggest (ambiguous)
 * const tools = [
 *   { name: "send_message", inputSchema: { type: "object", required: ["channel", "text"] } },
 *   { name: "send_messages", inputSchema: { type: "object", required: ["messages"] } },
 * ];
 * resolveName("send_mesage", tools, { arguments: { channel: "c1", text: "hi" } }); // corrected to send_message
 * ```
 */
export function resolveName(
	input: string,
	candidates: Iterable<string | ToolCandidate> | NameIndex,
	options?: ResolveOptions,
): Resolution {
	const opts = checkOptions("resolveName", options);
	const limit = checkLimit(opts.limit);
	const mode = opts.mode ?? "safe";
	if (mode !== "safe" && mode !== "mcporter") {
		throw new McpToolNamesError(
			"invalid-option",
			`Unknown resolve mode ${describeValue(mode)}; expected safe or mcporter`,
		);
	}
	stringArgument("resolveName", "input", input);
	const data = indexDataOf(candidates);
	if (mode === "mcporter") {
		if (input.length > MAX_INPUT_LENGTH) return { kind: "none", input };
		return resolveMcporter(input, data);
	}
	// 1. Exact, whatever its length.
	if (input !== "" && data.norms.has(input))
		return { kind: "exact", input, name: input };
	if (input.length > MAX_INPUT_LENGTH) return { kind: "none", input };
	return resolveSafe(
		input,
		data,
		opts,
		limit,
		argumentsOf("resolveName", opts.arguments),
	);
}

/**
 * Ranks candidates by closeness to a name: the ones within `max(3, floor(0.6 × L))` edits
 * of the normal forms, by distance, then by name.
 *
 * @param input - the name the caller sent
 * @param candidates - the real names, tool objects, or a {@link NameIndex} of either
 * @param options - `limit`, default 3
 * @returns up to `limit` names, closest first
 * @throws McpToolNamesError `invalid-argument` when `input` is not a string or `candidates`
 * not iterable; `invalid-option` for a bad `limit`
 * @example
 * ```ts
 * suggest("list_isues", ["list_issues", "list_issue_statuses", "get_user"]); // ["list_issues", "list_issue_statuses"]
 * ```
 */
export function suggest(
	input: string,
	candidates: Iterable<string | ToolCandidate> | NameIndex,
	options?: { limit?: number },
): string[] {
	const limit = checkLimit(
		optionsArgument("suggest", options, ["limit"]).limit as number | undefined,
	);
	stringArgument("suggest", "input", input);
	const data = indexDataOf(candidates);
	if (input.length > MAX_INPUT_LENGTH) return [];
	const norm = normalizeName(input);
	if (norm === "") return [];
	return rank(data, prepare(norm), limit).map((r) => r.name);
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

/** The keys of {@link ResolveOptions}: what an options bag is read for. */
export const RESOLVE_OPTION_KEYS = [
	"isProtected",
	"limit",
	"mode",
	"verbs",
	"servers",
	"arguments",
] as const;

/** A plain copy of the options, read once (a getter that throws is a bad argument). */
function checkOptions(fn: string, options: unknown): ResolveOptions {
	const opts = optionsArgument(
		fn,
		options,
		RESOLVE_OPTION_KEYS,
	) as ResolveOptions;
	if (
		opts.isProtected !== undefined &&
		typeof opts.isProtected !== "function"
	) {
		throw new McpToolNamesError(
			"invalid-option",
			`${fn}: isProtected must be a function, got ${describeValue(opts.isProtected)}`,
		);
	}
	return opts;
}

// The default `safe` mode: rules 1–9 of the guides. A name is corrected only when rule 2 or
// one slip operation (3–4c, 9) turns it into exactly one candidate and no operation turns it
// into any other; ambiguity is judged over every rival before any length rule or guard, after
// rule 7 has removed the rivals that cannot take the call's arguments.

/**
 * The closed list of slips, in the order that names the reason: a name written twice first,
 * since when a whole candidate is repeated that says what happened better than a prefix rule
 * that may also read it.
 */
const SLIPS: readonly Slip[] = [
	DOUBLED,
	DROPPED_NAMESPACE,
	ADDED_PREFIX,
	TYPO,
	CUT_SHORT,
	NUMBER,
];

type Reason = "too-far" | "ambiguous" | "protected";

/** Resolves `input` (at most MAX_INPUT_LENGTH long, not a candidate) in safe mode. */
function resolveSafe(
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
	// 6 and 4e on the single winner. A name written twice holds the winner's words and no
	// other, so the destructive-word guard reads those (`deletedelete` is `delete`).
	const words = parseName(name).words;
	const said = slip === DOUBLED ? words : q.words;
	if (isProtected(name) || addsDestructiveWord(said, words))
		return hint([name], "protected");
	if (slip.reason !== "suffix" && scriptsOf(input) !== scriptsOf(name))
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
 * every candidate equal to one of them after normalisation; rule 9 names its own twins (an
 * exact doubling of one of them is that one, as rule 1 beats rule 2).
 */
function rivalsOf(q: Query): Set<string> {
	const found = new Set<string>();
	const rivals = new Set<string>(DOUBLED.rivals(q));
	let plural: boolean | undefined;
	for (const slip of SLIPS) {
		if (slip === DOUBLED) continue;
		for (const name of slip.rivals(q)) {
			found.add(name);
			if (slip !== NUMBER) continue;
			const change = numberChange(q.words, parseName(name).words);
			if (change !== undefined) plural = plural === true || change === "plural";
		}
	}
	if (plural !== undefined)
		for (const name of fitsAsWell(q, plural)) found.add(name);
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

// `mode: 'mcporter'`: mcporter's decisions, bit for bit.

/**
 * mcporter's `chooseClosestIdentifier`, decision for decision: one pass in candidate order;
 * exact, ASCII-normalised-equal or lowercase-equal returns at once (so an earlier
 * normalised-equal candidate beats a later exact one); otherwise the first candidate at the
 * smallest distance is corrected to when within max(2, floor(L × 0.3)) (openclaw/mcporter,
 * src/cli/identifier-helpers.ts), else suggested. The caller has checked the input bound.
 */
function resolveMcporter(input: string, data: IndexData): Resolution {
	if (data.names.length === 0) return { kind: "none", input };
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
