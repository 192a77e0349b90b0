/** `mode: 'mcporter'`: mcporter's decisions, bit for bit. */
import { distance as levenshtein } from "fastest-levenshtein";
import type { IndexData } from "./_index-data.js";
import { normalizeAscii } from "./normalize.js";
import type { Resolution } from "./resolve.js";

/**
 * mcporter's `chooseClosestIdentifier`, decision for decision: one pass in candidate order;
 * exact, ASCII-normalised-equal or lowercase-equal returns at once (so an earlier
 * normalised-equal candidate beats a later exact one); otherwise the first candidate at the
 * smallest distance is corrected to when within max(2, floor(L × 0.3)) (openclaw/mcporter,
 * src/cli/identifier-helpers.ts), else suggested. The caller has checked the input bound.
 */
export function resolveMcporter(input: string, data: IndexData): Resolution {
	if (data.names.length === 0) return { kind: "none", input };
	const norm = normalizeAscii(input);
	const lower = input.toLowerCase();
	let best: string | undefined;
	let bestDistance = Number.POSITIVE_INFINITY;
	for (const name of data.names) {
		if (name === input) return { kind: "exact", input, name };
		const candidate = data.ascii(name);
		if (candidate === norm) {
			return {
				kind: "corrected",
				input,
				name,
				reason: "normalized",
				distance: 0,
			};
		}
		if (name.toLowerCase() === lower) {
			const distance = levenshtein(norm, candidate);
			return { kind: "corrected", input, name, reason: "normalized", distance };
		}
		const distance = levenshtein(norm, candidate);
		if (distance < bestDistance) {
			best = name;
			bestDistance = distance;
		}
	}
	if (!best) return { kind: "none", input };
	const longer = Math.max(norm.length, data.ascii(best).length, 1);
	if (bestDistance <= Math.max(2, Math.floor((3 * longer) / 10))) {
		return {
			kind: "corrected",
			input,
			name: best,
			reason: "distance",
			distance: bestDistance,
		};
	}
	return { kind: "suggest", input, suggestions: [best], reason: "too-far" };
}
