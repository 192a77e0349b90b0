/**
 * The MCP server the framework examples talk to: a real SDK `McpServer` with names no
 * provider accepts as they are (`linear.list_issues`, `files/delete_all`). In-process over
 * the SDK's in-memory transport, or over stdio when run as a program:
 * `npx tsx examples/_tracker-server.ts`.
 */
import { pathToFileURL } from "node:url";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import * as z from "zod";

/**
 * Starts the server; `connect()` gives a client transport linked to it.
 *
 * @returns the server, a way to connect to it, and the names its tools ran under
 * @example
 * ```ts
 * const tracker = trackerServer();
 * const client = await createMCPClient({ transport: await tracker.connect() });
 * ```
 */
export function trackerServer(): {
	server: McpServer;
	ran: string[];
	connect(): Promise<InMemoryTransport>;
} {
	const server = new McpServer({ name: "tracker", version: "1.0.0" });
	const ran: string[] = [];
	const tools = [
		{ name: "linear.list_issues", readOnlyHint: true },
		{ name: "files/delete_all", destructiveHint: true },
	];
	for (const { name, ...annotations } of tools) {
		server.registerTool(
			name,
			{
				description: `The ${name} tool`,
				inputSchema: { team: z.string().optional() },
				annotations,
			},
			async ({ team }) => {
				ran.push(name);
				return {
					content: [{ type: "text", text: `${name} ran for ${team ?? "all"}` }],
				};
			},
		);
	}
	return {
		server,
		ran,
		async connect() {
			const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
			await server.connect(serverSide);
			return clientSide;
		},
	};
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
	await trackerServer().server.connect(new StdioServerTransport());
}
