import type { ProxyRouting } from "./_routing.js";
import type { ProxyLogger } from "./log.js";

/** One message on its way: the bytes to write and the message they hold (when parsed). */
export interface Frame {
	/** The exact bytes: the line as it came when unchanged, else the new JSON. */
	bytes: Buffer;
	/** The parsed message or batch. */
	message: unknown;
}

/** Options of a {@link ProxySession}. */
export interface ProxySessionOptions {
	routing: ProxyRouting;
	log: ProxyLogger;
	/** Bound of the upstream's `initialize` answer and of the priming listing. */
	timeoutMs: number;
	/** Writes a frame to the upstream server. */
	toUpstream(frame: Frame): void;
	/** Writes a frame to the client. */
	toClient(frame: Frame): void;
	/** A listing of the upstream's tools was learnt (save the snapshot). */
	onCatalog?(): void;
	/** The session cannot go on (the upstream never answered `initialize`). */
	onFatal?(reason: string): void;
}

type Id = string | number;

const OWN_ID = "mcp-tool-names/list/";
const MAX_PAGES = 10_000;
const MAX_PENDING = 100_000;
const NEWLINE = "\n";
/** JSON-RPC error codes: parse error, invalid request, internal error, connection closed. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const INTERNAL_ERROR = -32603;
const CONNECTION_CLOSED = -32000;

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
 */
export class ProxySession {
	readonly #options: ProxySessionOptions;
	/** Client requests sent upstream and not yet answered: answered with errors if it dies. */
	readonly #pending = new Map<Id, true>();
	#initializeId: Id | undefined;
	#initializeTimer: ReturnType<typeof setTimeout> | undefined;
	#toolsCapable = false;
	#initializeAnswered = false;
	#primed = false;
	/** Client messages held until the first listing is in. */
	#held: Frame[] | undefined;
	#holdTimer: ReturnType<typeof setTimeout> | undefined;
	/** The proxy's own listing in flight: its request id and the cursors seen. */
	#listing: { id: string; pages: number; cursors: Set<string> } | undefined;
	#relist = false;
	#ids = 0;
	#closed = false;

	constructor(options: ProxySessionOptions) {
		this.#options = options;
	}

	/** Whether the first listing of the upstream's tools is in. */
	get primed(): boolean {
		return this.#primed;
	}

	/** A line (or HTTP body) from the client. */
	fromClient(bytes: Buffer): void {
		if (this.#closed) return;
		const parsed = parse(bytes);
		if (parsed === undefined) {
			if (isBlank(bytes)) return;
			this.#malformed("client", bytes);
			this.#replyError(
				null,
				PARSE_ERROR,
				"Parse error: not a JSON-RPC message",
			);
			return;
		}
		this.fromClientMessage({ bytes, message: parsed.value });
	}

