import {
	formatResolution,
	type Resolution,
	resolveName,
	type WireNameCodec,
} from "../../index.js";
import type { CatalogEntry } from "./_catalog.js";

/** Where a `tools/call` goes, and the hint to add when it fails. */
export interface Route {
	/** The canonical name to hand to the SDK. */
	name: string;
	/** `Did you mean …?`, when the name is unknown and something is close. */
	hint?: string;
}

/** What a router needs to know of the server it sits in front of. */
export interface RouterOptions {
	codec: WireNameCodec;
	resolve: boolean;
	onCorrection: ((message: string, resolution: Resolution) => void) | undefined;
}

/** The hint sentence for names a caller may have meant, or `undefined` for none. */
export function hintFor(
	input: string,
	suggestions: string[],
): string | undefined {
	if (suggestions.length === 0) return undefined;
	return formatResolution(
		{ kind: "suggest", input, suggestions, reason: "too-far" },
		{ prefix: "" },
	);
}

/** The names a resolution offers the caller, corrected or suggested. */
export function suggestionsOf(resolution: Resolution): string[] {
	if (resolution.kind === "corrected") return [resolution.name];
	if (resolution.kind === "suggest") return resolution.suggestions;
	return [];
}

/**
 * Decides where an inbound name goes, given the current catalog. The catalog is encoded
 * first: assignment depends only on the set of names, so a call that arrives before any
 * `tools/list` (a client that calls without listing, any client after a restart) gets the
 * wire names a listing would have handed out, and a name the codec refused to a newcomer
 * keeps meaning the tool it was issued for.
 */
export function decideRoute(
	sent: string,
	catalog: readonly CatalogEntry[],
	options: RouterOptions,
	report: boolean,
): Route {
	const { codec } = options;
	codec.encodeAll(catalog.map((entry) => entry.name));
	const issued = codec.lookup(sent);
	if (issued !== undefined) return { name: issued };
	if (catalog.some((entry) => entry.name === sent)) return { name: sent };
	const byWire = new Map<string, CatalogEntry>();
	for (const entry of catalog) {
		byWire.set(codec.wireNameOf(entry.name) ?? entry.name, entry);
	}
	const resolution = resolveName(sent, byWire.keys(), {
		isProtected: (wire) => byWire.get(wire)?.destructive === true,
	});
	if (options.resolve && resolution.kind === "corrected") {
		if (report) {
			options.onCorrection?.(
				formatResolution(resolution) as string,
				resolution,
			);
		}
		return { name: codec.decode(resolution.name) };
	}
	const hint = hintFor(sent, suggestionsOf(resolution));
	return hint === undefined ? { name: sent } : { name: sent, hint };
}
