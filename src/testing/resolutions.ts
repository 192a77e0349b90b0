import {
	invalidArgument,
	listArgument,
	optionsArgument,
	readArgument,
} from "../core/guards.js";
import { RESOLVE_OPTION_KEYS } from "../core/resolve.js";
import { NameIndex, type ResolveOptions, resolveName } from "../index.js";
import { throwIfAny } from "./_table.js";
import { type NamesInput, namesOf } from "./names.js";
import type { PolicyFailure } from "./policy-failure.js";

/**
 * Expected resolutions: model input → the tool it must be routed to, or `null` when it must
 * not be auto-corrected (a hint or nothing).
 *
 * @example
 * ```ts
 * const cases: ResolutionCases = { fetch_content: "websearch/fetch_content", get_user: null };
 * const same: ResolutionCases = [["fetch_content", "websearch/fetch_content"], ["get_user", null]];
 * assertResolves(cases, ["websearch/fetch_content", "users/set_user"]);
 * ```
 */
export type ResolutionCases =
	| Readonly<Record<string, string | null>>
	| readonly (readonly [input: string, expected: string | null])[];

/**
 * Checks how misspellings a model produces resolve against a catalog.
 *
 * @param cases - input → expected tool, or `null` for "must not be auto-corrected"
 * @param names - the catalog: tool names, tool objects or a `tools/list` result
 * @param options - resolve options (e.g. `isProtected`, `mode`)
 * @returns the failures, empty when every case holds
 * @example
 * ```ts
 * checkResolutions({ fetch_content: "websearch/fetch_content", get_user: null }, tools);
 * ```
 */
export function checkResolutions(
	cases: ResolutionCases,
	names: NamesInput,
	options?: ResolveOptions,
): PolicyFailure[] {
	return resolutionFailures("checkResolutions", cases, names, options);
}

function resolutionFailures(
	fn: string,
	cases: ResolutionCases,
	names: NamesInput,
	options: unknown,
): PolicyFailure[] {
	const opts = optionsArgument(
		fn,
		options,
		RESOLVE_OPTION_KEYS,
	) as ResolveOptions;
	const index = new NameIndex(namesOf(fn, names));
	const failures: PolicyFailure[] = [];
	for (const [input, expected] of casesOf(fn, cases)) {
		const resolution = resolveName(input, index, opts);
		const routed =
			resolution.kind === "exact" || resolution.kind === "corrected"
				? resolution.name
				: null;
		if (routed === expected) continue;
		const actual =
			resolution.kind === "suggest"
				? `suggest (${resolution.reason}): ${resolution.suggestions.join(", ") || "-"}`
				: resolution.kind === "corrected"
					? `corrected (${resolution.reason}) to ${resolution.name}`
					: resolution.kind === "exact"
						? `exact ${resolution.name}`
						: "none";
		failures.push({
			name: input,
			expected: expected ?? "not auto-corrected",
			actual,
		});
	}
	return failures;
}

/**
 * Throws unless every case of {@link checkResolutions} holds, with a table of the misses.
 *
 * @param cases - input → expected tool, or `null` for "must not be auto-corrected"
 * @param names - the catalog: tool names, tool objects or a `tools/list` result
 * @param options - resolve options
 * @throws McpToolNamesError `policy-violation` listing each miss
 * @example
 * ```ts
 * assertResolves({ "linear.listIssues": "linear.list_issues", delete_all: null }, catalog);
 * ```
 */
export function assertResolves(
	cases: ResolutionCases,
	names: NamesInput,
	options?: ResolveOptions,
): void {
	throwIfAny(
		resolutionFailures("assertResolves", cases, names, options),
		"name(s) did not resolve as expected",
	);
}

/** The cases as pairs, each an input string and a tool name or `null`. */
function casesOf(
	fn: string,
	cases: ResolutionCases,
): Array<[string, string | null]> {
	const entries = Array.isArray(cases)
		? listArgument(fn, "cases", cases)
		: typeof cases === "object" && cases !== null
			? readArgument(fn, "cases", cases, () => Object.entries(cases))
			: undefined;
	if (entries === undefined)
		throw invalidArgument(fn, "cases", "an object or an array of pairs", cases);
	return entries.map((entry, i) => {
		const pair = readArgument(fn, `cases[${i}]`, entry, () =>
			Array.isArray(entry) ? [entry[0], entry[1]] : undefined,
		);
		const [input, expected] = pair ?? [];
		if (
			typeof input !== "string" ||
			(expected !== null && typeof expected !== "string")
		) {
			throw invalidArgument(
				fn,
				`cases[${i}]`,
				"an [input, expected tool or null] pair",
				entry,
			);
		}
		return [input, expected];
	});
}
