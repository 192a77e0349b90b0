/**
 * The one place that starts and ends the server processes of the CLI (`audit`, `resolve`,
 * `proxy`). A server runs in its own process group with the CLI's whole environment, and is
 * ended as a tree: wrappers such as `sh -c`, `npx -y` or a launcher script leave children of
 * their own, which must not outlive the CLI.
 *
 * A server is started through `cross-spawn` (bundled into dist/cli.js): on Windows
 * `child_process.spawn` finds no `.cmd` shim on `PATH` (`npx`, `pnpm dlx`, a package's own
 * bin) and, since Node's fix for CVE-2024-27980, will not run one without a shell; cross-spawn
 * finds it through `PATHEXT` and runs it through `cmd.exe` with its arguments escaped. On
 * POSIX it is `child_process.spawn` itself.
 *
 * @module
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import process from "node:process";
import type { Readable, Writable } from "node:stream";
import { setTimeout as delay } from "node:timers/promises";
import crossSpawn from "cross-spawn";
import { track, untrack } from "./signals.js";
import { StderrLog } from "./stderr.js";

/**
 * A command line to start.
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
 */
export interface ExitStatus {
	code: number | null;
	signal: NodeJS.Signals | null;
}

/**
 * Options of {@link startServerProcess}.
 */
interface StartServerOptions {
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
 */
interface EndOptions {
	/** Time after closing stdin before SIGTERM, in ms; default 200. */
	stdinGraceMs?: number;
	/** Time after SIGTERM before SIGKILL, in ms; default 1000. */
	termGraceMs?: number;
	/** Epoch ms by which ending must be over: the waits are cut short, SIGKILL comes sooner. */
	deadline?: number;
}

const POSIX = process.platform !== "win32";

/**
 * Starts a server: stdin and stdout piped for the protocol, stderr captured into a
 * {@link StderrLog}, its own process group on POSIX, the whole environment passed on.
 *
 * @param command - what to run
 * @param options - what a signal to the CLI does meanwhile
 * @returns the running process; check {@link ServerProcess.spawned} before using it
 */
export function startServerProcess(
	command: ServerCommand,
	options: StartServerOptions = {},
): ServerProcess {
	const child = crossSpawn(command.command, [...command.args], {
		stdio: ["pipe", "pipe", "pipe"],
		// Node leaves out the variables whose value is `undefined`.
		env: command.env ?? process.env,
		detached: POSIX,
		windowsHide: true,
		...(command.cwd === undefined ? {} : { cwd: command.cwd }),
	});
	return new ServerProcess(child, options.onSignal ?? "end", options.onStderr);
}

const STDIN_GRACE_MS = 200;
const TERM_GRACE_MS = 1_000;
const KILL_WAIT_MS = 500;
const POLL_MS = 20;

/**
 * A started server (see {@link startServerProcess}): its pipes, its stderr, and the means to
 * end it. One child in its own process group, ended as a tree (stdin closed, then SIGTERM,
 * then SIGKILL), its pipes released even when grandchildren that escaped the group still hold
 * them.
 */
export class ServerProcess {
	/** Everything it wrote on stderr, and the first fatal-looking line. */
	readonly stderr: StderrLog = new StderrLog();
	/**
	 * Resolves when the process runs; rejects with the spawn error (`ENOENT`, `EACCES`). On
	 * Windows a command that `cmd.exe` could not find has run (the shell did) and fails later:
	 * see {@link ServerProcess.startError}.
	 */
	readonly spawned: Promise<void>;
	/** Resolves when the direct child has exited (also after a failed spawn); never rejects. */
	readonly exited: Promise<ExitStatus>;
	readonly #child: ChildProcess;
	readonly #onSignal: "end" | "forward";
	#status: ExitStatus | undefined;
	#ending: Promise<boolean> | undefined;
	#startError: Error | undefined;

