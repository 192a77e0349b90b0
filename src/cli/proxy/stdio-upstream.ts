import { StringDecoder } from "node:string_decoder";
import type { CliOutput } from "../io.js";
import { type LineEvent, LineSplitter } from "./_lines.js";
import { type ServerProcess, startServer } from "./_process.js";

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
	/** Sends one frame (a JSON text, with or without its newline). */
	send(bytes: Buffer): void;
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
const NEWLINE = Buffer.from("\n");

/**
 * Starts the upstream server as a child process in its own process group, with the whole
 * environment of the proxy, and frames its stdout into lines. Its stderr is copied to the
 * proxy's stderr (a client shows it in its server log).
 */
export function startStdioUpstream(
	options: StdioUpstreamOptions,
): UpstreamLink {
	const server: ServerProcess = startServer(
		options.command,
		options.args,
		options.env,
	);
	const { child } = server;
	const splitter = new LineSplitter(options.maxLineBytes);
	let tail = "";
	child.stdout?.on("data", (chunk: Buffer) => {
		for (const event of splitter.push(chunk)) options.onLine(event);
	});
	const stdoutEnded = new Promise<void>((resolve) => {
		child.stdout?.once("end", () => {
			for (const event of splitter.end()) options.onLine(event);
			resolve();
		});
		child.stdout?.once("close", () => resolve());
	});
	const decoder = new StringDecoder("utf8");
	child.stderr?.on("data", (chunk: Buffer) => {
		const text = decoder.write(chunk);
		tail = (tail + text).slice(-STDERR_TAIL);
		options.stderr.write(text);
	});
	let closing = false;
	const describeExit = async (): Promise<UpstreamEnd> => {
		const failure = await Promise.race([
			server.failed,
			server.exited.then(() => undefined),
		]);
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
				code: closing ? 0 : signalCode(exit.signal),
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
	return {
		send(bytes) {
			const stdin = child.stdin;
			if (stdin === null || stdin.destroyed || stdin.writableEnded) return;
			stdin.write(bytes);
			if (bytes[bytes.length - 1] !== 0x0a) stdin.write(NEWLINE);
		},
		ended,
		async close() {
			closing = true;
			await server.end();
			return ended;
		},
		stderrTail: () => tail,
		needsDrain: () => child.stdin?.writableNeedDrain === true,
		drained: () => {
			const stdin = child.stdin;
			if (stdin === null || !stdin.writableNeedDrain || stdin.destroyed)
				return Promise.resolve();
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
		killNow: () => server.killNow(),
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

/** The shell's convention: 128 + the signal's number. */
function signalCode(signal: NodeJS.Signals): number {
	const numbers: Partial<Record<NodeJS.Signals, number>> = {
		SIGHUP: 1,
		SIGINT: 2,
		SIGKILL: 9,
		SIGSEGV: 11,
		SIGPIPE: 13,
		SIGTERM: 15,
		SIGABRT: 6,
	};
	return 128 + (numbers[signal] ?? 1);
}

function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => {
		setTimeout(resolve, ms).unref();
	});
}
