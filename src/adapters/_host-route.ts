import type { Resolution } from "../index.js";
import type { HostRepairOptions } from "./_host-options.js";
import { ToolRouter } from "./routing/router.js";
import { type ToolEntry, toolEntryOf } from "./routing/tool-entry.js";

/** A correction the routing policy allows, with what to report. */
export interface HostCorrection {
	name: string;
	resolution: Resolution;
	message: string;
}

/**
 * The entry of one framework tool: `annotations` are the MCP annotations the framework kept
 * (if any); `isProtected` adds the caller's own protection.
 */
export function hostEntryOf(
	name: string,
	annotations: unknown,
	isProtected: ((name: string) => boolean) | undefined,
): ToolEntry {
	const entry = toolEntryOf({ name, annotations });
	return {
		name,
		protected: entry?.protected === true || isProtected?.(name) === true,
	};
}

/**
 * Asks the one routing policy where a name the framework could not find goes. Only a
 * correction onto a name among `entries` is returned; anything else (a hint, an unknown
 * name) leaves the framework to report the failure as it does today.
 */
export function correctionFor(
	sent: string,
	entries: readonly ToolEntry[],
	options: HostRepairOptions,
): HostCorrection | undefined {
	const router = new ToolRouter({
		correct: true,
		resolve: options.mode === undefined ? {} : { mode: options.mode },
	});
	router.setTools(entries);
	const decision = router.route(sent);
	if (decision.kind !== "corrected" || decision.name === sent) return undefined;
	if (!entries.some((entry) => entry.name === decision.name)) return undefined;
	return {
		name: decision.name,
		resolution: decision.resolution,
		message: decision.message,
	};
}

/** Reports a correction through the caller's callback. */
export function reportCorrection(
	correction: HostCorrection,
	options: HostRepairOptions,
): void {
	options.onCorrection?.(correction.resolution, correction.message);
}
