import type { PlannedName } from "./_plan.js";
import type { Diagnostic, DiagnosticCode } from "./diagnostics.js";
import { describeValue } from "./errors.js";
import type { NameProfile } from "./profiles.js";

/** The diagnostic a codec reports for one assignment, with its ready message. */
export function diagnosticOf(
	code: DiagnosticCode,
	canonical: string,
	wire: string,
	existing: string | undefined,
	profile: NameProfile,
	reverse: ReadonlyMap<string, string>,
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
			diagnostic.message = `Shortened tool ${from} (${canonical.length} characters) to ${to}: profile ${profile.name} allows at most ${profile.maxLength}, so the name ends with its hash`;
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

/** Reports the diagnostics of a batch of assignments just made. */
export function report(
	planned: readonly PlannedName[],
	onDiagnostic: (diagnostic: Diagnostic) => void,
	profile: NameProfile,
	reverse: ReadonlyMap<string, string>,
): void {
	for (const { code, canonical, wire, existing } of planned)
		if (code !== undefined)
			onDiagnostic(
				diagnosticOf(code, canonical, wire, existing, profile, reverse),
			);
}
