// Where each message from the upstream goes on its way to an HTTP client of `proxy --listen`:
// a response on the POST stream of its request, a notification the proxy can tie to a request
// (progress by its token, or whatever the upstream says came on that request's stream) on
// that same stream, in order and before the response; the rest on the session's GET stream.
// Every event carries an id and is kept in the session's replay buffer, so a client whose
// connection dropped resumes the stream with `Last-Event-ID` and misses nothing (MCP
// 2025-11-25 "Resumability and Redelivery", as the SDK's server does with an event store).
// Every step is one map lookup, so a batch costs what its messages cost.
import type { ServerResponse } from "node:http";
import { isId, type MessageId } from "../../adapters/jsonrpc-base.js";
import { isRecord } from "../../core/guards.js";
import { EVENTS_STREAM, type Replay, ReplayBuffer } from "./_listen-replay.js";
import { type Frame, lengthWithoutLineEnd } from "./_messages.js";

/** Most events, and bytes of them, a session keeps for clients that resume a stream. */
export const REPLAY_EVENTS: number = 1_000;
export const REPLAY_BYTES: number = 4 * 1024 * 1024;

/** One POST's event stream, kept until every request it carried is answered. */
interface Exchange {
	/** Its number in the replay buffer. */
	stream: number;
	/** The connection it is written on; `undefined` while the client is away. */
	response: ServerResponse | undefined;
	/** Responses still owed on it. */
	owed: number;
	/** The progress tokens of its requests, forgotten when it is answered. */
	tokens: MessageId[];
}

/** Where a message goes: a POST's stream, or the session's GET stream. */
type Target = Exchange | typeof EVENTS;
const EVENTS = "events";

/** What a POST carries that the streams must know of: its requests' ids and tokens. */
interface PostedRequest {
	id: MessageId;
	progressToken?: MessageId;
}

/** The outcome of a GET: a stream opened (and what a resumption replayed), or why not. */
type Opened =
	| { opened: true; resumed?: Replay & { eventId: string } }
	| { opened: false; reason: "conflict" | "unknown-event" };

/**
 * The event streams of one client session: its POSTs' streams and its GET stream, and which
 * message goes where. A request id stays taken until its response came (or the client
 * cancelled it), even when the client dropped its POST meanwhile: the response is then kept
 * for a resumption, never written to a newer request that reused the id.
 */
export class ClientStreams {
	readonly #sessionId: string;
	/** Each request in flight → the POST that carried it. */
	readonly #routes = new Map<MessageId, Exchange>();
	/** Each progress token of a request in flight → the POST that carried it. */
	readonly #progress = new Map<MessageId, Exchange>();
	/** The POSTs still owed an answer, by stream number (connected or not). */
	readonly #exchanges = new Map<number, Exchange>();
	/** The POSTs whose connections are open, oldest first. */
	readonly #open = new Set<Exchange>();
	#events: ServerResponse | undefined;
	readonly #replay = new ReplayBuffer(REPLAY_EVENTS, REPLAY_BYTES);
	readonly #onQuiet: () => void;

	/**
	 * @param sessionId - written in the `Mcp-Session-Id` header of each stream
	 * @param onQuiet - called when the last open connection closed
	 */
	constructor(sessionId: string, onQuiet: () => void) {
		this.#sessionId = sessionId;
		this.#onQuiet = onQuiet;
	}

	/** Whether no connection is open (the session may be idle). */
	get quiet(): boolean {
		return this.#open.size === 0 && this.#events === undefined;
	}

