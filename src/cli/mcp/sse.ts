// The one reader of `text/event-stream` bodies of the CLI (the HTTP link, its Streamable HTTP
// streams and its HTTP+SSE fallback), on `eventsource-parser` (bundled into dist/cli.js), the
// parser the MCP SDK's clients use: the HTML standard's rules
// (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation)
// are its job. This file adds what a resumable MCP stream needs on top: the last event id kept
// across events and across a reconnection (sent back as `Last-Event-ID`), the last `retry`, a
// leading byte order mark dropped at the start of each stream, and a line cut short by the end
// of a stream read as ended, while an event cut short is not dispatched.
import { createParser, type EventSourceParser } from "eventsource-parser";

/** One event: its type (`message` when unnamed), its data lines joined by `\n`, and the last event id. */
export interface ServerSentEvent {
	event: string;
	data: string;
	/** The stream's last event id when this event was dispatched (`""` when none was set). */
	id: string;
}

/** Parses an event stream chunk by chunk; chunks may split anywhere (UTF-8 included). */
export class EventStreamReader {
	// Drops a byte order mark at the start of a stream, and again once end() flushed it.
	readonly #decoder = new TextDecoder("utf-8");
	readonly #parser: EventSourceParser;
	#events: ServerSentEvent[] = [];
	#lastEventId = "";
	#retry: number | undefined;
	/** The text fed last ended with a CR, which may be the first half of a CRLF. */
	#endsWithCr = false;

	constructor() {
		this.#parser = createParser({
			onEvent: (event) => {
				// The parser reports the id an event set itself; the stream's last id stays.
				if (event.id !== undefined) this.#lastEventId = event.id;
				// A priming event (an id and `retry`, empty data) carries no message.
				if (event.data === "") return;
				this.#events.push({
					event: event.event ?? "message",
					data: event.data,
					id: this.#lastEventId,
				});
			},
			onRetry: (retry) => {
				this.#retry = retry;
			},
		});
	}

	/** The last `id` the stream set (`""` when none): what to send as `Last-Event-ID`. */
	get lastEventId(): string {
		return this.#lastEventId;
	}

	/** The last valid `retry` (milliseconds) the stream set, if any. */
	get retry(): number | undefined {
		return this.#retry;
	}

	/** Feeds bytes; returns the events they complete. */
	push(chunk: Uint8Array): ServerSentEvent[] {
		this.#feed(this.#decoder.decode(chunk, { stream: true }));
		return this.#take();
	}

	/**
	 * The stream ended: the lines still buffered are read and an unfinished event is dropped;
	 * the last event id and `retry` stay, for the stream that resumes it.
	 */
	end(): ServerSentEvent[] {
		this.#feed(this.#decoder.decode());
		// Nothing follows a CR at the very end: it ends its line.
		if (this.#endsWithCr) this.#parser.feed("\n");
		this.#endsWithCr = false;
		const events = this.#take();
		this.#parser.reset();
		return events;
	}

	#feed(text: string): void {
		if (text === "") return;
		this.#endsWithCr = text.endsWith("\r");
		this.#parser.feed(text);
	}

	#take(): ServerSentEvent[] {
		const events = this.#events;
		this.#events = [];
		return events;
	}
}

/** How a body was read to its end: the server ended it, or the connection failed or was aborted. */
type StreamEnd = "ended" | "failed";

/**
 * Reads an event stream body to its end (or abort), calling `onEvent` with each event.
 *
 * @param body - the response body
 * @param onEvent - called with each complete event, in order
 * @param reader - the parser, to read its `lastEventId` and `retry` afterwards
 * @param done - checked after each chunk: `true` stops reading and cancels the body
 * @returns `"ended"` when the server ended the body (or `done` stopped it), `"failed"` on a
 * reset or abort
 */
export async function readEventStream(
	body: ReadableStream<Uint8Array> | null,
	onEvent: (event: ServerSentEvent) => void,
	reader: EventStreamReader = new EventStreamReader(),
	done: () => boolean = () => false,
): Promise<StreamEnd> {
	if (body === null) return "ended";
	try {
		for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
			for (const event of reader.push(chunk)) onEvent(event);
			if (done()) {
				reader.end();
				return "ended";
			}
		}
	} catch {
		// Aborted or reset: the messages that came are delivered.
		for (const event of reader.end()) onEvent(event);
		return "failed";
	}
	for (const event of reader.end()) onEvent(event);
	return "ended";
}

/** JSON text as a value, `undefined` when it is not JSON. */
export function parseJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return undefined;
	}
}
