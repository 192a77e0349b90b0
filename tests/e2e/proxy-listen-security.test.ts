// `proxy --listen` tried as an attacker would: a web page rebinding DNS to 127.0.0.1, a
// cross-site POST, a missing or wrong token, an exposed bind; and as an operator reads it: no
// secret from the upstream's arguments in a log line, a Redis key or an HTTP answer.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, expect, it } from "vitest";
import { RedisServer } from "../_support/redis-server.js";
import {
	cleanupsAfterEach,
	errorOf,
	INITIALIZE_MESSAGE,
	openSession,
	POST_HEADERS,
	post,
	send,
	serveFixture,
	startListening,
	stop,
} from "./_listen.js";
import {
	pidsIn,
	proxyEnv,
	scratch,
	startRawProxy,
	textOf,
	UPSTREAM,
	waitAllGone,
} from "./_proxy.js";

const cleanups = cleanupsAfterEach();

const TOOL_CALL = {
	jsonrpc: "2.0",
	id: 2,
	method: "tools/call",
	params: { name: "web_search", arguments: {} },
};

describe("proxy --listen against DNS rebinding", () => {
	it("refuses a rebinding Host and Origin with 403 and starts nothing, and accepts localhost, 127.0.0.1 and [::1] on any port", async () => {
		const { url, proxy, pidFile } = await serveFixture(cleanups);
		const evil = await post(url, INITIALIZE_MESSAGE, {
			host: `evil.example:${url.port}`,
			origin: "http://evil.example",
		});
		expect(evil.status).toBe(403);
		expect(errorOf(evil)).toEqual({
			code: -32000,
			message: `Invalid Host header: evil.example:${url.port}`,
		});
		// A loopback Host with a foreign Origin: a page of evil.example reaching 127.0.0.1.
		const origin = await post(url, INITIALIZE_MESSAGE, {
			origin: "http://evil.example",
		});
		expect(origin.status).toBe(403);
		expect(errorOf(origin).message).toBe(
			"Invalid Origin header: http://evil.example",
		);
		expect(
			(await post(url, INITIALIZE_MESSAGE, { origin: "null" })).status,
		).toBe(403);
		// The cross-site form POST needs no preflight: refused before it reaches a session.
		const form = await send(url, {
			headers: {
				host: `evil.example:${url.port}`,
				"content-type": "text/plain",
				accept: "application/json, text/event-stream",
			},
			body: JSON.stringify([INITIALIZE_MESSAGE, TOOL_CALL]),
		});
		expect(form.status).toBe(403);
		expect(pidsIn(pidFile)).toEqual([]);
		await expect
			.poll(() => proxy.stderr())
			.toMatch(
				/Refused POST \/mcp from 127\.0\.0\.1: 403 Invalid Host header: evil\.example/,
			);
		for (const host of ["localhost", "127.0.0.1", "[::1]", "LocalHost"]) {
			const session = await openSession(url, {
				host: `${host}:${url.port}`,
				origin: `http://${host}:5173`,
			});
			expect(session).toMatch(/^[0-9a-f-]{36}$/);
		}
		expect(pidsIn(pidFile)).toHaveLength(4);
	});

	it("widens the lists with --allowed-hosts and --allowed-origins", async () => {
		const { url } = await serveFixture(cleanups, [
			"--allowed-hosts",
			"mcp.internal",
			"--allowed-origins",
			"https://app.example.com",
		]);
		await openSession(url, {
			host: "mcp.internal",
			origin: "https://app.example.com",
		});
		expect(
			(
				await post(url, INITIALIZE_MESSAGE, {
					host: "mcp.internal:8443",
					origin: "https://other.example.com",
				})
			).status,
		).toBe(403);
		expect(
			(await post(url, INITIALIZE_MESSAGE, { host: "other.internal" })).status,
		).toBe(403);
	});
});

