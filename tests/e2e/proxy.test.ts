import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { isWireSafe } from "mcp-tool-names";
import { afterEach, describe, expect, it } from "vitest";
import { rawControls } from "../_support/hostile.js";
import {
	CLI,
	connectThroughProxy,
	ECHO,
	INITIALIZE,
	INITIALIZED,
	LONG_NAME,
	type ProxiedClient,
	pidsIn,
	proxyEnv,
	scratch,
	startRawProxy,
	textOf,
	UPSTREAM,
	waitAllGone,
} from "./_proxy.js";

const RAW_SERVER = fileURLToPath(
	new URL("../cli/fixtures/raw-server.mjs", import.meta.url),
);
const HANG_SERVER = fileURLToPath(
	new URL("../cli/fixtures/hang-server.mjs", import.meta.url),
);

const CANONICAL = [
	"web/search",
	"linear.list_issues",
	"get weather",
	"搜索/获取",
	LONG_NAME,
];

let open: ProxiedClient[] = [];
let cleanups: Array<() => void> = [];
afterEach(async () => {
	for (const proxied of open) await proxied.close().catch(() => {});
	open = [];
	for (const cleanup of cleanups) cleanup();
	cleanups = [];
});

/** A proxy in front of the fixture, whose pids land in a file the test checks afterwards. */
async function proxied(
	options: string[] = [],
	extraEnv: Record<string, string> = {},
): Promise<ProxiedClient & { pidFile: string }> {
	const { dir, dispose } = scratch();
	cleanups.push(dispose);
	const pidFile = join(dir, "pids");
	const client = await connectThroughProxy(
		[...options, "--", process.execPath, UPSTREAM],
		proxyEnv({ PROXY_FIXTURE_PID_FILE: pidFile, ...extraEnv }),
	);
	open.push(client);
	return Object.assign(client, { pidFile });
}

