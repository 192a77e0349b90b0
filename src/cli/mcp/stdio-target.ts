/**
 * The stdio target: a server started as a child process, spoken to in MCP's newline-delimited
 * JSON (this package's own framing, no SDK), and ended as a whole process tree.
 *
 * @module
 */
import { frameLine, LineSplitter } from "../../adapters/jsonrpc/lines.js";
import {
	type ServerCommand,
	type ServerProcess,
	startServerProcess,
} from "../process/server-process.js";
import type { Progress } from "../progress.js";
import { Deadline } from "./deadline.js";
import { ServerExited, ServerFatal } from "./failures.js";
import { type Channel, listServerTools, type ServerTools } from "./session.js";
import { describeStdioFailure } from "./target-errors.js";

/**
 * Options shared by the server targets.
 */
export interface TargetOptions {
	/** Budget for starting, initializing, listing every page and ending, in all. */
	timeoutMs: number;
	progress: Progress;
	/** How to name the server in messages: its command line or URL. */
	label: string;
	/**
	 * stdio: the bound on the wait for the server's first output (stdout or stderr); the
	 * `timeoutMs` budget then starts at that output. Without it, `timeoutMs` starts at once.
	 */
	startTimeoutMs?: number;
	/** stdio: called once when the server has written nothing for {@link STILL_STARTING_MS}. */
	onStillStarting?: (waitedMs: number) => void;
}

/**
 * How long a silent server may take before the CLI says it is still starting.
 */
export const STILL_STARTING_MS = 10_000;

/**
 * What a server target listed, and how to let it go once the result is printed.
 */
export interface ListedTools extends ServerTools {
	/** The HTTP transport that answered. */
	transport?: "streamable-http" | "sse";
	/**
	 * Ends the server (stdio: its process tree; HTTP: its session) within what is left of
	 * the budget.
	 *
	 * @returns a sentence for stderr when it could not be ended in time, else `undefined`
	 */
	close(): Promise<string | undefined>;
}

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
	const child = startServerProcess(server, { onStderr: spoke });
	child.stdout.once("data", spoke);
	const channel = new StdioChannel(child);
	try {
		await deadline.run("spawn", child.spawned);
		const listed = await listServerTools(channel, deadline, options);
		return {
			...listed,
			close: () => closeChild(child, deadline, options.label),
		};
	} catch (error) {
		clearTimeout(stillStarting);
		await child.end({ deadline: deadline.end });
		deadline.dispose();
		throw describeStdioFailure(error, {
			label: options.label,
			command: server.command,
			phase: deadline.phase,
			timeoutMs: options.timeoutMs,
			...(options.startTimeoutMs === undefined
				? {}
				: { startTimeoutMs: options.startTimeoutMs }),
			stderr: child.stderr,
		});
	}
}

async function closeChild(
	child: ServerProcess,
	deadline: Deadline,
	label: string,
): Promise<string | undefined> {
	const gone = await child.end({ deadline: deadline.end });
	deadline.dispose();
	return gone
		? undefined
		: `${capitalize(label)} (pid ${child.pid}) did not end during shutdown within --timeout, even after SIGKILL; some of its processes may still run`;
}

function capitalize(text: string): string {
	return text.startsWith("the ") ? `The ${text.slice(4)}` : text;
}

/** A {@link Channel} over a child's stdin and stdout. */
class StdioChannel implements Channel {
	onmessage?: (message: unknown) => void;
	onfail?: (error: Error) => void;
	readonly #child: ServerProcess;
	#junk: string | undefined;
	#failed = false;
	#lastMessage = 0;

	constructor(child: ServerProcess) {
		this.#child = child;
		const splitter = new LineSplitter();
		child.stdout.on("data", (chunk: Buffer) => {
			for (const line of splitter.push(chunk)) this.#line(line);
		});
		// The server is gone when its stdout ends, not when the direct child exits: a launcher
		// may exit and leave the server it started on the same pipes.
		child.stdout.once("end", () => {
			for (const line of splitter.end()) this.#line(line);
			const exited = child.exited.then((status) => status);
			const wait = new Promise<undefined>((resolve) =>
				setTimeout(resolve, EXIT_AFTER_EOF_MS, undefined),
			);
			void Promise.race([exited, wait]).then((status) =>
				this.#fail(new ServerExited(status, this.#junk)),
			);
		});
		child.stderr.onFatal((line) => {
			const seenAt = Date.now();
			setTimeout(() => {
				if (this.#lastMessage < seenAt) this.#fail(new ServerFatal(line));
			}, FATAL_QUIET_MS).unref();
		});
	}

	send(message: Record<string, unknown>): Promise<void> {
		return new Promise((resolve) => {
			// A failed write means the server is gone: its exit is reported instead.
			this.#child.stdin.write(frameLine(message), () => resolve());
		});
	}

	#line(line: string): void {
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

	#fail(error: Error): void {
		if (this.#failed) return;
		this.#failed = true;
		this.onfail?.(error);
	}
}
