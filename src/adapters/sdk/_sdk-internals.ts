// Every touch of the MCP TypeScript SDK's private members lives here, each with
// the releases it was checked against: @modelcontextprotocol/sdk 1.20.2 (the `sdk-v1-20`
// alias in the tests) and 1.32.2, @modelcontextprotocol/server and /client 2.4.0.
// tests/adapters/sdk/sdk-internals.test.ts fails loudly, per SDK line, when a release moves
// one of them. The rest of the adapter calls these functions and never reaches inside an
// SDK object itself. Nothing here imports an SDK or uses `instanceof`, so two bundled copies
// of an SDK are recognised alike. The SDKs' "Tool X not found" texts are read in
// ../routing/not-found.ts, SDK-free so the jsonrpc layer shares them; the same test checks them.
import { isRecord } from "../../core/guards.js";

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

function isObject(value: unknown): value is Record<PropertyKey, unknown> {
	return (
		(typeof value === "object" || typeof value === "function") && value !== null
	);
}

/**
 * `Protocol._requestHandlers`: a `Map` of method → handler(request, extra). Same name and
 * shape in 1.20.2, 1.32.2 and 2.4.0; `setRequestHandler` writes it and the dispatcher reads
 * it with `get` for every request.
 */
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
 * `McpServer._registeredTools`: a plain object of name → registered tool (1.20.2, 1.32.2,
 * 2.4.0). Its `tools/list` handler answers with the entries whose `enabled` is truthy, in
 * key order, so a catalog read from it equals the listed one.
 */
export function registeredToolsOf(
	server: unknown,
): Readonly<Record<string, RegisteredToolLike>> | undefined {
	if (!isObject(server)) return undefined;
	const tools = server._registeredTools;
	return isObject(tools)
		? (tools as Record<string, RegisteredToolLike>)
		: undefined;
}

/** `RegisteredTool.enabled` (1.20.2, 1.32.2, 2.4.0): a disabled tool is not listed. */
export function isEnabled(tool: unknown): tool is RegisteredToolLike {
	return isObject(tool) && Boolean(tool.enabled);
}

/**
 * Wraps the handlers of some methods in an SDK handler table where they are stored: those
 * there now, and every one stored later through the table's `set` (`McpServer` installs
 * `tools/*` on the first `registerTool`, and handlers may be replaced at any time). The
 * dispatcher's `get` stays the Map's own, so a request pays for the wrapper and nothing
 * else, whatever the transport (a stateless HTTP server connects a new transport per
 * request; the table stays). Checked: 1.20.2, 1.32.2 and 2.4.0 write the table only with
 * `set` and `delete` (`setRequestHandler`, `removeRequestHandler`) and dispatch with
 * `this._requestHandlers.get(request.method)`.
 *
 * @returns a lookup of the stored handler as registered, before wrapping
 */
export function interceptHandlers(
	handlers: HandlerMap,
	wrappers: ReadonlyMap<string, (handler: RequestHandler) => RequestHandler>,
): (method: string) => RequestHandler | undefined {
	const table = handlers as unknown as Map<string, unknown>;
	const set = table.set;
	const remove = table.delete;
	const originals = new Map<string, RequestHandler>();
	const store = (method: string, handler: unknown): unknown => {
		const wrap = wrappers.get(method);
		if (wrap === undefined || typeof handler !== "function") {
			originals.delete(method);
			return handler;
		}
		originals.set(method, handler as RequestHandler);
		return wrap(handler as RequestHandler);
	};
	for (const method of wrappers.keys()) {
		const handler = table.get(method);
		if (handler !== undefined) set.call(table, method, store(method, handler));
	}
	define(table, "set", (method: string, handler: unknown) =>
		set.call(table, method, store(method, handler)),
	);
	define(table, "delete", (method: string) => {
		originals.delete(method);
		return remove.call(table, method);
	});
	Object.defineProperty(table, INTERCEPTED, { value: true });
	return (method) => originals.get(method);
}

/** A stored SDK request handler: the raw JSON-RPC request and the SDK's extra/context. */
export type RequestHandler = (
	request: unknown,
	extra: unknown,
) => Promise<unknown>;

const INTERCEPTED = Symbol.for("mcp-tool-names.sdk.wrapped");

/** Tells whether a handler table was already intercepted. */
export function isIntercepted(handlers: HandlerMap): boolean {
	return (handlers as { [INTERCEPTED]?: unknown })[INTERCEPTED] === true;
}

/**
 * The 2.x `McpServer` (2.4.0) answers two questions about a `tools/call` before dispatch,
 * from the raw request: the HTTP entry reads `toolInputSchemaJson(name)` to check
 * `Mcp-Param-*` headers (SEP-2243), and `resolveScopeChallenge(context)` to answer with an
 * OAuth scope challenge. Both look the name up in `_registeredTools`, so they are overridden
 * on the instance to see the canonical name too; 1.x servers have neither member.
 */
export function decodePreDispatchNames(
	server: object,
	canonicalOf: (name: string) => string,
): void {
	const target = server as Record<string, unknown>;
	const schemaOf = target.toolInputSchemaJson;
	if (typeof schemaOf === "function") {
		define(target, "toolInputSchemaJson", (name: unknown, ...rest: unknown[]) =>
			schemaOf.call(
				server,
				typeof name === "string" ? canonicalOf(name) : name,
				...rest,
			),
		);
	}
	const challenge = target.resolveScopeChallenge;
	if (typeof challenge === "function") {
		define(
			target,
			"resolveScopeChallenge",
			(context: unknown, ...rest: unknown[]) =>
				challenge.call(server, renamedContext(context, canonicalOf), ...rest),
		);
	}
}

function renamedContext(
	context: unknown,
	canonicalOf: (name: string) => string,
): unknown {
	if (!isRecord(context) || !isRecord(context.request)) return context;
	const { request } = context;
	if (request.method !== "tools/call" || !isRecord(request.params))
		return context;
	const { name } = request.params;
	if (typeof name !== "string") return context;
	const canonical = canonicalOf(name);
	if (canonical === name) return context;
	return {
		...context,
		request: { ...request, params: { ...request.params, name: canonical } },
	};
}

/**
 * Puts a method on one instance: writable and configurable like the prototype's, and not
 * enumerable, so the instance still looks and serialises as before.
 */
export function define(target: object, key: string, value: unknown): void {
	Object.defineProperty(target, key, {
		configurable: true,
		writable: true,
		enumerable: false,
		value,
	});
}
