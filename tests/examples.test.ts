import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client as ClientV2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as StdioV2 } from "@modelcontextprotocol/client/stdio";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as StdioV1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as z from "zod";
import { main as aiSdk } from "../examples/ai-sdk.js";
import { main as hostClient } from "../examples/host-client.js";
import { main as langchain } from "../examples/langchain.js";
import { main as openaiAgents } from "../examples/openai-agents.js";
import { main as sdkProxy } from "../examples/sdk-proxy.js";
import { main as twoReplicas } from "../examples/two-replicas.js";
import { RedisServer } from "./_support/redis-server.js";
import { quietToolNameWarnings } from "./adapters/sdk/_quiet.js";
import { isAlive, readPids } from "./cli/_helpers.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const example = (name: string): string =>
	fileURLToPath(new URL(`../examples/${name}`, import.meta.url));

beforeAll(quietToolNameWarnings);

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
	await Promise.all(cleanup.splice(0).map((stop) => stop()));
});

const textOf = (result: unknown): string =>
	(result as { content: { text: string }[] }).content[0]?.text ?? "";

describe("examples/sdk-v1-server.ts", () => {
	it("runs as a stdio server that lists wire names and routes them", async () => {
		const client = new ClientV1({ name: "examples", version: "1.0.0" });
		await client.connect(
			new StdioV1({
				command: process.execPath,
				args: ["--import", "tsx", example("sdk-v1-server.ts")],
				cwd: ROOT,
				stderr: "ignore",
			}),
		);
		cleanup.push(() => client.close());
		const { tools } = await client.listTools();
		expect(tools.map((tool) => tool.name)).toEqual([
			"websearch_fetch_content",
			"websearch_search",
		]);
		const result = await client.callTool({
			name: "websearch_fetch_content",
			arguments: { url: "https://example.com" },
		});
		expect(textOf(result)).toBe("Fetched https://example.com");
		const wrong = await client.callTool({
			name: "fetch_content",
			arguments: { url: "x" },
		});
		expect(wrong.isError).toBe(true);
		expect(textOf(wrong)).toMatch(/Did you mean websearch_fetch_content\?$/);
	});
});

describe("examples/sdk-v2-server.ts", () => {
	it("runs as a stdio server that corrects names, but never onto the destructive tool", async () => {
		const transport = new StdioV2({
			command: process.execPath,
			args: ["--import", "tsx", example("sdk-v2-server.ts")],
			cwd: ROOT,
			stderr: "pipe",
		});
		let stderr = "";
		transport.stderr?.on("data", (chunk: Buffer) => {
			stderr += chunk.toString();
		});
		const client = new ClientV2({ name: "examples", version: "1.0.0" });
		await client.connect(transport);
		cleanup.push(() => client.close());
		const result = await client.callTool({
			name: "fetch_content",
			arguments: { url: "https://example.org" },
		});
		expect(textOf(result)).toBe("Fetched https://example.org");
		await expect(
			client.callTool({ name: "delete_all", arguments: {} }),
		).rejects.toThrow(/Did you mean files_delete_all\?$/);
		expect(stderr).toContain(
			"[mcp-tool-names] Auto-corrected tool call to websearch/fetch_content (input: fetch_content).",
		);
	});
});

describe("examples/host-client.ts", () => {
	it("lists wire names and corrects the name the model got wrong", async () => {
		const lines: string[] = [];
		await hostClient(undefined, (line) => lines.push(line));
		expect(lines).toEqual([
			"Tools for the model: websearch_fetch_content, websearch_search",
			// The server already sends wire names, so that is the name the client knows.
			"[mcp-tool-names] Auto-corrected tool call to websearch_fetch_content (input: fetch_content).",
			"Result: Fetched https://example.com",
		]);
	});
});

