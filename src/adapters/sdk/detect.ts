/**
 * Structural detection of the SDK objects the adapters wrap. Every SDK line keeps its
 * request handlers in a `Map` named `_requestHandlers` (1.x `Protocol` and 2.x `Protocol`
 * alike), and `McpServer` keeps its tools in `_registeredTools`; nothing here imports an SDK
 * or uses `instanceof`, so copies of the SDK bundled twice are recognised as well.
 */

/** The request-handler table of an SDK `Protocol` instance. */
export interface HandlerMap {
	get(method: string): unknown;
	has(method: string): boolean;
}

/** A registered `McpServer` tool; only the fields this package reads. */
export interface RegisteredToolLike {
	enabled?: unknown;
	annotations?: unknown;
}

/** What {@link detectServer} found. */
export type DetectedServer =
	| {
			kind: "mcp-server";
			/** The low-level server whose handlers answer `tools/*`. */
			protocol: object;
			handlers: HandlerMap;
			/** `McpServer._registeredTools`: name → registered tool. */
			registry: () => Readonly<Record<string, RegisteredToolLike>> | undefined;
	  }
	| { kind: "server"; protocol: object; handlers: HandlerMap };

function isObject(value: unknown): value is Record<PropertyKey, unknown> {
	return (
		(typeof value === "object" || typeof value === "function") && value !== null
	);
}

/** The `_requestHandlers` table of a protocol object, when it has one. */
export function handlerMapOf(protocol: unknown): HandlerMap | undefined {
	if (!isObject(protocol)) return undefined;
	const map = protocol._requestHandlers;
	if (
		isObject(map) &&
		typeof map.get === "function" &&
		typeof map.has === "function" &&
		typeof map.set === "function"
	) {
		return map as unknown as HandlerMap;
	}
	return undefined;
}

/**
 * Tells an `McpServer` (1.x or 2.x) from a low-level `Server`, by shape only.
 *
 * @param value - anything
 * @returns what was found, or `undefined` when `value` is neither
 */
export function detectServer(value: unknown): DetectedServer | undefined {
	if (!isObject(value)) return undefined;
	if (typeof value.registerTool === "function" && isObject(value.server)) {
		const protocol = value.server;
		const handlers = handlerMapOf(protocol);
		if (handlers === undefined) return undefined;
		const registry = (): Record<string, RegisteredToolLike> | undefined => {
			const tools = value._registeredTools;
			return isObject(tools)
				? (tools as Record<string, RegisteredToolLike>)
				: undefined;
		};
		return { kind: "mcp-server", protocol, handlers, registry };
	}
	if (typeof value.setRequestHandler === "function") {
		const handlers = handlerMapOf(value);
		if (handlers === undefined) return undefined;
		return { kind: "server", protocol: value, handlers };
	}
	return undefined;
}

/**
 * Tells whether a value has the methods of an SDK `Client` that {@link wrapClient} replaces.
 *
 * @param value - anything
 * @returns `true` when `listTools` and `callTool` are functions
 */
export function isClientLike(
	value: unknown,
): value is Record<PropertyKey, unknown> {
	return (
		isObject(value) &&
		typeof value.listTools === "function" &&
		typeof value.callTool === "function"
	);
}
