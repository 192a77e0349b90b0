// The ServerProcess behind startServerProcess: one child in its own process group, ended as
// a tree (stdin closed, then SIGTERM, then SIGKILL), its pipes released even when grandchildren
// that escaped the group still hold them.
import { type ChildProcess, spawn } from "node:child_process";
import process from "node:process";
import type { Readable, Writable } from "node:stream";
import { groupAlive } from "./_group.js";
import { track, untrack } from "./_signals.js";
import type {
	EndOptions,
	ExitStatus,
	ServerProcess,
} from "./server-process.js";
import { StderrLog } from "./stderr.js";

const STDIN_GRACE_MS = 200;
const TERM_GRACE_MS = 1_000;
const KILL_WAIT_MS = 500;
const POLL_MS = 20;
const POSIX = process.platform !== "win32";

export class ChildServer implements ServerProcess {
	readonly stderr: StderrLog = new StderrLog();
	readonly spawned: Promise<void>;
	readonly exited: Promise<ExitStatus>;
	readonly #child: ChildProcess;
	readonly #onSignal: "end" | "forward";
	#status: ExitStatus | undefined;
	#ending: Promise<boolean> | undefined;

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
		this.exited = new Promise((resolve) => {
			const done = (status: ExitStatus): void => {
				this.#status ??= status;
				resolve(this.#status);
			};
			child.once("exit", (code, signal) => done({ code, signal }));
			child.once("error", () => {
				if (child.pid === undefined) done({ code: null, signal: null });
			});
		});
		this.spawned = new Promise((resolve, reject) => {
			child.once("spawn", () => resolve());
			child.once("error", (error) => {
				if (child.pid === undefined) reject(error);
			});
		});
		this.spawned.catch(() => {});
		track(this);
	}

	get pid(): number | undefined {
		return this.#child.pid;
	}

	get stdin(): Writable {
		return this.#child.stdin as Writable;
	}

	get stdout(): Readable {
		return this.#child.stdout as Readable;
	}

	get exitStatus(): ExitStatus | undefined {
		return this.#status;
	}

	get signalMode(): "end" | "forward" {
		return this.#onSignal;
	}

	end(options: EndOptions = {}): Promise<boolean> {
		this.#ending ??= this.#end(options);
		return this.#ending;
	}

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
			await sleep(Math.min(POLL_MS, until - Date.now()));
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

function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
