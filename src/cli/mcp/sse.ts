// The one reader of `text/event-stream` bodies of the CLI (the HTTP link, its Streamable HTTP
// streams and its HTTP+SSE fallback), following the HTML standard's parsing rules
// (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation):
// lines end with CRLF, LF or CR; a blank line dispatches; `data` lines join with "\n"; one
// space after the colon is dropped; comments start with ":"; the default event is "message";
// a leading byte order mark is dropped; `id` sets the stream's last event id (kept across
// events, so a resumed stream can send it as `Last-Event-ID`) and `retry` its reconnection
// delay; an event cut off by the end of the stream is not dispatched.

/** One event: its type (`message` when unnamed), its data lines joined by `\n`, and the last event id. */
export interface ServerSentEvent {
	event: string;
	data: string;
	/** The stream's last event id when this event was dispatched (`""` when none was set). */
	id: string;
}

/** Parses an event stream chunk by chunk; chunks may split anywhere (UTF-8 included). */
export class EventStreamReader {
	readonly #decoder = new TextDecoder("utf-8");
	#buffer = "";
	#scanned = 0;
	#started = false;
	#event = "";
	#data: string[] = [];
	#lastEventId = "";
	#retry: number | undefined;

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
		return this.#take(this.#decoder.decode(chunk, { stream: true }), false);
	}

	/**
	 * The stream ended: the lines still buffered are read and an unfinished event is dropped;
	 * the last event id and `retry` stay, for the stream that resumes it.
	 */
	end(): ServerSentEvent[] {
		const events = this.#take(this.#decoder.decode(), true);
		this.#buffer = "";
		this.#scanned = 0;
		this.#started = false;
		this.#event = "";
		this.#data = [];
		return events;
	}

	#take(text: string, final: boolean): ServerSentEvent[] {
		this.#buffer += text;
		if (!this.#started && this.#buffer !== "") {
			this.#started = true;
			if (this.#buffer.startsWith("\uFEFF"))
				this.#buffer = this.#buffer.slice(1);
		}
		const events: ServerSentEvent[] = [];
		const buffer = this.#buffer;
		let start = 0;
		// The text before `at` holds no line end: a long line is scanned once, not per chunk.
		let at = this.#scanned;
		for (;;) {
			while (at < buffer.length && buffer[at] !== "\n" && buffer[at] !== "\r")
				at++;
			if (at === buffer.length) break;
			let end = at + 1;
			if (buffer[at] === "\r") {
				// A CR at the end of a chunk may be the first half of a CRLF.
				if (end === buffer.length && !final) break;
				if (buffer[end] === "\n") end++;
			}
			const event = this.#line(buffer.slice(start, at));
			if (event !== undefined) events.push(event);
			start = end;
			at = end;
		}
		this.#buffer = buffer.slice(start);
		this.#scanned = at - start;
		return events;
	}

	#line(line: string): ServerSentEvent | undefined {
		if (line === "") {
			const data = this.#data;
			const event = this.#event;
			this.#data = [];
			this.#event = "";
			// An event without data (a priming event: only `id` and `retry`) is not dispatched.
			if (data.length === 0 || (data.length === 1 && data[0] === ""))
				return undefined;
			return {
				event: event === "" ? "message" : event,
				data: data.join("\n"),
				id: this.#lastEventId,
			};
		}
		if (line.startsWith(":")) return undefined;
		const colon = line.indexOf(":");
		const field = colon === -1 ? line : line.slice(0, colon);
		let value = colon === -1 ? "" : line.slice(colon + 1);
		if (value.startsWith(" ")) value = value.slice(1);
		if (field === "data") this.#data.push(value);
		else if (field === "event") this.#event = value;
		else if (field === "id") {
			if (!value.includes("\0")) this.#lastEventId = value;
		} else if (field === "retry" && /^\d+$/.test(value)) {
			this.#retry = Number(value);
		}
		return undefined;
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
