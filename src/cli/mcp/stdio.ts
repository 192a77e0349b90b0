import { StringDecoder } from "node:string_decoder";
import { LineFramer } from "../../adapters/jsonrpc/lines.js";
import type { CliOutput } from "../io.js";
import { startServerProcess } from "../process/server-process.js";
import { signalExitCode } from "../process/signals.js";

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

/** How an upstream ended, in the proxy's terms. */
export interface UpstreamEnd {
	/** The exit code the proxy passes on (the server's own, or 1 for a lost connection). */
	code: number;
	/** One sentence: "exited with code 1", "was ended by SIGKILL", "closed the connection". */
	reason: string;
	/** It could not be started at all (command not found, connection refused): exit 2. */
	startFailed: boolean;
}

/** An upstream server the proxy talks to, however it is connected. */
export interface UpstreamLink {
	/**
	 * Sends one frame (a JSON text, with or without its newline); `message` is its parsed form
	 * when the caller has it (an HTTP upstream reads the request ids off it).
	 */
	send(bytes: Buffer, message?: unknown): void;
	/** Settles when the upstream is gone by itself (never rejects). */
	readonly ended: Promise<UpstreamEnd>;
	/** Ends it (and its whole process tree); resolves with how it ended. */
	close(): Promise<UpstreamEnd>;
	/** Last lines of its stderr, for messages. */
	stderrTail(): string;
	/** Stops the process tree synchronously (for process exit). */
	killNow(): void;
	/** Settles once the upstream takes more input (back-pressure); at once when it does now. */
	drained(): Promise<void>;
	/** Whether writes are waiting for the upstream to read them. */
	needsDrain(): boolean;
}

/** Options of {@link startStdioUpstream}. */
export interface StdioUpstreamOptions {
	command: string;
	args: readonly string[];
	env: NodeJS.ProcessEnv;
	/** Where the server's stderr goes (the proxy's own stderr), unchanged. */
	stderr: CliOutput;
	/** Each line (or overflow) the server writes to stdout. */
	onLine(event: LineEvent): void;
	maxLineBytes?: number;
}

const STDERR_TAIL = 4096;
const LF = 0x0a;
const NEWLINE = Buffer.from("\n");

/**
 * Starts the upstream server as a child process in its own process group, with the whole
 * environment of the proxy, and frames its stdout into lines. Its stderr is copied to the
 * proxy's stderr (a client shows it in its server log).
 */
export function startStdioUpstream(
	options: StdioUpstreamOptions,
): UpstreamLink {
	const decoder = new StringDecoder("utf8");
	const server = startServerProcess(
		{ command: options.command, args: options.args, env: options.env },
		{ onStderr: (chunk) => options.stderr.write(decoder.write(chunk)) },
	);
	const lines = lineReader(options.onLine, options.maxLineBytes);
	server.stdout.on("data", (chunk: Buffer) => lines.push(chunk));
	const stdoutEnded = new Promise<void>((resolve) => {
		server.stdout.once("end", () => {
			lines.end();
			resolve();
		});
		server.stdout.once("close", () => resolve());
	});
	let closing = false;
	const describeExit = async (): Promise<UpstreamEnd> => {
		const failure = await server.spawned.then(
			() => undefined,
			(error: NodeJS.ErrnoException) => error,
		);
		if (failure !== undefined) {
			return {
				code: 2,
				reason: spawnReason(options.command, failure),
				startFailed: true,
			};
		}
		const exit = await server.exited;
		// Let the last lines it wrote reach the client before the proxy moves on.
		await Promise.race([stdoutEnded, sleep(500)]);
		if (exit.signal !== null) {
			return {
				code: closing ? 0 : signalExitCode(exit.signal),
				reason: `was ended by ${exit.signal}`,
				startFailed: false,
			};
		}
		return {
			code: exit.code ?? 0,
			reason: `exited with code ${exit.code ?? 0}`,
			startFailed: false,
		};
	};
	const ended = describeExit();
	const stdin = server.stdin;
	return {
		send(bytes) {
			if (stdin.destroyed || stdin.writableEnded) return;
			// One write a message: a second one for the line end would cost a system call.
			stdin.write(
				bytes[bytes.length - 1] === LF
					? bytes
					: Buffer.concat([bytes, NEWLINE], bytes.length + 1),
			);
		},
		ended,
		async close() {
			closing = true;
			// Time to exit on the end of stdin (most servers do), then SIGTERM, then SIGKILL.
			await server.end({ stdinGraceMs: 2_000, termGraceMs: 2_000 });
			return ended;
		},
		stderrTail: () => server.stderr.text.slice(-STDERR_TAIL),
		killNow: () => server.signal("SIGKILL"),
		needsDrain: () => stdin.writableNeedDrain,
		drained: () => {
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
		},
	};
}

function spawnReason(command: string, error: NodeJS.ErrnoException): string {
	const why =
		error.code === "ENOENT"
			? "command not found"
			: error.code === "EACCES"
				? "permission denied"
				: (error.message.split("\n")[0] ?? "spawn failed");
	const hint =
		error.code === "ENOENT" && /\s/.test(command)
			? "; write the command and its arguments as separate words after --"
			: "";
	return `Cannot start ${JSON.stringify(command)}: ${why}${hint}`;
}

function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => {
		setTimeout(resolve, ms).unref();
	});
}
