import {
	checkOptions,
	functionOption,
	invalidArgument,
	positiveIntegerOption,
} from "../../core/guards.js";
import { McpToolNamesError } from "../../index.js";

/**
 * A line longer than {@link LineSplitterOptions.maxLineLength}: it is dropped, and this says
 * how long it was and how it began (a proxy can find the request id there and answer it).
 *
 * @example
 * ```ts
 * const onOversizedLine = (line: OversizedLine) => console.error(`dropped ${line.length} bytes: ${line.head}`);
 * ```
 */
export interface OversizedLine {
	/** Its length in UTF-8 bytes, without the line end. */
	length: number;
	/** Its first bytes (at most 1024), decoded. */
	head: string;
}

/**
 * Options of {@link LineSplitter} and {@link splitLines}.
 *
 * @example
 * ```ts
 * const options: LineSplitterOptions = { maxLineLength: 4 * 1024 * 1024, onOversizedLine: console.error };
 * ```
 */
export interface LineSplitterOptions {
	/**
	 * The longest line kept, in UTF-8 bytes without its line end; a longer one is dropped
	 * without being buffered, so one endless line cannot grow memory. Default 32 MiB.
	 */
	maxLineLength?: number;
	/** Told about every dropped line. */
	onOversizedLine?: (line: OversizedLine) => void;
}

const DEFAULT_MAX_LINE_LENGTH = 32 * 1024 * 1024;
const HEAD_BYTES = 1024;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Splits a byte stream into newline-delimited lines, the framing of MCP's stdio transport
 * (https://modelcontextprotocol.io/specification/2025-06-18/basic/transports#stdio): one
 * JSON-RPC message per line, lines end with `\n`. Chunks may split anywhere, inside a
 * multi-byte UTF-8 character too (a `\n` byte never occurs inside one, so lines are cut on
 * bytes and decoded whole). Each line comes back exactly as it was sent, without its `\n`:
 * the `\r` of a CRLF stays (`JSON.parse` ignores it) and a byte order mark is kept. Empty
 * lines (or a lone `\r`) are skipped. Text chunks are taken as their UTF-8 bytes.
 *
 * @example
 * ```ts
 * const splitter = new LineSplitter();
 * child.stdout.on("data", (chunk) => {
 *   for (const line of splitter.push(chunk)) handle(JSON.parse(line));
 * });
 * child.stdout.on("end", () => splitter.end().forEach((line) => handle(JSON.parse(line))));
 * ```
 */
export class LineSplitter {
	readonly #onOversized: ((line: OversizedLine) => void) | undefined;
	readonly #decoder = new TextDecoder("utf-8", { ignoreBOM: true });
	readonly #encoder = new TextEncoder();
	readonly #framer: LineFramer;
	/** The lines of the chunk being pushed. */
	#lines: string[] = [];

	/**
	 * @param options - the longest line kept, and what to tell about longer ones
	 * @throws McpToolNamesError `invalid-option` when `maxLineLength` is not a positive integer
	 * or `onOversizedLine` is not a function
	 */
	constructor(options: LineSplitterOptions = {}) {
		const checked = checkOptions("LineSplitter", options, [
			"maxLineLength",
			"onOversizedLine",
		]);
		const max = positiveIntegerOption(
			"LineSplitter",
			"maxLineLength",
			checked.maxLineLength,
			DEFAULT_MAX_LINE_LENGTH,
		);
		this.#onOversized = functionOption<(line: OversizedLine) => void>(
			"LineSplitter",
			"onOversizedLine",
			checked.onOversizedLine,
		);
		this.#framer = new LineFramer(
			(line) => this.#line(line),
			(length, head) =>
				this.#onOversized?.({ length, head: new TextDecoder().decode(head) }),
			max,
		);
	}

	/**
	 * Takes the next chunk of the stream.
	 *
	 * @param chunk - bytes (a `Buffer` is a `Uint8Array`) or text
	 * @returns the lines the chunk completed, in order; often none or one
	 * @throws McpToolNamesError `invalid-argument` when `chunk` is neither bytes nor text
	 * @example
	 * ```ts
	 * splitter.push('{"id":1}\n{"id"'); // ['{"id":1}']
	 * splitter.push(":2}\n"); // ['{"id":2}']
	 * ```
	 */
	push(chunk: Uint8Array | string): string[] {
		this.#framer.push(this.#bytesOf(chunk));
		return this.#take();
	}

	/**
	 * Ends the stream: a last line without a `\n` is a line too.
	 *
	 * @returns that line, if there is one
	 * @example
	 * ```ts
	 * splitter.push('{"id":1}');
	 * splitter.end(); // ['{"id":1}']
	 * ```
	 */
	end(): string[] {
		this.#framer.end();
		return this.#take();
	}

	#take(): string[] {
		const lines = this.#lines;
		this.#lines = [];
		return lines;
	}

	#line(bytes: Uint8Array): void {
		const end =
			bytes[bytes.length - 1] === LF ? bytes.length - 1 : bytes.length;
		if (end === 0 || (end === 1 && bytes[0] === CR)) return;
		this.#lines.push(this.#decoder.decode(bytes.subarray(0, end)));
	}

	#bytesOf(chunk: unknown): Uint8Array {
		if (typeof chunk === "string") return this.#encoder.encode(chunk);
		// isView first: it reads nothing of the value, where `instanceof` would run the
		// getPrototypeOf trap of a caller's Proxy.
		if (ArrayBuffer.isView(chunk) && chunk instanceof Uint8Array) return chunk;
		throw invalidArgument(
			"LineSplitter.push",
			"chunk",
			"a Uint8Array or a string",
			chunk,
		);
	}
}

