import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, expect, it } from "vitest";
import {
	cleanupsAfterEach,
	errorOf,
	eventsOf,
	INITIALIZE_MESSAGE,
	openSession,
	openStream,
	POST_HEADERS,
	post,
	postStream,
	send,
	serveFixture,
	startListening,
	stop,
} from "./_listen.js";
import {
	ECHO,
	isAlive,
	pidsIn,
	proxyEnv,
	type RawProxy,
	scratch,
	startRawProxy,
	textOf,
	UPSTREAM,
	waitAllGone,
} from "./_proxy.js";

const cleanups = cleanupsAfterEach();

async function listening(
	pidFile: string,
	args: readonly string[] = [],
): Promise<{ proxy: RawProxy; url: URL }> {
	return startListening(
		[...args, "--", process.execPath, UPSTREAM],
		proxyEnv({ PROXY_FIXTURE_PID_FILE: pidFile }),
	);
}

async function connect(url: URL): Promise<Client> {
	const client = new Client({ name: "listen-e2e", version: "1.0.0" });
	await client.connect(new StreamableHTTPClientTransport(url));
	return client;
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

	it("bounds each session's server by --start-timeout, as the stdio proxy does", async () => {
		const hang = fileURLToPath(
			new URL("../cli/fixtures/hang-server.mjs", import.meta.url),
		);
		const { proxy, url } = await startListening([
			"--start-timeout",
			"300",
			"--timeout",
			"60000",
			"--",
			process.execPath,
			hang,
		]);
		cleanups.push(() => stop(proxy));
		const answer = await post(url, INITIALIZE_MESSAGE);
		const [reply] = answer.headers["content-type"]?.includes(
			"text/event-stream",
		)
			? eventsOf(answer.body)
			: [JSON.parse(answer.body)];
		expect(reply?.error?.message).toBe(
			"The MCP server wrote nothing within 300 ms of starting; raise --start-timeout if it is still downloading (npx -y, uvx)",
		);
	});
});

const ping = (id: number | string) => ({ jsonrpc: "2.0", id, method: "ping" });
const stall = (id: number | string) => ({
	jsonrpc: "2.0",
	id,
	method: "tools/call",
	params: { name: "debug_stall", arguments: {} },
});