	/** Whether a request of the session waits for its answer. */
	get inFlight(): boolean {
		return this.#routes.size > 0;
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
	 * @param priming - open with a priming event (an id and no data), for clients of protocol
	 * revision 2025-11-25 or later: older clients cannot read an event without data
	 */
	openPost(
		response: ServerResponse,
		requests: readonly PostedRequest[],
		priming: boolean,
	): void {
		const exchange: Exchange = {
			stream: this.#replay.openStream(),
			response,
			owed: requests.length,
			tokens: [],
		};
		for (const request of requests) {
			this.#routes.set(request.id, exchange);
			if (request.progressToken !== undefined) {
				this.#progress.set(request.progressToken, exchange);
				exchange.tokens.push(request.progressToken);
			}
		}
		this.#exchanges.set(exchange.stream, exchange);
		this.#attach(exchange, response);
		if (priming)
			response.write(
				`id: ${this.#replay.primingId(exchange.stream)}\ndata: \n\n`,
			);
	}

	/**
	 * Opens a GET stream: the session's own, or with `lastEventId` the resumption of the stream
	 * that event was sent on (what it sent after the id is replayed first, its response
	 * included; a connection still open on it gives way).
	 *
	 * @param response - the GET's response, not yet started
	 * @param lastEventId - the `Last-Event-ID` header, when the client resumes
	 */
	openEvents(response: ServerResponse, lastEventId?: string): Opened {
		if (lastEventId === undefined) {
			if (this.#events !== undefined)
				return { opened: false, reason: "conflict" };
			this.#listen(response);
			return { opened: true };
		}
		const place = this.#replay.parse(lastEventId);
		if (place === undefined) return { opened: false, reason: "unknown-event" };
		const replay = this.#replay.replay(place.stream, place.after);
		const exchange = this.#exchanges.get(place.stream);
		if (place.stream === EVENTS_STREAM) {
			this.#events?.end();
			this.#listen(response);
		} else if (exchange !== undefined) {
			exchange.response?.end();
			this.#attach(exchange, response);
		} else start(response, this.#sessionId);
		for (const event of replay.events)
			writeEvent(response, event.id, event.data);
		// A stream whose requests were all answered has nothing more to send.
		if (place.stream !== EVENTS_STREAM && exchange === undefined)
			response.end();
		return { opened: true, resumed: { ...replay, eventId: lastEventId } };
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
		if (exchange.owed <= 0) this.#finish(exchange);
	}

	/**
	 * Writes a frame from the upstream where its messages belong: a frame whose messages all
	 * go to one stream (a lone message, or a batch answering one POST) is one event with the
	 * bytes as they came; a batch spread over several streams is one event per message.
	 */
	deliver(frame: Frame): void {
		const messages: unknown[] = Array.isArray(frame.message)
			? frame.message
			: [frame.message];
		const targets = messages.map((message) =>
			this.#targetOf(message, frame.related),
		);
		const first = targets[0];
		if (first !== undefined && targets.every((target) => target === first))
			this.#write(first, dataOf(frame.message, frame.bytes));
		else
			for (const [i, target] of targets.entries())
				if (target !== undefined) this.#write(target, dataOf(messages[i]));
		// Answered: the ids are free, and a POST that owes nothing more ends.
		for (const message of messages)
			if (
				isRecord(message) &&
				typeof message.method !== "string" &&
				isId(message.id)
			)
				this.cancel(message.id);
	}

	/** Ends every connection (the session is closing). */
	closeAll(): void {
		for (const exchange of this.#open) exchange.response?.end();
		this.#events?.end();
	}

	/** The stream a message from the upstream goes on; `undefined`: nobody waits for it. */
	#targetOf(
		message: unknown,
		related: MessageId | undefined,
	): Target | undefined {
		if (!isRecord(message)) return undefined;
		if (typeof message.method !== "string") {
			// A response goes on its request's stream. One nobody waits for (a cancelled
			// request) goes nowhere; one with no id the server could read (`id: null`) answers
			// the newest request still open. A response never goes on the GET stream (the SDK's
			// server refuses to as well).
			if (isId(message.id)) return this.#routes.get(message.id);
			return [...this.#open].at(-1);
		}
		const token =
			message.method === "notifications/progress" && isRecord(message.params)
				? message.params.progressToken
				: undefined;
		const exchange =
			(isId(token) ? this.#progress.get(token) : undefined) ??
			(related === undefined ? undefined : this.#routes.get(related));
		if (exchange !== undefined) return exchange;
		// Without a GET stream, a server's request or notification still reaches the client
		// on the newest POST stream.
		if (this.#events === undefined) return [...this.#open].at(-1) ?? EVENTS;
		return EVENTS;
	}

	/** Keeps an event for its stream and writes it on the stream's connection, if open. */
	#write(target: Target, data: string | undefined): void {
		if (data === undefined) return;
		const stream = target === EVENTS ? EVENTS_STREAM : target.stream;
		const id = this.#replay.record(stream, data);
		const response = target === EVENTS ? this.#events : target.response;
		if (response !== undefined) writeEvent(response, id, data);
	}

	#attach(exchange: Exchange, response: ServerResponse): void {
		exchange.response = response;
		this.#open.add(exchange);
		start(response, this.#sessionId);
		response.on("close", () => {
			if (exchange.response !== response) return;
			exchange.response = undefined;
			this.#open.delete(exchange);
			if (this.quiet) this.#onQuiet();
		});
	}

	#listen(response: ServerResponse): void {
		this.#events = response;
		start(response, this.#sessionId);
		response.on("close", () => {
			if (this.#events !== response) return;
			this.#events = undefined;
			if (this.quiet) this.#onQuiet();
		});
	}

	/** Every request of a POST is answered: its stream ends, and is kept only for replay. */
	#finish(exchange: Exchange): void {
		for (const token of exchange.tokens)
			if (this.#progress.get(token) === exchange) this.#progress.delete(token);
		this.#exchanges.delete(exchange.stream);
		this.#replay.finish(exchange.stream);
		exchange.response?.end();
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

/** Starts an event stream with the headers the MCP SDK's Streamable HTTP server sends. */
function start(response: ServerResponse, sessionId: string): void {
	response.writeHead(200, {
		"content-type": "text/event-stream",
		"cache-control": "no-cache, no-transform",
		connection: "keep-alive",
		"x-accel-buffering": "no",
		"mcp-session-id": sessionId,
	});
	response.flushHeaders();
}

function writeEvent(response: ServerResponse, id: string, data: string): void {
	if (response.writableEnded || response.destroyed) return;
	response.write(`event: message\nid: ${id}\ndata: ${data}\n\n`);
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
