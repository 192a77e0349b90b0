// Where each message from the upstream goes on its way to an HTTP client of `proxy --listen`:
// a response on the POST stream of its request, a notification the proxy can tie to a request
// (progress by its token, or whatever the upstream says came on that request's stream) on
// that same stream, in order and before the response; the rest on the session's GET stream.
// Every step is one map lookup, so a batch costs what its messages cost.
import type { ServerResponse } from "node:http";
import { isId, type MessageId } from "../../adapters/jsonrpc/message.js";
import { isRecord } from "../../core/guards.js";
import { type Frame, lengthWithoutLineEnd } from "./_messages.js";

/** One POST's event stream, open until every request it carried is answered. */
interface Exchange {
	response: ServerResponse;
	/** Responses still owed on it. */
	owed: number;
	/** The progress tokens of its requests, forgotten when it ends. */
	tokens: MessageId[];
}

/** What a POST carries that the streams must know of: its requests' ids and tokens. */
interface PostedRequest {
	id: MessageId;
	progressToken?: MessageId;
}

/**
 * The event streams of one client session: its POSTs' streams and its GET stream, and which
 * message goes where. A request id stays taken until its response came (or the client
 * cancelled it), even when the client dropped its POST meanwhile: a late response is then
 * dropped, never written to a newer request that reused the id.
 */
export class ClientStreams {
	readonly #sessionId: string;
	/** Each request in flight → the POST that carried it. */
	readonly #routes = new Map<MessageId, Exchange>();
	/** Each progress token of a request in flight → the POST that carried it. */
	readonly #progress = new Map<MessageId, Exchange>();
	/** The POSTs whose streams are open, oldest first. */
	readonly #open = new Set<Exchange>();
	#events: ServerResponse | undefined;
	readonly #onQuiet: () => void;

	/**
	 * @param sessionId - written in the `Mcp-Session-Id` header of each stream
	 * @param onQuiet - called when the last open stream closed
	 */
	constructor(sessionId: string, onQuiet: () => void) {
		this.#sessionId = sessionId;
		this.#onQuiet = onQuiet;
	}

	/** Whether no stream is open (the session may be idle). */
	get quiet(): boolean {
		return this.#open.size === 0 && this.#events === undefined;
	}

	/** Whether a request in flight holds `id`. */
	taken(id: MessageId): boolean {
		return this.#routes.has(id);
	}

	/**
	 * Opens a POST's event stream for its requests.
	 *
	 * @param response - the POST's response, not yet started
	 * @param requests - the requests it carried (at least one)
	 */
	openPost(response: ServerResponse, requests: readonly PostedRequest[]): void {
		const exchange: Exchange = { response, owed: requests.length, tokens: [] };
		for (const request of requests) {
			this.#routes.set(request.id, exchange);
			if (request.progressToken !== undefined) {
				this.#progress.set(request.progressToken, exchange);
				exchange.tokens.push(request.progressToken);
			}
		}
		this.#open.add(exchange);
		this.#start(response);
		response.on("close", () => this.#end(exchange));
	}

	/**
	 * Opens the session's GET stream.
	 *
	 * @param response - the GET's response, not yet started
	 * @returns `false` when one is open already (the caller answers 409)
	 */
	openEvents(response: ServerResponse): boolean {
		if (this.#events !== undefined) return false;
		this.#events = response;
		this.#start(response);
		response.on("close", () => {
			if (this.#events !== response) return;
			this.#events = undefined;
			if (this.quiet) this.#onQuiet();
		});
		return true;
	}

	/**
	 * Request `id` was answered, or the client cancelled it: its id is free, and its POST owes
	 * one answer less.
	 */
	cancel(id: MessageId): void {
		const exchange = this.#routes.get(id);
		if (exchange === undefined) return;
		this.#routes.delete(id);
		exchange.owed -= 1;
		if (exchange.owed <= 0) exchange.response.end();
	}

	/** Writes a frame from the upstream where each of its messages belongs. */
	deliver(frame: Frame): void {
		if (!Array.isArray(frame.message))
			this.#deliverOne(frame.message, frame.related, frame.bytes);
		else
			for (const message of frame.message)
				this.#deliverOne(message, frame.related);
	}

	/** Ends every stream (the session is closing). */
	closeAll(): void {
		for (const exchange of this.#open) exchange.response.end();
		this.#events?.end();
	}

	#deliverOne(
		message: unknown,
		related: MessageId | undefined,
		bytes?: Buffer,
	): void {
		if (!isRecord(message)) return;
		if (typeof message.method !== "string") {
			// A response: its request's stream, and that stream ends with its last answer. One
			// nobody waits for (a cancelled request, a null id) goes nowhere: a response never
			// goes on the GET stream (the SDK's server refuses to as well).
			if (!isId(message.id)) return;
			const exchange = this.#routes.get(message.id);
			if (exchange === undefined) return;
			write(exchange.response, dataOf(message, bytes));
			this.cancel(message.id);
			return;
		}
		const token =
			message.method === "notifications/progress" && isRecord(message.params)
				? message.params.progressToken
				: undefined;
		const exchange =
			(isId(token) ? this.#progress.get(token) : undefined) ??
			(related === undefined ? undefined : this.#routes.get(related));
		// Without a GET stream, a server's request or notification still reaches the client
		// on the newest POST stream.
		const target =
			exchange !== undefined && this.#open.has(exchange)
				? exchange.response
				: (this.#events ?? [...this.#open].at(-1)?.response);
		if (target !== undefined) write(target, dataOf(message, bytes));
	}

	#start(response: ServerResponse): void {
		// The headers of an event stream, as the MCP SDK's Streamable HTTP server sends them.
		response.writeHead(200, {
			"content-type": "text/event-stream",
			"cache-control": "no-cache, no-transform",
			connection: "keep-alive",
			"x-accel-buffering": "no",
			"mcp-session-id": this.#sessionId,
		});
		response.flushHeaders();
	}

	#end(exchange: Exchange): void {
		if (!this.#open.delete(exchange)) return;
		for (const token of exchange.tokens)
			if (this.#progress.get(token) === exchange) this.#progress.delete(token);
		if (this.quiet) this.#onQuiet();
	}
}

/** The ids and progress tokens (`params._meta.progressToken`) of the requests in a message or batch. */
export function postedRequests(message: unknown): PostedRequest[] {
	const requests: PostedRequest[] = [];
	for (const m of Array.isArray(message) ? message : [message]) {
		if (!isRecord(m) || typeof m.method !== "string" || !isId(m.id)) continue;
		const meta = isRecord(m.params) ? m.params._meta : undefined;
		const token =
			isRecord(meta) && isId(meta.progressToken)
				? meta.progressToken
				: undefined;
		requests.push(
			token === undefined ? { id: m.id } : { id: m.id, progressToken: token },
		);
	}
	return requests;
}

function write(response: ServerResponse, data: string | undefined): void {
	if (data === undefined || response.writableEnded || response.destroyed)
		return;
	response.write(`event: message\ndata: ${data}\n\n`);
}

/**
 * A message as one SSE `data` field: the line as it came when there is one (byte-faithful,
 * without its line end), else the message written anew; `undefined` when it cannot be written.
 */
function dataOf(message: unknown, bytes?: Buffer): string | undefined {
	if (bytes !== undefined) {
		const text = bytes.toString("utf8", 0, lengthWithoutLineEnd(bytes));
		// A body spread over several lines (an HTTP upstream's) cannot be one field as it is.
		if (!/[\r\n]/.test(text)) return text;
	}
	try {
		return JSON.stringify(message);
	} catch {
		return undefined;
	}
}