/** The proxy's `--log-json` lines. */
function logLines(proxy: RawProxy): Array<Record<string, unknown>> {
	return proxy
		.stderr()
		.split("\n")
		.filter((line) => line.startsWith("{"))
		.map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Each session end the proxy logged (`--log-json`), in order. */
function sessionEnds(
	proxy: RawProxy,
): Array<{ session: unknown; ended: unknown }> {
	return logLines(proxy)
		.filter((line) => line.event === "session" && line.ended !== undefined)
		.map(({ session, ended }) => ({ session, ended }));
}

describe("proxy --listen refusals", () => {
	it("answers 415, 406, 400, 404 and 405 as the SDK's server does, one log line each, and passes none of them on", async () => {
		const { dir, dispose } = scratch();
		cleanups.push(dispose);
		const received = join(dir, "received");
		const { proxy, url } = await startListening(
			["--", process.execPath, ECHO],
			proxyEnv({ ECHO_FIXTURE_LOG: received }),
		);
		cleanups.push(() => stop(proxy));
		const session = await openSession(url);
		const inSession = { "mcp-session-id": session };
		const cases: Array<
			[
				string,
				Promise<{ status: number; body: string }>,
				number,
				number,
				RegExp,
			]
		> = [
			[
				"a text/plain POST",
				send(url, {
					headers: {
						...POST_HEADERS,
						...inSession,
						"content-type": "text/plain",
					},
					body: JSON.stringify(ping("plain")),
				}),
				415,
				-32000,
				/^Unsupported Media Type: Content-Type must be application\/json$/,
			],
			[
				"a media type that only mentions JSON in a parameter",
				send(url, {
					headers: {
						...POST_HEADERS,
						...inSession,
						"content-type": "text/plain; a=application/json",
					},
					body: JSON.stringify(ping("param")),
				}),
				415,
				-32000,
				/^Unsupported Media Type/,
			],
			[
				"an Accept without text/event-stream",
				send(url, {
					headers: {
						...POST_HEADERS,
						...inSession,
						accept: "application/json",
					},
					body: JSON.stringify(ping("accept-json")),
				}),
				406,
				-32000,
				/^Not Acceptable: Client must accept both application\/json and text\/event-stream$/,
			],
			[
				"an Accept without application/json",
				send(url, {
					headers: {
						...POST_HEADERS,
						...inSession,
						accept: "text/event-stream",
					},
					body: JSON.stringify(ping("accept-sse")),
				}),
				406,
				-32000,
				/^Not Acceptable/,
			],
			[
				"an initialize inside a batch",
				post(url, [
					INITIALIZE_MESSAGE,
					{ jsonrpc: "2.0", method: "notifications/initialized" },
				]),
				400,
				-32600,
				/^Invalid Request: initialize must not be part of a batch$/,
			],
			[
				"a second initialize on a live session",
				post(url, { ...INITIALIZE_MESSAGE, id: "again" }, inSession),
				400,
				-32600,
				/^Invalid Request: Server already initialized$/,
			],
			[
				"null",
				post(url, "null", inSession),
				400,
				-32700,
				/^Parse error: Invalid JSON-RPC message$/,
			],
			[
				'"x"',
				post(url, '"x"', inSession),
				400,
				-32700,
				/^Parse error: Invalid JSON-RPC message$/,
			],
			[
				"an id with no method, result or error",
				post(url, '{"jsonrpc":"2.0","id":5}', inSession),
				400,
				-32700,
				/^Parse error: Invalid JSON-RPC message$/,
			],
			[
				"a batch with one bad message",
				post(
					url,
					[ping("fine"), { jsonrpc: "1.0", id: 6, method: "ping" }],
					inSession,
				),
				400,
				-32700,
				/^Parse error: Invalid JSON-RPC message$/,
			],
			[
				"not JSON",
				post(url, "{nope", inSession),
				400,
				-32700,
				/^Parse error: Invalid JSON$/,
			],
			[
				"an empty batch",
				post(url, "[]", inSession),
				400,
				-32600,
				/^Invalid Request: Empty batch$/,
			],
			[
				"a batch of 101 messages",
				post(
					url,
					Array.from({ length: 101 }, (_, i) => ping(`big-${i}`)),
					inSession,
				),
				400,
				-32600,
				/^Invalid Request: Batch must not exceed 100 messages$/,
			],
			[
				"an id twice in one batch",
				post(url, [ping("twice"), ping("twice")], inSession),
				400,
				-32600,
				/^Invalid Request: id "twice" is already used by a request in flight$/,
			],
			[
				"a request without a session",
				post(url, ping("no-session")),
				400,
				-32000,
				/^Bad Request: Mcp-Session-Id header is required$/,
			],
			[
				"an unknown session",
				post(url, ping("unknown"), { "mcp-session-id": "not-a-session" }),
				404,
				-32001,
				/^Session not found$/,
			],
			[
				"a PUT",
				send(url, {
					method: "PUT",
					headers: { ...POST_HEADERS, ...inSession },
					body: "{}",
				}),
				405,
				-32000,
				/^Method not allowed\.$/,
			],
			[
				"a GET that accepts only JSON",
				send(url, {
					method: "GET",
					headers: { accept: "application/json", ...inSession },
				}),
				406,
				-32000,
				/^Not Acceptable: Client must accept text\/event-stream$/,
			],
			[
				"a GET without a session",
				send(url, { method: "GET", headers: { accept: "text/event-stream" } }),
				400,
				-32000,
				/^Bad Request: Mcp-Session-Id header is required$/,
			],
		];
		for (const [what, answer, status, code, message] of cases) {
			const { status: got, body } = await answer;
			expect({ what, status: got }).toEqual({ what, status });
			const { error, id } = JSON.parse(body) as {
				error: { code: number; message: string };
				id: unknown;
			};
			expect({ what, code: error.code, id }).toEqual({ what, code, id: null });
			expect(error.message).toMatch(message);
		}
		const refused = proxy
			.stderr()
			.split("\n")
			.filter((line) => line.includes("Refused "));
		expect(refused).toHaveLength(cases.length);
		// The session still works, and its server never saw a refused body.
		const answer = await post(url, ping("after"), inSession);
		expect(eventsOf(answer.body)).toEqual([
			{ jsonrpc: "2.0", id: "after", result: {} },
		]);
		const lines = readFileSync(received, "utf8").trim().split("\n");
		const methods = lines.map(
			(line) => (JSON.parse(line) as { method?: string }).method,
		);
		expect(methods).toEqual([
			"initialize",
			"notifications/initialized",
			"tools/list",
			"ping",
		]);
		expect(JSON.parse(lines.at(-1) ?? "")).toEqual(ping("after"));
	});

	it("refuses a 1 GiB Content-Length at once with 413, before reading the body", async () => {
		const { url, proxy } = await serveFixture(cleanups);
		const session = await openSession(url);
		// A first piece of the gigabyte; the rest never comes: an answer at all is one before the body.
		const answer = await send(url, {
			headers: {
				...POST_HEADERS,
				"mcp-session-id": session,
				"content-length": String(1024 ** 3),
			},
			body: `[${JSON.stringify(ping(1))}`,
			unfinished: true,
		});
		expect(answer.status).toBe(413);
		expect(errorOf(answer).message).toBe(
			"Payload Too Large: Request body must not exceed 4194304 bytes",
		);
		await expect
			.poll(() => proxy.stderr())
			.toMatch(/Refused POST \/mcp from 127\.0\.0\.1: 413 /);
	});

	it("refuses a chunked body once it passes --max-body, and a body slower than --timeout with 408", async () => {
		const { url } = await serveFixture(cleanups, [
			"--max-body",
			"1k",
			"--timeout",
			"1500",
		]);
		const session = await openSession(url);
		const headers = { ...POST_HEADERS, "mcp-session-id": session };
		const big = await send(url, {
			headers,
			chunks: [
				`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"`,
				"x".repeat(600),
				"x".repeat(600),
				`"}}`,
			],
		});
		expect(big.status).toBe(413);
		const fits = await send(url, {
			headers,
			chunks: [
				`{"jsonrpc":"2.0","id":2,"method":"ping",`,
				`"params":{"pad":"${"x".repeat(500)}"}}`,
			],
		});
		expect(fits.status).toBe(200);
		expect(eventsOf(fits.body)).toEqual([
			{ jsonrpc: "2.0", id: 2, result: {} },
		]);
		const slow = await send(url, {
			headers: { ...headers, "content-length": "100" },
			body: '{"jsonrpc":"2.0",',
			unfinished: true,
		});
		expect(slow.status).toBe(408);
	});
});

describe("proxy --listen sessions", () => {
	it("at --max-sessions, ends the least recently used idle session for a new one: its id answers 404, and each end is logged with why", async () => {
		const { url, pidFile, proxy } = await serveFixture(cleanups, [
			"--max-sessions",
			"2",
			"--log-json",
		]);
		const first = await openSession(url);
		const second = await openSession(url);
		// A use makes the first the most recently used: the second is the one to give way.
		expect(
			eventsOf((await post(url, ping(1), { "mcp-session-id": first })).body),
		).toEqual([{ jsonrpc: "2.0", id: 1, result: {} }]);
		const [firstPid, secondPid] = pidsIn(pidFile);
		const third = await openSession(url);
		expect(await waitAllGone([secondPid as number])).toEqual([]);
		expect(pidsIn(pidFile).filter(isAlive)).toEqual([
			firstPid,
			pidsIn(pidFile)[2],
		]);
		const evicted = await post(url, ping(2), { "mcp-session-id": second });
		expect(evicted.status).toBe(404);
		expect(errorOf(evicted)).toMatchObject({ code: -32001 });
		expect((await post(url, ping(3), { "mcp-session-id": third })).status).toBe(
			200,
		);
		const ended = await send(url, {
			method: "DELETE",
			headers: { "mcp-session-id": first },
		});
		expect(ended.status).toBe(200);
		await expect
			.poll(() => sessionEnds(proxy))
			.toEqual([
				{ session: second, ended: "evicted" },
				{ session: first, ended: "deleted" },
			]);
		const evictedLine = logLines(proxy).find(
			(line) => line.session === second && line.ended === "evicted",
		);
		expect(evictedLine?.message).toMatch(
			new RegExp(
				`^Session ${second} ended: evicted to make room for a new session: it was the least recently used of 2 \\(--max-sessions\\) with no request in flight`,
			),
		);
	});

	it("answers 503 with Retry-After and a JSON-RPC error, starting nothing, only while every session has a request in flight", async () => {
		const { url, pidFile } = await serveFixture(cleanups, [
			"--max-sessions",
			"2",
		]);
		const sessions = [await openSession(url), await openSession(url)];
		const stalls = await Promise.all(
			sessions.map((session) =>
				postStream(url, stall("s"), { "mcp-session-id": session }),
			),
		);
		expect(pidsIn(pidFile)).toHaveLength(2);
		const refused = await post(url, INITIALIZE_MESSAGE);
		expect(refused.status).toBe(503);
		expect(refused.headers["retry-after"]).toBe("1");
		expect(errorOf(refused)).toMatchObject({
			code: -32000,
			message: expect.stringMatching(
				/^Service Unavailable: all 2 sessions \(--max-sessions\) have a request in flight/,
			),
		});
		expect(pidsIn(pidFile)).toHaveLength(2);
		// A client that cancels its call leaves its session idle: it gives way to the next one.
		const cancelled = await post(
			url,
			{
				jsonrpc: "2.0",
				method: "notifications/cancelled",
				params: { requestId: "s" },
			},
			{ "mcp-session-id": sessions[0] as string },
		);
		expect(cancelled.status).toBe(202);
		await stalls[0]?.closed;
		await openSession(url);
		expect(pidsIn(pidFile)).toHaveLength(3);
		expect(pidsIn(pidFile).filter(isAlive)).toHaveLength(2);
		for (const stream of stalls) stream.close();
	});

	it("serves 40 clients that never send DELETE one after another within --max-sessions 32, never running more than 32 servers", async () => {
		const { dir, dispose } = scratch();
		cleanups.push(dispose);
		const pidFile = join(dir, "pids");
		// The raw upstream: no SDK to load, so 40 servers start quickly.
		const { proxy, url } = await startListening(
			["--max-sessions", "32", "--log-json", "--", process.execPath, ECHO],
			proxyEnv({ PROXY_FIXTURE_PID_FILE: pidFile }),
		);
		cleanups.push(async () => {
			await stop(proxy);
			expect(await waitAllGone(pidsIn(pidFile))).toEqual([]);
		});
		let most = 0;
		const count = setInterval(() => {
			most = Math.max(most, pidsIn(pidFile).filter(isAlive).length);
		}, 5);
		const ids: string[] = [];
		try {
			for (let client = 0; client < 40; client++) {
				const id = await openSession(url);
				ids.push(id);
				const answer = await post(url, ping(client), { "mcp-session-id": id });
				expect(eventsOf(answer.body)).toEqual([
					{ jsonrpc: "2.0", id: client, result: {} },
				]);
				most = Math.max(most, pidsIn(pidFile).filter(isAlive).length);
			}
		} finally {
			clearInterval(count);
		}
		expect(pidsIn(pidFile)).toHaveLength(40);
		expect(most).toBe(32);
		// The first eight gave way, oldest first; the last 32 still answer.
		expect(sessionEnds(proxy)).toEqual(
			ids.slice(0, 8).map((session) => ({ session, ended: "evicted" })),
		);
		expect(
			(await post(url, ping("old"), { "mcp-session-id": ids[0] as string }))
				.status,
		).toBe(404);
		expect(
			(await post(url, ping("new"), { "mcp-session-id": ids[8] as string }))
				.status,
		).toBe(200);
	}, 120_000);

	it("closes a session left idle for --session-idle: its server's process tree is gone and its id answers 404", async () => {
		const { dir, dispose } = scratch();
		cleanups.push(dispose);
		const pidFile = join(dir, "pids");
		// The server as a grandchild, behind a shell that waits for it: a process tree.
		const { proxy, url } = await startListening(
			[
				"--session-idle",
				"1500ms",
				"--",
				"sh",
				"-c",
				'"$0" "$1"; true',
				process.execPath,
				UPSTREAM,
			],
			proxyEnv({ PROXY_FIXTURE_PID_FILE: pidFile }),
		);
		cleanups.push(() => stop(proxy));
		const idle = await openSession(url);
		const busy = await openSession(url);
		const [idlePid, busyPid] = pidsIn(pidFile);
		if (idlePid === undefined || busyPid === undefined)
			throw new Error("no servers");
		// The busy session keeps its GET stream open: a client listening is a session in use.
		const stream = await openStream(url, busy);
		expect(await waitAllGone([idlePid], 20_000)).toEqual([]);
		const after = await post(url, ping("late"), { "mcp-session-id": idle });
		expect(after.status).toBe(404);
		await expect
			.poll(() => proxy.stderr())
			.toMatch(
				new RegExp(
					`Session ${idle} ended: unused for 1500 ms \\(--session-idle\\); its server is ended`,
				),
			);
		const answer = await post(url, ping("busy"), { "mcp-session-id": busy });
		expect(eventsOf(answer.body)).toEqual([
			{ jsonrpc: "2.0", id: "busy", result: {} },
		]);
		stream.close();
		await stop(proxy);
		expect(await waitAllGone([busyPid])).toEqual([]);
	});

	it("answers another session's ping before a few rounds of the flood while one session floods with a 60,000-ping batch, full batches and 4 MiB bodies", async () => {
		// The raw upstream answers batches (the SDK's stdio server does not take them).
		const { proxy, url } = await startListening(
			["--", process.execPath, ECHO],
			proxyEnv(),
		);
		cleanups.push(() => stop(proxy));
		const [flooder, other] = await Promise.all([
			openSession(url),
			openSession(url),
		]);
		let flooding = true;
		let floodAnswers = 0;
		let floodPosts = 0;
		// Bodies written once, so the test's own work does not weigh on what it measures.
		const pad = "x".repeat(4 * 1024 * 1024 - 200);
		// The batch that froze every session of 0.1 for 51 s: now one 400, at once.
		const huge = `[${Array.from({ length: 60_000 }, (_, i) => `{"jsonrpc":"2.0","id":${i},"method":"ping"}`).join(",")}]`;
		const flood = async (worker: number): Promise<void> => {
			for (let round = 0; flooding; round++) {
				if (worker === 0 && round % 5 === 2) {
					const refused = await post(url, huge, { "mcp-session-id": flooder });
					expect(refused.status).toBe(400);
					continue;
				}
				const body =
					round % 5 === 4
						? `{"jsonrpc":"2.0","id":"w${worker}-${round}","method":"ping","params":{"pad":"${pad}"}}`
						: `[${Array.from({ length: 100 }, (_, i) => `{"jsonrpc":"2.0","id":"w${worker}-${round}-${i}","method":"ping"}`).join(",")}]`;
				const answer = await post(url, body, { "mcp-session-id": flooder });
				expect(answer.status).toBe(200);
				floodAnswers += eventsOf(answer.body).flat().length;
				floodPosts += 1;
			}
		};
		const workers = Array.from({ length: 8 }, (_, worker) => flood(worker));
		// Flood posts answered while each of the other session's pings was in flight.
		const overtaken: number[] = [];
		// Let the flood build up first.
		await expect.poll(() => floodPosts).toBeGreaterThan(8);
		for (let i = 0; i < 20; i++) {
			const before = floodPosts;
			const answer = await post(url, ping(`other-${i}`), {
				"mcp-session-id": other,
			});
			overtaken.push(floodPosts - before);
			expect(eventsOf(answer.body)).toEqual([
				{ jsonrpc: "2.0", id: `other-${i}`, result: {} },
			]);
		}
		flooding = false;
		await Promise.all(workers);
		expect(floodAnswers).toBeGreaterThan(1_000);
		// Not queued behind the flooder's work: at most a few rounds of its 8 workers go first.
		expect(Math.max(...overtaken)).toBeLessThanOrEqual(4 * 8);
	}, 120_000);
});

describe("proxy --listen streams", () => {
	it("writes a call's progress on its own POST stream before its answer, 20 times out of 20 with a GET stream open", async () => {
		const { url } = await serveFixture(cleanups);
		const client = await connect(url);
		for (let run = 0; run < 20; run++) {
			let progressed = 0;
			const result = await client.callTool(
				{ name: "debug_progress", arguments: { steps: 5 } },
				undefined,
				{ onprogress: () => progressed++ },
			);
			expect({ run, progressed, text: textOf(result) }).toEqual({
				run,
				progressed: 5,
				text: "progressed 5",
			});
		}
		await client.close();
	});

	it("puts progress and the answer on the POST stream in order, the rest on the GET stream, and answers a second GET with 409", async () => {
		const { url } = await serveFixture(cleanups);
		const session = await openSession(url);
		const stream = await openStream(url, session);
		expect(stream.status).toBe(200);
		const second = await send(url, {
			method: "GET",
			headers: { accept: "text/event-stream", "mcp-session-id": session },
		});
		expect(second.status).toBe(409);
		expect(errorOf(second).message).toBe(
			"Conflict: Only one SSE stream is allowed per session",
		);
		const answer = await post(
			url,
			{
				jsonrpc: "2.0",
				id: "call",
				method: "tools/call",
				params: {
					name: "debug_progress",
					arguments: { steps: 3 },
					_meta: { progressToken: "tok" },
				},
			},
			{ "mcp-session-id": session },
		);
		expect(answer.headers["content-type"]).toBe("text/event-stream");
		const events = eventsOf(answer.body);
		expect(events.map((event) => event.method ?? event.id)).toEqual([
			"notifications/progress",
			"notifications/progress",
			"notifications/progress",
			"call",
		]);
		expect(events.slice(0, 3).map((event) => event.params.progress)).toEqual([
			1, 2, 3,
		]);
		// The log message answers no request: the GET stream, which the 409 left open.
		const logged = await stream.next(
			(message) => message.method === "notifications/message",
		);
		expect(logged.params.data).toBe("a notification of no request");
		expect(
			stream.messages.some(
				(message) => message.method === "notifications/progress",
			),
		).toBe(false);
		stream.close();
	});
});
