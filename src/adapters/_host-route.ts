// The one place the host-framework entries call the routing policy.
import type { Resolution } from "../index.js";
import type { CheckedRepairOptions } from "./_host-options.js";
import { ToolRouter } from "./routing/router.js";
import { type ToolEntry, toolEntryOf } from "./routing/tool-entry.js";

/** A correction the routing policy allows, with what to report. */
export interface HostCorrection {
	name: string;
	resolution: Resolution;
	message: string;
}

/** Decides, for one repair hook, where names the framework could not find go. */
export interface HostRouter {
	/** The entry of one framework tool, from the MCP annotations it kept (if any). */
	entryOf(name: string, annotations: unknown): ToolEntry;
	/**
	 * The correction for `sent` among `entries`, reported through `onCorrection`; `undefined`
	 * for anything else (a hint, an unknown name), which leaves the framework to report the
	 * failure as it does today.
	 */
	correct(
		sent: string,
		entries: readonly ToolEntry[],
	): HostCorrection | undefined;
}

/**
 * The router of one repair hook. Built once, so a bad `mode` is refused when the hook is
 * made, and a catalog the router already holds is not indexed again.
 */
export function hostRouter(options: CheckedRepairOptions): HostRouter {
	const router = new ToolRouter({
		correct: true,
		resolve: options.mode === undefined ? {} : { mode: options.mode },
	});
	return {
		entryOf(name, annotations) {
			const entry = toolEntryOf({ name, annotations }, options.protection);
			return {
				name,
				protected:
					entry?.protected === true || options.isProtected?.(name) === true,
			};
		},
		correct(sent, entries) {
			router.setTools(entries);
			const decision = router.route(sent, { report: false });
			if (decision.kind !== "corrected" || decision.name === sent)
				return undefined;
			if (!entries.some((entry) => entry.name === decision.name))
				return undefined;
			const correction = {
				name: decision.name,
				resolution: decision.resolution,
				message: decision.message,
			};
			options.onCorrection?.(correction.resolution, correction.message);
			return correction;
		},
	};
}
