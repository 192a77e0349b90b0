import type { ToolEntry } from "../routing/tool-entry.js";

/**
 * What each server wrapped by `wrapMcpServer` listed last, under wire names with the
 * protection its annotations give, so `repairModel` can keep destructive tools out of reach.
 * Keyed by the wrapper; module-local, never global.
 */
export const LISTINGS: WeakMap<object, () => readonly ToolEntry[]> =
	new WeakMap();
