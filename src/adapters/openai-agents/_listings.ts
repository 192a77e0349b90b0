/**
 * What each server wrapped by `wrapMcpServer` listed last: its MCP tools under wire names,
 * annotations included, so `repairModel` can keep destructive tools out of reach. Keyed by
 * the wrapper; module-local, never global.
 */
export const LISTINGS: WeakMap<object, () => readonly unknown[]> =
	new WeakMap();
