import { optionsArgument } from "../core/guards.js";
import { auditNames, type NameProfile, type ProfileName } from "../index.js";
import { throwIfAny } from "./_table.js";
import { type NamesInput, namesOf } from "./names.js";
import type { PolicyFailure } from "./policy-failure.js";

/**
 * Options of {@link checkWireSafe} and {@link assertWireSafe}.
 *
 * @example
 * ```ts
 * const options: WireSafeOptions = { profile: "openai", reserve: hostReserve("claude-code", "github") };
 * ```
 */
export interface WireSafeOptions {
	/** Default `openai`. */
	profile?: ProfileName | NameProfile;
	/** Characters the host adds before each name: names must fit the limit less this. */
	reserve?: number;
}

/**
 * Lists the names a provider would not take as they are (after the host's prefix, with
 * `reserve`).
 *
 * @param names - tool names, tool objects or a `tools/list` result
 * @param options - the profile, default `openai`, and the host's reserve
 * @returns one failure per name that is not wire-safe (empty when all are)
 * @example
 * ```ts
 * checkWireSafe(["linear.list_issues"], { profile: "openai" }); // [{ name: "linear.list_issues", ... }]
 * checkWireSafe(["x".repeat(60)], { reserve: 14 }); // one failure: over 50 characters
 * ```
 */
export function checkWireSafe(
	names: NamesInput,
	options?: WireSafeOptions,
): PolicyFailure[] {
	return wireSafeFailures("checkWireSafe", names, options);
}

function wireSafeFailures(
	fn: string,
	names: NamesInput,
	options: unknown,
): PolicyFailure[] {
	const opts = optionsArgument(fn, options, [
		"profile",
		"reserve",
	]) as WireSafeOptions;
	const report = auditNames(namesOf(fn, names), opts);
	return report.entries
		.filter((entry) => entry.status !== "ok")
		.map((entry) => ({
			name: entry.name,
			expected: `valid for ${report.profile}${report.reserve === 0 ? "" : ` within ${report.maxLength} characters`}`,
			actual:
				entry.problems.map((problem) => problem.message).join("; ") ||
				entry.status,
		}));
}

/**
 * Throws unless every name is accepted as is by the profile, with a table of the offenders.
 *
 * @param names - tool names, tool objects or a `tools/list` result
 * @param options - the profile, default `openai`, and the host's reserve
 * @throws McpToolNamesError `policy-violation` listing each name that would be rewritten
 * @example
 * ```ts
 * const { tools } = await client.listTools();
 * assertWireSafe(tools, { profile: "gemini", reserve: hostReserve("gemini-cli", "github") });
 * ```
 */
export function assertWireSafe(
	names: NamesInput,
	options?: WireSafeOptions,
): void {
	const failures = wireSafeFailures("assertWireSafe", names, options);
	const profile = (options as { profile?: unknown } | undefined)?.profile;
	throwIfAny(
		failures,
		`tool name(s) are not wire-safe for ${typeof profile === "object" && profile !== null ? (profile as NameProfile).name : ((profile as string | undefined) ?? "openai")}`,
	);
}
