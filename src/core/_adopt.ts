import { conflictText } from "./_diagnostic-text.js";
import { listArgument } from "./_guards.js";
import type { NameMaps, PlannedName } from "./_plan.js";
import { naturalWireName } from "./_wire-name.js";
import type { DiagnosticCode } from "./diagnostics.js";
import { describeValue, McpToolNamesError } from "./errors.js";
import { isValidFor, type NameProfile } from "./profiles.js";

/**
 * The new assignments among `names`, made elsewhere, checked against those held: a pair
 * held already is skipped; one that gives a canonical name another wire name, or a wire
 * name another meaning, rejects the whole batch (the sticky rule).
 */
export function checkAdoption(
	names: Iterable<readonly [string, string]>,
	{ forward, reverse }: NameMaps,
	profile: NameProfile,
): PlannedName[] {
	const batch = new Map<string, string>();
	const wires = new Map<string, string>();
	const pairs = listArgument(
		"adopt",
		"names",
		names,
		"an iterable of [canonical, wire] pairs",
	);
	for (const pair of pairs) {
		const [canonical, wire] = Array.isArray(pair) ? pair : [];
		if (
			typeof canonical !== "string" ||
			canonical === "" ||
			!isValidFor(wire, profile)
		) {
			throw new McpToolNamesError(
				"invalid-argument",
				`adopt expects [canonical, wire] pairs with wire names valid for profile ${profile.name}, got ${describeValue(canonical)} ⇄ ${describeValue(wire)}`,
			);
		}
		const heldWire = forward.get(canonical) ?? batch.get(canonical);
		if (heldWire === wire) continue;
		const heldCanonical = reverse.get(wire) ?? wires.get(wire);
		if (heldWire !== undefined || heldCanonical !== undefined) {
			throw new McpToolNamesError(
				"assignment-conflict",
				`Cannot adopt ${conflictText(canonical, wire, heldWire, heldCanonical)}`,
			);
		}
		batch.set(canonical, wire);
		wires.set(wire as string, canonical);
	}
	const planned: PlannedName[] = [];
	for (const [canonical, wire] of batch)
		planned.push(adoptedName(canonical, wire, reverse, batch, profile));
	return planned;
}

/**
 * The reason to report for an adopted assignment: what the local planner would have said,
 * `collision` when the holder came in the same batch and `refused` when it was held before.
 */
function adoptedName(
	canonical: string,
	wire: string,
	reverse: ReadonlyMap<string, string>,
	batch: ReadonlyMap<string, string>,
	profile: NameProfile,
): PlannedName {
	const natural = naturalWireName(canonical, profile);
	if (wire === natural.wire) {
		const code =
			natural.derivation === "identity"
				? undefined
				: (natural.derivation as DiagnosticCode);
		return { canonical, wire, code };
	}
	const inBatch = [...batch].find(([, held]) => held === natural.wire)?.[0];
	const existing = reverse.get(natural.wire) ?? inBatch;
	if (existing === undefined) return { canonical, wire, code: "renamed" };
	const code = inBatch !== undefined ? "collision" : "refused";
	return { canonical, wire, code, existing };
}
