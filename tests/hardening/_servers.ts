/**
 * Real SDK 1.32 servers and clients for the hardening tests. Every tool answers with its
 * own canonical name, so a response proves which tool a call reached.
 */
import {
	createServer,
	type IncomingMessage,
	type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { type WrapServerOptions, wrapServer } from "mcp-tool-names/sdk";
import * as z from "zod";

export const SERVER_INFO: { name: string; version: string } = {
	name: "hardening-server",
	version: "1.0.0",
};
export const CLIENT_INFO: { name: string; version: string } = {
	name: "hardening-client",
	version: "1.0.0",
};

/** A tool of a test catalog. */
export interface ToolSpec {
	name: string;
	destructive?: boolean;
}

/** Canonical names whose handlers ran, in order. */
export type CallLog = string[];

const reply = (name: string) => ({
	content: [{ type: "text" as const, text: name }],
});

/** Registers a tool that records and answers its own canonical name. */
export function addTool(
	server: McpServer,
	spec: ToolSpec,
	calls: CallLog,
): { remove(): void } {
	return server.registerTool(
		spec.name,
		{
			description: `The ${spec.name} tool`,
			inputSchema: { q: z.string().optional() },
			...(spec.destructive === true
				? { annotations: { destructiveHint: true } }
				: {}),
		},
		async () => {
			calls.push(spec.name);
			return reply(spec.name);
		},
	);
}

/** An SDK 1.32 `McpServer` serving `tools`, wrapped with `wrapServer` unless `wrap` is null. */
export function catalogServer(
	tools: readonly (string | ToolSpec)[],
	wrap: WrapServerOptions | null = {},
	calls: CallLog = [],
): McpServer {
	const server = new McpServer(SERVER_INFO);
	if (wrap !== null) wrapServer(server, wrap);
	for (const tool of tools)
		addTool(server, typeof tool === "string" ? { name: tool } : tool, calls);
	return server;
}

/** The text of a `tools/call` result, or the message of its failure. */
export async function callText(
	client: Client,
	name: string,
): Promise<{ ok: boolean; text: string }> {
	try {
		const result = (await client.callTool({ name, arguments: {} })) as {
			isError?: boolean;
			content?: Array<{ type: string; text?: string }>;
		};
		const text = result.content?.find((c) => c.type === "text")?.text ?? "";
		return { ok: result.isError !== true, text };
	} catch (error) {
		return { ok: false, text: String((error as Error).message) };
	}
}

/** An SDK client connected to `server` over the SDK's in-memory transport. */
export async function connectClient(
	server: McpServer,
	client: Client = new Client(CLIENT_INFO),
): Promise<{ client: Client; close(): Promise<void> }> {
	const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
	await server.connect(serverSide);
	await client.connect(clientSide);
	return {
		client,
		close: async () => {
			await client.close();
			await server.close();
		},
	};
}

/** A node:http server on 127.0.0.1 and a port the system picks. */
export async function listen(
	handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): Promise<{ url: URL; close(): Promise<void> }> {
	const server = createServer((req, res) => {
		handler(req, res).catch((error: unknown) => {
			if (!res.headersSent) res.writeHead(500);
			res.end(String(error));
		});
	});
	// Node closes an idle keep-alive socket after 5 s; on a loaded machine a client may send
	// its next request on it at that moment and read ECONNRESET. Keep idle sockets longer.
	server.keepAliveTimeout = 120_000;
	server.headersTimeout = 121_000;
	await new Promise<void>((resolve) =>
		server.listen({ port: 0, host: "127.0.0.1", backlog: 2048 }, () =>
			resolve(),
		),
	);
	const { port } = server.address() as AddressInfo;
	return {
		url: new URL(`http://127.0.0.1:${port}/mcp`),
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
