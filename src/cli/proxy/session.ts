// One proxy session between one client and one upstream: the message path both ways, the
// client's `initialize` watched, the requests still unanswered, and what is answered instead
// of a message the session cannot process. Which tool a call means is decided by the routing
// (routing.ts, on the library's WireRewriter), never here.

import {
	OrderedQueue,
	type StoreFailure,
} from "../../adapters/jsonrpc/message.js";
import {
	INTERNAL_ERROR,
	INVALID_REQUEST,
	idsOf,
	isId,
	type MessageId,
	PARSE_ERROR,
	SERVER_ERROR,
} from "../../adapters/jsonrpc-base.js";
import { isRecord } from "../../core/guards.js";
import {
	errorLine,
	type Frame,
	isBlank,
	isInitialize,
	isMethod,
	lengthWithoutLineEnd,
	parse,
	rewriteFrame,
	startsListing,
	storeErrorOf,
} from "./_messages.js";
import type { ProxyLogger } from "./log.js";
import { OwnListing } from "./own-listing.js";
import type { ProxyRouting } from "./routing.js";

/** Options of a {@link ProxySession}. */
interface ProxySessionOptions {
	routing: ProxyRouting;
	log: ProxyLogger;
	/** Bound of the upstream's `initialize` answer and of the priming listing. */
	timeoutMs: number;
	/** Bound of a silent start, before `timeoutMs` starts at the upstream's first output. */
	startTimeoutMs?: number;
	/** Writes a frame to the upstream server. */
	toUpstream(frame: Frame): void;
	/** Writes a frame to the client. */
	toClient(frame: Frame): void;
	/** A listing of the upstream's tools was learnt (save the snapshot). */
	onCatalog?(): void;
	/** The session cannot go on (the upstream never answered `initialize`). */
	onFatal?(reason: string): void;
}

/**
 * The proxy between one client and one upstream, independent of how either is connected:
 * frames in, frames out. Client messages go through the routing policy on their way up
 * (`tools/call` names decoded, near misses corrected as the policy allows), upstream
 * messages on their way down (`tools/list` results and `instructions` in wire names). A
 * message the policy returns unchanged goes on as the bytes that came in; a message the
 * proxy cannot process never goes up with an undecoded name: the client gets an error.
 *
 * At start (after the client's `notifications/initialized`) the session lists the
 * upstream's tools itself, with ids of its own and through every page, and holds the
 * client's messages until that listing is in (bounded by `timeoutMs`), so a `tools/call`
 * sent without a list first still routes. `notifications/tools/list_changed` lists again.
 * With a store, a message may wait for it (a claim of new names, a read of a called name
 * nobody here knows), each direction in order; one it could not make ready gets an error.
 */
export class ProxySession {
	readonly #options: ProxySessionOptions;
	readonly #pending = new PendingRequests();
	readonly #fromClient = new OrderedQueue();
	readonly #fromUpstream = new OrderedQueue();
	readonly #listing: OwnListing;
	readonly #initialize: InitializeWatch;
	#closed = false;

