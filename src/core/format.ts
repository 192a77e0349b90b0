import { describeValue, McpToolNamesError } from "./errors.js";
import { invalidArgument, optionsArgument, readArgument } from "./guards.js";
import type { Resolution } from "./resolve.js";

/**
 * Options of {@link formatResolution}.
 *
 * @example
 * ```ts
 * const options: FormatResolutionOptions = { subject: "tool call", prefix: "[tools]" };
 * formatResolution(resolveName("linear.listIssues", ["linear.list_issues"]), options);
 * // "[tools] Auto-corrected tool call to linear.list_issues (input: linear.listIssues)."
 * ```
 */
export interface FormatResolutionOptions {
	/** What was resolved; default `tool call`. */
	subject?: "tool call" | "server name";
	/** Put before the message, followed by a space; default `[mcp-tool-names]`, `""` for none. */
	prefix?: string;
}

const DEFAULT_PREFIX = "[mcp-tool-names]";

/**
 * The one-line message for a resolution, in mcporter's shapes (openclaw/mcporter,
 * `renderIdentifierResolutionMessages`): `Auto-corrected tool call to X (input: Y).` or
 * `Did you mean X?` (several suggestions: `Did you mean a, b or c?`). A hint given because
 * of the call's arguments (rule 7) says so: `Did you mean send_messages? (send_message does not
 * take these arguments)`.
 *
 * @param resolution - what {@link resolveName} returned
 * @param options - subject and prefix
 * @returns the message, or `undefined` for `exact`, `none` and empty suggestions
 * @throws McpToolNamesError `invalid-argument` when `resolution` is not a Resolution, or
 * `invalid-option` for an unknown `subject` or a `prefix` that is not a string
 * @example
 * ```ts
 * formatResolution(resolveName("vercek", ["vercel"]), { subject: "server name" });
 * // "[mcp-tool-names] Auto-corrected server name to vercel (input: vercek)."
 * formatResolution(resolveName("remove_users", tools, { arguments: { user_ids: ["u1"] } }));
 * // "[mcp-tool-names] Did you mean remove_user? (it does not take these arguments)"
 * ```
 */
export function formatResolution(
	resolution: Resolution,
	options?: FormatResolutionOptions,
): string | undefined {
	const checked = checkResolution(resolution);
	const r = checked as { cannotTake?: unknown };
	const opts = optionsArgument(FN, options, ["prefix", "subject"]);
	const prefix = opts.prefix ?? DEFAULT_PREFIX;
	if (typeof prefix !== "string") {
		throw new McpToolNamesError(
			"invalid-option",
			`${FN}: prefix must be a string, got ${describeValue(prefix)}`,
		);
	}
	const subject = opts.subject ?? "tool call";
	if (subject !== "tool call" && subject !== "server name") {
		throw new McpToolNamesError(
			"invalid-option",
			`${FN}: subject must be "tool call" or "server name", got ${describeValue(subject)}`,
		);
	}
	const lead = prefix === "" ? "" : `${prefix} `;
	if (checked.kind === "corrected") {
		return `${lead}Auto-corrected ${subject} to ${checked.name} (input: ${checked.input}).`;
	}
	if (checked.kind === "suggest" && checked.suggestions.length > 0) {
		const why =
			checked.reason === "arguments" ? whyNot(checked.suggestions, r) : "";
		return `${lead}Did you mean ${joinAlternatives(checked.suggestions)}?${why}`;
	}
	return undefined;
}

const FN = "formatResolution";
const KINDS = new Set(["exact", "corrected", "suggest", "none"]);

/** A plain copy of a Resolution, or the error saying what is wrong with it. */
function checkResolution(value: unknown): Resolution {
	const expected = "a Resolution from resolveName";
	if (typeof value !== "object" || value === null)
		throw invalidArgument(FN, "resolution", expected, value);
	return readArgument(FN, "resolution", value, () => {
		const r = value as Record<string, unknown>;
		const { kind, input, name, suggestions } = r;
		const fine =
			typeof kind === "string" &&
			KINDS.has(kind) &&
			typeof input === "string" &&
			(kind !== "corrected" || typeof name === "string") &&
			(kind !== "suggest" ||
				(Array.isArray(suggestions) &&
					suggestions.every((s) => typeof s === "string")));
		if (!fine) throw invalidArgument(FN, "resolution", expected, value);
		return kind === "suggest"
			? ({ ...r, suggestions: [...(suggestions as string[])] } as Resolution)
			: ({ ...r } as Resolution);
	});
}

/** ` (x does not take these arguments)`, or `""` when the names are not a list of strings. */
function whyNot(
	suggestions: readonly string[],
	r: { cannotTake?: unknown },
): string {
	const names = r.cannotTake;
	if (
		!Array.isArray(names) ||
		names.length === 0 ||
		!names.every((name) => typeof name === "string")
	)
		return "";
	const alone =
		names.length === 1 &&
		suggestions.length === 1 &&
		names[0] === suggestions[0];
	const subject = alone
		? "it"
		: names.length === 1
			? names[0]
			: `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
	return ` (${subject} ${names.length === 1 ? "does" : "do"} not take these arguments)`;
}

function joinAlternatives(names: readonly string[]): string {
	if (names.length === 1) return names[0] as string;
	return `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`;
}
