import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import {
	createServer,
	type Server as HttpServer,
	type IncomingMessage,
	type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import {
	Client as ClientV2,
	StreamableHTTPClientTransport as HttpClientV2,
} from "@modelcontextprotocol/client";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { McpServer as McpServerV1 } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CreateMessageRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { createMcpHandler } from "@modelcontextprotocol/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as z from "zod";
import { type HttpProxy, main } from "../../../examples/http-proxy.js";
import {
	CANONICAL,
	type CallLog,
	CLIENT_INFO,
	clientV1,
	quietNameWarnings,
	serverV1,
	serverV2,
	textOf,
} from "./_sdk.js";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const WIRE = ["websearch_fetch_content", "linear_list_issues"];

const cleanup: Array<() => Promise<unknown> | unknown> = [];
beforeEach(() => quietNameWarnings());
afterEach(async () => {
	for (const stop of cleanup.splice(0).reverse()) await stop();
	vi.restoreAllMocks();
});

async function listen(
	handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<URL> {
	const http: HttpServer = createServer(handler);
	await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
	cleanup.push(
		() =>
			new Promise((resolve) => {
				http.closeAllConnections();
				http.close(resolve);
			}),
	);
	const { port } = http.address() as AddressInfo;
	return new URL(`http://127.0.0.1:${port}/mcp`);
}

/** An SDK 1.x server behind a real StreamableHTTPServerTransport (one session). */
async function upstreamV1(
	server: McpServerV1,
	enableJsonResponse: boolean,
): Promise<URL> {
	const transport = new StreamableHTTPServerTransport({
		sessionIdGenerator: randomUUID,
		enableJsonResponse,
	});
	await server.connect(transport);
	cleanup.push(() => server.close());
	return listen((request, response) => {
		void transport.handleRequest(request, response);
	});
}

/** An SDK 2.x web-standard handler (2026-07-28 with legacy fallback) served over node:http. */
async function upstreamV2(calls: CallLog): Promise<URL> {
	const handler = createMcpHandler(() => serverV2(CANONICAL, calls));
	return listen(async (request, response) => {
		const chunks: Buffer[] = [];
		for await (const chunk of request) chunks.push(chunk as Buffer);
		const headers = new Headers();
		for (const [name, value] of Object.entries(request.headers))
			if (typeof value === "string") headers.set(name, value);
		const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
		const answer = await handler.fetch(
			new Request(`http://127.0.0.1${request.url}`, {
				method: request.method ?? "GET",
				headers,
				...(body === undefined ? {} : { body }),
			}),
		);
		const out: Record<string, string> = {};
		answer.headers.forEach((value, name) => {
			out[name] = value;
		});
		response.writeHead(answer.status, out);
		response.end(Buffer.from(await answer.arrayBuffer()));
	});
}

async function proxyFor(
	upstream: URL,
	onCorrection: (message: string) => void = () => {},
): Promise<HttpProxy> {
	const proxy = await main(upstream, { onCorrection });
	cleanup.push(() => proxy.close());
	return proxy;
}

describe("examples/http-proxy.ts", () => {
	it.each([
		["event-stream", false],
		["JSON", true],
	])(
		"serves wire names over %s responses and routes calls to canonical tools",
		async (_label, json) => {
			const calls: CallLog = [];
			const corrections: string[] = [];
			const upstream = await upstreamV1(serverV1(CANONICAL, calls), json);
			const proxy = await proxyFor(upstream, (message) =>
				corrections.push(message),
			);
			const client = clientV1();
			await client.connect(new StreamableHTTPClientTransport(proxy.url));
			cleanup.push(() => client.close());
			const { tools } = await client.listTools();
			expect(tools.map((t) => t.name)).toEqual(WIRE);
			const result = await client.callTool({ name: "linear_list_issues" });
			expect(textOf(result)).toBe("ran linear.list_issues");
			await client.callTool({ name: "websearch_fetch_contnt" });
			expect(calls).toEqual(["linear.list_issues", "websearch/fetch_content"]);
			expect(corrections).toEqual([
				"[mcp-tool-names] Auto-corrected tool call to websearch/fetch_content (input: websearch_fetch_contnt).",
			]);
		},
	);

	it("answers a call it cannot rewrite with a 400 JSON-RPC error, never forwarding the undecoded name", async () => {
		const calls: CallLog = [];
		const upstream = await upstreamV1(serverV1(CANONICAL, calls), true);
		const proxy = await proxyFor(upstream);
		const client = clientV1();
		const transport = new StreamableHTTPClientTransport(proxy.url);
		await client.connect(transport);
		cleanup.push(() => client.close());
		await client.listTools();
		const depth = 100_000;
		const body = `{"jsonrpc":"2.0","id":77,"method":"tools/call","params":{"name":"linear_list_issues","arguments":{"x":${"[".repeat(depth)}${"]".repeat(depth)}}}}`;
		const response = await fetch(proxy.url, {
			method: "POST",
			headers: {
				"content-type": "application/json",
				accept: "application/json, text/event-stream",
				"mcp-session-id": transport.sessionId as string,
			},
			body,
		});
		expect(response.status).toBe(400);
		expect(await response.json()).toMatchObject({
			jsonrpc: "2.0",
			id: 77,
			error: { code: -32600 },
		});
		expect(calls).toEqual([]);
	});

	it("maps sampling tools on the response stream and tool_use names in the client's answer", async () => {
		const server = serverV1([], []);
		const toolUses: string[] = [];
		server.registerTool(
			"research/ask",
			{ inputSchema: { q: z.string().optional() } },
			async () => {
				const answer = await server.server.createMessage({
					maxTokens: 50,
					messages: [{ role: "user", content: { type: "text", text: "go" } }],
					tools: [{ name: "web/search", inputSchema: { type: "object" } }],
				});
				const content = Array.isArray(answer.content)
					? answer.content
					: [answer.content];
				for (const block of content)
					if (block.type === "tool_use") toolUses.push(block.name);
				return { content: [{ type: "text", text: "done" }] };
			},
		);
		const proxy = await proxyFor(await upstreamV1(server, false));
		const client = clientV1({ capabilities: { sampling: { tools: {} } } });
		const offered: string[] = [];
		client.setRequestHandler(CreateMessageRequestSchema, async (request) => {
			const name = request.params.tools?.[0]?.name ?? "";
			offered.push(name);
			return {
				role: "assistant",
				model: "test-model",
				stopReason: "toolUse",
				content: [{ type: "tool_use", id: "call-1", name, input: {} }],
			};
		});
		await client.connect(new StreamableHTTPClientTransport(proxy.url));
		cleanup.push(() => client.close());
		await client.listTools();
		const result = await client.callTool({ name: "research_ask" });
		expect(textOf(result)).toBe("done");
		expect(offered).toEqual(["web_search"]);
		expect(toolUses).toEqual(["web/search"]);
	});

	it("keeps the Mcp-Name header in step for a 2026-07-28 client and server", async () => {
		const calls: CallLog = [];
		const proxy = await proxyFor(await upstreamV2(calls));
		const client = new ClientV2(CLIENT_INFO, {
			versionNegotiation: { mode: { pin: "2026-07-28" } },
		});
		await client.connect(new HttpClientV2(proxy.url));
		cleanup.push(() => client.close());
		const { tools } = await client.listTools();
		expect(tools.map((t) => t.name)).toEqual(WIRE);
		const result = await client.callTool({ name: "websearch_fetch_content" });
		expect(textOf(result)).toBe("ran websearch/fetch_content");
		expect(calls).toEqual(["websearch/fetch_content"]);
	});

	it("runs from the command line", async () => {
		const calls: CallLog = [];
		const upstream = await upstreamV1(serverV1(CANONICAL, calls), false);
		const child: ChildProcess = spawn(
			process.execPath,
			["--import", "tsx", "examples/http-proxy.ts", upstream.href, "0"],
			{ cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] },
		);
		const exited = new Promise((resolve) => child.once("exit", resolve));
		cleanup.push(async () => {
			child.kill();
			await exited;
		});
		const lines = createInterface({
			input: child.stdout as NodeJS.ReadableStream,
		});
		const banner = await new Promise<string>((resolve, reject) => {
			lines.once("line", resolve);
			child.once("exit", (code) =>
				reject(new Error(`proxy exited with ${code}`)),
			);
		});
		const url = banner.match(/listening on (\S+)$/)?.[1];
		expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
		const client = clientV1();
		await client.connect(
			new StreamableHTTPClientTransport(new URL(url as string)),
		);
		cleanup.push(() => client.close());
		const { tools } = await client.listTools();
		expect(tools.map((t) => t.name)).toEqual(WIRE);
		await client.callTool({ name: "websearch_fetch_content" });
		expect(calls).toEqual(["websearch/fetch_content"]);
	});
});
