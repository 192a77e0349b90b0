import {
	checkOptions,
	describeValue,
	invalidOption,
	readArgument,
} from "../../core/guards.js";
import { McpToolNamesError } from "../../index.js";
import { idsOf } from "../jsonrpc-base.js";
import { errorResponse, reasonOf } from "./_fail-closed.js";
import { OrderedQueue, type StoreFailure } from "./message.js";
import {
	REWRITER_OPTION_KEYS,
	type WireRewriterOptions,
} from "./rewriter/options.js";
import { WireRewriter } from "./rewriter/rewriter.js";

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
	/**
	 * A rewriter of your own, to prime (`prime(tools)`) or snapshot (`toJSON()`) while the
	 * transport runs; the other rewriter options then stay unset.
	 */
	rewriter?: WireRewriter;
}

type Callable = (this: unknown, ...args: unknown[]) => unknown;

const FN = "wrapTransport";

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
	checkTransport(transport);
	const { side, rewriter } = rewriterOf(options);
	const target = transport as unknown as Record<PropertyKey, unknown>;
	return relayProxy(
		target,
		new TransportRelay(target, rewriter, side),
	) as unknown as T;
}

function checkTransport(transport: unknown): void {
	if (
		(typeof transport !== "object" && typeof transport !== "function") ||
		transport === null ||
		readArgument(
			FN,
			"transport",
			transport,
			() => typeof (transport as { send?: unknown }).send,
		) !== "function"
	) {
		throw new McpToolNamesError(
			"invalid-argument",
			`wrapTransport expects a transport with a send method, got ${describeValue(transport)}`,
		);
	}
}

/** The side, and the rewriter given or made from the options. */
function rewriterOf(options: WrapTransportOptions): {
	side: "server" | "client";
	rewriter: WireRewriter;
} {
	if (typeof options !== "object" || options === null) {
		throw new McpToolNamesError(
			"invalid-option",
			`wrapTransport options must be an object with a side, got ${describeValue(options)}`,
		);
	}
	const {
		side,
		rewriter: given,
		...rewriterOptions
	} = checkOptions(FN, options, [...REWRITER_OPTION_KEYS, "side", "rewriter"]);
	if (side !== "server" && side !== "client") {
		throw invalidOption(FN, "side", '"server" or "client"', side);
	}
	if (given === undefined)
		return { side, rewriter: new WireRewriter(rewriterOptions) };
	if (!(given instanceof WireRewriter))
		throw invalidOption(FN, "rewriter", "a WireRewriter", given);
	if (Object.values(rewriterOptions).some((v) => v !== undefined)) {
		throw new McpToolNamesError(
			"invalid-option",
			`${FN} options rewriter and ${Object.keys(rewriterOptions).join(", ")} cannot be combined: set them on the rewriter you pass instead`,
		);
	}
	return { side, rewriter: given };
}

/**
 * What a wrapped transport does with messages: rewrites those it receives before the
 * handler the SDK installed sees them, and those sent before the transport sends them, each
 * direction in the order it came, failing closed.
 */
class TransportRelay {
	readonly #target: Record<PropertyKey, unknown>;
	readonly #rewriter: WireRewriter;
	readonly #inbound: (message: unknown) => unknown;
	readonly #outbound: (message: unknown) => unknown;
	readonly #inboundFrom: "client" | "server";
	readonly #outboundFrom: "client" | "server";
	// With a store, a message may wait for it (claims, read-through); the messages of each
	// direction still go on in the order they came.
	readonly #inboundQueue = new OrderedQueue();
	readonly #outboundQueue = new OrderedQueue();
	/**
	 * The handler the SDK installed through the wrapper; the original transport gets
	 * `receive` instead, and only while there is a handler, so a transport that queues
	 * messages until `onmessage` is set (InMemoryTransport) still does.
	 */
	#downstream: unknown;
	/** The original transport's `onmessage` while a handler is installed. */
	readonly receive: Callable;

	constructor(
		target: Record<PropertyKey, unknown>,
		rewriter: WireRewriter,
		side: "server" | "client",
	) {
		this.#target = target;
		this.#rewriter = rewriter;
		this.#inbound =
			side === "server" ? rewriter.clientToServer : rewriter.serverToClient;
		this.#outbound =
			side === "server" ? rewriter.serverToClient : rewriter.clientToServer;
		this.#inboundFrom = side === "server" ? "client" : "server";
		this.#outboundFrom = side === "server" ? "server" : "client";
		const relay = this;
		// A function, not an arrow: the transport calls it as its method, and that `this`
		// goes on to the handler.
		this.receive = function (this: unknown, message, ...rest) {
			relay.#receive(this, message, rest);
		};
		if (typeof target.onmessage === "function") this.install(target.onmessage);
	}