/**
 * Newline framing on bytes, the one implementation under {@link LineSplitter} and the CLI's
 * proxy: each line is handed on as the bytes that came, its `\n` included, so a line inside
 * one chunk is a view of that chunk (nothing decoded or copied); an empty line is skipped; a
 * line longer than `maxLength` bytes (without its `\n`) is dropped without being buffered and
 * reported with its length and first bytes. Internal: not exported by the entry point.
 */
export class LineFramer {
	readonly #onLine: (bytes: Uint8Array) => void;
	readonly #onOverflow: (length: number, head: Uint8Array) => void;
	readonly #maxLength: number;
	/** The start of the current line, from earlier chunks (copies). */
	#pending: Uint8Array[] = [];
	#length = 0;
	/** The current line outgrew the bound: only its length is counted. */
	#dropping = false;
	#head: Uint8Array = new Uint8Array(0);

	/**
	 * @param onLine - each line, its `\n` included (the last line of a stream may have none)
	 * @param onOverflow - each line over the bound: its length without the `\n`, its first bytes
	 * @param maxLength - the bound, in bytes; default 32 MiB
	 */
	constructor(
		onLine: (bytes: Uint8Array) => void,
		onOverflow: (length: number, head: Uint8Array) => void,
		maxLength: number = DEFAULT_MAX_LINE_LENGTH,
	) {
		this.#onLine = onLine;
		this.#onOverflow = onOverflow;
		this.#maxLength = maxLength;
	}

	/** Takes the next chunk; calls `onLine` and `onOverflow` for the lines it completes, in order. */
	push(bytes: Uint8Array): void {
		let start = 0;
		for (;;) {
			const end = bytes.indexOf(LF, start);
			if (end === -1) break;
			this.#finish(bytes.subarray(start, end + 1));
			start = end + 1;
		}
		if (start < bytes.length) this.#keep(bytes.subarray(start));
	}

