// What every way of running the proxy (stdio, --listen) shares: the command, the log, how to
// build a session's parts, and how an upstream is started with the environment it gets.
import process from "node:process";
import { StringDecoder } from "node:string_decoder";
import type { MessageId } from "../../adapters/jsonrpc-base.js";
import type { CliIo, CliOutput } from "../io.js";
import { HttpLink } from "../mcp/http.js";
import type { UpstreamLink } from "../mcp/link.js";
import { StdioLink } from "../mcp/stdio.js";
import type { ProxyCommand } from "../options/proxy.js";
import { SIGNAL_CODES } from "../process/signals.js";
import type { ProxyLogger } from "./log.js";
import type { ProxyRouting } from "./routing.js";

/** Everything a proxy run needs besides the command: where to log, how to build a session. */
export interface ProxyContext {
	command: ProxyCommand;
	io: CliIo;
	log: ProxyLogger;
	/**
	 * What each ProxySession is built with alike: a routing of its own, primed from the
	 * snapshot when there is one, the log, `--timeout`, and the snapshot saved on each catalog.
	 */
	sessionParts(): {
		routing: ProxyRouting;
		log: ProxyLogger;
		timeoutMs: number;
		/** Bound on a started server's first output (stdio upstreams only). */
		startTimeoutMs?: number;
		onCatalog(): void;
	};
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
function upstreamEnv(io: CliIo): Record<string, string> {
	const env: Record<string, string> = {};
	for (const source of [process.env, io.env ?? {}])
		for (const [key, value] of Object.entries(source))
			if (value !== undefined) env[key] = value;
	delete env[TOKEN_VARIABLE];
	return env;
}

/** Where a started upstream's output goes. */
interface UpstreamHandlers {
	/** Each message, with the client request whose stream carried it when an HTTP upstream tells. */
	onMessage(bytes: Buffer, related?: MessageId): void;
	/** The `--listen` session the upstream serves, named in its log lines. */
	session?: string;
	/** Where a stdio server's stderr goes. */
	stderr: CliOutput;
}

/**
 * The one place an upstream is started, for the stdio client and for each `--listen` session:
 * the server process of the command, or with `--url` an HTTP session of its own.
 */
export function startUpstream(
	context: ProxyContext,
	handlers: UpstreamHandlers,
): UpstreamLink {
	const { command, io, log } = context;
	const { upstream } = command;
	if (upstream.type === "http")
		return new HttpLink({
			url: upstream.url,
			headers: upstream.headers,
			log,
			onMessage: handlers.onMessage,
		});
	// The server's stderr goes to the proxy's own, unchanged (a client shows it in its log).
	const decoder = new StringDecoder("utf8");
	return new StdioLink({
		command: {
			command: upstream.command,
			args: upstream.args,
			env: upstreamEnv(io),
		},
		onStderr: (chunk) => handlers.stderr.write(decoder.write(chunk)),
		onLine: (event) => {
			if (event.type === "line") return handlers.onMessage(event.bytes);
			const { session } = handlers;
			log({
				event: "malformed",
				side: "upstream",
				...(session === undefined ? {} : { session }),
				message: `The MCP server${session === undefined ? "" : ` of session ${session}`} wrote a line of ${event.length} bytes, over the limit; dropped it`,
			});
		},
	});
}

/**
 * While the proxy runs: `onSignal` for SIGINT, SIGTERM and SIGHUP, with the exit code each
 * stands for, and `killNow` on process exit, the safety net for the upstreams' process trees.
 * The handlers stay until the returned function removes them, once the servers are ended:
 * the process module re-raises a signal nobody listens to once it has ended its servers,
 * which would cut the shutdown short.
 */
export function whileRunning(
	onSignal: (signal: NodeJS.Signals, code: number) => void,
	killNow: () => void,
): () => void {
	const signals = Object.keys(SIGNAL_CODES) as NodeJS.Signals[];
	const handler = (signal: NodeJS.Signals): void =>
		onSignal(signal, SIGNAL_CODES[signal] ?? 1);
	for (const signal of signals) process.on(signal, handler);
	process.once("exit", killNow);
	return () => {
		for (const signal of signals) process.off(signal, handler);
		process.off("exit", killNow);
	};
}