	/** A parsed message from the client (the HTTP side parses bodies itself). */
	fromClientMessage(frame: Frame): void {
		if (this.#closed) return;
		const { message } = frame;
		if (this.#held !== undefined && hasMethod(message)) {
			this.#held.push(frame);
			return;
		}
		if (
			!this.#primed &&
			this.#listing === undefined &&
			this.#toolsCapable &&
			startsListing(message)
		) {
			// A client that skips notifications/initialized: list before its first request.
			this.#startListing(true);
			this.#held?.push(frame);
			return;
		}
		this.#forwardClient(frame);
		if (isMethod(message, "notifications/initialized")) {
			if (this.#toolsCapable && !this.#primed) this.#startListing(true);
		}
	}

	/** A line from the upstream (or one message of an HTTP response or event stream). */
	fromUpstream(bytes: Buffer): void {
		if (this.#closed) return;
		const parsed = parse(bytes);
		if (parsed === undefined) {
			if (!isBlank(bytes)) this.#malformed("upstream", bytes);
			return;
		}
		this.fromUpstreamMessage({ bytes, message: parsed.value });
	}

	/** A parsed message from the upstream. */
	fromUpstreamMessage(frame: Frame): void {
		if (this.#closed) return;
		let { message } = frame;
		/** Part of a batch was the proxy's own: the rest must be written anew. */
		let trimmed = false;
		if (Array.isArray(message)) {
			const kept = message.filter((element) => !this.#takeOwn(element));
			if (kept.length === 0) return;
			trimmed = kept.length !== message.length;
			message = kept;
		} else if (this.#takeOwn(message)) {
			return;
		}
		for (const element of Array.isArray(message) ? message : [message])
			this.#settle(element);
		let out: unknown;
		try {
			out = this.#options.routing.serverToClient(message);
			out = this.#rewriteInstructions(out);
		} catch {
			out = undefined;
		}
		const bytes =
			out === frame.message && !trimmed
				? frame.bytes
				: out === undefined
					? undefined
					: serialize(out);
		if (bytes === undefined) {
			this.#refuse(
				message,
				false,
				INTERNAL_ERROR,
				"Could not rewrite a message from the server; answered the client with an error instead",
				"mcp-tool-names could not rewrite the server's answer",
			);
			return;
		}
		this.#options.toClient({ bytes, message: out });
		if (
			!Array.isArray(message) &&
			isMethod(message, "notifications/tools/list_changed") &&
			this.#toolsCapable
		) {
			this.#startListing(false);
		}
	}

	/**
	 * The upstream is gone: every client request it did not answer gets an error, so no
	 * client waits for ever.
	 *
	 * @param reason - one sentence, e.g. "the server exited with code 1"
	 */
	upstreamGone(reason: string): void {
		const held = this.#held ?? [];
		this.#held = undefined;
		for (const frame of held)
			for (const id of requestIdsOf(frame.message, true))
				this.#pending.set(id, true);
		for (const id of this.#pending.keys())
			this.#replyError(id, CONNECTION_CLOSED, `MCP server closed: ${reason}`);
		this.#pending.clear();
		this.close();
	}

	/** Stops every timer; later frames are ignored. */
	close(): void {
		this.#closed = true;
		clearTimeout(this.#initializeTimer);
		clearTimeout(this.#holdTimer);
	}

	/**
	 * Logs a message that could not be processed and answers each request in it (the client's
	 * when `requests`, else the server's answers' ids) with `code`, instead of passing it on.
	 */
	#refuse(
		message: unknown,
		requests: boolean,
		code: number,
		logged: string,
		reply: string,
	): void {
		this.#options.log({ event: "malformed", message: logged });
		for (const id of requestIdsOf(message, requests))
			this.#replyError(id, code, reply);
	}

	#forwardClient(frame: Frame): void {
		const { message } = frame;
		let out: unknown;
		try {
			out = this.#options.routing.clientToServer(message);
		} catch {
			out = undefined;
		}
		const bytes =
			out === message
				? frame.bytes
				: out === undefined
					? undefined
					: serialize(out);
		if (bytes === undefined) {
			// Fail closed: a call whose name could not be processed never goes up undecoded.
			this.#refuse(
				message,
				true,
				INVALID_REQUEST,
				"Could not process a message from the client; answered it with an error instead of passing it on",
				"mcp-tool-names could not process this request",
			);
			return;
		}
		for (const id of requestIdsOf(out, true)) {
			if (this.#pending.size >= MAX_PENDING) {
				const oldest = this.#pending.keys().next();
				if (oldest.done !== true) this.#pending.delete(oldest.value);
			}
			this.#pending.set(id, true);
			if (this.#initializeId === undefined && isInitialize(out, id)) {
				this.#watchInitialize(id);
			}
		}
		this.#options.toUpstream({ bytes, message: out });
	}

	#watchInitialize(id: Id): void {
		this.#initializeId = id;
		this.#initializeTimer = setTimeout(() => {
			const reason = `The MCP server did not answer initialize within ${this.#options.timeoutMs} ms; raise --timeout if it is slow to start`;
			this.#replyError(id, CONNECTION_CLOSED, reason);
			this.#pending.delete(id);
			this.#options.onFatal?.(reason);
		}, this.#options.timeoutMs);
	}

	/** Clears a request the upstream answered; reads the answer to `initialize`. */
	#settle(message: unknown): void {
		if (!isRecord(message) || typeof message.method === "string") return;
		const id = message.id;
		if (!isId(id)) return;
		this.#pending.delete(id);
		if (id !== this.#initializeId) return;
		clearTimeout(this.#initializeTimer);
		this.#initializeAnswered = true;
		const result = message.result;
		this.#toolsCapable =
			isRecord(result) &&
			isRecord(result.capabilities) &&
			isRecord(result.capabilities.tools);
	}

	#rewriteInstructions(message: unknown): unknown {
		if (
			!isRecord(message) ||
			message.id !== this.#initializeId ||
			message.id === undefined ||
			!isRecord(message.result) ||
			typeof message.result.instructions !== "string"
		) {
			return message;
		}
		const { result } = message;
		const instructions = this.#options.routing.codec.rewriteText(
			result.instructions as string,
		);
		return instructions === result.instructions
			? message
			: { ...message, result: { ...result, instructions } };
	}

	#startListing(hold: boolean): void {
		if (this.#listing !== undefined) {
			this.#relist = true;
			return;
		}
		if (hold && !this.#primed && this.#held === undefined) {
			this.#held = [];
			this.#holdTimer = setTimeout(() => {
				this.#options.log({
					event: "timeout",
					message: `The MCP server did not list its tools within ${this.#options.timeoutMs} ms; passing calls on with the names known so far`,
				});
				this.#release();
			}, this.#options.timeoutMs);
		}
		this.#listing = { id: "", pages: 0, cursors: new Set() };
		this.#requestPage(undefined);
	}

	#requestPage(cursor: string | undefined): void {
		const listing = this.#listing;
		if (listing === undefined) return;
		listing.id = `${OWN_ID}${++this.#ids}`;
		listing.pages++;
		const request = {
			jsonrpc: "2.0",
			id: listing.id,
			method: "tools/list",
			...(cursor === undefined ? {} : { params: { cursor } }),
		};
		const out = this.#options.routing.clientToServer(request);
		this.#options.toUpstream({
			bytes: Buffer.from(JSON.stringify(out) + NEWLINE),
			message: out,
		});
	}

	/** Consumes an answer to the proxy's own listing; `false` for every other message. */
	#takeOwn(message: unknown): boolean {
		const listing = this.#listing;
		if (
			listing === undefined ||
			!isRecord(message) ||
			message.id !== listing.id
		)
			return false;
		if ("method" in message) return false;
		try {
			this.#options.routing.serverToClient(message);
		} catch {
			// Learning failed: the catalog stays as it was.
		}
		const result = message.result;
		const cursor =
			isRecord(result) && typeof result.nextCursor === "string"
				? result.nextCursor
				: undefined;
		if (!isRecord(result)) {
			this.#options.log({
				event: "upstream-error",
				message: `The MCP server answered the proxy's tools/list with an error: ${errorText(message.error)}`,
			});
		}
		if (
			cursor !== undefined &&
			cursor !== "" &&
			!listing.cursors.has(cursor) &&
			listing.pages < MAX_PAGES
		) {
			listing.cursors.add(cursor);
			this.#requestPage(cursor);
			return true;
		}
		this.#listing = undefined;
		this.#options.onCatalog?.();
		if (!this.#primed) this.#release();
		if (this.#relist) {
			this.#relist = false;
			this.#startListing(false);
		}
		return true;
	}

	#release(): void {
		this.#primed = true;
		clearTimeout(this.#holdTimer);
		const held = this.#held ?? [];
		this.#held = undefined;
		for (const frame of held) this.fromClientMessage(frame);
	}

	#malformed(side: "client" | "upstream", bytes: Buffer): void {
		const sample = bytes.subarray(0, 80).toString("utf8").trim();
		this.#options.log({
			event: "malformed",
			side,
			message: `${side === "client" ? "The client" : "The MCP server"} sent a line that is not JSON (${bytes.length} bytes: ${JSON.stringify(sample)}); ${side === "client" ? "answered with a parse error" : "dropped it"}`,
		});
	}

	#replyError(id: Id | null, code: number, message: string): void {
		const reply = { jsonrpc: "2.0", id, error: { code, message } };
		this.#options.toClient({
			bytes: Buffer.from(JSON.stringify(reply) + NEWLINE),
			message: reply,
		});
	}

	/** Whether the client's `initialize` went up. */
	get initializeSent(): boolean {
		return this.#initializeId !== undefined;
	}

	/** Whether the upstream answered the client's `initialize`. */
	get initializeAnswered(): boolean {
		return this.#initializeAnswered;
	}

	/** A client line too long to read: answered with an error (its id cannot be known). */
	refuseClientLine(): void {
		this.#replyError(
			null,
			INVALID_REQUEST,
			"Request too large for mcp-tool-names to process",
		);
	}
}

