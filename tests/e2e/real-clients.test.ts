// The client recipes of docs/proxy-cli.md, run as the page gives them against `proxy --listen`
// with a token: the MCP Inspector (CLI and web UI), mcp-remote driven over stdio as Claude
// Desktop drives it, and mcporter (flags and config file). The clients are the pinned
// devDependencies; each command line and config is read from the page.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { freePort } from "../_support/redis-server.js";
import { INITIALIZE_MESSAGE } from "./_listen.js";
import {
	asInstalled,
	clientEnv,
	DESKTOP_INITIALIZE,
	DOC_URL,
	documentedCommand,
	documentedJson,
	killClient,
	runClient,
	StdioDriver,
	shellWords,
	spawnClient,
	TOKEN,
	tokenProxyForSuite,
} from "./_real-clients.js";

const suite = tokenProxyForSuite();
const home = (): string => suite.home();

/** Runs the documented command that starts with `prefix`, with the token in its environment. */
async function runDocumented(prefix: string, dir = home()) {
	const env = clientEnv(dir, { MCP_TOOL_NAMES_TOKEN: TOKEN });
	const { command, args } = asInstalled(
		shellWords(documentedCommand(prefix), env),
		suite.served.url,
	);
	return runClient(command, args, { env, cwd: dir });
}

/** The text of a `tools/call` result's first content item. */
const WEB_SEARCH_ANSWER = 'web/search {\\"q\\":\\"hi\\"}';

describe.concurrent("the MCP Inspector's CLI with --header", () => {
	it("lists the wire names", async () => {
		const run = await runDocumented(
			'npx @modelcontextprotocol/inspector --cli http://127.0.0.1:8080/mcp --header "Authorization: Bearer $MCP_TOOL_NAMES_TOKEN" --method tools/list',
		);
		expect(run.code, run.stderr).toBe(0);
		const names = (
			JSON.parse(run.stdout) as { tools: Array<{ name: string }> }
		).tools.map((tool) => tool.name);
		expect(names).toContain("web_search");
		for (const name of names) expect(name).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
	});

	it("calls a slashed tool by its wire name", async () => {
		const run = await runDocumented(
			'npx @modelcontextprotocol/inspector --cli http://127.0.0.1:8080/mcp --header "Authorization: Bearer $MCP_TOOL_NAMES_TOKEN" --method tools/call',
		);
		expect(run.code, run.stderr).toBe(0);
		expect(run.stdout).toContain(WEB_SEARCH_ANSWER);
	});
});

describe.concurrent("mcporter with --header and with a config file", () => {
	it("lists with the documented flags", async () => {
		const run = await runDocumented("npx mcporter list --http-url");
		expect(run.code, run.stderr).toBe(0);
		expect(run.stdout).toContain("function web_search(");
	});

	it("calls with the documented flags", async () => {
		const run = await runDocumented("npx mcporter call --http-url");
		expect(run.code, run.stderr).toBe(0);
		expect(run.stdout).toContain('web/search {"q":"hi"}');
	});

	it("calls with the documented config/mcporter.json, the token from its environment", async () => {
		const dir = home();
		const config = JSON.stringify(
			documentedJson('"baseUrl": "http://127.0.0.1:8080/mcp"'),
		).replaceAll(DOC_URL, suite.served.url.href);
		mkdirSync(join(dir, "config"));
		writeFileSync(join(dir, "config", "mcporter.json"), config);
		const run = await runDocumented("npx mcporter call tools.", dir);
		expect(run.code, run.stderr).toBe(0);
		expect(run.stdout).toContain('web/search {"q":"hi"}');
	});
});

describe.concurrent("mcp-remote in the documented Claude Desktop config", () => {
	it("initializes, lists and calls a slashed tool by its wire name over stdio", async () => {
		const dir = home();
		const entry = documentedJson('"mcp-remote"').mcpServers.tools as {
			command: string;
			args: string[];
			env: Record<string, string>;
		};
		const { command, args } = asInstalled(
			[entry.command, ...entry.args],
			suite.served.url,
		);
		const env = clientEnv(dir, {
			...entry.env,
			AUTH_HEADER: (entry.env.AUTH_HEADER as string).replace(
				"YOUR_TOKEN",
				TOKEN,
			),
		});
		// Claude Desktop's side of the conversation: one request at a time, each answered first.
		const desktop = new StdioDriver(command, args, { env, cwd: dir });
		try {
			const initialized = await desktop.request(
				0,
				"initialize",
				DESKTOP_INITIALIZE,
			);
			expect(initialized.result?.serverInfo?.name, desktop.stderr).toBe(
				"proxy-fixture",
			);
			desktop.notify("notifications/initialized");
			const listed = await desktop.request(1, "tools/list");
			const names = (listed.result.tools as Array<{ name: string }>).map(
				(tool) => tool.name,
			);
			expect(names).toContain("web_search");
			expect(names).not.toContain("web/search");
			const called = await desktop.request(2, "tools/call", {
				name: "web_search",
				arguments: { q: "hi" },
			});
			expect(called.result?.isError).toBeUndefined();
			expect(called.result?.content?.[0]?.text).toBe('web/search {"q":"hi"}');
		} finally {
			await desktop.close();
		}
	});
});

