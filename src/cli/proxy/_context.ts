// What every way of running the proxy (stdio, --listen) shares: the command, the log, how to
// build a session's routing, and the environment the upstream gets.
import process from "node:process";
import type { CliIo } from "../io.js";
import type { ProxyCommand } from "../options/proxy.js";
import type { ProxyLogger } from "./log.js";
import type { ProxyRouting } from "./routing.js";

/** Everything a proxy run needs besides the command: where to log, how to build routing. */
export interface ProxyContext {
	command: ProxyCommand;
	io: CliIo;
	log: ProxyLogger;
	/** Builds the routing of one client session, primed from the snapshot when there is one. */
	createRouting(): ProxyRouting;
	/** Saves the snapshot when `routing` changed it. */
	save(routing: ProxyRouting): void;
}

/** The environment variable holding the bearer token `proxy --listen` requires. */
export const TOKEN_VARIABLE = "MCP_TOOL_NAMES_TOKEN";

/**
 * The proxy's environment (the process's, with what the caller injected on top): what an
 * upstream server gets, but for the proxy's own token, which is no business of the server's.
 *
 * @param io - the CLI's streams and injected environment
 * @returns every defined variable, without `MCP_TOOL_NAMES_TOKEN`
 */
export function upstreamEnv(io: CliIo): Record<string, string> {
	const env: Record<string, string> = {};
	for (const source of [process.env, io.env ?? {}])
		for (const [key, value] of Object.entries(source))
			if (value !== undefined) env[key] = value;
	delete env[TOKEN_VARIABLE];
	return env;
}

/**
 * The bearer token `--listen` requires, from `MCP_TOOL_NAMES_TOKEN` (never from the command
 * line, where `ps` shows it to every user of the machine).
 *
 * @param io - the CLI's streams and injected environment
 * @returns the token; `""` when the variable is set but empty; `undefined` when unset
 */
export function listenToken(io: CliIo): string | undefined {
	return io.env?.[TOKEN_VARIABLE] ?? process.env[TOKEN_VARIABLE];
}