	/** The handler the SDK installed, as `onmessage` reads through the wrapper. */
	get downstream(): unknown {
		return this.#downstream;
	}

	install(handler: unknown): void {
		this.#downstream = handler;
		this.#target.onmessage =
			typeof handler === "function" ? this.receive : handler;
	}

	readonly send = (message: unknown, ...rest: unknown[]): unknown => {
		const waiting = this.#rewriter.prepare(message, this.#outboundFrom);
		return this.#outboundQueue.run(waiting, (failure) =>
			this.#sendNow(message, rest, failure),
		);
	};

	#receive(self: unknown, message: unknown, rest: unknown[]): void {
		if (typeof this.#downstream !== "function") return;
		const waiting = this.#rewriter.prepare(message, this.#inboundFrom);
		const done = this.#inboundQueue.run(waiting, (failure) =>
			this.#deliver(self, message, rest, failure),
		);
		// Delivered later (after the store answered): a throwing handler is reported, as the
		// transport would report it, rather than left as an unhandled rejection.
		if (done instanceof Promise)
			done.catch((error: unknown) => this.#report(error));
	}

	#deliver(
		self: unknown,
		message: unknown,
		rest: unknown[],
		failure: StoreFailure | undefined,
	): void {
		const downstream = this.#downstream;
		if (typeof downstream !== "function") return;
		let rewritten: unknown;
		try {
			if (failure !== undefined) throw failure.error;
			rewritten = this.#inbound(message);
		} catch (error) {
			// Fail closed: never hand on a message whose names could not be rewritten. The
			// peer's requests get an error back; answers it is waiting for become errors.
			const reason = reasonOf(error);
			const target = this.#target;
			for (const id of idsOf(message, "requests"))
				void Promise.resolve(
					(target.send as Callable).call(target, errorResponse(id, reason)),
				).catch(() => {});
			for (const id of idsOf(message, "responses"))
				(downstream as Callable).call(self, errorResponse(id, reason), ...rest);
			this.#report(error);
			return;
		}
		(downstream as Callable).call(self, rewritten, ...rest);
	}

	#sendNow(
		message: unknown,
		rest: unknown[],
		failure: StoreFailure | undefined,
	): unknown {
		const target = this.#target;
		const original = target.send as Callable;
		let rewritten: unknown;
		try {
			if (failure !== undefined) throw failure.error;
			rewritten = this.#outbound(message);
		} catch (error) {
			// Fail closed: an answer that cannot be rewritten goes out as an error for its id;
			// a request that cannot be rewritten fails its sender.
			const ids = idsOf(message, "responses");
			if (ids.length === 0 || idsOf(message, "requests").length > 0)
				return Promise.reject(asError(error));
			const reason = reasonOf(error);
			const errors = ids.map((id) => errorResponse(id, reason));
			return original.call(
				target,
				Array.isArray(message) ? errors : errors[0],
				...rest,
			);
		}
		return original.call(target, rewritten, ...rest);
	}

	/** To the transport's `onerror`, as the transport reports its own errors. */
	#report(error: unknown): void {
		const onerror = this.#target.onerror;
		if (typeof onerror === "function")
			(onerror as Callable).call(this.#target, asError(error));
	}
}

/**
 * The wrapper: `send` and `onmessage` go through the relay; every other member reads through
 * to the original, its methods bound to it, where a class keeps its private state.
 */
function relayProxy(
	target: Record<PropertyKey, unknown>,
	relay: TransportRelay,
): Record<PropertyKey, unknown> {
	const bound = new WeakMap<Callable, Callable>();
	return new Proxy(target, {
		get(object, key) {
			if (key === "send") return relay.send;
			if (key === "onmessage")
				return object.onmessage === relay.receive
					? relay.downstream
					: object.onmessage;
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
				relay.install(value);
				return true;
			}
			return Reflect.set(object, key, value, object);
		},
	});
}

function asError(error: unknown): Error {
	return error instanceof Error ? error : new Error(String(error));
}