describe("examples/sdk-proxy.ts", () => {
	it("prints its usage, not a stack trace, when run without a command", async () => {
		const proxy = spawn(
			process.execPath,
			["--import", "tsx", example("sdk-proxy.ts")],
			{ cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] },
		);
		let stderr = "";
		proxy.stderr.on("data", (chunk: Buffer) => {
			stderr += chunk.toString();
		});
		const code = await new Promise<number | null>((resolve) =>
			proxy.on("close", (exitCode) => resolve(exitCode)),
		);
		expect(code).toBe(2);
		expect(stderr).toMatch(
			/^usage: npx tsx examples\/sdk-proxy\.ts <upstream command\.\.\.>\n/,
		);
		expect(stderr).not.toContain("    at ");
	});

	it("exits when its host goes away, and ends its upstream", async () => {
		const dir = mkdtempSync(join(tmpdir(), "mcp-tool-names-proxy-"));
		cleanup.push(async () => rmSync(dir, { recursive: true, force: true }));
		const pidFile = join(dir, "pids");
		const upstream = fileURLToPath(
			new URL("./cli/fixtures/raw-server.mjs", import.meta.url),
		);
		const proxy = spawn(
			process.execPath,
			[
				"--import",
				"tsx",
				example("sdk-proxy.ts"),
				process.execPath,
				upstream,
				"--keep-alive",
				"--pid-file",
				pidFile,
			],
			{ cwd: ROOT, stdio: ["pipe", "ignore", "ignore"] },
		);
		const exited = new Promise<number | null>((resolve) =>
			proxy.on("exit", (code) => resolve(code)),
		);
		const [upstreamPid = 0] = await readPids(pidFile, 1);
		proxy.stdin.end();
		expect(await exited).toBe(0);
		expect(isAlive(upstreamPid)).toBe(false);
	});

	it("serves an upstream's tools under wire names and corrects names it gets wrong", async () => {
		// an upstream that knows nothing of wire names
		const upstream = new McpServer({ name: "upstream", version: "1.0.0" });
		const calls: string[] = [];
		for (const name of [
			"linear.list_issues",
			"websearch/fetch_content",
			"websearch/search",
		]) {
			upstream.registerTool(
				name,
				{ inputSchema: { q: z.string().optional() } },
				async () => {
					calls.push(name);
					return { content: [{ type: "text", text: `${name} ran` }] };
				},
			);
		}
		const [upstreamServer, upstreamClient] =
			InMemoryTransport.createLinkedPair();
		await upstream.connect(upstreamServer);
		const [downstreamServer, downstreamClient] =
			InMemoryTransport.createLinkedPair();
		const stop = await sdkProxy(upstreamClient, downstreamServer);
		const host = new ClientV1({ name: "host", version: "1.0.0" });
		await host.connect(downstreamClient);
		cleanup.push(async () => {
			await host.close();
			await stop();
			await upstream.close();
		});

		const logged = vi.spyOn(console, "error").mockImplementation(() => {});
		cleanup.push(async () => logged.mockRestore());
		const { tools } = await host.listTools();
		expect(tools.map((tool) => tool.name)).toEqual([
			"linear_list_issues",
			"websearch_fetch_content",
			"websearch_search",
		]);
		expect(textOf(await host.callTool({ name: "linear_list_issues" }))).toBe(
			"linear.list_issues ran",
		);
		expect(textOf(await host.callTool({ name: "fetch_content" }))).toBe(
			"websearch/fetch_content ran",
		);
		expect(calls).toEqual(["linear.list_issues", "websearch/fetch_content"]);
		expect(logged).toHaveBeenCalledWith(
			"[mcp-tool-names] Auto-corrected tool call to websearch/fetch_content (input: fetch_content).",
		);
	});
});

describe("examples/ai-sdk.ts", () => {
	it("runs the AI SDK's mock model against wire-named MCP tools and repairs its call", async () => {
		const lines: string[] = [];
		await aiSdk(undefined, (line) => lines.push(line));
		expect(lines).toEqual([
			"Tools for the model: linear_list_issues, files_delete_all",
			"[mcp-tool-names] Auto-corrected tool call to linear.list_issues (input: linear_listIssues).",
			"Ran on the server: linear.list_issues",
			"Answer: Two open issues.",
		]);
	});
});

describe("examples/openai-agents.ts", () => {
	it("runs an agent over a wrapped stdio MCP server and repairs the model's call", async () => {
		const lines: string[] = [];
		await openaiAgents(undefined, (line) => lines.push(line));
		expect(lines).toEqual([
			"Tools for the model: linear_list_issues, files_delete_all",
			"[mcp-tool-names] Auto-corrected tool call to linear.list_issues (input: linear_listIssues).",
			"Answer: Two open issues.",
		]);
	});
});

describe("examples/langchain.ts", () => {
	it("repairs one call, leaves the destructive near miss failing, and runs them in a ToolNode", async () => {
		const lines: string[] = [];
		await langchain((line) => lines.push(line));
		expect(lines).toEqual([
			"Tools for the model: linear_list_issues, files_delete_all",
			"[mcp-tool-names] Auto-corrected tool call to linear.list_issues (input: linear_listIssues).",
			"linear_list_issues: success linear.list_issues ran for core",
			'file_delete_all: error Error: Tool "file_delete_all" not found.',
			"Ran on the server: linear.list_issues",
		]);
	});
});

describe("examples/two-replicas.ts", () => {
	it("gives a replica started later the wire names another handed out through churn", async () => {
		const redis = await RedisServer.start();
		cleanup.push(() => redis.close());
		const lines: string[] = [];
		await twoReplicas(redis.url, (line) => lines.push(line));
		expect(lines).toEqual([
			"replica A lists: github_search",
			"replica A lists: github_search_2",
			'replica B routes github_search_2 to: [{"type":"text","text":"ran github.search"}]',
			"replica B lists: github_search_2",
		]);
	});
});
