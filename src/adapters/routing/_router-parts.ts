// Small pure parts of the ToolRouter: hint sentences, catalog comparison, option copies.
import { isName, isRecord } from "../../core/_guards.js";
import { formatResolution, type Resolution } from "../../index.js";
import type { RouterResolveOptions } from "./router.js";
import type { ToolEntry } from "./tool-entry.js";

/** The names a resolution offers the caller, corrected or suggested. */
export function suggestionsOf(resolution: Resolution): string[] {
	if (resolution.kind === "corrected") return [resolution.name];
	if (resolution.kind === "suggest") return resolution.suggestions;
	return [];
}

/**
 * The hint sentence for names a caller may have meant, or `undefined` for none; saying which
 * names cannot take the call's arguments when that is why (`resolution` of reason
 * `arguments`).
 */
export function hintOf(
	input: string,
	suggestions: string[],
	resolution?: Resolution,
): string | undefined {
	if (suggestions.length === 0) return undefined;
	return formatResolution(
		resolution?.kind === "suggest" && resolution.reason === "arguments"
			? { ...resolution, input, suggestions }
			: { kind: "suggest", input, suggestions, reason: "too-far" },
		{ prefix: "" },
	);
}

export function isEntry(value: unknown): value is ToolEntry {
	return (
		isRecord(value) &&
		isName(value.name) &&
		typeof value.protected === "boolean"
	);
}

export function sameEntries(
	a: readonly ToolEntry[],
	b: readonly ToolEntry[],
): boolean {
	if (a.length !== b.length) return false;
	for (let i = 0; i < a.length; i++) {
		const x = a[i] as ToolEntry;
		const y = b[i] as ToolEntry;
		if (
			x.name !== y.name ||
			x.protected !== y.protected ||
			!sameSchema(x.inputSchema, y.inputSchema)
		)
			return false;
	}
	return true;
}

/** Whether two listed schemas say the same (a listing parses fresh objects each time). */
function sameSchema(a: unknown, b: unknown): boolean {
	if (a === b) return true;
	if (a === undefined || b === undefined) return false;
	try {
		return JSON.stringify(a) === JSON.stringify(b);
	} catch {
		return false;
	}
}

/** A copy whose iterables are arrays, so a generator is not used up by the first call. */
export function copyResolveOptions(
	options: RouterResolveOptions | undefined,
): RouterResolveOptions {
	if (!isRecord(options)) return {};
	const copy: Record<string, unknown> = { ...options };
	for (const key of ["verbs", "servers"]) {
		const value = copy[key];
		if (
			typeof value === "object" &&
			value !== null &&
			typeof (value as Iterable<unknown>)[Symbol.iterator] === "function"
		)
			copy[key] = [...(value as Iterable<unknown>)];
	}
	return copy as RouterResolveOptions;
}
