/**
 * An SDK 2.x server (`@modelcontextprotocol/server`) that also auto-corrects names models
 * get slightly wrong, but never onto a destructive tool.
 *
 * Run: `npx tsx examples/sdk-v2-server.ts` (speaks MCP over stdio).
 */
import { pathToFileURL } from "node:url";
import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { wrapServer } from "mcp-tool-names/sdk";
import * as z from "zod";

/**
 * Builds the server with `resolve: true`; corrections are logged to stderr.
 *
 * @returns a wrapped `McpServer`, not yet connected
 * @example
 * ```ts
 * await createServer().connect(new StdioServerTransport());
 * ```
 */
export function createServer(): McpServer {
	const server = new McpServer({ name: "websearch", version: "2.0.0" });
	wrapServer(server, {
		resolve: true,
		onCorrection: (message) => console.error(message),
	});
	server.registerTool(
		"websearch/fetch_content",
		{
			description: "Fetch a web page",
			inputSchema: z.object({ url: z.string() }),
		},
		async ({ url }) => ({
			content: [{ type: "text", text: `Fetched ${url}` }],
		}),
	);
	server.registerTool(
		"websearch/search", // a sibling: `websearch` is a namespace a model may drop
		{
			description: "Search the web",
			inputSchema: z.object({ query: z.string() }),
		},
		async ({ query }) => ({
			content: [{ type: "text", text: `Results for ${query}` }],
		}),
	);
	server.registerTool(
		"files/delete_all", // a model sending "delete_all" gets a hint, never this tool
		{
			description: "Delete every file",
			annotations: { destructiveHint: true },
		},
		async () => ({ content: [{ type: "text", text: "Deleted everything" }] }),
	);
	return server;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
	await createServer().connect(new StdioServerTransport());
}
