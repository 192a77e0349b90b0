/**
 * What a server wrote on stderr, kept so failure messages can quote the lines that name the
 * cause, and watched for a fatal error so the CLI does not wait for a server that has died
 * inside (its process alive, its work over).
 *
 * @module
 */

const HEAD_CHARS = 64 * 1024;
const TAIL_CHARS = 16 * 1024;
const MAX_CAUSE_LINES = 3;
const MAX_LINE_CHARS = 200;
// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escape sequences
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007]*\u0007/g;

// A line that names an error: `Error: …`, `TypeError [ERR_X]: …`, Python's last traceback line
// `ModuleNotFoundError: …`, `java.lang.IllegalStateException: …`.
const ERROR_LINE =
	/^\s*(?:Uncaught\s+)?(?:[\w$]+\.)*[\w$]*(?:Error|Exception)(?:\s*\[[\w-]+\])?:\s*\S/;
// Lines that end a cause: stack frames and the noise around a Node crash.
const FRAME = /^\s+(?:at\s|File\s")|^\s*\.\.\.\s*\d+\s+more/;
const NOISE =
	/^\s*$|^Node\.js v\d|^\s*\^+\s*$|^\s*throw\s|^(?:node:internal\/|file:\/\/|\/).*:\d+$|^Traceback \(most recent call last\):$|^\s*[{}]\s*$|^Emitted 'error' event/;
// Lines after which a server is taken as dead although its process may run on.
const FATAL = [
	ERROR_LINE,
	/^Traceback \(most recent call last\):/,
	/\bgetaddrinfo (?:ENOTFOUND|EAI_AGAIN)\b/,
	/\bconnect ECONNREFUSED\b/,
	/^panic: /,
	/^thread '.*' panicked at /,
	/^(?:fatal|FATAL)\b/,
];

/**
 * The stderr of one server: every line seen (the first 64 KiB and the last 16 KiB), and
 * the first line that looked fatal.
 */
export class StderrLog {
	#head = "";
	#tail = "";
	#dropped = false;
	#partial = "";
	readonly #decoder = new TextDecoder();
	#fatal: string | undefined;
	readonly #listeners = new Set<(line: string) => void>();

	/** The first line that looked like a fatal error, if one came. */
	get fatalLine(): string | undefined {
		return this.#fatal;
	}

	/** Everything kept, ANSI codes removed; `…` marks where the middle was dropped. */
	get text(): string {
		return this.#dropped ? `${this.#head}\n…\n${this.#tail}` : this.#head;
	}

	/**
	 * Takes a chunk of the stream.
	 *
	 * @param chunk - bytes or text
	 */
	push(chunk: Uint8Array | string): void {
		const text = (
			typeof chunk === "string"
				? chunk
				: this.#decoder.decode(chunk, { stream: true })
		).replace(ANSI, "");
		if (this.#head.length + text.length <= HEAD_CHARS && !this.#dropped) {
			this.#head += text;
		} else {
			const room = Math.max(0, HEAD_CHARS - this.#head.length);
			this.#head += text.slice(0, room);
			this.#tail = (this.#tail + text.slice(room)).slice(-TAIL_CHARS);
			this.#dropped = true;
		}
		const lines = (this.#partial + text).split(/\r?\n/);
		this.#partial = (lines.pop() ?? "").slice(-MAX_LINE_CHARS * 4);
		for (const line of lines) this.#see(line);
	}

	/**
	 * Calls `listener` on the first fatal-looking line (at once if it came already).
	 *
	 * @param listener - gets the line
	 */
	onFatal(listener: (line: string) => void): void {
		if (this.#fatal === undefined) this.#listeners.add(listener);
		else listener(this.#fatal);
	}

	/**
	 * The lines that name why the server failed: the first error line and the lines that go
	 * with it, up to the stack trace; without one, the last meaningful lines. At most three
	 * lines of at most 200 characters, never Node's `Node.js v20…` footer.
	 *
	 * @returns the lines, maybe none
	 */
	cause(): string[] {
		return causeLines(this.text);
	}

	#see(line: string): void {
		if (this.#fatal !== undefined) return;
		if (!FATAL.some((pattern) => pattern.test(line))) return;
		this.#fatal = shorten(line.trim());
		for (const listener of this.#listeners) listener(this.#fatal);
		this.#listeners.clear();
	}
}

/**
 * The cause lines of a stderr text; see {@link StderrLog.cause}.
 *
 * @param text - what the server wrote
 * @returns at most three short lines
 */
export function causeLines(text: string): string[] {
	const lines = text.replace(ANSI, "").split(/\r?\n/);
	const first = lines.findIndex((line) => ERROR_LINE.test(line));
	if (first !== -1) {
		const cause: string[] = [];
		for (const line of lines.slice(first)) {
			if (cause.length > 0 && (FRAME.test(line) || line.trim() === "")) break;
			if (cause.length === 0 || !NOISE.test(line)) cause.push(shorten(line));
			if (cause.length === MAX_CAUSE_LINES) break;
		}
		return cause;
	}
	const meaningful = lines.filter(
		(line) => !NOISE.test(line) && !FRAME.test(line),
	);
	return meaningful.slice(-2).map(shorten);
}

function shorten(line: string): string {
	const text = line.trim();
	return text.length > MAX_LINE_CHARS
		? `${text.slice(0, MAX_LINE_CHARS - 3)}...`
		: text;
}