describe("mcp-tool-names proxy, with the SDK's own client over stdio", () => {
	it("lists every tool under a name the openai profile accepts", async () => {
		const { client } = await proxied();
		const { tools } = await client.listTools();
		expect(tools.length).toBeGreaterThanOrEqual(CANONICAL.length);
		for (const tool of tools)
			expect(isWireSafe(tool.name, "openai")).toBe(true);
		expect(tools.map((tool) => tool.name)).toContain("web_search");
		const search = tools.find((tool) => tool.name === "web_search");
		expect(search?.description).toBe(
			"Search the web; see also linear_list_issues.",
		);
	});

	it("routes each listed wire name to the tool it stands for", async () => {
		const { client } = await proxied();
		const { tools } = await client.listTools();
		const wires = tools.slice(0, CANONICAL.length).map((tool) => tool.name);
		for (const [i, wire] of wires.entries()) {
			const result = await client.callTool({
				name: wire,
				arguments: { q: "x" },
			});
			expect(textOf(result)).toBe(`${CANONICAL[i]} {"q":"x"}`);
		}
	});

	it("routes a wire name called before any tools/list", async () => {
		const { client } = await proxied();
		const result = await client.callTool({
			name: "tool_1oiaz9u",
			arguments: {},
		});
		expect(textOf(result)).toBe("搜索/获取 {}");
	});

	it("still routes the canonical name a legacy client sends", async () => {
		const { client } = await proxied();
		const result = await client.callTool({ name: "web/search", arguments: {} });
		expect(textOf(result)).toBe("web/search {}");
	});

	it("auto-corrects a mistyped name and says so in one stderr line", async () => {
		const proxy = await proxied();
		const result = await proxy.client.callTool({
			name: "linear_list_isues",
			arguments: {},
		});
		expect(textOf(result)).toBe("linear.list_issues {}");
		expect(proxy.stderr()).toContain(
			"[mcp-tool-names] Auto-corrected tool call to linear.list_issues (input: linear_list_isues).",
		);
	});

	it("never corrects a typo onto a tool annotated destructiveHint", async () => {
		const proxy = await proxied();
		const result = await proxy.client.callTool({
			name: "repo_delete_rep",
			arguments: {},
		});
		expect(textOf(result)).toBe(
			"Tool repo_delete_rep not found. Did you mean repo_delete_repo?",
		);
		expect(proxy.stderr()).not.toContain("Auto-corrected");
	});

	it("protects every tool not marked read-only with --protect unless-read-only", async () => {
		const proxy = await proxied(["--protect", "unless-read-only"]);
		const typo = await proxy.client.callTool({
			name: "get_weathr",
			arguments: {},
		});
		expect(textOf(typo)).toBe(
			"Tool get_weathr not found. Did you mean get_weather?",
		);
		const readOnly = await proxy.client.callTool({
			name: "repo_list_repo",
			arguments: {},
		});
		expect(textOf(readOnly)).toBe("repo/list_repos {}");
	});

	it("corrects as mcporter does with --mode mcporter, and keeps the safe rules by default", async () => {
		const safe = await proxied();
		const refused = await safe.client.callTool({
			name: "set_weather",
			arguments: {},
		});
		expect(textOf(refused)).toBe(
			"Tool set_weather not found. Did you mean get_weather?",
		);
		const mcporter = await proxied(["--mode", "mcporter"]);
		const corrected = await mcporter.client.callTool({
			name: "set_weather",
			arguments: {},
		});
		expect(textOf(corrected)).toBe("get weather {}");
	});

	it("passes a typo on unchanged with --no-correct, and logs it as JSON with --log-json", async () => {
		const proxy = await proxied(["--no-correct", "--log-json"]);
		const result = await proxy.client.callTool({
			name: "linear_list_isues",
			arguments: {},
		});
		expect(textOf(result)).toBe(
			"Tool linear_list_isues not found. Did you mean linear_list_issues?",
		);
		const events = proxy
			.stderr()
			.split("\n")
			.filter((line) => line.startsWith("{"))
			.map((line) => JSON.parse(line) as { event: string; input?: string });
		expect(events).toContainEqual(
			expect.objectContaining({ event: "unknown", input: "linear_list_isues" }),
		);
	});

	it("adds the Did you mean hint wrapServer gives to a not-found answer, and passes a far miss's answer on as it came", async () => {
		const { client } = await proxied();
		await client.listTools();
		const near = await client.callTool({
			name: "web_serch_all",
			arguments: {},
		});
		expect(near.isError).toBe(true);
		expect(textOf(near)).toBe(
			"Tool web_serch_all not found. Did you mean web_search or debug_stall?",
		);
		const far = await client.callTool({
			name: "weather_forecast_xyz",
			arguments: {},
		});
		expect(textOf(far)).toBe("Tool weather_forecast_xyz not found");
	});

	it("passes resources and prompts through", async () => {
		const { client } = await proxied();
		const { resources } = await client.listResources();
		expect(resources[0]?.uri).toBe("fixture://readme");
		const read = await client.readResource({ uri: "fixture://readme" });
		expect((read.contents[0] as { text: string }).text).toBe(
			"web/search is a tool name inside a resource",
		);
		const prompt = await client.getPrompt({ name: "greet" });
		expect(prompt.messages).toHaveLength(1);
	});

	it("gives the upstream the proxy's whole environment", async () => {
		const { client } = await proxied([], {
			PROXY_FIXTURE_ENV_KEY: "MTN_SECRET_API_KEY",
			MTN_SECRET_API_KEY: "s3cret",
		});
		const result = await client.callTool({ name: "debug_env", arguments: {} });
		expect(textOf(result)).toBe("s3cret");
	});

	it("answers a call with an error when the upstream crashes mid-call, exits with its code, and leaves no process", async () => {
		const proxy = await proxied();
		const exited = new Promise<void>((resolve) => {
			proxy.transport.onclose = () => resolve();
		});
		await expect(
			proxy.client.callTool({ name: "debug_crash", arguments: {} }),
		).rejects.toThrow(/closed/i);
		await exited;
		expect(proxy.stderr()).toContain("The MCP server exited with code 3");
		expect(await waitAllGone(pidsIn(proxy.pidFile))).toEqual([]);
	});

	it("ends an upstream that ignores the end of stdin, started through sh -c, when the client closes", async () => {
		const { dir, dispose } = scratch();
		cleanups.push(dispose);
		const pidFile = join(dir, "pids");
		const proxy = await connectThroughProxy(
			["--", "sh", "-c", `exec "${process.execPath}" "${UPSTREAM}"`],
			proxyEnv({
				PROXY_FIXTURE_PID_FILE: pidFile,
				PROXY_FIXTURE_IGNORE_EOF: "1",
			}),
		);
		const proxyPid = proxy.transport.pid;
		await proxy.client.listTools();
		await proxy.close();
		const pids = [...pidsIn(pidFile), ...(proxyPid === null ? [] : [proxyPid])];
		expect(pids.length).toBeGreaterThanOrEqual(2);
		expect(await waitAllGone(pids)).toEqual([]);
	});

	it("ends a grandchild forked by a wrapper when the client closes", async () => {
		const { dir, dispose } = scratch();
		cleanups.push(dispose);
		const pidFile = join(dir, "pids");
		const wrapper = join(dir, "wrapper.mjs");
		writeFileSync(
			wrapper,
			`import { spawn } from "node:child_process";
import { appendFileSync } from "node:fs";
appendFileSync(process.env.PROXY_FIXTURE_PID_FILE, process.pid + "\\n");
spawn(process.execPath, [${JSON.stringify(UPSTREAM)}], { stdio: "inherit" });
setInterval(() => {}, 60000);
`,
		);
		const proxy = await connectThroughProxy(
			["--", process.execPath, wrapper],
			proxyEnv({
				PROXY_FIXTURE_PID_FILE: pidFile,
				PROXY_FIXTURE_IGNORE_EOF: "1",
			}),
		);
		await proxy.client.listTools();
		await proxy.close();
		const pids = pidsIn(pidFile);
		expect(pids).toHaveLength(2);
		expect(await waitAllGone(pids)).toEqual([]);
	});
});

