// `proxy --listen --url`: HTTP on both sides, an upstream HTTP session for each client session.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, describe, expect, it } from "vitest";
import {
	HTTP_FIXTURE_SERVED,
	listAndCall,
	refusedPort,
	startSessionServer,
} from "../cli/_helpers.js";
import { post, startListening, stop } from "./_listen.js";
import { INITIALIZE } from "./_proxy.js";

let cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
	for (const cleanup of cleanups.reverse()) await cleanup();
	cleanups = [];
});

async function listening(
	url: string,
): Promise<Awaited<ReturnType<typeof startListening>>> {
	const listening = await startListening(["--url", url]);
	cleanups.push(() => stop(listening.proxy));
	return listening;
}

async function connect(url: URL): Promise<{ client: Client; session: string }> {
	const client = new Client({ name: "listen-url-e2e", version: "1.0.0" });
	const transport = new StreamableHTTPClientTransport(url);
	await client.connect(transport);
	cleanups.push(() => client.close());
	const session = transport.sessionId;
	if (session === undefined) throw new Error("no session id");
	return { client, session };
}

describe("mcp-tool-names proxy --listen --url", () => {
	it("gives each client session an upstream HTTP session of its own, lists and calls through both", async () => {
		const upstream = await startSessionServer();
		cleanups.push(() => upstream.close());
		const { proxy, url } = await listening(upstream.url);
		const [a, b] = await Promise.all([connect(url), connect(url)]);
		for (const { client } of [a, b])
			expect(await listAndCall(client)).toEqual(HTTP_FIXTURE_SERVED);
		expect(a.session).not.toBe(b.session);
		const upstreamSessions = new Set(
			upstream.requests.flatMap((r) =>
				r.session === undefined ? [] : [r.session],
			),
		);
		expect(upstreamSessions.size).toBe(2);
		expect(upstreamSessions.has(a.session)).toBe(false);
		expect(upstreamSessions.has(b.session)).toBe(false);
		await a.client.close();
		await b.client.close();
		await stop(proxy);
		expect(await proxy.exit).toBe(143);
		// Each upstream session was ended with its client session.
		const deleted = upstream.requests.filter((r) => r.method === "DELETE");
		expect(new Set(deleted.map((r) => r.session))).toEqual(upstreamSessions);
	});

	it("answers a client without the URL's userinfo or query when the upstream cannot be reached", async () => {
		const port = await refusedPort();
		const { proxy, url } = await listening(
			`http://me:pa55@127.0.0.1:${port}/mcp?token=s3cret`,
		);
		const answer = await post(url, INITIALIZE);
		expect(answer.body).toContain("connection refused");
		// Its log line may reach the pipe after the answer reached the socket.
		await expect.poll(() => proxy.stderr()).toContain("connection refused");
		const said = `${JSON.stringify(answer.headers)}\n${answer.body}\n${proxy.stderr()}`;
		expect(said).toContain(`http://127.0.0.1:${port}/mcp`);
		for (const secret of ["s3cret", "pa55", "bWU6cGE1NQ"])
			expect(said).not.toContain(secret);
	});
});
