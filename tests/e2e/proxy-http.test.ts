import { afterEach, describe, expect, it } from "vitest";
import {
	refusedPort,
	startSseServer,
	startStreamableServer,
	type TestHttpServer,
} from "../cli/_helpers.js";
import {
	connectThroughProxy,
	type ProxiedClient,
	startRawProxy,
	textOf,
} from "./_proxy.js";

let servers: TestHttpServer[] = [];
let clients: ProxiedClient[] = [];
afterEach(async () => {
	for (const client of clients) await client.close().catch(() => {});
	for (const server of servers) await server.close();
	clients = [];
	servers = [];
});

async function through(args: string[]): Promise<ProxiedClient> {
	const client = await connectThroughProxy(args);
	clients.push(client);
	return client;
}

describe("mcp-tool-names proxy --url", () => {
	it("lists wire names and routes calls to a Streamable HTTP server, headers passed on", async () => {
		const server = await startStreamableServer({ token: "t0ken" });
		servers.push(server);
		const { client } = await through([
			"--url",
			server.url,
			"--header",
			"Authorization: Bearer t0ken",
		]);
		const { tools } = await client.listTools();
		expect(tools.map((tool) => tool.name).sort()).toEqual([
			"begin_session",
			"notion_create_page",
			"notion_search",
		]);
		const result = await client.callTool({
			name: "notion_create_page",
			arguments: {},
		});
		expect(textOf(result)).toBe("notion.create_page");
	});

	it("falls back to the older HTTP+SSE transport", async () => {
		const server = await startSseServer();
		servers.push(server);
		const { client } = await through(["--url", server.url]);
		const result = await client.callTool({
			name: "notion_search",
			arguments: {},
		});
		expect(textOf(result)).toBe("notion/search");
	});

	it("exits 2 with one clear line when nothing listens at the URL", async () => {
		const port = await refusedPort();
		const proxy = startRawProxy([
			"proxy",
			"--url",
			`http://127.0.0.1:${port}/mcp`,
		]);
		proxy.send(
			JSON.stringify({
				jsonrpc: "2.0",
				id: 1,
				method: "initialize",
				params: {
					protocolVersion: "2025-06-18",
					capabilities: {},
					clientInfo: { name: "t", version: "1" },
				},
			}),
		);
		const reply = await proxy.next((message) => message.id === 1);
		expect(reply.error).toMatchObject({
			message: expect.stringContaining("connection refused"),
		});
		expect(await proxy.exit).toBe(2);
		expect(proxy.stderr()).toContain(
			`Cannot connect to http://127.0.0.1:${port}/mcp: connection refused`,
		);
	});
});
