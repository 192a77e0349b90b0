/**
 * What each server wrapped by `wrapMcpServer` listed last: its MCP tools under wire names,
 * annotations included, so `repairModel` can keep destructive tools out of reach. Keyed by
 * the wrapper; module-local, never global.
 */
export const LISTINGS: WeakMap<object, () => readonly unknown[]> =
	new WeakMap();

/**
 * The canonical MCP name behind a wire name a wrapped server listed, keyed by its listing
 * function in {@link LISTINGS}, so a correction line names the canonical target.
 */
export const CANONICAL: WeakMap<object, (wire: string) => string | undefined> =
	new WeakMap();
