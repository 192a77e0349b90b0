import { afterEach, describe, expect, it } from "vitest";
import {
	refusedPort,
	startSseServer,
	startStatusServer,
	startStreamableServer,
	type TestHttpServer,
} from "../cli/_helpers.js";
import {
	connectThroughProxy,
	INITIALIZE,
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

	it("sends the URL's userinfo as Basic credentials and its query as it is", async () => {
		const basic = `Basic ${Buffer.from("me:pa55 word").toString("base64")}`;
		const server = await startStreamableServer({
			authorize: (req) =>
				req.headers.authorization === basic &&
				new URL(req.url ?? "/", "http://x").searchParams.get("token") ===
					"s3cret",
		});
		servers.push(server);
		const url = new URL(server.url);
		url.username = "me";
		url.password = "pa55%20word";
		url.search = "?token=s3cret";
		const { client } = await through(["--url", url.href]);
		const result = await client.callTool({
			name: "notion_search",
			arguments: {},
		});
		expect(textOf(result)).toBe("notion/search");
	});
});

/** The secrets of a URL, in every form a message could carry them. */
const SECRETS = ["s3cret", "pa55", Buffer.from("me:pa55").toString("base64")];

function secretUrl(url: string): string {
	const parsed = new URL(url);
	parsed.username = "me";
	parsed.password = "pa55";
	parsed.search = "?token=s3cret";
	return parsed.href;
}

describe("mcp-tool-names proxy --url with credentials in the URL", () => {
	it.each([
		[
			"nothing listens",
			async () => `http://127.0.0.1:${await refusedPort()}/mcp`,
		],
		[
			"the server answers 404",
			async () => {
				const server = await startStatusServer(404);
				servers.push(server);
				return server.url;
			},
		],
		[
			"the server answers 401",
			async () => {
				const server = await startStatusServer(401);
				servers.push(server);
				return server.url;
			},
		],
	])(
		"prints no userinfo or query, in lines or JSON lines, nor answers with them, when %s",
		async (_, target) => {
			const url = await target();
			for (const json of [false, true]) {
				const proxy = startRawProxy([
					"proxy",
					...(json ? ["--log-json"] : []),
					"--url",
					secretUrl(url),
				]);
				proxy.send(INITIALIZE);
				const reply = await proxy.next((message) => message.id === "init");
				proxy.child.stdin?.end();
				await proxy.exit;
				const said = `${proxy.stderr()}\n${JSON.stringify(reply)}`;
				for (const secret of SECRETS) expect(said).not.toContain(secret);
				// The URL is still named, as origin and path.
				expect(said).toContain(url);
			}
		},
	);
});
