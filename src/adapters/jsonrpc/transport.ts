import { describeValue } from "../../core/_guards.js";
import { McpToolNamesError } from "../../index.js";
import { WireRewriter } from "./rewriter.js";
import type { WireRewriterOptions } from "./rewriter-options.js";

/**
 * The part of an MCP transport {@link wrapTransport} relies on: a `send` method, and an
 * `onmessage` callback the transport calls with each message it receives. The SDK's
 * `Transport` (1.x and 2.x) and every transport class implementing it satisfy it.
 *
 * @example
 * ```ts
 * const transport: MessageTransport = new StdioServerTransport();
 * ```
 */
export interface MessageTransport {
	/** Sends one message to the peer. */
	send(message: never, options?: never): unknown;
	/** Called with each message received from the peer. */
	onmessage?: ((message: never, extra?: never) => void) | undefined;
}

/**
 * Options of {@link wrapTransport}: which side of the connection the transport belongs to,
 * plus everything a {@link WireRewriter} takes.
 *
 * @example
 * ```ts
 * const options: WrapTransportOptions = { side: "server", profile: "gemini" };
 * ```
 */
export interface WrapTransportOptions extends WireRewriterOptions {
	/**
	 * `server`: the transport a server (or a proxy's downstream face) talks through, so what
	 * it receives comes from the client. `client`: the transport a client talks through.
	 */
	side: "server" | "client";
}

type Callable = (this: unknown, ...args: unknown[]) => unknown;

/**
 * Wraps an MCP transport so that everything passing through it is rewritten by a
 * {@link WireRewriter}: the wrapper is what you hand to `connect()`. It is a `Proxy` of the
 * transport, so every other member (`handleRequest`, `sessionId`, `setProtocolVersion`, …)
 * reads through live, `instanceof` still holds, and the original transport keeps working as
 * before; the callbacks the SDK assigns (`onmessage`, `onclose`, `onerror`) reach the
 * original, with `onmessage` seeing rewritten messages.
 *
 * @param transport - any object with the SDK `Transport` shape
 * @param options - the side of the connection, and the rewriter's options
 * @returns a wrapper typed as the transport
 * @throws McpToolNamesError `invalid-argument` when `transport` has no `send` method;
 * `invalid-option` for a bad `side` or rewriter option
 * @example
 * ```ts
 * const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: randomUUID });
 * await server.connect(wrapTransport(transport, { side: "server" }));
 * app.post("/mcp", (req, res) => transport.handleRequest(req, res, req.body));
 * ```
 */
export function wrapTransport<T extends MessageTransport>(
	transport: T,
	options: WrapTransportOptions,
): T {
	if (
		(typeof transport !== "object" && typeof transport !== "function") ||
		transport === null ||
		typeof (transport as { send?: unknown }).send !== "function"
	) {
		throw new McpToolNamesError(
			"invalid-argument",
			`wrapTransport expects a transport with a send method, got ${describeValue(transport)}`,
		);
	}
	if (typeof options !== "object" || options === null) {
		throw new McpToolNamesError(
			"invalid-option",
			`wrapTransport options must be an object with a side, got ${describeValue(options)}`,
		);
	}
	const { side, ...rewriterOptions } = options;
	if (side !== "server" && side !== "client") {
		throw new McpToolNamesError(
			"invalid-option",
			`side must be "server" or "client", got ${describeValue(side)}`,
		);
	}
	const rewriter = new WireRewriter(rewriterOptions);
	const inbound =
		side === "server" ? rewriter.clientToServer : rewriter.serverToClient;
	const outbound =
		side === "server" ? rewriter.serverToClient : rewriter.clientToServer;
	const target = transport as unknown as Record<PropertyKey, unknown>;

	// The handler the SDK installed through the wrapper; the original transport gets
	// `receive` instead, and only while there is a handler, so a transport that queues
	// messages until `onmessage` is set (InMemoryTransport) still does.
	let downstream: unknown;
	function receive(this: unknown, message: unknown, ...rest: unknown[]): void {
		if (typeof downstream === "function")
			(downstream as Callable).call(this, inbound(message), ...rest);
	}
	function install(handler: unknown): void {
		downstream = handler;
		target.onmessage = typeof handler === "function" ? receive : handler;
	}
	if (typeof target.onmessage === "function") install(target.onmessage);

	function send(message: unknown, ...rest: unknown[]): unknown {
		const original = target.send as Callable;
		return original.call(target, outbound(message), ...rest);
	}

	// Methods of a class run against the original, where its private state lives.
	const bound = new WeakMap<Callable, Callable>();
	return new Proxy(target, {
		get(object, key) {
			if (key === "send") return send;
			if (key === "onmessage")
				return object.onmessage === receive ? downstream : object.onmessage;
			const value = Reflect.get(object, key, object);
			if (typeof value !== "function" || Object.hasOwn(object, key))
				return value;
			let method = bound.get(value as Callable);
			if (method === undefined) {
				method = (value as Callable).bind(object) as Callable;
				bound.set(value as Callable, method);
			}
			return method;
		},
		set(object, key, value) {
			if (key === "onmessage") {
				install(value);
				return true;
			}
			return Reflect.set(object, key, value, object);
		},
	}) as unknown as T;
}
