/**
 * The stdio link: a server started as a child process (its tree ended as a whole), its stdout
 * read as newline-delimited lines of bytes, its stdin written one message a write. The proxy's
 * upstream ({@link StdioLink}) and the audit's listing ({@link listStdioTools}) both run on it.
 *
 * @module
 */
import { setTimeout as delay } from "node:timers/promises";
import { frameLine, LineFramer } from "../../adapters/jsonrpc/lines.js";
import {
	type ServerCommand,
	type ServerProcess,
	startServerProcess,
} from "../process/server-process.js";
import { signalExitCode } from "../process/signals.js";
import { Deadline } from "./deadline.js";
import type { UpstreamEnd, UpstreamLink } from "./link.js";
import {
	type Channel,
	type ListedTools,
	listServerTools,
	type TargetOptions,
} from "./session.js";
import {
	describeStdioFailure,
	notEndedNote,
	ServerExited,
	ServerFatal,
	spawnFailure,
} from "./target-errors.js";

/** What a line reader reports: a complete line (its bytes, line end included), or a line over the bound. */
export type LineEvent =
	| { type: "line"; bytes: Buffer }
	| { type: "overflow"; length: number };

/**
 * Newline framing on bytes for the proxy: each line is reported as the bytes that came, its
 * `\n` included, so a line the proxy passes on unchanged is written as it is, in one write,
 * with nothing decoded or copied on the way (a line inside one chunk is a view of that chunk).
 * A line longer than `maxLineBytes` is dropped and reported as an overflow with its length.
 */
export function lineReader(
	onLine: (event: LineEvent) => void,
	maxLineBytes?: number,
): { push(chunk: Uint8Array): void; end(): void } {
	return new LineFramer(
		(bytes) => onLine({ type: "line", bytes: asBuffer(bytes) }),
		(length) => onLine({ type: "overflow", length }),
		maxLineBytes,
	);
}

/** The same bytes as a `Buffer` (a line from one chunk of a pipe already is one). */
function asBuffer(bytes: Uint8Array): Buffer {
	return Buffer.isBuffer(bytes)
		? bytes
		: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

const LF = 0x0a;
const NEWLINE = Buffer.from("\n");
const STDERR_TAIL = 4096;

/** Options of {@link StdioLink}. */
interface StdioLinkOptions {
	/** The command line; the environment it names (default the CLI's) is passed whole. */
	command: ServerCommand;
	/** Each line (or overflow) the server writes to stdout. */
	onLine(event: LineEvent): void;
	/** Each chunk of the server's stderr, as it came. */
	onStderr?(chunk: Buffer): void;
	maxLineBytes?: number;
}

/**
 * The stdio link: a server started as a child process in its own process group (see
 * server-process.ts), its stdout framed into lines, its stdin taking one write a message.
 * The proxy's upstream, and under {@link listStdioTools} the audit's server.
 */
export class StdioLink implements UpstreamLink {
	readonly server: ServerProcess;
	/** Settles when stdout ended (its last line reported) or was closed. */
	readonly stdoutEnded: Promise<void>;
	readonly ended: Promise<UpstreamEnd>;
	readonly #command: string;
	#closing = false;

	/** @param options - the command to start and where its output goes */
	constructor(options: StdioLinkOptions) {
		this.#command = options.command.command;
		this.server = startServerProcess(
			options.command,
			options.onStderr === undefined ? {} : { onStderr: options.onStderr },
		);
		const lines = lineReader(options.onLine, options.maxLineBytes);
		const stdout = this.server.stdout;
		stdout.on("data", (chunk: Buffer) => lines.push(chunk));
		this.stdoutEnded = new Promise<void>((resolve) => {
			stdout.once("end", () => {
				lines.end();
				resolve();
			});
			stdout.once("close", () => resolve());
		});
		this.ended = this.#describeExit();
	}

	/** Writes one message, adding its `\n` when it has none; nothing once stdin is closed. */
	send(bytes: Buffer): void {
		const stdin = this.server.stdin;
		if (stdin.destroyed || stdin.writableEnded) return;
		// One write a message: a second one for the line end would cost a system call.
		stdin.write(
			bytes[bytes.length - 1] === LF
				? bytes
				: Buffer.concat([bytes, NEWLINE], bytes.length + 1),
		);
	}

	async close(): Promise<UpstreamEnd> {
		this.#closing = true;
		// Time to exit on the end of stdin (most servers do), then SIGTERM, then SIGKILL.
		await this.server.end({ stdinGraceMs: 2_000, termGraceMs: 2_000 });
		return this.ended;
	}

	stderrTail(): string {
		return this.server.stderr.text.slice(-STDERR_TAIL);
	}

	killNow(): void {
		this.server.signal("SIGKILL");
	}

	needsDrain(): boolean {
		return this.server.stdin.writableNeedDrain;
	}

	drained(): Promise<void> {
		const stdin = this.server.stdin;
		if (!stdin.writableNeedDrain || stdin.destroyed) return Promise.resolve();
		return new Promise((resolve) => {
			const done = (): void => {
				stdin.off("drain", done);
				stdin.off("close", done);
				resolve();
			};
			stdin.once("drain", done);
			stdin.once("close", done);
		});
	}

	async #describeExit(): Promise<UpstreamEnd> {
		const failure = await this.server.spawned.then(
			() => undefined,
			(error: unknown) => error ?? new Error("spawn failed"),
		);
		if (failure !== undefined) return this.#startFailed(failure);
		const exit = await this.server.exited;
		const { startError } = this.server;
		if (startError !== undefined) return this.#startFailed(startError);
		// Let the last lines it wrote reach the client before the proxy moves on.
		await Promise.race([
			this.stdoutEnded,
			delay(500, undefined, { ref: false }),
		]);
		if (exit.signal !== null) {
			return {
				code: this.#closing ? 0 : signalExitCode(exit.signal),
				reason: `was ended by ${exit.signal}`,
				startFailed: false,
			};
		}
		return {
			code: exit.code ?? 0,
			reason: `exited with code ${exit.code ?? 0}`,
			startFailed: false,
		};
	}

	#startFailed(failure: unknown): UpstreamEnd {
		return {
			code: 2,
			reason:
				spawnFailure(failure, this.#command) ??
				`Cannot start ${JSON.stringify(this.#command)}: ${String(failure)}`,
			startFailed: true,
		};
	}
}