describe("mcp-tool-names proxy, lifecycle and faults", () => {
	it("exits 2 with one clear line when the upstream cannot be started", async () => {
		const proxy = startRawProxy(["proxy", "--", "mtn-no-such-command-xyz"]);
		proxy.child.stdin?.end();
		expect(await proxy.exit).toBe(2);
		expect(proxy.stderr().trim().split("\n")).toEqual([
			'[mcp-tool-names] Cannot start "mtn-no-such-command-xyz": command not found',
		]);
	});

	it("exits 2 without waiting for --timeout when the upstream cannot be started and the client says nothing, answering a request that comes meanwhile", async () => {
		// The client keeps stdin open and silent: the proxy does not wait for it, nor for a
		// --timeout far longer than this test may run.
		const silent = startRawProxy([
			"proxy",
			"--timeout",
			"600000",
			"--",
			"mtn-no-such-command-xyz",
		]);
		expect(await silent.exit).toBe(2);
		expect(silent.lines()).toEqual([]);
		// A client that speaks after the failure is known gets the reason as its answer.
		const late = startRawProxy(["proxy", "--", "mtn-no-such-command-xyz"]);
		await expect.poll(() => late.stderr()).toContain("Cannot start");
		late.send(INITIALIZE);
		const reply = await late.next((message) => message.id === "init");
		expect(reply.error).toMatchObject({
			message: 'Cannot start "mtn-no-such-command-xyz": command not found',
		});
		expect(await late.exit).toBe(2);
		silent.child.stdin?.end();
		late.child.stdin?.end();
	});

	it("answers a real client's initialize with an error naming the command that cannot be started", async () => {
		const transport = new StdioClientTransport({
			command: process.execPath,
			args: [CLI, "proxy", "--", "mtn-no-such-command-xyz"],
			env: proxyEnv(),
			stderr: "pipe",
		});
		const client = new Client({ name: "spawn-failure", version: "1.0.0" });
		await expect(client.connect(transport)).rejects.toThrow(
			'Cannot start "mtn-no-such-command-xyz": command not found',
		);
		await client.close();
	});

	it("answers initialize with an error and exits 2 when the upstream never answers it within --timeout", async () => {
		const proxy = startRawProxy(
			["proxy", "--timeout", "500", "--", process.execPath, UPSTREAM],
			proxyEnv({ PROXY_FIXTURE_NO_INIT: "1" }),
		);
		proxy.send(INITIALIZE);
		const reply = await proxy.next((message) => message.id === "init");
		expect(reply.error).toMatchObject({
			message: expect.stringContaining(
				"did not answer initialize within 500 ms",
			),
		});
		expect(await proxy.exit).toBe(2);
	});

	it("starts --timeout at the upstream's first output, so a silent start (npx -y downloading) does not use it up", async () => {
		const proxy = startRawProxy([
			"proxy",
			"--timeout",
			"1500",
			"--",
			process.execPath,
			RAW_SERVER,
			"--silent-ms",
			"2500",
		]);
		proxy.send(INITIALIZE);
		const reply = await proxy.next((message) => message.id === "init");
		expect(reply.result).toMatchObject({
			serverInfo: { name: "raw-fixture" },
		});
		proxy.child.stdin?.end();
		expect(await proxy.exit).toBe(0);
	});

	it("answers initialize with an error naming --start-timeout when the upstream writes nothing at all", async () => {
		const proxy = startRawProxy([
			"proxy",
			"--start-timeout",
			"300",
			"--",
			process.execPath,
			HANG_SERVER,
		]);
		proxy.send(INITIALIZE);
		const reply = await proxy.next((message) => message.id === "init");
		expect(reply.error).toMatchObject({
			message:
				"The MCP server wrote nothing within 300 ms of starting; raise --start-timeout if it is still downloading (npx -y, uvx)",
		});
		expect(await proxy.exit).toBe(2);
	});

	it("answers malformed client lines with a parse error and keeps serving", async () => {
		const proxy = startRawProxy(["proxy", "--", process.execPath, UPSTREAM]);
		proxy.send("{not json");
		const error = await proxy.next((message) => message.id === null);
		expect(error.error).toMatchObject({ code: -32700 });
		proxy.send(INITIALIZE);
		const reply = await proxy.next((message) => message.id === "init");
		expect(reply.result).toBeDefined();
		proxy.child.stdin?.end();
		expect(await proxy.exit).toBe(0);
		expect(proxy.stderr()).toContain("The client sent a line that is not JSON");
	});

	it("prints a client's control, C1 and bidi characters as escapes in every log line", async () => {
		const hostile = "web_serch\u001b[2J\u009b31m\u202e\u2066";
		for (const json of [false, true]) {
			const proxy = startRawProxy([
				"proxy",
				...(json ? ["--log-json"] : []),
				"--",
				process.execPath,
				UPSTREAM,
			]);
			proxy.send(`{not json ${hostile}`);
			await proxy.next((message) => message.id === null);
			proxy.send(INITIALIZE);
			await proxy.next((message) => message.id === "init");
			proxy.send(INITIALIZED);
			proxy.send(
				JSON.stringify({
					jsonrpc: "2.0",
					id: "call",
					method: "tools/call",
					params: { name: hostile, arguments: {} },
				}),
			);
			await proxy.next((message) => message.id === "call");
			proxy.child.stdin?.end();
			expect(await proxy.exit).toBe(0);
			const stderr = proxy.stderr();
			expect(stderr).toContain("\\u009b31m\\u202e");
			const raw = rawControls(stderr);
			expect({ json, raw }).toEqual({ json, raw: [] });
		}
	});

	it("drops and logs a line from the upstream that is not JSON, and keeps serving", async () => {
		const proxy = await proxied([], { PROXY_FIXTURE_GARBAGE: "1" });
		const result = await proxy.client.callTool({
			name: "web_search",
			arguments: {},
		});
		expect(textOf(result)).toBe("web/search {}");
		expect(proxy.stderr()).toContain(
			'The MCP server sent a line that is not JSON (16 bytes: "this is not json"); dropped it',
		);
	});

	it("passes an unchanged message on byte for byte, and a batch as a batch", async () => {
		const proxy = startRawProxy(["proxy", "--", process.execPath, ECHO]);
		proxy.send(INITIALIZE);
		await proxy.next((message) => message.id === "init");
		proxy.send(INITIALIZED);
		// Key order, spacing and number forms that a re-serialising proxy would change.
		const odd =
			'{"params":{"uri":"x://y","_meta":{"n":1.50}},  "method":"resources/read","id":7,"jsonrpc":"2.0"}';
		proxy.send(odd);
		const read = await proxy.next((message) => message.id === 7);
		expect(read.result).toEqual({ raw: odd });
		proxy.send(
			JSON.stringify([
				{
					jsonrpc: "2.0",
					id: 8,
					method: "tools/call",
					params: { name: "a_b" },
				},
				{ jsonrpc: "2.0", id: 9, method: "prompts/list" },
			]),
		);
		const line = await new Promise<string>((resolve) => {
			const check = (): void => {
				const found = proxy.lines().find((l) => l.startsWith("["));
				if (found === undefined) setTimeout(check, 20);
				else resolve(found);
			};
			check();
		});
		const batch = JSON.parse(line) as Array<{
			id: number;
			result: { raw: string };
		}>;
		expect(batch.map((reply) => reply.id)).toEqual([8, 9]);
		const sent = JSON.parse(batch[0]?.result.raw ?? "") as Array<{
			params?: { name?: string };
		}>;
		expect(sent[0]?.params?.name).toBe("a/b");
		proxy.child.stdin?.end();
		expect(await proxy.exit).toBe(0);
	});

	it("ends the upstream and exits when the client disconnects in the middle of a call", async () => {
		const { dir, dispose } = scratch();
		cleanups.push(dispose);
		const pidFile = join(dir, "pids");
		const proxy = startRawProxy(
			["proxy", "--", process.execPath, UPSTREAM],
			proxyEnv({ PROXY_FIXTURE_PID_FILE: pidFile }),
		);
		proxy.send(INITIALIZE);
		await proxy.next((message) => message.id === "init");
		proxy.send(INITIALIZED);
		proxy.send(
			JSON.stringify({
				jsonrpc: "2.0",
				id: 5,
				method: "tools/call",
				params: { name: "debug_stall", arguments: {} },
			}),
		);
		proxy.child.stdin?.destroy();
		proxy.child.stdout?.destroy();
		await proxy.exit;
		expect(await waitAllGone(pidsIn(pidFile))).toEqual([]);
	});

	it("exits 143 on SIGTERM and ends the upstream's tree", async () => {
		const { dir, dispose } = scratch();
		cleanups.push(dispose);
		const pidFile = join(dir, "pids");
		const proxy = startRawProxy(
			["proxy", "--", process.execPath, UPSTREAM],
			proxyEnv({
				PROXY_FIXTURE_PID_FILE: pidFile,
				PROXY_FIXTURE_IGNORE_EOF: "1",
			}),
		);
		proxy.send(INITIALIZE);
		await proxy.next((message) => message.id === "init");
		proxy.child.kill("SIGTERM");
		expect(await proxy.exit).toBe(143);
		expect(await waitAllGone(pidsIn(pidFile))).toEqual([]);
	});
	it("says it was stopped by the signal, not that the server failed, on Ctrl-C before initialize is answered", async () => {
		const { dir, dispose } = scratch();
		cleanups.push(dispose);
		const pidFile = join(dir, "pids");
		const proxy = startRawProxy(
			["proxy", "--", process.execPath, UPSTREAM],
			proxyEnv({ PROXY_FIXTURE_PID_FILE: pidFile, PROXY_FIXTURE_NO_INIT: "1" }),
		);
		proxy.send(INITIALIZE);
		while (pidsIn(pidFile).length === 0)
			await new Promise((resolve) => setTimeout(resolve, 20));
		proxy.child.kill("SIGINT");
		expect(await proxy.exit).toBe(130);
		expect(proxy.stderr()).toContain(
			"[mcp-tool-names] Stopped by SIGINT; ending the MCP server",
		);
		expect(proxy.stderr()).not.toContain("The MCP server was ended");
		expect(await waitAllGone(pidsIn(pidFile))).toEqual([]);
	});
});

