// Context of guide excerpts about an SDK server: the server, an express-style app, and a
// function that builds a server with its tools registered.
declare const server: import("@modelcontextprotocol/sdk/server/mcp.js").McpServer;
declare function buildServer(): import("@modelcontextprotocol/sdk/server/mcp.js").McpServer;
declare const app: {
	post(
		path: string,
		handler: (
			req: import("node:http").IncomingMessage & { body?: unknown },
			res: import("node:http").ServerResponse,
		) => unknown,
	): void;
};
