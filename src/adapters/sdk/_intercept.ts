import type { HandlerMap } from "./detect.js";

/** A stored SDK request handler: the raw JSON-RPC request and the SDK's extra/context. */
export type RequestHandler = (
	request: unknown,
	extra: unknown,
) => Promise<unknown>;

/** Builds the handler the SDK dispatches to from the one it registered. */
export type HandlerWrapper = (original: RequestHandler) => RequestHandler;

const WRAPPED = Symbol.for("mcp-tool-names.sdk.wrapped");

/** Tells whether a handler table was already intercepted. */
export function isIntercepted(handlers: HandlerMap): boolean {
	return (handlers as { [WRAPPED]?: unknown })[WRAPPED] === true;
}

/**
 * Intercepts the handlers of some methods in an SDK handler table: every lookup of such a
 * method returns a wrapper around whatever handler is stored at that moment. Handlers are
 * registered lazily (`McpServer` installs `tools/*` on the first `registerTool`) and may be
 * replaced at any time, so the lookup, not the registration, is the one place every
 * request passes through, whatever the transport (a stateless HTTP server connects a new
 * transport per request; the handler table stays).
 *
 * @returns a lookup of the stored, unwrapped handler
 */
export function interceptHandlers(
	handlers: HandlerMap,
	wrappers: ReadonlyMap<string, HandlerWrapper>,
): (method: string) => RequestHandler | undefined {
	const get = handlers.get;
	const original = (method: string): RequestHandler | undefined => {
		const handler: unknown = get.call(handlers, method);
		return typeof handler === "function"
			? (handler as RequestHandler)
			: undefined;
	};
	const cache = new WeakMap<RequestHandler, RequestHandler>();
	Object.defineProperty(handlers, "get", {
		configurable: true,
		writable: true,
		value(method: string): unknown {
			const handler = original(method);
			const wrap = wrappers.get(method);
			if (handler === undefined || wrap === undefined)
				return get.call(handlers, method);
			let wrapped = cache.get(handler);
			if (wrapped === undefined) {
				wrapped = wrap(handler);
				cache.set(handler, wrapped);
			}
			return wrapped;
		},
	});
	Object.defineProperty(handlers, WRAPPED, { value: true });
	return original;
}
