// The MCP server of `npm run bench:listen`: an SDK 1.x `Server` with one tool, `web/search`,
// which answers with its name and arguments. Over stdio by default (what each bridge starts
// per session); with `--http <port>` it serves Streamable HTTP itself on 127.0.0.1 (the SDK's
// own transport, one `Server` per session, in this one process): the floor a bridge is
// measured against. Prints `listening <port>` on stdout when it serves HTTP.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import {
	CallToolRequestSchema,
	ListToolsRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";

function mcpServer() {
	const server = new Server(
		{ name: "bench-listen", version: "1.0.0" },
		{ capabilities: { tools: {} } },
	);
	server.setRequestHandler(ListToolsRequestSchema, () => ({
		tools: [
			{
				name: "web/search",
				description: "Answers with its name and arguments",
				inputSchema: { type: "object", properties: { q: { type: "string" } } },
			},
		],
	}));
	server.setRequestHandler(CallToolRequestSchema, (request) => ({
		content: [
			{
				type: "text",
				text: `${request.params.name} ${JSON.stringify(request.params.arguments ?? {})}`,
			},
		],
	}));
	return server;
}

const at = process.argv.indexOf("--http");
if (at === -1) {
	await mcpServer().connect(new StdioServerTransport());
} else {
	const transports = new Map();
	const http = createServer(async (request, response) => {
		const id = request.headers["mcp-session-id"];
		let transport = typeof id === "string" ? transports.get(id) : undefined;
		if (transport === undefined && id === undefined) {
			transport = new StreamableHTTPServerTransport({
				sessionIdGenerator: () => randomUUID(),
				onsessioninitialized: (sessionId) =>
					transports.set(sessionId, transport),
			});
			transport.onclose = () => transports.delete(transport.sessionId);
			await mcpServer().connect(transport);
		}
		if (transport === undefined) {
			response.writeHead(404).end();
			return;
		}
		await transport.handleRequest(request, response);
	});
	http.listen(Number(process.argv[at + 1] ?? 0), "127.0.0.1", () => {
		process.stdout.write(`listening ${http.address().port}\n`);
	});
	const stop = () => {
		http.closeAllConnections();
		http.close(() => process.exit(0));
	};
	process.on("SIGTERM", stop);
	process.on("SIGINT", stop);
}
