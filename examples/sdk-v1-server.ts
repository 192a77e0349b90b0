/**
 * An SDK 1.x server: tools keep their canonical names, clients and models see wire names.
 *
 * Run: `npx tsx examples/sdk-v1-server.ts` (speaks MCP over stdio).
 */
import { pathToFileURL } from "node:url";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { wrapServer } from "mcp-tool-names/sdk";
import * as z from "zod";

/**
 * Builds the server: wrap it, then register tools as usual.
 *
 * @returns a wrapped `McpServer`, not yet connected
 * @example
 * ```ts
 * await createServer().connect(new StdioServerTransport());
 * ```
 */
export function createServer(): McpServer {
	const server = new McpServer({ name: "websearch", version: "1.0.0" });
	wrapServer(server);
	server.registerTool(
		"websearch/fetch_content", // listed as websearch_fetch_content
		{ description: "Fetch a web page", inputSchema: { url: z.string() } },
		async ({ url }) => ({
			content: [{ type: "text", text: `Fetched ${url}` }],
		}),
	);
	server.registerTool(
		"websearch/search", // a sibling: `websearch` is a namespace a model may drop
		{ description: "Search the web", inputSchema: { query: z.string() } },
		async ({ query }) => ({
			content: [{ type: "text", text: `Results for ${query}` }],
		}),
	);
	return server;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
	await createServer().connect(new StdioServerTransport());
}