	/** The stream ended: a last line without a `\n` is a line too. */
	end(): void {
		if (this.#length === 0) return;
		if (this.#dropping) {
			const length = this.#length;
			const head = this.#head;
			this.#reset();
			this.#onOverflow(length, head);
			return;
		}
		const line = concat(this.#pending, this.#length);
		this.#reset();
		this.#onLine(line);
	}

	#finish(tail: Uint8Array): void {
		const length = this.#length + tail.length - 1;
		if (this.#dropping || length > this.#maxLength) {
			const head = this.#dropping
				? this.#head
				: headOf(this.#pending, tail.subarray(0, tail.length - 1));
			this.#reset();
			this.#onOverflow(length, head);
			return;
		}
		if (this.#length === 0) {
			if (tail.length > 1) this.#onLine(tail);
			return;
		}
		this.#pending.push(tail);
		const line = concat(this.#pending, length + 1);
		this.#reset();
		this.#onLine(line);
	}

	#keep(part: Uint8Array): void {
		this.#length += part.length;
		if (this.#dropping) return;
		if (this.#length > this.#maxLength) {
			this.#head = headOf(this.#pending, part);
			this.#pending = [];
			this.#dropping = true;
			return;
		}
		// The chunk may be reused by its owner: keep a copy of what stays pending.
		this.#pending.push(new Uint8Array(part));
	}

	#reset(): void {
		this.#pending = [];
		this.#length = 0;
		this.#dropping = false;
		this.#head = new Uint8Array(0);
	}
}

/**
 * The lines of a byte stream, as an async iterable: {@link LineSplitter} over every chunk,
 * then its end. A Node `Readable` (a child's stdout, `process.stdin`) is such a source.
 *
 * @param source - chunks of bytes or text
 * @param options - the longest line kept, and what to tell about longer ones
 * @returns the lines in order, without their `\n`
 * @throws McpToolNamesError `invalid-option` on bad options (when iteration starts)
 * @example
 * ```ts
 * for await (const line of splitLines(process.stdin)) {
 *   const message = JSON.parse(line);
 * }
 * ```
 */
export async function* splitLines(
	source: AsyncIterable<Uint8Array | string>,
	options: LineSplitterOptions = {},
): AsyncGenerator<string, void, undefined> {
	const splitter = new LineSplitter(options);
	for await (const chunk of source) yield* splitter.push(chunk);
	yield* splitter.end();
}

/**
 * One JSON-RPC message as a line of MCP's stdio framing: its JSON and a `\n`. JSON never
 * holds a raw newline (string escapes take care of it), so the line cannot break the framing.
 *
 * @param message - a JSON-RPC message or batch
 * @returns the text to write
 * @throws McpToolNamesError `invalid-argument` when the message has no JSON form (`undefined`,
 * a function, a cycle, a `BigInt`, nesting deeper than `JSON.stringify` can write)
 * @example
 * ```ts
 * child.stdin.write(frameLine({ jsonrpc: "2.0", id: 1, method: "tools/list" }));
 * // '{"jsonrpc":"2.0","id":1,"method":"tools/list"}\n'
 * ```
 */
export function frameLine(message: unknown): string {
	let json: string | undefined;
	try {
		json = JSON.stringify(message);
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		throw new McpToolNamesError(
			"invalid-argument",
			`frameLine cannot write this message as JSON: ${reason.split("\n")[0]}`,
			{ cause: error },
		);
	}
	if (json === undefined) {
		throw new McpToolNamesError(
			"invalid-argument",
			`frameLine expects a JSON-RPC message, got ${message === undefined ? "undefined" : `a ${typeof message}`}`,
		);
	}
	return `${json}\n`;
}

function concat(parts: readonly Uint8Array[], length: number): Uint8Array {
	const first = parts[0];
	if (parts.length === 1 && first !== undefined && first.length === length) {
		return first;
	}
	const out = new Uint8Array(length);
	let offset = 0;
	for (const part of parts) {
		if (offset >= length) break;
		const piece =
			part.length > length - offset ? part.subarray(0, length - offset) : part;
		out.set(piece, offset);
		offset += piece.length;
	}
	return out;
}

/** A copy of the first bytes (at most 1024) of a line's parts. */
function headOf(parts: readonly Uint8Array[], last: Uint8Array): Uint8Array {
	const all = [...parts, last];
	let total = 0;
	for (const part of all) total += part.length;
	const head = concat(all, Math.min(total, HEAD_BYTES));
	return head === last ? new Uint8Array(last) : head;
}
