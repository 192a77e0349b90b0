// Newline-delimited JSON framing for the proxy's stdio sides. Until the shared line-framing
// helper lands in mcp-tool-names/jsonrpc, this is the proxy's own: it splits on the byte
// 0x0A, which never occurs inside a multi-byte UTF-8 sequence, so a character split across
// chunks stays whole, and every line keeps its bytes exactly (a `\r` before the `\n` too).

/** What the splitter reports: a complete line (with its `\n`), or a line that outgrew the bound. */
export type LineEvent =
	| { type: "line"; bytes: Buffer }
	| { type: "overflow"; length: number };

/** Default bound of one line: large catalogs run to a few MB; 64 MiB leaves room. */
export const DEFAULT_MAX_LINE_BYTES: number = 64 * 1024 * 1024;

const NEWLINE = 0x0a;

/**
 * Splits a byte stream into lines. A line longer than `maxBytes` is dropped whole (one
 * `overflow` event), and reading goes on at the next newline.
 */
export class LineSplitter {
	readonly #maxBytes: number;
	#parts: Buffer[] = [];
	#length = 0;
	/** Inside a line that overflowed: skip to the next newline. */
	#skipping = false;
	#skipped = 0;

	constructor(maxBytes: number = DEFAULT_MAX_LINE_BYTES) {
		this.#maxBytes = maxBytes;
	}

	/** Feeds a chunk; returns the events it completes, in order. */
	push(chunk: Buffer): LineEvent[] {
		const events: LineEvent[] = [];
		let start = 0;
		while (start < chunk.length) {
			const end = chunk.indexOf(NEWLINE, start);
			// A line keeps its newline, so an unchanged line is written out as one slice.
			this.#take(chunk.subarray(start, end === -1 ? chunk.length : end + 1));
			if (end === -1) break;
			const event = this.#finish();
			if (event !== undefined) events.push(event);
			start = end + 1;
		}
		if (!this.#skipping && this.#length > this.#maxBytes) {
			this.#skipping = true;
			this.#skipped = this.#length;
			this.#parts = [];
			this.#length = 0;
		}
		return events;
	}

	/** The end of the stream: a last line without a newline still counts. */
	end(): LineEvent[] {
		const event = this.#finish();
		return event === undefined ? [] : [event];
	}

	#take(bytes: Buffer): void {
		if (bytes.length === 0) return;
		if (this.#skipping) {
			this.#skipped += bytes.length;
			return;
		}
		this.#parts.push(bytes);
		this.#length += bytes.length;
	}

	#finish(): LineEvent | undefined {
		if (this.#skipping) {
			const length = this.#skipped;
			this.#skipping = false;
			this.#skipped = 0;
			return { type: "overflow", length };
		}
		if (this.#length > this.#maxBytes) {
			const length = this.#length;
			this.#parts = [];
			this.#length = 0;
			return { type: "overflow", length };
		}
		if (this.#parts.length === 0) return undefined;
		const bytes =
			this.#parts.length === 1
				? (this.#parts[0] as Buffer)
				: Buffer.concat(this.#parts, this.#length);
		this.#parts = [];
		this.#length = 0;
		return { type: "line", bytes };
	}
}
