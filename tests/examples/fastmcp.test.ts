import { spawn } from "node:child_process";
import { createServer as createNetServer } from "node:net";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, describe, expect, it } from "vitest";
import { createServer, serveHttp, TOOL_NAMES } from "../../examples/fastmcp.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const WIRE = [
	"websearch_fetch_content",
	"linear_list_issues",
	"files_delete_all",
];

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
	for (const stop of cleanup.splice(0).reverse()) await stop();
});

const textOf = (result: unknown): string =>
	(result as { content: { text: string }[] }).content[0]?.text ?? "";

async function outcome(run: Promise<unknown>): Promise<string> {
	try {
		return `ok: ${textOf(await run)}`;
	} catch (error) {
		return `error: ${(error as Error).message}`;
	}
}

async function connect(url: URL): Promise<Client> {
	const client = new Client({ name: "host", version: "1.0.0" });
	await client.connect(new StreamableHTTPClientTransport(url));
	cleanup.push(() => client.close());
	return client;
}

describe("examples/fastmcp.ts", () => {
	it("serves wire names on stdio through a wrapped transport", async () => {
		const client = new Client({ name: "host", version: "1.0.0" });
		await client.connect(
			new StdioClientTransport({
				command: process.execPath,
				args: ["--import", "tsx", "examples/fastmcp.ts"],
				cwd: ROOT,
				stderr: "ignore",
			}),
		);
		cleanup.push(() => client.close());
		// before any list: the codec was primed with the tools' names
		expect(
			await outcome(
				client.callTool({
					name: "websearch_fetch_content",
					arguments: { url: "https://example.com" },
				}),
			),
		).toBe("ok: Fetched https://example.com");
		// primed with the annotations: a near miss is corrected, never onto the destructive tool
		expect(
			await outcome(
				client.callTool({ name: "fetch_content", arguments: { url: "b" } }),
			),
		).toBe("ok: Fetched b");
		expect(await outcome(client.callTool({ name: "files_delete_al" }))).toMatch(
			/^error: .*Unknown tool: files_delete_al\b/,
		);
		expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(
			WIRE,
		);
		expect(await outcome(client.callTool({ name: "linear.list_issues" }))).toBe(
			"ok: No issues",
		);
		expect(await outcome(client.callTool({ name: "files_delete_all" }))).toBe(
			"ok: Deleted every file",
		);
	});

	it("ends on stdio when its stdin ends", async () => {
		const child = spawn(
			process.execPath,
			["--import", "tsx", "examples/fastmcp.ts"],
			{ cwd: ROOT, stdio: ["pipe", "pipe", "ignore"] },
		);
		const exited = new Promise<number | null>((resolve) =>
			child.once("exit", (code) => resolve(code)),
		);
		cleanup.push(async () => {
			if (child.exitCode === null) child.kill("SIGKILL");
			await exited;
		});
		const lines = createInterface({ input: child.stdout });
		const answered = new Promise<string>((resolve) =>
			lines.on("line", (line) => {
				if (line.includes('"id":2')) resolve(line);
			}),
		);
		const send = (message: object): void => {
			child.stdin.write(`${JSON.stringify(message)}\n`);
		};
		send({
			jsonrpc: "2.0",
			id: 1,
			method: "initialize",
			params: {
				protocolVersion: "2025-06-18",
				capabilities: {},
				clientInfo: { name: "host", version: "1.0.0" },
			},
		});
		send({ jsonrpc: "2.0", method: "notifications/initialized" });
		send({
			jsonrpc: "2.0",
			id: 2,
			method: "tools/call",
			params: { name: "linear_list_issues", arguments: {} },
		});
		expect(JSON.parse(await answered).result.content[0].text).toBe("No issues");
		child.stdin.end();
		expect(await exited).toBe(0);
	});

	it("serves wire names over HTTP with sessions, wrapped in the connect event", async () => {
		const corrections: string[] = [];
		const http = await serveHttp({
			onCorrection: (message) => corrections.push(message),
		});
		cleanup.push(() => http.close());
		const host = await connect(http.url);
		// the first request after initialize is already wrapped
		expect(
			await outcome(
				host.callTool({
					name: "websearch_fetch_content",
					arguments: { url: "a" },
				}),
			),
		).toBe("ok: Fetched a");
		expect((await host.listTools()).tools.map((tool) => tool.name)).toEqual(
			WIRE,
		);
		const other = await connect(http.url);
		expect((await other.listTools()).tools.map((tool) => tool.name)).toEqual(
			WIRE,
		);
		expect(
			await outcome(
				host.callTool({ name: "fetch_content", arguments: { url: "b" } }),
			),
		).toBe("ok: Fetched b");
		expect(corrections).toEqual([
			"[mcp-tool-names] Auto-corrected tool call to websearch/fetch_content (input: fetch_content).",
		]);
		// never onto the destructive tool: a hint only
		expect(await outcome(host.callTool({ name: "files_delete_al" }))).toMatch(
			/^error: .*Unknown tool: files_delete_al\. Did you mean files_delete_all\?$/,
		);
		expect(corrections).toHaveLength(1);
	});

	it("serves wire names over stateless HTTP, where exact wire names route and nothing is corrected", async () => {
		const corrections: string[] = [];
		const http = await serveHttp({
			stateless: true,
			onCorrection: (message) => corrections.push(message),
		});
		cleanup.push(() => http.close());
		const host = await connect(http.url);
		expect((await host.listTools()).tools.map((tool) => tool.name)).toEqual(
			WIRE,
		);
		expect(
			await outcome(
				host.callTool({
					name: "websearch_fetch_content",
					arguments: { url: "c" },
				}),
			),
		).toBe("ok: Fetched c");
		expect(
			await outcome(
				host.callTool({ name: "fetch_content", arguments: { url: "d" } }),
			),
		).toMatch(/^error: .*Unknown tool: fetch_content$/);
		expect(corrections).toEqual([]);
	});
});

describe("fastmcp's connect event (what the guide relies on)", () => {
	it("never fires in stateless mode, so there is no session to wrap", async () => {
		const port = await new Promise<number>((resolve) => {
			const probe = createNetServer().listen(0, "127.0.0.1", () => {
				const address = probe.address();
				probe.close(() =>
					resolve(
						typeof address === "object" && address !== null ? address.port : 0,
					),
				);
			});
		});
		const server = createServer();
		let connects = 0;
		server.on("connect", () => {
			connects++;
		});
		await server.start({
			transportType: "httpStream",
			httpStream: {
				host: "127.0.0.1",
				port,
				endpoint: "/mcp",
				stateless: true,
			},
		});
		cleanup.push(() => server.stop());
		const host = await connect(new URL(`http://127.0.0.1:${port}/mcp`));
		expect((await host.listTools()).tools.map((tool) => tool.name)).toEqual(
			TOOL_NAMES,
		);
		expect(connects).toBe(0);
	});
});
