// A reader of `text/event-stream` bodies (https://html.spec.whatwg.org/multipage/server-sent-events.html):
// the proxy's HTTP upstream receives MCP messages as the `data` of events.

/** One event: its type (`message` when unnamed) and its data lines joined by `\n`. */
export interface ServerSentEvent {
	event: string;
	data: string;
}

/** Parses an event stream chunk by chunk; chunks may split anywhere (UTF-8 included). */
export class EventStreamReader {
	readonly #decoder = new TextDecoder("utf-8");
	#buffer = "";
	#event = "";
	#data: string[] = [];

	/** Feeds bytes; returns the events they complete. */
	push(chunk: Uint8Array): ServerSentEvent[] {
		this.#buffer += this.#decoder.decode(chunk, { stream: true });
		const events: ServerSentEvent[] = [];
		for (;;) {
			const match = /\r\n|\r|\n/.exec(this.#buffer);
			if (match === null) break;
			// A lone `\r` at the end may be the first half of a CRLF: wait for more.
			if (match[0] === "\r" && match.index === this.#buffer.length - 1) break;
			const line = this.#buffer.slice(0, match.index);
			this.#buffer = this.#buffer.slice(match.index + match[0].length);
			const event = this.#line(line);
			if (event !== undefined) events.push(event);
		}
		return events;
	}

	#line(line: string): ServerSentEvent | undefined {
		if (line === "") {
			const data = this.#data;
			const event = this.#event;
			this.#data = [];
			this.#event = "";
			if (data.length === 0) return undefined;
			return { event: event === "" ? "message" : event, data: data.join("\n") };
		}
		if (line.startsWith(":")) return undefined;
		const colon = line.indexOf(":");
		const field = colon === -1 ? line : line.slice(0, colon);
		let value = colon === -1 ? "" : line.slice(colon + 1);
		if (value.startsWith(" ")) value = value.slice(1);
		if (field === "data") this.#data.push(value);
		else if (field === "event") this.#event = value;
		return undefined;
	}
}

/** Reads an event stream body to its end (or abort), calling `onEvent` with each event. */
export async function readEventStream(
	body: ReadableStream<Uint8Array> | null,
	onEvent: (event: ServerSentEvent) => void,
): Promise<void> {
	if (body === null) return;
	const reader = new EventStreamReader();
	try {
		for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
			for (const event of reader.push(chunk)) onEvent(event);
		}
	} catch {
		// Aborted or reset: the messages that came are delivered.
	}
}