	constructor(
		child: ChildProcess,
		onSignal: "end" | "forward",
		onStderr?: (chunk: Buffer) => void,
	) {
		this.#child = child;
		this.#onSignal = onSignal;
		child.stderr?.on("data", (chunk: Buffer) => {
			this.stderr.push(chunk);
			onStderr?.(chunk);
		});
		// A server that is gone makes writes fail with EPIPE: the exit is reported instead.
		child.stdin?.on("error", () => {});
		let exited: (status: ExitStatus) => void = () => {};
		let failed: (error: Error) => void = () => {};
		this.exited = new Promise((resolve) => {
			exited = resolve;
		});
		this.spawned = new Promise((resolve, reject) => {
			failed = reject;
			child.once("spawn", () => resolve());
		});
		const done = (status: ExitStatus): void => {
			this.#status ??= status;
			exited(this.#status);
		};
		child.once("exit", (code, signal) => done({ code, signal }));
		child.on("error", (error) => {
			// A spawn that failed has no pid. On Windows, cross-spawn runs a command it cannot
			// find through cmd.exe and reports ENOENT in place of the shell's exit: the same
			// failure, known later.
			const notFound = child.pid !== undefined && isNotFound(error);
			if (child.pid !== undefined && !notFound) return;
			this.#startError ??= error;
			failed(error);
			done({ code: notFound ? 1 : null, signal: null });
		});
		this.spawned.catch(() => {});
		track(this);
	}

	/**
	 * Why the command could not be started, once known: the spawn error, or (Windows) a
	 * command `cmd.exe` could not find, which is known when {@link ServerProcess.exited} settles.
	 */
	get startError(): Error | undefined {
		return this.#startError;
	}

	/** The child's pid (also its process group on POSIX), once it has one. */
	get pid(): number | undefined {
		return this.#child.pid;
	}

	get stdin(): Writable {
		return this.#child.stdin as Writable;
	}

	get stdout(): Readable {
		return this.#child.stdout as Readable;
	}

	/** What a signal to the CLI does to it (see signals.ts). */
	get signalMode(): "end" | "forward" {
		return this.#onSignal;
	}

	/**
	 * Ends the whole tree: closes stdin, then SIGTERM to the group, then SIGKILL, each after
	 * its grace time, and releases the pipes. Safe to call more than once.
	 *
	 * @returns `true` when the tree is gone, `false` when something outlived the deadline
	 */
	end(options: EndOptions = {}): Promise<boolean> {
		this.#ending ??= this.#end(options);
		return this.#ending;
	}

	/** Sends a signal to the whole tree. */
	signal(signal: NodeJS.Signals): void {
		const pid = this.#child.pid;
		if (pid === undefined) return;
		if (!POSIX) {
			if (this.#status === undefined) this.#child.kill(signal);
			return;
		}
		try {
			process.kill(-pid, signal);
		} catch {
			// the group is gone
		}
	}

	async #end(options: EndOptions): Promise<boolean> {
		const deadline = options.deadline ?? Number.POSITIVE_INFINITY;
		const within = (ms: number): number =>
			Math.max(0, Math.min(ms, deadline - Date.now()));
		this.#child.stdin?.end();
		if (this.#child.pid === undefined) return this.#release(true);
		await this.#waitGone(within(options.stdinGraceMs ?? STDIN_GRACE_MS));
		if (!this.#treeGone()) {
			this.#terminate("SIGTERM");
			await this.#waitGone(within(options.termGraceMs ?? TERM_GRACE_MS));
		}
		if (!this.#treeGone()) {
			// SIGKILL cannot be refused: its short wait is not cut by the deadline.
			this.#terminate("SIGKILL");
			await this.#waitGone(KILL_WAIT_MS);
		}
		return this.#release(this.#treeGone());
	}

	#terminate(signal: "SIGTERM" | "SIGKILL"): void {
		const pid = this.#child.pid;
		if (pid === undefined) return;
		if (POSIX) {
			this.signal(signal);
			return;
		}
		// Windows has no process groups: taskkill ends the tree, best effort.
		const killer = spawn("taskkill", ["/pid", String(pid), "/T", "/F"], {
			stdio: "ignore",
			windowsHide: true,
		});
		killer.on("error", () => this.#child.kill(signal));
	}

	/** The direct child has exited and no process of its group is left. */
	#treeGone(): boolean {
		if (this.#status === undefined) return false;
		const pid = this.#child.pid;
		return !POSIX || pid === undefined || !groupAlive(pid);
	}

	async #waitGone(ms: number): Promise<void> {
		const until = Date.now() + ms;
		while (!this.#treeGone() && Date.now() < until) {
			await delay(Math.max(0, Math.min(POLL_MS, until - Date.now())));
		}
	}

	#release(gone: boolean): boolean {
		// Grandchildren that escaped the group may still hold the pipes: let go of them.
		this.#child.stdout?.destroy();
		this.#child.stderr?.destroy();
		this.#child.stdin?.destroy();
		if (this.#status === undefined) this.#child.unref();
		untrack(this);
		return gone;
	}
}

/** cross-spawn's report of a command that was not found (`syscall` is `spawn <command>`). */
function isNotFound(error: Error): boolean {
	const { code, syscall } = error as NodeJS.ErrnoException;
	return code === "ENOENT" && syscall?.startsWith("spawn") === true;
}

// Whether a process group still has a living member. `kill(-pgid, 0)` also counts zombies:
// a grandchild that died after its parent is a zombie until init reaps it, which some
// container inits do late or never. On Linux, /proc tells zombies apart; elsewhere the
// signal check is the answer.
const PROC = process.platform === "linux";

function groupAlive(pgid: number): boolean {
	try {
		process.kill(-pgid, 0);
	} catch (error) {
		return (error as NodeJS.ErrnoException).code !== "ESRCH";
	}
	return !PROC || hasLivingMember(pgid);
}

function hasLivingMember(pgid: number): boolean {
	let entries: string[];
	try {
		entries = readdirSync("/proc");
	} catch {
		return true;
	}
	for (const entry of entries) {
		if (entry.charCodeAt(0) < 48 || entry.charCodeAt(0) > 57) continue;
		let stat: string;
		try {
			stat = readFileSync(`/proc/${entry}/stat`, "utf8");
		} catch {
			continue;
		}
		// pid (comm) state ppid pgrp …; comm may hold spaces and parentheses.
		const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
		if (Number(fields[2]) === pgid && fields[0] !== "Z" && fields[0] !== "X") {
			return true;
		}
	}
	return false;
}
