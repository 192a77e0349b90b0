// The wire-name rules for a batch of names, read against the assignments a codec holds
// (DESIGN.md, "Wire-name rules"): which wire names new names get (planNames), which pairs
// made elsewhere can be taken in (checkAdoption), and the diagnostic each assignment
// reports. Nothing here changes the assignments; the codec applies what these return.

import { describeLimit } from "./_reserve.js";
import {
	type NaturalWireName,
	naturalWireName,
	suffixed,
} from "./_wire-name.js";
import type { Diagnostic, DiagnosticCode } from "./diagnostics.js";
import { describeValue, McpToolNamesError } from "./errors.js";
import { listArgument } from "./guards.js";
import { isValidFor, type NameProfile } from "./profiles.js";

/** One assignment a batch would make, with the reason to report when it is made. */
export interface PlannedName {
	canonical: string;
	wire: string;
	/** `undefined` for a name that maps to itself. */
	code: DiagnosticCode | undefined;
	/** For `collision` and `refused`: who holds the contested wire name. */
	existing?: string;
}

/** The assignments held, both ways. */
interface NameMaps {
	/** canonical → wire */
	readonly forward: ReadonlyMap<string, string>;
	/** wire → canonical */
	readonly reverse: ReadonlyMap<string, string>;
}

/**
 * What a batch of names gets against the assignments held (`forward`: canonical → wire,
 * `reverse`: wire → canonical), without changing them: the collision and sticky rules of
 * DESIGN.md, "Wire-name rules". Depends on the set of names only, never on their order.
 */
export function planNames(
	names: Iterable<string>,
	{ forward, reverse }: NameMaps,
	profile: NameProfile,
): PlannedName[] {
	const fresh = new Map<string, NaturalWireName>();
	for (const name of names) {
		if (!forward.has(name) && !fresh.has(name)) {
			fresh.set(name, naturalWireName(name, profile));
		}
	}
	const planned: PlannedName[] = [];
	if (fresh.size === 0) return planned;
	// Wire names this batch takes, → canonical.
	const batch = new Map<string, string>();
	const taken = (wire: string): boolean => reverse.has(wire) || batch.has(wire);
	const bind = (entry: PlannedName): void => {
		batch.set(entry.wire, entry.canonical);
		planned.push(entry);
	};
	const heldBefore = new Set<string>();
	const waiting: string[] = [];
	// 1. A name valid as is keeps itself, unless that wire name was handed out before.
	for (const [name, natural] of fresh) {
		if (natural.derivation !== "identity") continue;
		if (reverse.has(name)) {
			heldBefore.add(name);
			waiting.push(name);
		} else {
			bind({ canonical: name, wire: name, code: undefined });
		}
	}
	// 2. Per natural wire name, the first name in UTF-16 order gets it when it is free.
	const rest = [...fresh.keys()]
		.filter((name) => fresh.get(name)?.derivation !== "identity")
		.sort(); // without a comparator, sort() is UTF-16 code-unit order
	for (const name of rest) {
		const natural = fresh.get(name) as NaturalWireName;
		if (taken(natural.wire)) {
			if (!batch.has(natural.wire)) heldBefore.add(name);
			waiting.push(name);
			continue;
		}
		bind({
			canonical: name,
			wire: natural.wire,
			code: natural.derivation as DiagnosticCode,
		});
	}
	// 3. The others, in UTF-16 order, take the first free `base_2`, `base_3`, ...
	waiting.sort();
	for (const name of waiting) {
		const base = (fresh.get(name) as NaturalWireName).wire;
		const existing = (reverse.get(base) ?? batch.get(base)) as string;
		let n = 2;
		let wire = suffixed(base, n, profile.maxLength);
		while (taken(wire)) wire = suffixed(base, ++n, profile.maxLength);
		bind({
			canonical: name,
			wire,
			code: heldBefore.has(name) ? "refused" : "collision",
			existing,
		});
	}
	return planned;
}

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

/** The diagnostic a codec reports for one assignment, with its ready message. */
function diagnosticOf(
	code: DiagnosticCode,
	canonical: string,
	wire: string,
	existing: string | undefined,
	profile: NameProfile,
	reverse: ReadonlyMap<string, string>,
	reserve: number,
): Diagnostic {
	const diagnostic: Diagnostic = { code, canonical, wire, message: "" };
	const from = describeValue(canonical);
	const to = describeValue(wire);
	switch (code) {
		case "renamed":
			diagnostic.message = `Renamed tool ${from} to ${to}: profile ${profile.name} does not allow some of its characters`;
			break;
		case "lossy":
			diagnostic.message = `Renamed tool ${from} to ${to}: profile ${profile.name} cannot write some of its letters or digits, so the name ends with its hash`;
			break;
		case "truncated":
			diagnostic.message = `Shortened tool ${from} (${canonical.length} characters) to ${to}: profile ${profile.name} allows at most ${describeLimit(profile, reserve)}, so the name ends with its hash`;
			break;
		case "collision":
		case "refused":
			diagnostic.existing = existing as string;
			diagnostic.message =
				code === "collision"
					? `Tool ${from} maps to the same wire name as ${describeValue(existing)}; it is sent as ${to}`
					: reverse.get(canonical) === existing
						? // A newcomer named so, or names read back from a wrapped client or server.
							`Tool ${from} is already this codec's wire name of ${describeValue(existing)}, so it is sent as ${to}; if the names came from a wrapped client or server, they are wire names: encode the canonical ones`
						: `Tool ${from} cannot take a wire name already handed out for ${describeValue(existing)}; it is sent as ${to}`;
			break;
	}
	return diagnostic;
}

/** The message of an assignment that contradicts one held: names both pairs. */
export function conflictText(
	canonical: string,
	wire: string,
	heldWire: string | undefined,
	heldCanonical: string | undefined,
): string {
	const pair = `${describeValue(canonical)} ⇄ ${describeValue(wire)}`;
	const held =
		heldWire !== undefined
			? `${describeValue(canonical)} ⇄ ${describeValue(heldWire)}`
			: `${describeValue(heldCanonical)} ⇄ ${describeValue(wire)}`;
	return `${pair} contradicts ${held}, held already; a wire name never changes meaning`;
}

/**
 * Reports the diagnostics of a batch of assignments just made; `profile` is the codec's own
 * (its full `maxLength`), `reserve` what it keeps free for the host's prefix.
 */
export function report(
	planned: readonly PlannedName[],
	onDiagnostic: (diagnostic: Diagnostic) => void,
	profile: NameProfile,
	reverse: ReadonlyMap<string, string>,
	reserve = 0,
): void {
	for (const { code, canonical, wire, existing } of planned)
		if (code !== undefined)
			onDiagnostic(
				diagnosticOf(
					code,
					canonical,
					wire,
					existing,
					profile,
					reverse,
					reserve,
				),
			);
}
