import {
	invalidArgument,
	listArgument,
	optionsArgument,
	readArgument,
} from "../core/_guards.js";
import {
	auditNames,
	isWireSafe,
	McpToolNamesError,
	NameIndex,
	type NameProfile,
	type ProfileName,
	type ResolveOptions,
	resolveName,
	WireNameCodec,
	type WireNameCodecOptions,
} from "../index.js";
import { formatTable } from "./_table.js";
import { type NamesInput, namesOf } from "./names.js";

/** One failed expectation of a name policy. */
export interface PolicyFailure {
	/** The name (or model input) that failed. */
	name: string;
	/** What was expected. */
	expected: string;
	/** What happened instead. */
	actual: string;
}

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

/**
 * Checks that a fresh codec maps the names safely: every wire name passes the profile, no
 * two names share one, each decodes back, the mapping does not depend on the order of the
 * names, and a snapshot restores it.
 *
 * @param names - tool names, tool objects or a `tools/list` result
 * @param options - codec options (profile)
 * @returns the failures, empty when the names round-trip
 * @example
 * ```ts
 * checkRoundTrip(["a/b", "a.b", "搜索"]); // []
 * ```
 */
export function checkRoundTrip(
	names: NamesInput,
	options?: Omit<WireNameCodecOptions, "onDiagnostic">,
): PolicyFailure[] {
	return roundTrip("checkRoundTrip", names, options).failures;
}

function roundTrip(
	fn: string,
	names: NamesInput,
	options: unknown,
): { failures: PolicyFailure[]; codec: WireNameCodec } {
	const opts = optionsArgument(fn, options, ["profile"]) as Omit<
		WireNameCodecOptions,
		"onDiagnostic"
	>;
	const list = [...new Set(namesOf(fn, names))].filter((name) => name !== "");
	const codec = new WireNameCodec(opts);
	const wires = codec.encodeAll(list);
	const reversed = new WireNameCodec(opts);
	reversed.encodeAll([...list].reverse());
	const restored = WireNameCodec.fromJSON(
		JSON.parse(JSON.stringify(codec)) as ReturnType<WireNameCodec["toJSON"]>,
		opts,
	);
	const failures: PolicyFailure[] = [];
	const owners = new Map<string, string>();
	list.forEach((name, i) => {
		const wire = wires[i] as string;
		const fail = (expected: string, actual: string): void => {
			failures.push({ name, expected, actual });
		};
		if (!isWireSafe(wire, codec.profile)) {
			fail(`a wire name valid for ${codec.profile.name}`, wire);
		}
		const owner = owners.get(wire);
		if (owner !== undefined)
			fail("a wire name of its own", `${wire}, shared with ${owner}`);
		owners.set(wire, name);
		if (codec.decode(wire) !== name)
			fail(`decode(${wire}) to give it back`, codec.decode(wire));
		if (reversed.wireNameOf(name) !== wire) {
			fail(
				`the same wire name in any order (${wire})`,
				String(reversed.wireNameOf(name)),
			);
		}
		if (restored.decode(wire) !== name)
			fail("a snapshot to keep the mapping", restored.decode(wire));
	});
	return { failures, codec };
}

/**
 * Throws unless {@link checkRoundTrip} passes, with a table of what failed.
 *
 * @param names - tool names, tool objects or a `tools/list` result
 * @param options - codec options (profile)
 * @returns the codec that encoded the names, for further assertions
 * @throws McpToolNamesError `policy-violation` listing each failure
 * @example
 * ```ts
 * const codec = assertRoundTrip(server.toolNames, { profile: "portable" });
 * expect(codec.encode("websearch/fetch_content")).toBe("websearch_fetch_content");
 * ```
 */
export function assertRoundTrip(
	names: NamesInput,
	options?: Omit<WireNameCodecOptions, "onDiagnostic">,
): WireNameCodec {
	const { failures, codec } = roundTrip("assertRoundTrip", names, options);
	throwIfAny(failures, "tool name(s) do not round-trip");
	return codec;
}

/**
 * Expected resolutions: model input → the tool it must be routed to, or `null` when it must
 * not be auto-corrected (a hint or nothing).
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

const RESOLVE_KEYS = [
	"isProtected",
	"limit",
	"mode",
	"verbs",
	"servers",
] as const;

function resolutionFailures(
	fn: string,
	cases: ResolutionCases,
	names: NamesInput,
	options: unknown,
): PolicyFailure[] {
	const opts = optionsArgument(fn, options, RESOLVE_KEYS) as ResolveOptions;
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

function throwIfAny(failures: readonly PolicyFailure[], summary: string): void {
	if (failures.length === 0) return;
	const table = formatTable(
		["name", "expected", "actual"],
		failures.map((failure) => [failure.name, failure.expected, failure.actual]),
	);
	throw new McpToolNamesError(
		"policy-violation",
		`${failures.length} ${summary}:\n${table}`,
	);
}