	constructor(options: ProxySessionOptions) {
		this.#options = options;
		this.#listing = new OwnListing({
			routing: () => this.#options.routing,
			log: options.log,
			send: (bytes, message) => this.#options.toUpstream({ bytes, message }),
			timeoutMs: options.timeoutMs,
			onDone: () => this.#options.onCatalog?.(),
			release: (held) => {
				for (const frame of held) this.fromClientMessage(frame);
			},
		});
		this.#initialize = new InitializeWatch({
			routing: () => this.#options.routing,
			timeoutMs: options.timeoutMs,
			...(options.startTimeoutMs === undefined
				? {}
				: { startTimeoutMs: options.startTimeoutMs }),
			toClient: (frame) => this.#options.toClient(frame),
			onTimeout: (id, reason) => {
				this.#pending.settle(id);
				this.#options.onFatal?.(reason);
			},
		});
	}

	/** Whether the first listing of the upstream's tools is in. */
	get primed(): boolean {
		return this.#listing.primed;
	}

	/** Whether the client's `initialize` went up, and whether the upstream answered it. */
	get initialize(): { sent: boolean; answered: boolean } {
		return this.#initialize;
	}

	/** A line (or HTTP body) from the client. */
	fromClient(bytes: Buffer): void {
		if (this.#closed) return;
		const parsed = parse(bytes);
		if (parsed === undefined) {
			if (isBlank(bytes)) return;
			logMalformed(this.#options.log, "client", bytes);
			this.#options.toClient(
				errorLine(null, PARSE_ERROR, "Parse error: not a JSON-RPC message"),
			);
			return;
		}
		this.fromClientMessage({ bytes, message: parsed.value });
	}

	/** A parsed message from the client (the HTTP side parses bodies itself). */
	fromClientMessage(frame: Frame): void {
		if (this.#closed) return;
		const { message } = frame;
		if (this.#listing.hold(frame)) return;
		if (
			!this.#listing.primed &&
			!this.#listing.active &&
			this.#initialize.toolsCapable &&
			startsListing(message)
		) {
			// A client that skips notifications/initialized: list before its first request.
			this.#listing.start(true);
			this.#listing.hold(frame);
			return;
		}
		this.#fromClient.run(
			this.#options.routing.prepare(message, "client"),
			(failure) => this.#forwardClient(frame, failure),
		);
	}

	/**
	 * A line from the upstream (or one message of an HTTP response or event stream).
	 *
	 * @param bytes - the message as it came
	 * @param related - the client request it belongs to, when the upstream tells (the request
	 * on whose HTTP response stream it came); it then reaches the client on that request's stream
	 */
	fromUpstream(bytes: Buffer, related?: MessageId): void {
		if (this.#closed) return;
		this.#initialize.upstreamSpoke();
		const parsed = parse(bytes);
		if (parsed === undefined) {
			if (!isBlank(bytes)) logMalformed(this.#options.log, "upstream", bytes);
			return;
		}
		this.fromUpstreamMessage({
			bytes,
			message: parsed.value,
			...(related === undefined ? {} : { related }),
		});
	}

	/** A parsed message from the upstream. */
	fromUpstreamMessage(frame: Frame): void {
		if (this.#closed) return;
		this.#fromUpstream.run(
			this.#options.routing.prepare(frame.message, "server"),
			(failure) => this.#forwardUpstream(frame, failure),
		);
	}

	/**
	 * The upstream is gone: every client request it did not answer gets an error, so no
	 * client waits for ever.
	 *
	 * @param reason - one sentence, e.g. "the server exited with code 1"
	 */
	upstreamGone(reason: string): void {
		const held = this.#listing
			.drop()
			.flatMap((frame) => idsOf(frame.message, "requests"));
		for (const error of this.#pending.fail(reason, held))
			this.#options.toClient(error);
		this.close();
	}

	/** The upstream wrote on stderr: it has started (see `startTimeoutMs`). */
	upstreamSpoke(): void {
		this.#initialize.upstreamSpoke();
	}

	/** Stops every timer; later frames are ignored. */
	close(): void {
		this.#closed = true;
		this.#initialize.close();
		this.#listing.drop();
	}

	/** A client line too long to read: answered with an error (its id cannot be known). */
	refuseClientLine(): void {
		this.#options.toClient(
			errorLine(
				null,
				INVALID_REQUEST,
				"Request too large for mcp-tool-names to process",
			),
		);
	}

	#forwardClient(frame: Frame, failure: StoreFailure | undefined): void {
		const { message } = frame;
		if (this.#closed) {
			// It waited for the store while the upstream went away.
			if (this.#pending.gone !== undefined)
				for (const id of idsOf(message, "requests"))
					this.#options.toClient(this.#pending.closed(id));
			return;
		}
		if (failure !== undefined) {
			refuseForStore(this.#options, message, true, failure);
			return;
		}
		const out = rewriteFrame(
			frame,
			message,
			this.#options.routing.clientToServer,
		);
		if (out === undefined) {
			// Fail closed: a call whose name could not be processed never goes up undecoded.
			refuse(
				this.#options,
				message,
				true,
				INVALID_REQUEST,
				"Could not process a message from the client; answered it with an error instead of passing it on",
				"mcp-tool-names could not process this request",
			);
			return;
		}
		for (const id of idsOf(out.message, "requests")) {
			this.#pending.add(id);
			if (isInitialize(out.message, id)) this.#initialize.watch(id);
		}
		this.#options.toUpstream(out);
		if (isMethod(message, "notifications/initialized")) {
			if (this.#initialize.toolsCapable && !this.#listing.primed)
				this.#listing.start(true);
		}
	}

	#forwardUpstream(frame: Frame, failure: StoreFailure | undefined): void {
		if (this.#closed) return;
		let { message } = frame;
		/** Part of a batch was the proxy's own: the rest must be written anew. */
		let trimmed = false;
		if (Array.isArray(message)) {
			const kept = message.filter(
				(element) => !this.#takeOwn(element, failure),
			);
			if (kept.length === 0) return;
			// A batch of the server's own keeps its bytes; `kept` is a copy even when whole.
			trimmed = kept.length !== message.length;
			if (trimmed) message = kept;
		} else if (this.#takeOwn(message, failure)) {
			return;
		}
		for (const element of Array.isArray(message) ? message : [message])
			this.#settle(element);
		if (failure !== undefined) {
			refuseForStore(this.#options, message, false, failure);
			return;
		}
		const out = rewriteFrame(
			frame,
			message,
			(m: unknown) =>
				this.#initialize.rewriteInstructions(
					this.#options.routing.serverToClient(m),
				),
			trimmed,
		);
		if (out === undefined) {
			refuse(
				this.#options,
				message,
				false,
				INTERNAL_ERROR,
				"Could not rewrite a message from the server; answered the client with an error instead",
				"mcp-tool-names could not rewrite the server's answer",
			);
			return;
		}
		this.#options.toClient(out);
		if (
			!Array.isArray(message) &&
			isMethod(message, "notifications/tools/list_changed") &&
			this.#initialize.toolsCapable
		) {
			this.#listing.start();
		}
	}

	/** Consumes an answer to the proxy's own listing; `false` for every other message. */
	#takeOwn(message: unknown, failure: StoreFailure | undefined): boolean {
		if (!this.#listing.owns(message)) return false;
		this.#listing.take(message as Record<string, unknown>, failure);
		return true;
	}

	/** Clears a request the upstream answered; reads the answer to `initialize`. */
	#settle(message: unknown): void {
		if (!isRecord(message) || typeof message.method === "string") return;
		if (!isId(message.id)) return;
		this.#pending.settle(message.id);
		this.#initialize.settle(message);
	}
}

// The client's `initialize` as the proxy sees it: bounded in time, its answer read for the
// server's tools capability and name, and its `instructions` put in wire names.

/** What an {@link InitializeWatch} needs from its session. */
interface InitializeWatchOptions {
	routing(): ProxyRouting;
	timeoutMs: number;
	/**
	 * When given, the upstream may write nothing at all for this long (an `npx -y` download)
	 * before `timeoutMs` starts at its first output; see {@link InitializeWatch.upstreamSpoke}.
	 */
	startTimeoutMs?: number;
	toClient(frame: Frame): void;
	/** The upstream never answered request `id` in time (the client got an error for it). */
	onTimeout(id: MessageId, reason: string): void;
}

/** Tracks one session's `initialize`. */
class InitializeWatch {
	readonly #options: InitializeWatchOptions;
	#id: MessageId | undefined;
	#timer: ReturnType<typeof setTimeout> | undefined;
	#answered = false;
	#toolsCapable = false;
	#spoke: boolean;

	constructor(options: InitializeWatchOptions) {
		this.#options = options;
		this.#spoke = options.startTimeoutMs === undefined;
	}

	/** The upstream wrote something (stdout or stderr): the bound of `timeoutMs` starts now. */
	upstreamSpoke(): void {
		if (this.#spoke) return;
		this.#spoke = true;
		if (this.#id !== undefined && !this.#answered) {
			clearTimeout(this.#timer);
			this.#arm(this.#id);
		}
	}

	/** Whether the client's `initialize` went up. */
	get sent(): boolean {
		return this.#id !== undefined;
	}

	/** Whether the upstream answered it. */
	get answered(): boolean {
		return this.#answered;
	}

	/** Whether the answer declared the tools capability. */
	get toolsCapable(): boolean {
		return this.#toolsCapable;
	}

	/** The client's `initialize` (request `id`) went up: the upstream has `timeoutMs`. */
	watch(id: MessageId): void {
		if (this.#id !== undefined) return;
		this.#id = id;
		this.#arm(id);
	}

	#arm(id: MessageId): void {
		const silent = !this.#spoke;
		const ms = silent
			? (this.#options.startTimeoutMs ?? this.#options.timeoutMs)
			: this.#options.timeoutMs;
		this.#timer = setTimeout(() => {
			const reason = silent
				? `The MCP server wrote nothing within ${ms} ms of starting; raise --start-timeout if it is still downloading (npx -y, uvx)`
				: `The MCP server did not answer initialize within ${ms} ms; raise --timeout if it is slow to start`;
			this.#options.toClient(errorLine(id, SERVER_ERROR, reason));
			this.#options.onTimeout(id, reason);
		}, ms);
	}

	/** Reads an answer from the upstream, if it is the one to `initialize`. */
	settle(message: Record<string, unknown>): void {
		if (message.id !== this.#id || this.#id === undefined || this.#answered)
			return;
		clearTimeout(this.#timer);
		this.#answered = true;
		const result = message.result;
		if (!isRecord(result)) return;
		this.#toolsCapable =
			isRecord(result.capabilities) && isRecord(result.capabilities.tools);
		const info = result.serverInfo;
		if (isRecord(info) && typeof info.name === "string")
			this.#options.routing().learnServer(info.name);
	}

	/** The answer to `initialize` with its `instructions` in wire names; else `message`. */
	rewriteInstructions(message: unknown): unknown {
		if (
			!isRecord(message) ||
			message.id !== this.#id ||
			message.id === undefined ||
			!isRecord(message.result) ||
			typeof message.result.instructions !== "string"
		) {
			return message;
		}
		const { result } = message;
		const instructions = this.#options
			.routing()
			.codec.rewriteText(result.instructions as string);
		return instructions === result.instructions
			? message
			: { ...message, result: { ...result, instructions } };
	}

	/** Stops the timer. */
	close(): void {
		clearTimeout(this.#timer);
	}
}

// The client requests a session sent upstream and not yet answered: when the upstream goes
// away, each gets an error, so no client waits for ever.

/** Most requests remembered; the oldest is forgotten beyond it. */
const MAX_PENDING = 100_000;

/** A session's unanswered requests. */
class PendingRequests {
	readonly #ids = new Map<MessageId, true>();
	#gone: string | undefined;

	/** Why the upstream went away, once it has. */
	get gone(): string | undefined {
		return this.#gone;
	}

	/** A request went up. */
	add(id: MessageId): void {
		if (this.#ids.size >= MAX_PENDING) {
			const oldest = this.#ids.keys().next();
			if (oldest.done !== true) this.#ids.delete(oldest.value);
		}
		this.#ids.set(id, true);
	}

	/** The upstream answered it (or it was answered otherwise). */
	settle(id: MessageId): void {
		this.#ids.delete(id);
	}

	/**
	 * The upstream is gone: error answers for every request pending and for `more` (requests
	 * that never went up).
	 */
	fail(reason: string, more: readonly MessageId[]): Frame[] {
		this.#gone = reason;
		for (const id of more) this.#ids.set(id, true);
		const frames = [...this.#ids.keys()].map((id) => this.closed(id));
		this.#ids.clear();
		return frames;
	}

	/** The error answer for a request the gone upstream will never answer. */
	closed(id: MessageId): Frame {
		return errorLine(id, SERVER_ERROR, `MCP server closed: ${this.#gone}`);
	}
}

// Fail closed: what the session answers instead of passing a message on that it could not
// process, so no call goes up with an undecoded name and nobody waits for ever.

/** Where refusals go. */
interface RefusalSinks {
	log: ProxyLogger;
	toClient(frame: Frame): void;
	toUpstream(frame: Frame): void;
}

/**
 * Logs a message that could not be processed and answers each request in it (the client's
 * when `requests`, else the server's answers' ids) with `code`, instead of passing it on.
 */
function refuse(
	sinks: RefusalSinks,
	message: unknown,
	requests: boolean,
	code: number,
	logged: string,
	reply: string,
): void {
	sinks.log({ event: "malformed", message: logged });
	for (const id of idsOf(message, requests ? "requests" : "responses"))
		sinks.toClient(errorLine(id, code, reply));
}

/**
 * The store could not make a message ready (a claim for new names, a read for a name nobody
 * here knows): its requests (or the answers it carries) become errors for the client, typed
 * by `data.code` (`store-unavailable`, `profile-mismatch`, `assignment-conflict`), and the
 * server's own requests in it are answered upstream.
 */
export function refuseForStore(
	sinks: RefusalSinks,
	message: unknown,
	fromClient: boolean,
	failure: StoreFailure,
): void {
	const { code, message: reason } = storeErrorOf(failure.error);
	const what = fromClient
		? `route this request without the shared name store: ${reason}`
		: `give the server's answer wire names without the shared name store: ${reason}`;
	// The log line has its own [mcp-tool-names] prefix; the client's error names the proxy.
	const text = `mcp-tool-names cannot ${what}`;
	sinks.log({ event: "store", message: `Cannot ${what}`, code });
	for (const id of idsOf(message, fromClient ? "requests" : "responses"))
		sinks.toClient(errorLine(id, INTERNAL_ERROR, text, { code }));
	if (fromClient) return;
	for (const id of idsOf(message, "requests"))
		sinks.toUpstream(errorLine(id, INTERNAL_ERROR, text, { code }));
}

/** Logs a line that is not JSON. */
function logMalformed(
	log: ProxyLogger,
	side: "client" | "upstream",
	bytes: Buffer,
): void {
	const sample = bytes.subarray(0, 80).toString("utf8").trim();
	// A stdio line comes with its line end: its length is the line's own.
	const length = lengthWithoutLineEnd(bytes);
	log({
		event: "malformed",
		side,
		message: `${side === "client" ? "The client" : "The MCP server"} sent a line that is not JSON (${length} bytes: ${JSON.stringify(sample)}); ${side === "client" ? "answered with a parse error" : "dropped it"}`,
	});
}
