// What SIGINT, SIGTERM and SIGHUP to the CLI do while servers run: one set of handlers for
// every running server, installed while one runs. A server in `end` mode has its tree ended,
// then the signal is raised again so the CLI dies of it as it would have; one in `forward`
// mode gets the signal and its owner decides (a proxy exits with the server's code).
import { constants } from "node:os";
import process from "node:process";

interface SignalTarget {
	readonly signalMode: "end" | "forward";
	signal(signal: NodeJS.Signals): void;
	end(options: { stdinGraceMs: number; termGraceMs: number }): Promise<boolean>;
}

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/** The shell's exit code for a process ended by `signal`: 128 + the signal's number. */
export function signalExitCode(signal: NodeJS.Signals): number {
	return 128 + (constants.signals[signal] ?? 1);
}

/** The exit code after each signal the CLI stops on (SIGINT, SIGTERM, SIGHUP). */
export const SIGNAL_CODES: Readonly<Record<string, number>> =
	Object.fromEntries(SIGNALS.map((signal) => [signal, signalExitCode(signal)]));
const live = new Set<SignalTarget>();
let installed = false;
let received: NodeJS.Signals | undefined;

/** The signal that asked the CLI to stop while a server ran, if one did. */
export function receivedSignal(): NodeJS.Signals | undefined {
	return received;
}

function updateSignalHandlers(): void {
	if (live.size > 0 && !installed) {
		for (const signal of SIGNALS) process.on(signal, onSignal);
		installed = true;
	} else if (live.size === 0 && installed) {
		for (const signal of SIGNALS) process.off(signal, onSignal);
		installed = false;
	}
}

function onSignal(signal: NodeJS.Signals): void {
	received ??= signal;
	const servers = [...live];
	const ending = servers.filter((server) => server.signalMode === "end");
	for (const server of servers) {
		if (server.signalMode === "forward") server.signal(signal);
	}
	if (ending.length === 0) return;
	void Promise.all(
		ending.map((server) => server.end({ stdinGraceMs: 0, termGraceMs: 500 })),
	).then(() => {
		// Let the signal do what it would have done without us, unless someone else listens.
		for (const name of SIGNALS) process.off(name, onSignal);
		installed = false;
		if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
		else updateSignalHandlers();
	});
}

export function track(server: SignalTarget): void {
	live.add(server);
	updateSignalHandlers();
}

export function untrack(server: SignalTarget): void {
	live.delete(server);
	updateSignalHandlers();
}
