import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, requireBuild } from "../dist/_dist.js";
import { exampleAfter } from "./_blocks.js";

/*
 * docs/proxies.md, "A stdio relay by hand": the guide's relay, run as written against the
 * built package (it lives under the repository's .tmp, so `mcp-tool-names/jsonrpc` is this
 * package's dist), between a real SDK client and a real SDK stdio server. The client calls
 * before it lists, as mcporter does and every client does after a restart.
 */

requireBuild();

const UPSTREAM = join(ROOT, "tests", "e2e", "fixtures", "proxy-upstream.mjs");
const WORK = join(ROOT, ".tmp", `relay-${process.pid}`);
const RELAY = join(WORK, "relay.ts");
const relay = exampleAfter(ROOT, "docs/proxies.md", "## A stdio relay by hand");

interface Session {
	client: Client;
	stderr: () => string;
	errors: Error[];
}

async function connect(): Promise<Session> {
	const client = new Client({ name: "relay-check", version: "1.0.0" });
	const errors: Error[] = [];
	client.onerror = (error) => errors.push(error);
	const transport = new StdioClientTransport({
		command: process.execPath,
		args: ["--import", "tsx", RELAY, "--", process.execPath, UPSTREAM],
		cwd: WORK,
		stderr: "pipe",
	});
	let stderr = "";
	transport.stderr?.on("data", (chunk: Buffer) => {
		stderr += chunk.toString();
	});
	await client.connect(transport);
	return { client, stderr: () => stderr, errors };
}

const textOf = (result: unknown): string =>
	((result as { content?: { text?: string }[] }).content ?? [])
		.map((item) => item.text ?? "")
		.join("");

beforeAll(() => {
	mkdirSync(WORK, { recursive: true });
	writeFileSync(RELAY, relay.code);
});

afterAll(() => {
	rmSync(WORK, { recursive: true, force: true });
});

describe("the guide's stdio relay", () => {
	it("is a whole program marked to be run here", () => {
		expect(relay.kind).toBe("no-run");
		expect(relay.code).toContain("new WireRewriter(");
	});

	it("routes calls made before any list: a wire name, and a slip corrected onto the canonical tool", async () => {
		const session = await connect();
		try {
			const { client } = session;
			const [exact, slip] = await Promise.all([
				client.callTool({ name: "web_search", arguments: { q: "mcp" } }),
				client.callTool({ name: "linear_listIssues", arguments: {} }),
			]);
			expect(textOf(exact)).toBe('web/search {"q":"mcp"}');
			expect(textOf(slip)).toBe("linear.list_issues {}");
			expect(session.stderr()).toContain(
				"Auto-corrected tool call to linear.list_issues (input: linear_listIssues).",
			);
		} finally {
			await session.client.close();
		}
		expect(session.errors).toEqual([]);
	}, 60_000);

	it("keeps the destructive guard before any list, and the client never sees the relay's own listing", async () => {
		const session = await connect();
		try {
			const { client } = session;
			const guarded = await client.callTool({
				name: "repo_delete_rep",
				arguments: {},
			});
			expect(guarded.isError).toBe(true);
			expect(textOf(guarded)).toBe(
				"Tool repo_delete_rep not found. Did you mean repo_delete_repo?",
			);
			const { tools } = await client.listTools();
			expect(tools.map((tool) => tool.name)).toContain("web_search");
			expect(tools.map((tool) => tool.name)).toContain("linear_list_issues");
		} finally {
			await session.client.close();
		}
		// An answer of an id the client never sent would be reported here.
		expect(session.errors).toEqual([]);
	}, 60_000);
});
