import { randomUUID } from "node:crypto";
import {
	createServer,
	type IncomingMessage,
	type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import {
	Client as ClientV2,
	StreamableHTTPClientTransport as HttpClientV2,
} from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as HttpClientV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { StreamableHTTPServerTransport as HttpServerV1 } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { createMcpHandler } from "@modelcontextprotocol/server";
import type { WrapServerOptions } from "mcp-tool-names/sdk";
import { describe } from "vitest";
import { acceptance, type E2eClient } from "./_acceptance.js";
import { createServerV1, createServerV2 } from "./fixtures/servers.js";

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

interface Endpoint {
	handler: Handler;
	/** Closes whatever the endpoint keeps open between requests. */
	close(): Promise<void>;
}

/** A real node:http server on 127.0.0.1, on a port the system picks. */
async function listen(
	endpoint: Endpoint,
): Promise<{ url: URL; close(): Promise<void> }> {
	const server = createServer((req, res) => {
		endpoint.handler(req, res).catch((error: unknown) => {
			if (!res.headersSent) res.writeHead(500);
			res.end(String(error));
		});
	});
	await new Promise<void>((resolve) =>
		server.listen(0, "127.0.0.1", () => resolve()),
	);
	const { port } = server.address() as AddressInfo;
	return {
		url: new URL(`http://127.0.0.1:${port}/mcp`),
		close: async () => {
			await endpoint.close();
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

/** SDK 1.x with sessions: one wrapped McpServer and transport per session. */
function sessionsV1(options: WrapServerOptions): Endpoint {
	const sessions = new Map<string, HttpServerV1>();
	const servers: { close(): Promise<void> }[] = [];
	return {
		handler: async (req, res) => {
			const id = req.headers["mcp-session-id"];
			let transport = typeof id === "string" ? sessions.get(id) : undefined;
			if (transport === undefined) {
				const created: HttpServerV1 = new HttpServerV1({
					sessionIdGenerator: randomUUID,
					onsessioninitialized: (sessionId) => {
						sessions.set(sessionId, created);
					},
				});
				const server = createServerV1(options);
				servers.push(server);
				await server.connect(created);
				transport = created;
			}
			await transport.handleRequest(req, res);
		},
		close: async () => {
			await Promise.all(servers.map((server) => server.close()));
		},
	};
}

/**
 * SDK 1.x stateless: a new wrapped McpServer (and so a new codec) and a new transport for
 * every request, so every `tools/call` arrives at a server that never listed.
 */
function statelessV1(options: WrapServerOptions): Endpoint {
	return {
		handler: async (req, res) => {
			const server = createServerV1(options);
			const transport = new HttpServerV1({}); // no session id generator: stateless;
			res.on("close", () => {
				void transport.close();
				void server.close();
			});
			await server.connect(transport);
			await transport.handleRequest(req, res);
		},
		close: async () => {},
	};
}

/** SDK 2.x `createMcpHandler`: a new wrapped McpServer per request, behind the fetch API. */
function handlerV2(options: WrapServerOptions): Endpoint {
	const mcp = createMcpHandler(() => createServerV2(options));
	return {
		handler: async (req, res) => {
			const chunks: Buffer[] = [];
			for await (const chunk of req) chunks.push(chunk as Buffer);
			const headers = new Headers();
			for (const [key, value] of Object.entries(req.headers)) {
				for (const item of [value].flat()) {
					if (item !== undefined) headers.append(key, item);
				}
			}
			const hasBody = req.method !== "GET" && req.method !== "HEAD";
			const response = await mcp.fetch(
				new Request(new URL(req.url ?? "/", "http://127.0.0.1"), {
					method: req.method ?? "GET",
					headers,
					...(hasBody ? { body: Buffer.concat(chunks) } : {}),
				}),
			);
			response.headers.forEach((value, key) => {
				res.setHeader(key, value);
			});
			res.writeHead(response.status);
			const reader = response.body?.getReader();
			for (;;) {
				const chunk = await reader?.read();
				if (chunk === undefined || chunk.done) break;
				res.write(chunk.value);
			}
			res.end();
		},
		close: () => mcp.close(),
	};
}

type Client = E2eClient & { close(): Promise<void> };

function overHttp(
	endpoint: (options: WrapServerOptions) => Endpoint,
	connectClient: (url: URL) => Promise<Client>,
) {
	return async (resolve: boolean): Promise<Client> => {
		const http = await listen(endpoint({ resolve }));
		const client = await connectClient(http.url);
		return {
			listTools: () => client.listTools(),
			callTool: (params) => client.callTool(params),
			close: async () => {
				await client.close();
				await http.close();
			},
		};
	};
}

const clientV1 = async (url: URL): Promise<Client> => {
	const client = new ClientV1({ name: "e2e-http", version: "1.0.0" });
	await client.connect(new HttpClientV1(url));
	return client as unknown as Client;
};

const clientV2 =
	(mode: "legacy" | "auto") =>
	async (url: URL): Promise<Client> => {
		const client = new ClientV2(
			{ name: "e2e-http", version: "1.0.0" },
			{ versionNegotiation: { mode } },
		);
		await client.connect(new HttpClientV2(url));
		return client as unknown as Client;
	};

describe("wrapServer over real Streamable HTTP, SDK 1.x with sessions", () => {
	acceptance(overHttp(sessionsV1, clientV1));
});

describe("wrapServer over real Streamable HTTP, SDK 1.x stateless", () => {
	acceptance(overHttp(statelessV1, clientV1));
});

describe("wrapServer over real Streamable HTTP, SDK 2.x createMcpHandler, 2025 protocol", () => {
	acceptance(overHttp(handlerV2, clientV2("legacy")));
});

// The modern protocol sends `Mcp-Name` headers the entry checks against the body, and the
// entry looks tools up before dispatch; both must keep agreeing with wire names.
describe("wrapServer over real Streamable HTTP, SDK 2.x createMcpHandler, modern protocol", () => {
	acceptance(overHttp(handlerV2, clientV2("auto")));
});
