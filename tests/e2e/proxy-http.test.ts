// `proxy --url`: the upstream over Streamable HTTP (or HTTP+SSE), resumable event streams
// (revision 2025-11-25: a server may end a POST's stream before the response; the proxy waits
// `retry` and resumes with GET and Last-Event-ID), and URLs shown without their secrets.
import { spawn } from "node:child_process";
import {
	createServer,
	type IncomingMessage,
	type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import {
	HTTP_FIXTURE_SERVED,
	listAndCall,
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

/** What the server does with a GET that carries Last-Event-ID. */
type Resume = "answer" | "refuse" | "empty" | "never-primed";

interface ResumableServer extends TestHttpServer {
	/** The Last-Event-ID of each GET that had one, with the time it came. */
	resumes: Array<{ lastEventId: string; at: number }>;
	/** When the server ended each tools/call stream. */
	streamEnds: number[];
}

const EVERYTHING = fileURLToPath(
	new URL("../conformance/fixtures/everything-server.mjs", import.meta.url),
);
const RETRY_MS = 150;
const SESSION = "resume-session";

function event(id: string | undefined, message: unknown): string {
	return `${id === undefined ? "" : `id: ${id}\n`}data: ${JSON.stringify(message)}\n\n`;
}

async function readJson(
	req: IncomingMessage,
): Promise<Record<string, unknown>> {
	let text = "";
	for await (const chunk of req) text += String(chunk);
	return JSON.parse(text) as Record<string, unknown>;
}

function json(res: ServerResponse, body: unknown): void {
	res
		.writeHead(200, {
			"content-type": "application/json",
			"mcp-session-id": SESSION,
		})
		.end(JSON.stringify(body));
}

function openStream(res: ServerResponse): void {
	res.writeHead(200, {
		"content-type": "text/event-stream",
		"cache-control": "no-cache",
		"mcp-session-id": SESSION,
	});
}

async function startResumableServer(resume: Resume): Promise<ResumableServer> {
	const resumes: ResumableServer["resumes"] = [];
	const streamEnds: number[] = [];
	let pending: string | number | undefined;
	const server = createServer((req, res) => {
		void (async () => {
			if (req.method === "GET") {
				const lastEventId = req.headers["last-event-id"];
				// No standalone stream: only resumptions are served.
				if (typeof lastEventId !== "string")
					return void res.writeHead(405).end();
				resumes.push({ lastEventId, at: performance.now() });
				if (resume === "refuse") return void res.writeHead(405).end();
				openStream(res);
				if (resume === "answer" && pending !== undefined) {
					const result = { content: [{ type: "text", text: "resumed" }] };
					res.write(event("call-2", { jsonrpc: "2.0", id: pending, result }));
				}
				res.end();
				return;
			}
			if (req.method === "DELETE") return void res.writeHead(200).end();
			const message = await readJson(req);
			const { id, method } = message;
			if (id === undefined) return void res.writeHead(202).end();
			if (method === "initialize") {
				return json(res, {
					jsonrpc: "2.0",
					id,
					result: {
						protocolVersion: "2025-11-25",
						capabilities: { tools: {} },
						serverInfo: { name: "resumable", version: "1.0.0" },
					},
				});
			}
			if (method === "tools/list") {
				const tool = { name: "slow/job", inputSchema: { type: "object" } };
				return json(res, { jsonrpc: "2.0", id, result: { tools: [tool] } });
			}
			if (method !== "tools/call") {
				return json(res, { jsonrpc: "2.0", id, result: {} });
			}
			pending = id as string | number;
			const params = message.params as { _meta?: { progressToken?: unknown } };
			openStream(res);
			// A priming event: an id and the delay before reconnecting, no data.
			if (resume === "never-primed") res.write(": no id here\n\n");
			else res.write(`id: call-0\nretry: ${RETRY_MS}\ndata: \n\n`);
			const progressToken = params._meta?.progressToken;
			if (progressToken !== undefined) {
				const progress = {
					jsonrpc: "2.0",
					method: "notifications/progress",
					params: { progressToken, progress: 1, total: 2 },
				};
				res.write(
					event(resume === "never-primed" ? undefined : "call-1", progress),
				);
			}
			setTimeout(() => {
				streamEnds.push(performance.now());
				res.end();
			}, 20);
		})().catch(() => res.writeHead(500).end());
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/mcp`,
		resumes,
		streamEnds,
		close: () =>
			new Promise((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}

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
		expect(await listAndCall(client)).toEqual(HTTP_FIXTURE_SERVED);
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

async function setUp(
	resume: Resume,
): Promise<{ server: ResumableServer; proxied: ProxiedClient }> {
	const server = await startResumableServer(resume);
	servers.push(server);
	const proxied = await connectThroughProxy(["--url", server.url]);
	clients.push(proxied);
	return { server, proxied };
}

describe("mcp-tool-names proxy --url: a POST stream that ends before its response", () => {
	it("waits retry, resumes with GET and Last-Event-ID, and delivers the progress and the answer", async () => {
		const { server, proxied } = await setUp("answer");
		const progress: number[] = [];
		const result = await proxied.client.callTool(
			{ name: "slow_job", arguments: {} },
			undefined,
			{ onprogress: (update) => progress.push(update.progress) },
		);
		expect(textOf(result)).toBe("resumed");
		expect(progress).toEqual([1]);
		expect(server.resumes.map((r) => r.lastEventId)).toEqual(["call-1"]);
		const [resumed] = server.resumes;
		const [ended] = server.streamEnds;
		if (resumed === undefined || ended === undefined)
			throw new Error("no resume");
		// Not before the server's retry (a timer never fires early; 5 ms for clock rounding).
		expect(resumed.at - ended).toBeGreaterThanOrEqual(RETRY_MS - 5);
	});

	it("answers with a clear error when the stream set no event id to resume from", async () => {
		const { server, proxied } = await setUp("never-primed");
		await expect(
			proxied.client.callTool({ name: "slow_job", arguments: {} }),
		).rejects.toThrow(
			/ended its event stream before answering, with no event id/,
		);
		expect(server.resumes).toEqual([]);
	});

	it("answers with a clear error when the server refuses the resuming GET", async () => {
		const { server, proxied } = await setUp("refuse");
		await expect(
			proxied.client.callTool({ name: "slow_job", arguments: {} }),
		).rejects.toThrow(
			/could not resume its event stream: GET answered HTTP 405/,
		);
		expect(server.resumes).toHaveLength(1);
	});

	it("gives up after three resumed streams in a row that bring nothing, instead of waiting for ever", async () => {
		const { server, proxied } = await setUp("empty");
		await expect(
			proxied.client.callTool({ name: "slow_job", arguments: {} }),
		).rejects.toThrow(/3 times after resuming it, with nothing new/);
		expect(server.resumes.map((r) => r.lastEventId)).toEqual([
			"call-0",
			"call-0",
			"call-0",
		]);
		// The proxy still serves the session.
		const listed = await proxied.client.listTools();
		expect(listed.tools.map((tool) => tool.name)).toEqual(["slow_job"]);
	});

	it("resumes against the SDK's own Streamable HTTP server, which closes the stream mid-call", async () => {
		const child = spawn(process.execPath, [EVERYTHING, "--http", "0"], {
			stdio: ["ignore", "pipe", "pipe"],
		});
		let stderr = "";
		child.stderr.on("data", (chunk: Buffer) => {
			stderr += chunk.toString();
		});
		const url = await new Promise<string>((resolve) =>
			child.stdout.once("data", (chunk: Buffer) =>
				resolve(chunk.toString().trim()),
			),
		);
		servers.push({
			url,
			close: async () => {
				child.kill("SIGTERM");
				if (child.exitCode === null)
					await new Promise((resolve) => child.once("exit", resolve));
			},
		});
		const proxied = await connectThroughProxy(["--url", url]);
		clients.push(proxied);
		const result = await proxied.client.callTool({
			name: "test_reconnection",
			arguments: {},
		});
		expect(textOf(result)).toBe("Answered after the stream was closed");
		expect(stderr).toMatch(/resumed after \S+/);
	});
});
