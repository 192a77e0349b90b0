import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, describe, expect, it } from "vitest";
import { refusedPort, startSessionServer } from "../cli/_helpers.js";
import {
	INITIALIZE,
	pidsIn,
	proxyEnv,
	type RawProxy,
	scratch,
	startRawProxy,
	textOf,
	UPSTREAM,
	waitAllGone,
} from "./_proxy.js";

let cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
	for (const cleanup of cleanups) await cleanup();
	cleanups = [];
});

/** The proxy listening on a free port for `upstream` (a pid file, or arguments such as --url). */
async function listening(
	upstream: string | readonly string[],
): Promise<{ proxy: RawProxy; url: URL }> {
	const proxy =
		typeof upstream === "string"
			? startRawProxy(
					[
						"proxy",
						"--listen",
						"127.0.0.1:0",
						"--",
						process.execPath,
						UPSTREAM,
					],
					proxyEnv({ PROXY_FIXTURE_PID_FILE: upstream }),
				)
			: startRawProxy(["proxy", "--listen", "127.0.0.1:0", ...upstream]);
	cleanups.push(async () => {
		if (proxy.child.exitCode === null) proxy.child.kill("SIGTERM");
		await proxy.exit;
	});
	const url = await new Promise<string>((resolve, reject) => {
		const check = (): void => {
			const match = /Listening on (\S+)/.exec(proxy.stderr());
			if (match?.[1] !== undefined) resolve(match[1]);
			else if (proxy.child.exitCode !== null) reject(new Error(proxy.stderr()));
			else setTimeout(check, 20);
		};
		check();
	});
	return { proxy, url: new URL(url) };
}

async function connect(url: URL): Promise<Client> {
	return (await connectWithSession(url)).client;
}

async function connectWithSession(
	url: URL,
): Promise<{ client: Client; session: string }> {
	const client = new Client({ name: "listen-e2e", version: "1.0.0" });
	const transport = new StreamableHTTPClientTransport(url);
	await client.connect(transport);
	const session = transport.sessionId;
	if (session === undefined) throw new Error("no session id");
	return { client, session };
}

describe("mcp-tool-names proxy --listen", () => {
	it("serves two concurrent client sessions, each with its own upstream, and 500 concurrent calls reach the right tools", async () => {
		const { dir, dispose } = scratch();
		cleanups.push(dispose);
		const pidFile = join(dir, "pids");
		const { proxy, url } = await listening(pidFile);
		expect(url.hostname).toBe("127.0.0.1");
		const [a, b] = await Promise.all([connect(url), connect(url)]);
		if (a === undefined || b === undefined) throw new Error("no clients");
		const listed = await a.listTools();
		expect(listed.tools.map((tool) => tool.name)).toContain("tool_1oiaz9u");
		expect(pidsIn(pidFile)).toHaveLength(2);
		const targets = [
			["web_search", "web/search"],
			["linear_list_issues", "linear.list_issues"],
			["get_weather", "get weather"],
			["tool_1oiaz9u", "搜索/获取"],
		] as const;
		const calls = Array.from({ length: 500 }, (_, i) => {
			const [wire, canonical] = targets[
				i % targets.length
			] as (typeof targets)[number];
			const client = i % 2 === 0 ? a : b;
			return client
				.callTool({ name: wire, arguments: { q: String(i) } })
				.then((result) =>
					expect(textOf(result)).toBe(`${canonical} {"q":"${i}"}`),
				);
		});
		await Promise.all(calls);
		await a.close();
		await b.close();
		proxy.child.kill("SIGTERM");
		expect(await proxy.exit).toBe(143);
		expect(await waitAllGone(pidsIn(pidFile))).toEqual([]);
	}, 120_000);

	it("keeps serving a session whose client dropped a request mid-stream", async () => {
		const { dir, dispose } = scratch();
		cleanups.push(dispose);
		const pidFile = join(dir, "pids");
		const { proxy, url } = await listening(pidFile);
		const client = await connect(url);
		const controller = new AbortController();
		const stalled = client
			.callTool({ name: "debug_stall", arguments: {} }, undefined, {
				signal: controller.signal,
			})
			.catch((error: unknown) => error);
		setTimeout(() => controller.abort(), 200);
		expect(await stalled).toBeInstanceOf(Error);
		const result = await client.callTool({ name: "web_search", arguments: {} });
		expect(textOf(result)).toBe("web/search {}");
		await client.close();
		proxy.child.kill("SIGTERM");
		expect(await proxy.exit).toBe(143);
		expect(await waitAllGone(pidsIn(pidFile))).toEqual([]);
	});

	it("refuses to bind an address that is taken, with one line and exit 2", async () => {
		const { dir, dispose } = scratch();
		cleanups.push(dispose);
		const { proxy, url } = await listening(join(dir, "pids"));
		const second = startRawProxy([
			"proxy",
			"--listen",
			`127.0.0.1:${url.port}`,
			"--",
			process.execPath,
			UPSTREAM,
		]);
		expect(await second.exit).toBe(2);
		expect(second.stderr()).toContain(`Cannot listen on 127.0.0.1:${url.port}`);
		proxy.child.kill("SIGTERM");
		await proxy.exit;
	});

	it("serves a --url upstream with an HTTP session of its own for each client session", async () => {
		const upstream = await startSessionServer();
		cleanups.push(() => upstream.close());
		const { proxy, url } = await listening(["--url", upstream.url]);
		const [a, b] = await Promise.all([
			connectWithSession(url),
			connectWithSession(url),
		]);
		if (a === undefined || b === undefined) throw new Error("no clients");
		for (const { client } of [a, b]) {
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
		}
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
		proxy.child.kill("SIGTERM");
		expect(await proxy.exit).toBe(143);
		// Each upstream session was ended when its client session was.
		const deleted = upstream.requests.filter((r) => r.method === "DELETE");
		expect(new Set(deleted.map((r) => r.session))).toEqual(upstreamSessions);
	});

	it("answers a client without the --url's userinfo or query when the upstream cannot be reached", async () => {
		const port = await refusedPort();
		const { proxy, url } = await listening([
			"--url",
			`http://me:pa55@127.0.0.1:${port}/mcp?token=s3cret`,
		]);
		const response = await fetch(url, {
			method: "POST",
			headers: {
				"content-type": "application/json",
				accept: "application/json, text/event-stream",
			},
			body: INITIALIZE,
		});
		const body = await response.text();
		expect(body).toContain("connection refused");
		const said = `${body}\n${proxy.stderr()}`;
		expect(said).toContain(`http://127.0.0.1:${port}/mcp`);
		for (const secret of ["s3cret", "pa55", "bWU6cGE1NQ"])
			expect(said).not.toContain(secret);
	});
});