describe("proxy --listen with MCP_TOOL_NAMES_TOKEN", () => {
	it("answers 401 with WWW-Authenticate: Bearer without the token or with a wrong one, serves with it, and keeps it from the server", async () => {
		const token = "t0ken-with-enough-entropy";
		const { url, pidFile } = await serveFixture(cleanups, [], {
			MCP_TOOL_NAMES_TOKEN: token,
			PROXY_FIXTURE_ENV_KEY: "MCP_TOOL_NAMES_TOKEN",
		});
		const none = await post(url, INITIALIZE_MESSAGE);
		expect(none.status).toBe(401);
		expect(none.headers["www-authenticate"]).toMatch(/^Bearer /);
		expect(errorOf(none)).toEqual({
			code: -32000,
			message:
				"Unauthorized: send Authorization: Bearer <token>, the static token set in MCP_TOOL_NAMES_TOKEN where the proxy runs (not OAuth)",
		});
		const wrong = await post(url, INITIALIZE_MESSAGE, {
			authorization: `Bearer ${token}x`,
		});
		expect(wrong.status).toBe(401);
		expect(wrong.headers["www-authenticate"]).toMatch(/error="invalid_token"/);
		expect(errorOf(wrong).message).toBe(
			"Unauthorized: invalid bearer token; send the one set in MCP_TOOL_NAMES_TOKEN where the proxy runs",
		);
		expect(
			(await post(url, INITIALIZE_MESSAGE, { authorization: token })).status,
		).toBe(401);
		expect(pidsIn(pidFile)).toEqual([]);
		const client = new Client({ name: "token", version: "1.0.0" });
		await client.connect(
			new StreamableHTTPClientTransport(url, {
				requestInit: { headers: { authorization: `Bearer ${token}` } },
			}),
		);
		const result = await client.callTool({ name: "debug_env", arguments: {} });
		expect(textOf(result)).toBe("");
		await client.close();
	});

	it("refuses to serve a non-loopback address without a token, with one line and exit 2", async () => {
		const proxy = startRawProxy(
			["proxy", "--listen", "0.0.0.0:0", "--", process.execPath, UPSTREAM],
			proxyEnv(),
		);
		expect(await proxy.exit).toBe(2);
		const lines = proxy.stderr().trim().split("\n");
		expect(lines).toHaveLength(1);
		expect(lines[0]).toMatch(
			/Not serving 0\.0\.0\.0, .*without a token: set MCP_TOOL_NAMES_TOKEN, or pass --allow-unauthenticated/,
		);
		const empty = startRawProxy(
			["proxy", "--listen", "127.0.0.1:0", "--", process.execPath, UPSTREAM],
			proxyEnv({ MCP_TOOL_NAMES_TOKEN: "" }),
		);
		expect(await empty.exit).toBe(2);
		expect(empty.stderr()).toMatch(/MCP_TOOL_NAMES_TOKEN is set but empty/);
	});
});

describe("proxy --listen and secrets", () => {
	it("puts a secret from the upstream's arguments in no log line, Redis key or HTTP answer", async () => {
		const redis = await RedisServer.start();
		cleanups.push(() => redis.close());
		const secret = "sk-live-d41d8cd98f00b204e9800998ecf8427e";
		// A Redis password with / and @, which 0.1's redaction pattern let through.
		const password = `pa/ss@${secret}`;
		const cli = (...args: string[]) =>
			execFileSync(
				"redis-cli",
				["-p", String(redis.port), "--no-auth-warning", ...args],
				{ encoding: "utf8" },
			);
		cli("CONFIG", "SET", "requirepass", password);
		const { dir, dispose } = scratch();
		cleanups.push(dispose);
		const pidFile = join(dir, "pids");
		const { url, proxy } = await startListening(
			[
				"--log-json",
				"--store",
				`redis://:${encodeURIComponent(password)}@127.0.0.1:${redis.port}`,
				"--",
				process.execPath,
				UPSTREAM,
				`--api-key=${secret}`,
			],
			proxyEnv({ PROXY_FIXTURE_PID_FILE: pidFile }),
		);
		cleanups.push(async () => {
			await stop(proxy);
			expect(await waitAllGone(pidsIn(pidFile))).toEqual([]);
		});
		const answers: string[] = [];
		const record = async (
			answer: Promise<{ body: string; headers: object }>,
		) => {
			const { body, headers } = await answer;
			answers.push(body, JSON.stringify(headers));
		};
		const session = await openSession(url);
		const headers = { "mcp-session-id": session };
		await record(
			post(url, { jsonrpc: "2.0", id: 1, method: "tools/list" }, headers),
		);
		await record(post(url, TOOL_CALL, headers));
		await record(
			post(
				url,
				{
					jsonrpc: "2.0",
					id: 3,
					method: "tools/call",
					params: { name: "nope" },
				},
				headers,
			),
		);
		await record(post(url, INITIALIZE_MESSAGE, headers));
		await record(post(url, "null", headers));
		await record(
			send(url, {
				headers: { ...POST_HEADERS, "mcp-session-id": "gone" },
				body: "{}",
			}),
		);
		expect(answers.join("\n")).not.toContain(secret);
		expect(answers.join("\n")).not.toContain("pa/ss");
		expect(proxy.stderr()).not.toContain(secret);
		expect(proxy.stderr()).not.toContain("pa/ss");
		expect(proxy.stderr()).toContain(`redis://127.0.0.1:${redis.port}`);
		const keys = cli("-a", password, "--scan");
		expect(keys).toMatch(/^mcp-tool-names:/m);
		expect(keys).not.toContain(secret);
		expect(keys).not.toContain("--api-key");
	});
});
