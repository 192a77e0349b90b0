// What every way of running the proxy (stdio, --listen) shares: the command, the log, how to
// build a session's routing, and the exit codes of the signals it stops on.
import type { RewriterSnapshot } from "../../adapters/jsonrpc/index.js";
import type { CliIo } from "../io.js";
import type { ProxyRouting } from "./_routing.js";
import type { ProxyCommand } from "./args.js";
import type { ProxyLogger } from "./log.js";

/** Everything a proxy run needs besides the command: where to log, how to build routing. */
export interface ProxyContext {
	command: ProxyCommand;
	io: CliIo;
	log: ProxyLogger;
	loaded: RewriterSnapshot | undefined;
	/** Builds the routing of one client session, primed from the snapshot when there is one. */
	createRouting(): ProxyRouting;
	/** Saves the snapshot when `routing` changed it. */
	save(routing: ProxyRouting): void;
}

/** The exit code after each signal the proxy stops on: 128 + its number. */
export const SIGNAL_CODES: Readonly<Record<string, number>> = {
	SIGINT: 130,
	SIGTERM: 143,
	SIGHUP: 129,
};
