// An incremental `text/event-stream` rewriter, following the parsing rules of the HTML
// standard (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation):
// lines end with CRLF, LF or CR; a blank line ends an event; `data` lines join with "\n";
// a line starting with ":" is a comment; one space after the colon is dropped. Everything it
// does not rewrite it passes on byte for byte, in order.

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
	#data: string[] = [];
	#heldLength = 0;
	/** An event too large to rewrite: copy it through until its blank line. */
	#skipping = false;
	/** While skipping: part of the current line has been passed on already. */
	#lineStarted = false;
	#atStart = true;
	readonly #terminator = /[\r\n]/g;

	constructor(rewrite: (message: unknown) => unknown, maxLength: number) {
		this.#rewrite = rewrite;
		this.#maxLength = maxLength;
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
		if (text === "") return this.#dispatch() + terminator;
		const raw = text + terminator;
		const colon = text.indexOf(":");
		const field = colon === -1 ? text : text.slice(0, colon);
		if (field === "data") {
			let value = colon === -1 ? "" : text.slice(colon + 1);
			if (value.startsWith(" ")) value = value.slice(1);
			this.#held.push({ raw, terminator, data: true });
			this.#data.push(value);
		} else if (this.#held.length === 0) {
			// Nothing to rewrite precedes it: comments, ids and keep-alives go on at once.
			return raw;
		} else {
			this.#held.push({ raw, terminator, data: false });
		}
		this.#heldLength += raw.length;
		if (this.#heldLength <= this.#maxLength) return "";
		const out = this.#release();
		this.#skipping = true;
		this.#lineStarted = false;
		return out;
	}

	/** Switches to copying when the current event outgrows the limit. */
	#spill(): string {
		if (this.#skipping) return this.#flushPartialLine();
		if (this.#heldLength + this.#buffer.length <= this.#maxLength) return "";
		const out = this.#release();
		this.#skipping = true;
		this.#lineStarted = false;
		return out + this.#flushPartialLine();
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
		this.#data = [];
		this.#heldLength = 0;
		return out;
	}

	#dispatch(): string {
		if (this.#held.length === 0) return "";
		const held = this.#held;
		const data = this.#data.join("\n");
		const raw = this.#release();
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

/** The `data` of an event that replaces one that cannot be written again. */
function failedEventData(message: unknown, reason: string): string {
	const errors = idsOf(message, "responses").map((id) =>
		errorResponse(id, reason),
	);
	if (errors.length === 0) return "";
	return JSON.stringify(Array.isArray(message) ? errors : errors[0]);
}
