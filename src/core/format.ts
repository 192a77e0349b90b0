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
 * @example
 * ```ts
 * formatResolution(resolveName("vercek", ["vercel"]), { subject: "server name" });
 * // "[mcp-tool-names] Auto-corrected server name to vercel (input: vercek)."
 * ```
 */
export function formatResolution(
	resolution: Resolution,
	options: FormatResolutionOptions = {},
): string | undefined {
	const prefix = options.prefix ?? DEFAULT_PREFIX;
	const lead = prefix === "" ? "" : `${prefix} `;
	if (resolution.kind === "corrected") {
		const subject = options.subject ?? "tool call";
		return `${lead}Auto-corrected ${subject} to ${resolution.name} (input: ${resolution.input}).`;
	}
	if (resolution.kind === "suggest" && resolution.suggestions.length > 0) {
		return `${lead}Did you mean ${joinAlternatives(resolution.suggestions)}?`;
	}
	return undefined;
}

function joinAlternatives(names: readonly string[]): string {
	if (names.length === 1) return names[0] as string;
	return `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`;
}
