/**
 * Structural detection of the SDK objects the adapters wrap, by shape only (the private
 * members it reads are those of `_sdk-internals.ts`): nothing here imports an SDK or uses
 * `instanceof`, so copies of the SDK bundled twice are recognised as well.
 */
import {
	type HandlerMap,
	handlerMapOf,
	type RegisteredToolLike,
	registeredToolsOf,
} from "./_sdk-internals.js";

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
		const registry = () => registeredToolsOf(value);
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