describe("mcp-tool-names proxy --snapshot", () => {
	it("keeps wire names and the destructive guard across restarts when the tools changed", async () => {
		const { dir, dispose } = scratch();
		cleanups.push(dispose);
		const file = join(dir, "names.json");
		const first = await proxied(["--snapshot", file]);
		const listed = await first.client.listTools();
		await first.close();
		expect(existsSync(file)).toBe(true);
		const saved = JSON.parse(readFileSync(file, "utf8")) as {
			tools: Array<[string, boolean]>;
		};
		expect(saved.tools).toContainEqual(["repo/delete_repo", true]);
		// A newcomer that would take web/search's wire name if assigned from scratch.
		const second = await proxied(["--snapshot", file], {
			PROXY_FIXTURE_EXTRA: "web_search",
		});
		const init = second.client.getInstructions();
		expect(init).toBe("Call web_search first, then linear_list_issues.");
		const typo = await second.client.callTool({
			name: "repo_delete_rep",
			arguments: {},
		});
		expect(textOf(typo)).toBe(
			"Tool repo_delete_rep not found. Did you mean repo_delete_repo?",
		);
		const relisted = await second.client.listTools();
		const names = relisted.tools.map((tool) => tool.name);
		for (const tool of listed.tools) expect(names).toContain(tool.name);
		const call = await second.client.callTool({
			name: "web_search",
			arguments: {},
		});
		expect(textOf(call)).toBe("web/search {}");
		expect(names).toContain("web_search_2");
	});
});