describe.concurrent("the MCP Inspector's web UI with --transport, --server-url and --header", () => {
	it("connects the way its page does, lists and calls through the proxy", async () => {
		const dir = home();
		const [port, sandbox] = [await freePort(), await freePort()];
		const apiToken = "inspector-api-token";
		const env = clientEnv(dir, {
			MCP_TOOL_NAMES_TOKEN: TOKEN,
			CLIENT_PORT: String(port),
			MCP_SANDBOX_PORT: String(sandbox),
			MCP_INSPECTOR_API_TOKEN: apiToken,
		});
		const { command, args } = asInstalled(
			shellWords(
				documentedCommand(
					"npx @modelcontextprotocol/inspector --transport http",
				),
				env,
			),
			suite.served.url,
		);
		const web = spawnClient(command, args, { env, cwd: dir });
		let output = "";
		web.stdout?.on("data", (chunk: Buffer) => {
			output += chunk.toString();
		});
		try {
			const base = `http://127.0.0.1:${port}`;
			await until(
				() => output.includes("is up and running"),
				() => output,
			);
			const api = (path: string, body?: unknown) =>
				fetch(`${base}${path}`, {
					method: body === undefined ? "GET" : "POST",
					headers: {
						"x-mcp-remote-auth": `Bearer ${apiToken}`,
						"content-type": "application/json",
					},
					...(body === undefined ? {} : { body: JSON.stringify(body) }),
				});
			// The server entry the flags made, as the page reads it before Connect.
			const { mcpServers } = (await (await api("/api/servers")).json()) as {
				mcpServers: Record<string, Record<string, any>>;
			};
			const [config] = Object.values(mcpServers);
			expect(config).toMatchObject({
				type: "streamable-http",
				url: suite.served.url.href,
				headers: { Authorization: `Bearer ${TOKEN}` },
			});
			// The page sends an entry's headers as its connection settings.
			const settings = {
				headers: Object.entries(config?.headers ?? {}).map(([key, value]) => ({
					key,
					value,
				})),
			};
			const connected = (await (
				await api("/api/mcp/connect", { config, settings })
			).json()) as { sessionId?: string; error?: string };
			expect(connected.error).toBeUndefined();
			const sessionId = connected.sessionId as string;
			const stopEvents = new AbortController();
			const events = await fetch(
				`${base}/api/mcp/events?sessionId=${sessionId}`,
				{
					headers: { "x-mcp-remote-auth": `Bearer ${apiToken}` },
					signal: stopEvents.signal,
				},
			);
			const answers = answersOf(events);
			const send = async (message: Record<string, unknown>) => {
				const sent = (await (
					await api("/api/mcp/send", { sessionId, message })
				).json()) as { ok: boolean };
				expect(sent, JSON.stringify(sent)).toMatchObject({ ok: true });
				return "id" in message ? answers.get(message.id) : undefined;
			};
			await send(INITIALIZE_MESSAGE);
			await send({ jsonrpc: "2.0", method: "notifications/initialized" });
			const listed = await send({
				jsonrpc: "2.0",
				id: 2,
				method: "tools/list",
			});
			expect(
				listed?.result.tools.map((t: { name: string }) => t.name),
			).toContain("web_search");
			const called = await send({
				jsonrpc: "2.0",
				id: 3,
				method: "tools/call",
				params: { name: "web_search", arguments: { q: "hi" } },
			});
			expect(called?.result.content[0].text).toBe('web/search {"q":"hi"}');
			await api("/api/mcp/disconnect", { sessionId });
			stopEvents.abort();
		} finally {
			killClient(web);
		}
	});
});

/** Polls `done` every 50 ms for up to 20 s. */
async function until(done: () => boolean, what: () => string): Promise<void> {
	const end = Date.now() + 20_000;
	while (!done()) {
		if (Date.now() > end) throw new Error(`Timed out; output:\n${what()}`);
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}

/** The JSON-RPC answers on the Inspector web server's event stream, by id as they arrive. */
function answersOf(events: Response): {
	get(id: unknown): Promise<Record<string, any>>;
} {
	const seen = new Map<unknown, Record<string, any>>();
	const waiting = new Map<unknown, (answer: Record<string, any>) => void>();
	void (async () => {
		const decoder = new TextDecoder();
		const reader = events.body?.getReader();
		let buffer = "";
		for (;;) {
			const read = await reader?.read();
			if (read === undefined || read.done) return;
			buffer += decoder.decode(read.value, { stream: true });
			let end = buffer.indexOf("\n\n");
			while (end !== -1) {
				const data = buffer
					.slice(0, end)
					.split("\n")
					.filter((line) => line.startsWith("data:"))
					.map((line) => line.slice(5).trim())
					.join("");
				buffer = buffer.slice(end + 2);
				end = buffer.indexOf("\n\n");
				if (data === "") continue;
				const event = JSON.parse(data) as { type: string; data: any };
				if (event.type !== "message" || !("id" in event.data)) continue;
				seen.set(event.data.id, event.data);
				waiting.get(event.data.id)?.(event.data);
			}
		}
	})().catch(() => {});
	return {
		get: (id) =>
			seen.has(id)
				? Promise.resolve(seen.get(id) as Record<string, any>)
				: new Promise((resolve) => waiting.set(id, resolve)),
	};
}
