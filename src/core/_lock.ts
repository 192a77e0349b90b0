import type { PlannedName } from "./_plan.js";
import { describeValue, McpToolNamesError } from "./errors.js";

/**
 * Codecs that take their names from a shared store (a `SharedCodec` holds them): they plan
 * and adopt, and never assign on their own.
 */
export const STORE_BOUND: WeakSet<object> = new WeakSet<object>();

/** The error of a store-bound codec asked to assign on its own. */
export function unassigned(planned: readonly PlannedName[]): McpToolNamesError {
	const first = planned[0] as PlannedName;
	return new McpToolNamesError(
		"unassigned",
		`Tool ${describeValue(first.canonical)} has no wire name yet, and this codec takes its names from a shared store; sync the names through the store first`,
	);
}
