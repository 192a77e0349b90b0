/**
 * A proxy: an SDK client talks to the upstream server, an SDK server faces the host. Upstream
 * names stay as they are; the host sees wire names, and names it gets wrong are corrected.
 *
 * Run: `npx tsx examples/sdk-proxy.ts <upstream command...>` (downstream: stdio). It exits
 * when its host goes away (stdin ends, which is also what a host's death looks like) or the
 * upstream does, and ends the upstream on the way out.
 */
import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
	CallToolRequestSchema,
	ListToolsRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { wrapServer } from "mcp-tool-names/sdk";

/**
 * Connects to the upstream, then serves its tools downstream under wire names.
 *
 * @param upstream - transport to the upstream server
 * @param downstream - transport the host connects through
 * @returns a function that stops both sides
 * @example
 * ```ts
 * const stop = await main(new StdioClientTransport({ command: "upstream-server" }), new StdioServerTransport());
 * ```
 */
export async function main(
	upstream: Transport,
	downstream: Transport,
): Promise<() => Promise<void>> {
	const client = new Client({ name: "proxy", version: "1.0.0" });
	await client.connect(upstream);
	const proxy = new Server(
		{ name: "proxy", version: "1.0.0" },
		{ capabilities: { tools: {} } },
	);
	wrapServer(proxy, {
		resolve: true,
		onCorrection: (message) => console.error(message),
	});
	// The handlers see canonical (upstream) names; the wrapper maps them at the boundary.
	proxy.setRequestHandler(ListToolsRequestSchema, (request) =>
		client.listTools(request.params),
	);
	proxy.setRequestHandler(CallToolRequestSchema, (request) =>
		client.callTool(request.params),
	);
	await proxy.connect(downstream);
	return async () => {
		await proxy.close();
		await client.close();
	};
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
	const [command, ...args] = process.argv.slice(2);
	if (command === undefined) {
		console.error(
			"usage: npx tsx examples/sdk-proxy.ts <upstream command...>\n  e.g. npx tsx examples/sdk-proxy.ts npx -y @modelcontextprotocol/server-everything",
		);
		process.exit(2);
	}
	const upstream = new StdioClientTransport({ command, args });
	const stop = await main(upstream, new StdioServerTransport());
	let stopping = false;
	const exit = (code: number) => (): void => {
		if (stopping) return;
		stopping = true;
		// Closing the client ends the upstream child; then nothing is left to serve.
		void stop().finally(() => process.exit(code));
	};
	// The SDK's stdio server transport does not notice the end of stdin: watch it here.
	process.stdin.once("end", exit(0));
	process.once("SIGINT", exit(130));
	process.once("SIGTERM", exit(143));
	upstream.onclose = exit(0);
}
