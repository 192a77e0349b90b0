/**
 * The one place that starts and ends the server processes of the CLI (`audit`, `resolve`,
 * `proxy`). A server runs in its own process group with the CLI's whole environment, and is
 * ended as a tree: wrappers such as `sh -c`, `npx -y` or a launcher script leave children of
 * their own, which must not outlive the CLI.
 *
 * @module
 */
import { spawn } from "node:child_process";
import process from "node:process";
import type { Readable, Writable } from "node:stream";
import { ChildServer } from "./_child-server.js";
import type { StderrLog } from "./stderr.js";

/**
 * A command line to start.
 *
 * @example
 * ```ts
 * const command: ServerCommand = { command: "npx", args: ["-y", "@modelcontextprotocol/server-everything"] };
 * ```
 */
export interface ServerCommand {
	command: string;
	args: readonly string[];
	cwd?: string;
	/** The child's environment, passed whole; default the CLI's own. */
	env?: Readonly<Record<string, string | undefined>>;
}

/**
 * How a process ended: an exit code, or the signal that ended it.
 *
 * @example
 * ```ts
 * const { code, signal }: ExitStatus = await server.exited;
 * ```
 */
export interface ExitStatus {
	code: number | null;
	signal: NodeJS.Signals | null;
}

/**
 * Options of {@link startServerProcess}.
 *
 * @example
 * ```ts
 * const options: StartServerOptions = { onSignal: "forward" };
 * ```
 */
export interface StartServerOptions {
	/**
	 * What SIGINT, SIGTERM or SIGHUP sent to the CLI does while the server runs: `end` (default)
	 * ends the server's tree, then lets the signal end the CLI as it would have; `forward`
	 * sends it to the server's tree and leaves the rest to the caller (a proxy waits for
	 * {@link ServerProcess.exited} and exits with the server's code).
	 */
	onSignal?: "end" | "forward";
	/** Also called with every chunk of the server's stderr (a proxy passes it on as it came). */
	onStderr?: (chunk: Buffer) => void;
}

/**
 * Options of {@link ServerProcess.end}.
 *
 * @example
 * ```ts
 * await server.end({ deadline: Date.now() + 1_000 });
 * ```
 */
export interface EndOptions {
	/** Time after closing stdin before SIGTERM, in ms; default 200. */
	stdinGraceMs?: number;
	/** Time after SIGTERM before SIGKILL, in ms; default 1000. */
	termGraceMs?: number;
	/** Epoch ms by which ending must be over: the waits are cut short, SIGKILL comes sooner. */
	deadline?: number;
}

/**
 * A started server: its pipes, its stderr, and the means to end it.
 *
 * @example
 * ```ts
 * const server = startServerProcess({ command: "node", args: ["server.js"] });
 * await server.spawned;
 * server.stdin.write(frameLine(request));
 * await server.end();
 * ```
 */
export interface ServerProcess {
	/** The child's pid (also its process group on POSIX), once it has one. */
	readonly pid: number | undefined;
	readonly stdin: Writable;
	readonly stdout: Readable;
	/** Everything it wrote on stderr, and the first fatal-looking line. */
	readonly stderr: StderrLog;
	/** Resolves when the process runs; rejects with the spawn error (`ENOENT`, `EACCES`). */
	readonly spawned: Promise<void>;
	/** Resolves when the direct child has exited (also after a failed spawn); never rejects. */
	readonly exited: Promise<ExitStatus>;
	/** How it exited, once it has. */
	readonly exitStatus: ExitStatus | undefined;
	/**
	 * Ends the whole tree: closes stdin, then SIGTERM to the group, then SIGKILL, each after
	 * its grace time, and releases the pipes. Safe to call more than once.
	 *
	 * @returns `true` when the tree is gone, `false` when something outlived the deadline
	 */
	end(options?: EndOptions): Promise<boolean>;
	/** Sends a signal to the whole tree. */
	signal(signal: NodeJS.Signals): void;
}

const POSIX = process.platform !== "win32";

/**
 * Starts a server: stdin and stdout piped for the protocol, stderr captured into a
 * {@link StderrLog}, its own process group on POSIX, the whole environment passed on.
 *
 * @param command - what to run
 * @param options - what a signal to the CLI does meanwhile
 * @returns the running process; check {@link ServerProcess.spawned} before using it
 * @example
 * ```ts
 * const server = startServerProcess({ command: "sh", args: ["-c", "node server.js"] });
 * ```
 */
export function startServerProcess(
	command: ServerCommand,
	options: StartServerOptions = {},
): ServerProcess {
	const child = spawn(command.command, [...command.args], {
		stdio: ["pipe", "pipe", "pipe"],
		env: definedEnv(command.env ?? process.env),
		detached: POSIX,
		windowsHide: true,
		...(command.cwd === undefined ? {} : { cwd: command.cwd }),
	});
	return new ChildServer(child, options.onSignal ?? "end", options.onStderr);
}

function definedEnv(
	env: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
	const result: Record<string, string> = {};
	for (const [key, value] of Object.entries(env)) {
		if (value !== undefined) result[key] = value;
	}
	return result;
}
