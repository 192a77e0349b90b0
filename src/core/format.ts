import { invalidArgument, optionsArgument, readArgument } from "./_guards.js";
import { describeValue, McpToolNamesError } from "./errors.js";
import type { Resolution } from "./resolve.js";

/** Options of {@link formatResolution}. */
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
 * `Did you mean X?` (several suggestions: `Did you mean a, b or c?`).
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
 * ```
 */
export function formatResolution(
	resolution: Resolution,
	options?: FormatResolutionOptions,
): string | undefined {
	const checked = checkResolution(resolution);
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
		return `${lead}Did you mean ${joinAlternatives(checked.suggestions)}?`;
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

function joinAlternatives(names: readonly string[]): string {
	if (names.length === 1) return names[0] as string;
	return `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`;
}
