import { compareCodeUnits } from "./_order.js";
import {
	type NaturalWireName,
	naturalWireName,
	suffixed,
} from "./_wire-name.js";
import type { DiagnosticCode } from "./diagnostics.js";
import type { NameProfile } from "./profiles.js";

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
export interface NameMaps {
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
		.sort(compareCodeUnits);
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
	waiting.sort(compareCodeUnits);
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
