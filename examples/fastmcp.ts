/**
 * A fastmcp (npm `fastmcp`) server whose tools are named freely, served under wire names:
 *
 * - stdio: `FastMCP.connect(wrapTransport(new StdioServerTransport(), …))`, the transport
 *   wrapped before any message flows;
 * - HTTP with sessions: `wrapServer(session.server)` in the `connect` event, which fastmcp
 *   (through mcp-proxy) emits before the session's first request is handled;
 * - stateless HTTP: fastmcp builds a server per request and has no hook for it, so the tools
 *   are registered under their wire names instead.
 *
 * Run: `npx tsx examples/fastmcp.ts` (stdio), or `… --http [--stateless] [--port N]`.
 */
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { FastMCP, type Logger } from "fastmcp";
import { WireNameCodec } from "mcp-tool-names";
import { WireRewriter, wrapTransport } from "mcp-tool-names/jsonrpc";
import { wrapServer } from "mcp-tool-names/sdk";
import * as z from "zod";
import { closeOnSignal, freePort } from "./_http.js";

/** One tool as `tools/list` shows it: its canonical name and annotations. */
export interface ExampleTool {
	name: string;
	annotations: { readOnlyHint?: boolean; destructiveHint?: boolean };
}

/** The example's tools. */
export const TOOLS: readonly [ExampleTool, ExampleTool, ExampleTool] = [
	{ name: "websearch/fetch_content", annotations: { readOnlyHint: true } },
	{ name: "linear.list_issues", annotations: { readOnlyHint: true } },
	{ name: "files/delete_all", annotations: { destructiveHint: true } },
];

/** The example's tools, by canonical name. */
export const TOOL_NAMES: readonly string[] = TOOLS.map((tool) => tool.name);

/** How {@link serveHttp} serves. */
export interface FastMcpHttpOptions {
	/** fastmcp's stateless mode (a server per request); default `false`. */
	stateless?: boolean;
	/** Port on 127.0.0.1; default: a free one. */
	port?: number;
	/** Called for every name that was auto-corrected; default: printed to stderr. */
	onCorrection?: (message: string) => void;
}

/** A running HTTP server. */
export interface FastMcpHttp {
	/** The Streamable HTTP endpoint. */
	url: URL;
	/** Stops the server. */
	close(): Promise<void>;
}

// fastmcp logs to the console by default; on stdio, stdout is the protocol.
const QUIET: Logger = {
	debug: () => {},
	error: (...args) => console.error(...args),
	info: () => {},
	log: () => {},
	warn: (...args) => console.error(...args),
};

/**
 * Builds the fastmcp server with its tools registered.
 *
 * @param rename - the name each tool is registered under; default: its canonical name
 * @returns an unstarted server
 * @example
 * ```ts
 * const server = createServer();
 * ```
 */
export function createServer(
	rename: (name: string) => string = (name) => name,
): FastMCP {
	const [fetchContent, listIssues, deleteAll] = TOOLS;
	const server = new FastMCP({
		name: "fastmcp-example",
		version: "1.0.0",
		logger: QUIET,
	});
	server.addTool({
		name: rename(fetchContent.name),
		description: "Fetch a page as markdown",
		parameters: z.object({ url: z.string() }),
		annotations: fetchContent.annotations,
		execute: async ({ url }) => `Fetched ${url}`,
	});
	server.addTool({
		name: rename(listIssues.name),
		description: "List Linear issues",
		annotations: listIssues.annotations,
		execute: async () => "No issues",
	});
	server.addTool({
		name: rename(deleteAll.name),
		description: "Delete every file",
		annotations: deleteAll.annotations,
		execute: async () => "Deleted every file",
	});
	return server;
}

/**
 * Serves the tools on stdio under wire names, until stdin ends; near misses are corrected,
 * never onto the destructive tool.
 *
 * @param onCorrection - called for every auto-correction; default: printed to stderr
 * @returns when the server is connected
 * @example
 * ```ts
 * await serveStdio();
 * ```
 */
export async function serveStdio(
	onCorrection: (message: string) => void = (message) => console.error(message),
): Promise<void> {
	const rewriter = new WireRewriter({ resolve: true, onCorrection });
	// A client may call before it lists (and every client does after a restart): prime with
	// the tools and their annotations, so those calls decode and the destructive guard holds.
	rewriter.prime(TOOLS);
	// `start()` ends on the end of stdin; a transport passed to `connect()` is ours to end.
	// Listen first: stdin may end while fastmcp is still setting the session up.
	const ended = new Promise((resolve) => process.stdin.once("end", resolve));
	const session = await createServer().connect(
		wrapTransport(new StdioServerTransport(), { side: "server", rewriter }),
	);
	void ended.then(() => session.close());
}

/**
 * Serves the tools over Streamable HTTP under wire names.
 *
 * @param options - stateless or not, the port, where corrections go
 * @returns the endpoint and a function that stops the server
 * @example
 * ```ts
 * const http = await serveHttp({ stateless: true });
 * await http.close();
 * ```
 */
export async function serveHttp(
	options: FastMcpHttpOptions = {},
): Promise<FastMcpHttp> {
	const onCorrection =
		options.onCorrection ?? ((message: string) => console.error(message));
	// One codec for every session: the same wire names, and one never changes meaning.
	const codec = new WireNameCodec();
	let server: FastMCP;
	if (options.stateless === true) {
		// No per-session hook: the SDK server sees the wire names as the tools' own names.
		const wire = codec.encodeAll(TOOL_NAMES);
		server = createServer((name) => wire[TOOL_NAMES.indexOf(name)] ?? name);
	} else {
		server = createServer();
		server.on("connect", ({ session }) => {
			wrapServer(session.server, { codec, resolve: true, onCorrection });
		});
	}
	const port = options.port ?? (await freePort());
	await server.start({
		transportType: "httpStream",
		httpStream: {
			host: "127.0.0.1",
			port,
			endpoint: "/mcp",
			stateless: options.stateless === true,
		},
	});
	return {
		url: new URL(`http://127.0.0.1:${port}/mcp`),
		close: () => server.stop(),
	};
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
	const { values } = parseArgs({
		options: {
			http: { type: "boolean" },
			stateless: { type: "boolean" },
			port: { type: "string" },
		},
	});
	if (values.http !== true) {
		await serveStdio();
	} else {
		const http = await serveHttp({
			stateless: values.stateless === true,
			...(values.port === undefined ? {} : { port: Number(values.port) }),
		});
		console.log(`fastmcp example listening on ${http.url.href}`);
		closeOnSignal(http);
	}
}