/** How long a silent server may take before the CLI says it is still starting. */
const STILL_STARTING_MS = 10_000;
// A server that wrote a fatal error gets this long to prove it is alive with a message.
const FATAL_QUIET_MS = 1_500;
// How long to wait for the exit status of a server whose stdout has ended.
const EXIT_AFTER_EOF_MS = 200;

/**
 * Starts a stdio server, initializes it and follows `tools/list` through every page. On
 * failure the server's tree is ended before the error is thrown.
 *
 * @param server - the command line to start
 * @param options - time budget, progress line and label
 * @returns the tools, the server's info, and `close()`
 * @throws CliFailure `target` with one sentence: command not found, exited (with the stderr
 * lines that name the cause), a fatal error on stderr, timed out (naming the phase), or an
 * error answer
 */
export async function listStdioTools(
	server: ServerCommand,
	options: TargetOptions,
): Promise<ListedTools> {
	const deadline = new Deadline(options.timeoutMs, options.startTimeoutMs);
	options.progress.update(`Starting ${options.label}`);
	// `npx -y` may download for a minute before the server says anything: the budget
	// starts at its first output, and a silent wait is said to be one.
	const stillStarting = setTimeout(() => {
		if (deadline.waiting) options.onStillStarting?.(STILL_STARTING_MS);
	}, STILL_STARTING_MS);
	stillStarting.unref();
	const spoke = (): void => {
		clearTimeout(stillStarting);
		deadline.started();
	};
	const channel = new StdioChannel(server, spoke);
	const child = channel.server;
	child.stdout.once("data", spoke);
	try {
		await deadline.run("spawn", child.spawned);
		const listed = await listServerTools(channel, deadline, options);
		return {
			...listed,
			close: async () => {
				const gone = await child.end({ deadline: deadline.end });
				deadline.dispose();
				return gone ? undefined : notEndedNote(options.label, child.pid);
			},
		};
	} catch (error) {
		clearTimeout(stillStarting);
		await child.end({ deadline: deadline.end });
		deadline.dispose();
		throw describeStdioFailure(error, {
			label: options.label,
			command: server.command,
			deadline,
			stderr: child.stderr,
		});
	}
}

/** A {@link Channel} of JSON messages over the stdio link. */
class StdioChannel implements Channel {
	onmessage?: (message: unknown) => void;
	onfail?: (error: Error) => void;
	readonly server: ServerProcess;
	readonly #link: StdioLink;
	#junk: string | undefined;
	#lastMessage = 0;

	constructor(command: ServerCommand, onStderr: () => void) {
		const link = new StdioLink({
			command,
			onLine: (event) => {
				if (event.type === "line") this.#line(event.bytes.toString("utf8"));
			},
			onStderr,
		});
		this.#link = link;
		this.server = link.server;
		// The server is gone when its stdout ends, not when the direct child exits: a launcher
		// may exit and leave the server it started on the same pipes.
		void link.stdoutEnded.then(() => {
			const wait = delay(EXIT_AFTER_EOF_MS, undefined);
			void Promise.race([this.server.exited, wait]).then((status) =>
				this.onfail?.(
					this.server.startError ?? new ServerExited(status, this.#junk),
				),
			);
		});
		this.server.stderr.onFatal((line) => {
			const seenAt = Date.now();
			setTimeout(() => {
				if (this.#lastMessage < seenAt) this.onfail?.(new ServerFatal(line));
			}, FATAL_QUIET_MS).unref();
		});
	}

	async send(message: Record<string, unknown>): Promise<void> {
		// A write to a server that is gone fails: its exit is reported instead.
		this.#link.send(Buffer.from(frameLine(message)));
	}

	#line(line: string): void {
		if (line.trim() === "") return;
		let message: unknown;
		try {
			message = JSON.parse(line);
		} catch {
			// Servers that log to stdout by mistake: skip the line, name it if they fail.
			this.#junk ??= line.trim().slice(0, 200);
			return;
		}
		this.#lastMessage = Date.now();
		this.onmessage?.(message);
	}
}
