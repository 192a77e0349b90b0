// Starting and ending the upstream server. Until the CLI's shared process module lands, this
// is the proxy's own: the server runs in its own process group (so `sh -c`, `npx -y` and
// wrappers that fork are ended with it), gets the proxy's whole environment, and is ended
// as a tree: stdin closed, then SIGTERM to the group, then SIGKILL after a grace period.
import { type ChildProcess, spawn } from "node:child_process";
import process from "node:process";

/** How a started process ended. */
export interface ProcessExit {
	/** The exit code, or `null` when a signal ended it. */
	code: number | null;
	signal: NodeJS.Signals | null;
}

/** A running upstream server. */
export interface ServerProcess {
	readonly child: ChildProcess;
	/** Settles once the direct child has exited (never rejects). */
	readonly exited: Promise<ProcessExit>;
	/** Settles with the spawn error when the command could not be started. */
	readonly failed: Promise<NodeJS.ErrnoException>;
	/**
	 * Ends the whole tree: closes stdin, waits up to `graceMs` for the child to exit, sends
	 * SIGTERM to the group, waits `graceMs` again, then SIGKILL. Resolves once the direct child
	 * is gone and its group was signalled.
	 */
	end(graceMs?: number): Promise<ProcessExit>;
	/** SIGKILL to the whole group, synchronously: the last word when the proxy itself exits. */
	killNow(): void;
}

const DEFAULT_GRACE_MS = 2_000;
const IS_WINDOWS = process.platform === "win32";

/** Starts `command` with pipes on all three standard streams, in a group of its own. */
export function startServer(
	command: string,
	args: readonly string[],
	env: NodeJS.ProcessEnv,
): ServerProcess {
	const child = spawn(command, [...args], {
		stdio: ["pipe", "pipe", "pipe"],
		env,
		detached: !IS_WINDOWS,
		windowsHide: true,
	});
	let exit: ProcessExit | undefined;
	const exited = new Promise<ProcessExit>((resolve) => {
		child.once("exit", (code, signal) => {
			exit = { code, signal };
			resolve(exit);
		});
		child.once("error", (error: NodeJS.ErrnoException) => {
			// Only a failed spawn ends here; a failed kill of an exited child changes nothing.
			if (error.syscall?.startsWith("spawn") === true && exit === undefined) {
				exit = { code: null, signal: null };
				resolve(exit);
			}
		});
	});
	const failed = new Promise<NodeJS.ErrnoException>((resolve) => {
		child.once("error", (error: NodeJS.ErrnoException) => {
			if (error.syscall?.startsWith("spawn") === true) resolve(error);
		});
	});
	// A write to a server that exited must not crash the proxy; the exit is reported instead.
	child.stdin?.on("error", () => {});
	let ending: Promise<ProcessExit> | undefined;
	const end = (graceMs = DEFAULT_GRACE_MS): Promise<ProcessExit> => {
		ending ??= endTree(child, exited, () => exit, graceMs);
		return ending;
	};
	const killNow = (): void => {
		if (exit === undefined || groupAlive(child.pid ?? 0))
			signalTree(child, "SIGKILL");
	};
	return { child, exited, failed, end, killNow };
}

async function endTree(
	child: ChildProcess,
	exited: Promise<ProcessExit>,
	current: () => ProcessExit | undefined,
	graceMs: number,
): Promise<ProcessExit> {
	child.stdin?.end();
	if (child.pid === undefined) return exited;
	if (current() === undefined) await Promise.race([exited, sleep(graceMs)]);
	if (current() === undefined || groupAlive(child.pid)) {
		signalTree(child, "SIGTERM");
		if (current() === undefined) await Promise.race([exited, sleep(graceMs)]);
		else await waitGroup(child.pid, graceMs);
	}
	// Whatever is left of the tree (the child, or grandchildren holding the pipes) is killed.
	signalTree(child, "SIGKILL");
	const result = await exited;
	child.stdout?.destroy();
	child.stderr?.destroy();
	return result;
}

function signalTree(child: ChildProcess, signal: NodeJS.Signals): void {
	const pid = child.pid;
	if (pid === undefined) return;
	if (IS_WINDOWS) {
		// taskkill ends the tree on Windows, where there are no process groups.
		try {
			spawn("taskkill", ["/pid", String(pid), "/T", "/F"], {
				stdio: "ignore",
				windowsHide: true,
			});
		} catch {
			child.kill(signal);
		}
		return;
	}
	try {
		process.kill(-pid, signal);
	} catch {
		// The group is gone already.
	}
}

function groupAlive(pid: number): boolean {
	if (IS_WINDOWS || pid <= 0) return false;
	try {
		process.kill(-pid, 0);
		return true;
	} catch {
		return false;
	}
}

async function waitGroup(pid: number, graceMs: number): Promise<void> {
	const end = Date.now() + graceMs;
	while (groupAlive(pid) && Date.now() < end) await sleep(20);
}

function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => {
		setTimeout(resolve, ms);
	});
}
