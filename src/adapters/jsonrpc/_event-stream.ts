// An incremental `text/event-stream` rewriter. What an event is (its fields, its data lines
// joined, when it is dispatched) is read by `eventsource-parser`, the parser the MCP SDK's
// clients use (bundled into this entry, so it is no dependency of the package), following the
// HTML standard (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation).
// The parser gives events, not the bytes they came as, and everything this rewriter does not
// rewrite it passes on byte for byte, in order: so it keeps the raw lines (ended by CRLF, LF or
// CR) and hands the parser each complete one. Of a line's meaning it knows only whether it is a
// `data` line, to put the rewritten data where the first one was.
import { createParser, type EventSourceParser } from "eventsource-parser";
import { idsOf } from "../jsonrpc-base.js";
import { errorResponse, reasonOf } from "./_fail-closed.js";

interface HeldLine {
	raw: string;
	terminator: string;
	data: boolean;
}

export class EventStreamEditor {
	readonly #rewrite: (message: unknown) => unknown;
	readonly #maxLength: number;
	/** Text after the last complete line. */
	#buffer = "";
	/** The lines of the current event from its first `data` line on. */
	#held: HeldLine[] = [];
	#heldLength = 0;
	readonly #parser: EventSourceParser;
	/** The data of the event the parser dispatched on the line it was given last. */
	#dispatched: string | undefined;
	/** An event too large to rewrite: copy it through until its blank line. */
	#skipping = false;
	/** While skipping: part of the current line has been passed on already. */
	#lineStarted = false;
	#atStart = true;
	readonly #terminator = /[\r\n]/g;

	constructor(rewrite: (message: unknown) => unknown, maxLength: number) {
		this.#rewrite = rewrite;
		this.#maxLength = maxLength;
		this.#parser = createParser({
			onEvent: (event) => {
				this.#dispatched = event.data;
			},
		});
	}

	/** Takes decoded text; returns the text that can be passed on now. */
	push(text: string, final = false): string {
		let out = "";
		if (this.#atStart && text !== "") {
			this.#atStart = false;
			// A leading byte order mark is not part of the first field name.
			if (text.startsWith("\uFEFF")) {
				out += "\uFEFF";
				text = text.slice(1);
			}
		}
		const buffer = this.#buffer + text;
		let start = 0;
		this.#terminator.lastIndex = 0;
		for (;;) {
			const match = this.#terminator.exec(buffer);
			if (match === null) break;
			const at = match.index;
			let end = at + 1;
			if (buffer[at] === "\r") {
				// A CR at the end of a chunk may be the first half of a CRLF.
				if (end === buffer.length && !final) break;
				if (buffer[end] === "\n") end++;
			}
			out += this.#line(buffer.slice(start, at), buffer.slice(at, end));
			start = end;
			this.#terminator.lastIndex = end;
		}
		this.#buffer = buffer.slice(start);
		return out + this.#spill();
	}

	/** Ends the stream: an unfinished event is never dispatched, so it passes on as it is. */
	end(): string {
		let out = this.push("", true);
		out += this.#release() + this.#buffer;
		this.#buffer = "";
		return out;
	}

	#line(text: string, terminator: string): string {
		if (this.#skipping) {
			const blank = text === "" && !this.#lineStarted;
			this.#lineStarted = false;
			if (blank) this.#skipping = false;
			return text + terminator;
		}
		// The parser takes the line with a plain LF: its own end is settled here already.
		this.#parser.feed(`${text}\n`);
		if (text === "") return this.#dispatch() + terminator;
		const raw = text + terminator;
		if (isDataLine(text)) {
			this.#held.push({ raw, terminator, data: true });
		} else if (this.#held.length === 0) {
			// Nothing to rewrite precedes it: comments, ids and keep-alives go on at once.
			return raw;
		} else {
			this.#held.push({ raw, terminator, data: false });
		}
		this.#heldLength += raw.length;
		if (this.#heldLength <= this.#maxLength) return "";
		return this.#skip();
	}

	/** The current event is too long to rewrite: what is held goes on, the rest is copied. */
	#skip(): string {
		const out = this.#release();
		this.#skipping = true;
		this.#lineStarted = false;
		// Forget the event's data (the parser would hold it all): the event is not rewritten.
		this.#parser.reset();
		return out;
	}

	/** Switches to copying when the current event outgrows the limit. */
	#spill(): string {
		if (this.#skipping) return this.#flushPartialLine();
		if (this.#heldLength + this.#buffer.length <= this.#maxLength) return "";
		return this.#skip() + this.#flushPartialLine();
	}

	#flushPartialLine(): string {
		// Keep a trailing CR: it decides whether the next LF ends this line or a blank one.
		const keep = this.#buffer.endsWith("\r") ? 1 : 0;
		const out = this.#buffer.slice(0, this.#buffer.length - keep);
		this.#buffer = this.#buffer.slice(this.#buffer.length - keep);
		if (out !== "") this.#lineStarted = true;
		return out;
	}

	/** The held lines as they came, and a fresh event. */
	#release(): string {
		const out = this.#held.map((line) => line.raw).join("");
		this.#held = [];
		this.#heldLength = 0;
		return out;
	}

	#dispatch(): string {
		const data = this.#dispatched;
		this.#dispatched = undefined;
		if (this.#held.length === 0) return "";
		const held = this.#held;
		const raw = this.#release();
		if (data === undefined) return raw;
		let message: unknown;
		try {
			message = JSON.parse(data);
		} catch {
			return raw;
		}
		const rewritten = this.#rewrite(message);
		if (rewritten === message) return raw;
		let json: string | undefined;
		try {
			json = JSON.stringify(rewritten);
		} catch (error) {
			// Nested deeper than JSON.stringify can write: never pass it on as it came, with
			// names unrewritten. A response becomes an error for its id; a request is dropped.
			json = failedEventData(message, reasonOf(error));
		}
		if (json === undefined) return raw;
		// One `data` line where the first one was; other fields keep their places.
		let out = "";
		let written = false;
		for (const line of held) {
			if (!line.data) out += line.raw;
			else if (!written) {
				if (json !== "") out += `data: ${json}${line.terminator}`;
				written = true;
			}
		}
		return out;
	}
}

/** A `data` line: the field name `data`, with or without a value. */
function isDataLine(line: string): boolean {
	return line.startsWith("data:") || line === "data";
}

/** The `data` of an event that replaces one that cannot be written again. */
function failedEventData(message: unknown, reason: string): string {
	const errors = idsOf(message, "responses").map((id) =>
		errorResponse(id, reason),
	);
	if (errors.length === 0) return "";
	return JSON.stringify(Array.isArray(message) ? errors : errors[0]);
}
