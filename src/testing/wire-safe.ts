import { optionsArgument } from "../core/guards.js";
import { auditNames, type NameProfile, type ProfileName } from "../index.js";
import { throwIfAny } from "./_table.js";
import { type NamesInput, namesOf } from "./names.js";
import type { PolicyFailure } from "./policy-failure.js";

/**
 * Lists the names a provider would not take as they are.
 *
 * @param names - tool names, tool objects or a `tools/list` result
 * @param options - the profile, default `openai`
 * @returns one failure per name that is not wire-safe (empty when all are)
 * @example
 * ```ts
 * checkWireSafe(["linear.list_issues"], { profile: "openai" }); // [{ name: "linear.list_issues", ... }]
 * ```
 */
export function checkWireSafe(
	names: NamesInput,
	options?: { profile?: ProfileName | NameProfile },
): PolicyFailure[] {
	return wireSafeFailures("checkWireSafe", names, options);
}

function wireSafeFailures(
	fn: string,
	names: NamesInput,
	options: unknown,
): PolicyFailure[] {
	const opts = optionsArgument(fn, options, ["profile"]) as {
		profile?: ProfileName | NameProfile;
	};
	const report = auditNames(namesOf(fn, names), opts);
	return report.entries
		.filter((entry) => entry.status !== "ok")
		.map((entry) => ({
			name: entry.name,
			expected: `valid for ${report.profile}`,
			actual:
				entry.problems.map((problem) => problem.message).join("; ") ||
				entry.status,
		}));
}

/**
 * Throws unless every name is accepted as is by the profile, with a table of the offenders.
 *
 * @param names - tool names, tool objects or a `tools/list` result
 * @param options - the profile, default `openai`
 * @throws McpToolNamesError `policy-violation` listing each name that would be rewritten
 * @example
 * ```ts
 * const { tools } = await client.listTools();
 * assertWireSafe(tools, { profile: "gemini" });
 * ```
 */
export function assertWireSafe(
	names: NamesInput,
	options?: { profile?: ProfileName | NameProfile },
): void {
	const failures = wireSafeFailures("assertWireSafe", names, options);
	const profile = (options as { profile?: unknown } | undefined)?.profile;
	throwIfAny(
		failures,
		`tool name(s) are not wire-safe for ${typeof profile === "object" && profile !== null ? (profile as NameProfile).name : ((profile as string | undefined) ?? "openai")}`,
	);
}
