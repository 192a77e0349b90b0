import { prepare } from "./_distance.js";
import { optionsArgument, stringArgument } from "./_guards.js";
import type { ToolCandidate } from "./_index-data.js";
import { resolveMcporter } from "./_mcporter.js";
import { rank } from "./_rank.js";
import { argumentsOf } from "./_rule-arguments.js";
import { resolveSafe } from "./_safe.js";
import { describeValue, McpToolNamesError } from "./errors.js";
import { indexDataOf, type NameIndex } from "./name-index.js";
import { normalizeName } from "./normalize.js";

/**
 * What {@link resolveName} decided:
 *
 * - `exact`: the input is a candidate;
 * - `corrected`: safe to call `name` instead (`normalized`: equal but for case and
 *   punctuation; `suffix`: a dropped namespace or an added client prefix; `distance`: a typo
 *   inside one word, a word cut short, or a singular for a plural);
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
			reason: "normalized" | "suffix" | "distance";
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
