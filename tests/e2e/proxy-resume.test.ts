// `proxy --url` against a Streamable HTTP server under the test's control that ends a POST's
// event stream before the response, as revision 2025-11-25 allows: the proxy waits `retry` and
// resumes with GET and Last-Event-ID; a stream it cannot resume answers with an error.

import { spawn } from "node:child_process";
import {
	createServer,
	type IncomingMessage,
	type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { connectThroughProxy, type ProxiedClient, textOf } from "./_proxy.js";

const EVERYTHING = fileURLToPath(
	new URL("../conformance/fixtures/everything-server.mjs", import.meta.url),
);

/** What the server does with a GET that carries Last-Event-ID. */
type Resume = "answer" | "refuse" | "empty" | "never-primed";

interface ResumableServer {
	url: string;
	/** The Last-Event-ID of each GET that had one, with the time it came. */
	resumes: Array<{ lastEventId: string; at: number }>;
	/** When the server ended each tools/call stream. */
	streamEnds: number[];
	close(): Promise<void>;
}

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

let servers: ResumableServer[] = [];
let clients: ProxiedClient[] = [];
afterEach(async () => {
	for (const client of clients) await client.close().catch(() => {});
	for (const server of servers) await server.close();
	clients = [];
	servers = [];
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
			resumes: [],
			streamEnds: [],
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
