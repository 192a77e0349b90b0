/**
 * Structural detection of the SDK objects the adapters wrap, by shape only (the private
 * members it reads are those of `_sdk-internals.ts`): nothing here imports an SDK or uses
 * `instanceof`, so copies of the SDK bundled twice are recognised as well.
 */

import { invalidArgument, readArgument } from "../../core/guards.js";
import { McpToolNamesError } from "../../index.js";
import {
	type HandlerMap,
	handlerMapOf,
	isIntercepted,
	type RegisteredToolLike,
	registeredToolsOf,
} from "./_sdk-internals.js";

const SERVER =
	"an McpServer or Server from @modelcontextprotocol/sdk 1.x or @modelcontextprotocol/server 2.x";
const CLIENT =
	"a Client from @modelcontextprotocol/sdk 1.x or @modelcontextprotocol/client 2.x";

/** Set on a client `wrapClient` wrapped, so a second wrap is refused. */
export const WRAPPED_CLIENT: unique symbol = Symbol.for(
	"mcp-tool-names.sdk.wrapped-client",
);

/** What {@link detectServer} found. */
type DetectedServer =
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
	// A Client has setRequestHandler too (for the server's requests): its tools are not served.
	if (
		typeof value.setRequestHandler === "function" &&
		!hasClientMethods(value)
	) {
		const handlers = handlerMapOf(value);
		if (handlers === undefined) return undefined;
		return { kind: "server", protocol: value, handlers };
	}
	return undefined;
}

/** Whether a value has the two methods of an SDK `Client` that `wrapClient` replaces. */
function hasClientMethods(value: Record<PropertyKey, unknown>): boolean {
	return (
		typeof value.listTools === "function" &&
		typeof value.callTool === "function"
	);
}

/** A method of an SDK `Client`, as read from the instance. */
export type ClientMethod = (...args: unknown[]) => Promise<unknown>;

/** What {@link detectClient} found: the methods `wrapClient` replaces, read once. */
interface DetectedClient {
	listTools: ClientMethod;
	callTool: ClientMethod;
	/** Whether `wrapClient` wrapped this client already. */
	wrapped: boolean;
}

/**
 * Tells whether a value has the methods of an SDK `Client` that `wrapClient` replaces.
 *
 * @param value - anything
 * @returns its `listTools` and `callTool`, or `undefined` when either is not a function
 */
function detectClient(value: unknown): DetectedClient | undefined {
	if (!isObject(value)) return undefined;
	const { listTools, callTool } = value;
	if (typeof listTools !== "function" || typeof callTool !== "function")
		return undefined;
	return {
		listTools: listTools as ClientMethod,
		callTool: callTool as ClientMethod,
		wrapped: value[WRAPPED_CLIENT] === true,
	};
}

/**
 * The server argument of a wrapper, detected once where it enters, with whether it was
 * wrapped already.
 *
 * @throws McpToolNamesError `invalid-argument` for anything but an SDK server, a value whose
 * properties throw when read included
 */
export function serverArgument(
	fn: string,
	value: unknown,
): DetectedServer & { wrapped: boolean } {
	const detected = readArgument(
		fn,
		"server",
		value,
		() => {
			const found = detectServer(value);
			return found && { ...found, wrapped: isIntercepted(found.handlers) };
		},
		SERVER,
	);
	if (detected === undefined) {
		if (readArgument(fn, "server", value, () => isClient(value)))
			throw misplaced(fn, "server", SERVER, "a Client", "wrapClient");
		throw invalidArgument(
			fn,
			"server",
			isObject(value) ? `${SERVER} (with its request-handler table)` : SERVER,
			value,
		);
	}
	return detected;
}

/**
 * The client argument of a wrapper, detected once where it enters.
 *
 * @throws McpToolNamesError `invalid-argument` for anything but an SDK client, a value whose
 * properties throw when read included
 */
export function clientArgument(fn: string, value: unknown): DetectedClient {
	const detected = readArgument(
		fn,
		"client",
		value,
		() => detectClient(value),
		CLIENT,
	);
	if (detected === undefined) {
		const server = readArgument(fn, "client", value, () => detectServer(value));
		if (server !== undefined) {
			const found = server.kind === "mcp-server" ? "an McpServer" : "a Server";
			throw misplaced(fn, "client", CLIENT, found, "wrapServer");
		}
		throw invalidArgument(
			fn,
			"client",
			isObject(value) ? `${CLIENT} (with listTools and callTool)` : CLIENT,
			value,
		);
	}
	return detected;
}

/** Whether a value is an SDK `Client` by shape (it serves no tools of its own). */
function isClient(value: unknown): boolean {
	return isObject(value) && hasClientMethods(value);
}

/**
 * The error for one side's SDK object passed where the other belongs (a `Client` to
 * `wrapServer`): it names what was passed and the wrapper that takes it.
 */
function misplaced(
	fn: string,
	argument: string,
	expected: string,
	found: string,
	wrapper: string,
): McpToolNamesError {
	return new McpToolNamesError(
		"invalid-argument",
		`${fn} expects ${argument} to be ${expected}, got ${found}: wrap it with ${wrapper}`,
	);
}
