/**
 * mcp-proxy (npm `mcp-proxy`) used as a library: it serves a stdio MCP server over Streamable
 * HTTP and SSE, and mcp-tool-names puts wire names on what it serves. Two ways, pick one:
 *
 * - `"server"`: `wrapServer` on each downstream `Server` that mcp-proxy's `createServer` hook
 *   builds (one per session, or per request when stateless), all sharing one codec;
 * - `"transport"`: `wrapTransport` on the one upstream transport (`side: "client"`), so the
 *   proxy's client already sees wire names and every session gets them.
 *
 * Run: `npx tsx examples/mcp-proxy.ts [--transport] [--port N] -- <stdio server command...>`
 * (default: the demo server). Ends on SIGINT or SIGTERM, and ends the upstream with it.
 */
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Server } from "@modelcontextprotocol/server";
import { proxyServer, startHTTPServer } from "mcp-proxy";
import { WireNameCodec } from "mcp-tool-names";
import { wrapTransport } from "mcp-tool-names/jsonrpc";
import { wrapServer } from "mcp-tool-names/sdk";
import { closeOnSignal, freePort } from "./_http.js";

const DEMO = fileURLToPath(new URL("./demo-server/server.ts", import.meta.url));

/** Options of {@link main}. */
export interface McpProxyOptions {
	/** The stdio server to serve: command and arguments. */
	upstream: readonly string[];
	/** Where mcp-tool-names goes; default `"server"`. */
	mode?: "server" | "transport";
	/** Port on 127.0.0.1; default: a free one. */
	port?: number;
	/** The upstream's stderr; default `"inherit"`. */
	stderr?: "inherit" | "ignore";
	/** Called for every name that was auto-corrected; default: printed to stderr. */
	onCorrection?: (message: string) => void;
}

/** A running proxy. */
export interface McpProxy {
	/** The Streamable HTTP endpoint. */
	url: URL;
	/** Stops serving and ends the upstream server. */
	close(): Promise<void>;
}

/**
 * Starts the upstream server and serves it over HTTP with mcp-proxy, under wire names.
 *
 * @param options - the upstream command, where to wrap, the port
 * @returns the endpoint and a function that stops everything
 * @example
 * ```ts
 * const proxy = await main({ upstream: ["node", "server.js"], mode: "transport" });
 * await proxy.close();
 * ```
 */
export async function main(options: McpProxyOptions): Promise<McpProxy> {
	const [command = "", ...args] = options.upstream;
	const onCorrection =
		options.onCorrection ?? ((message: string) => console.error(message));
	// One codec for the whole proxy: every session sees the same wire names.
	const codec = new WireNameCodec();
	const stdio = new StdioClientTransport({
		command,
		args,
		stderr: options.stderr ?? "inherit",
	});
	const client = new Client({ name: "mcp-proxy-example", version: "1.0.0" });
	if (options.mode === "transport") {
		await client.connect(
			wrapTransport(stdio, {
				side: "client",
				codec,
				resolve: true,
				onCorrection,
			}),
		);
		// A first list through the wrapped transport teaches it the upstream's tools with
		// their annotations, so a call that arrives before any client lists still routes.
		let cursor: string | undefined;
		do {
			const page = await client.listTools(
				cursor === undefined ? {} : { cursor },
			);
			cursor = page.nextCursor;
		} while (cursor !== undefined);
	} else {
		await client.connect(stdio);
	}
	const serverCapabilities = client.getServerCapabilities() ?? {};
	const port = options.port ?? (await freePort());
	const http = await startHTTPServer({
		host: "127.0.0.1",
		port,
		createServer: async () => {
			const server = new Server(
				{ name: "mcp-proxy-example", version: "1.0.0" },
				{ capabilities: serverCapabilities },
			);
			await proxyServer({ client, server, serverCapabilities });
			return options.mode === "transport"
				? server
				: wrapServer(server, { codec, resolve: true, onCorrection });
		},
	});
	return {
		url: new URL(`http://127.0.0.1:${port}/mcp`),
		async close() {
			await http.close();
			await client.close();
		},
	};
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
	const { values, positionals } = parseArgs({
		allowPositionals: true,
		options: { transport: { type: "boolean" }, port: { type: "string" } },
	});
	const proxy = await main({
		upstream:
			positionals.length > 0
				? positionals
				: [process.execPath, "--import", "tsx", DEMO],
		mode: values.transport === true ? "transport" : "server",
		...(values.port === undefined ? {} : { port: Number(values.port) }),
	});
	console.log(`mcp-proxy example listening on ${proxy.url.href}`);
	closeOnSignal(proxy);
}