function parse(bytes: Buffer): { value: unknown } | undefined {
	try {
		return { value: JSON.parse(bytes.toString("utf8")) };
	} catch {
		return undefined;
	}
}

function serialize(message: unknown): Buffer | undefined {
	try {
		return Buffer.from(JSON.stringify(message) + NEWLINE);
	} catch {
		return undefined;
	}
}

function isBlank(bytes: Buffer): boolean {
	for (const byte of bytes)
		if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d)
			return false;
	return true;
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isId(value: unknown): value is Id {
	return typeof value === "string" || typeof value === "number";
}

function isMethod(message: unknown, method: string): boolean {
	return isRecord(message) && message.method === method;
}

function hasMethod(message: unknown): boolean {
	if (Array.isArray(message)) return message.some(hasMethod);
	return isRecord(message) && typeof message.method === "string";
}

function startsListing(message: unknown): boolean {
	if (Array.isArray(message)) return message.some(startsListing);
	return (
		isRecord(message) &&
		isId(message.id) &&
		typeof message.method === "string" &&
		message.method !== "initialize" &&
		message.method !== "ping"
	);
}

function isInitialize(message: unknown, id: Id): boolean {
	if (Array.isArray(message)) return message.some((m) => isInitialize(m, id));
	return (
		isRecord(message) && message.method === "initialize" && message.id === id
	);
}

/** Ids of the requests (`requests`) or responses in a message or batch. */
function requestIdsOf(message: unknown, requests: boolean): Id[] {
	const ids: Id[] = [];
	for (const element of Array.isArray(message) ? message : [message]) {
		if (!isRecord(element) || !isId(element.id)) continue;
		if ((typeof element.method === "string") === requests) ids.push(element.id);
	}
	return ids;
}

function errorText(error: unknown): string {
	if (isRecord(error) && typeof error.message === "string")
		return error.message.slice(0, 200);
	return "no message";
}
