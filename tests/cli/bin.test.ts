import {
	cpSync,
	existsSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	symlinkSync,
	writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_TOOLS } from "../../examples/demo-server/tools.js";
import type { AuditJson, ResolveJson } from "../../src/cli/schema.js";
import {
	CLI,
	fixture,
	isAlive,
	plainEnv,
	processesWith,
	ROOT,
	refusedPort,
	runCli,
	startSilentServer,
	startSseServer,
	startStatusServer,
	startStreamableServer,
	type TestHttpServer,
} from "./_helpers.js";

const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
	version: string;
};

function expectOneLineError(stderr: string, text: string): void {
	expect(stderr).toContain(text);
	expect(stderr.trim().split("\n")).toHaveLength(1);
	expect(stderr).not.toMatch(/\n\s+at /);
}

// Each test spawns its own CLI process and servers, so they run concurrently.
describe.concurrent("mcp-tool-names (built binary)", () => {
	describe("audit over stdio", () => {
		it("audits the bundled demo server with every profile when given no target", async () => {
			const { code, stdout, stderr } = await runCli(["audit"]);
			expect(stderr).toBe("");
			expect(code).toBe(0);
			expect(stdout).toContain(
				`the demo server (mcp-tool-names-demo 1.0.0): ${DEMO_TOOLS.length} tools`,
			);
			expect(stdout).toMatch(
				/~ {2}websearch\/fetch_content +→ {2}websearch_fetch_content +renamed/,
			);
			expect(stdout).toMatch(
				/✗ {2}github\/search +→ {2}github_search_2 +collides with github\.search/,
			);
			expect(stdout).toMatch(/! {2}搜索\/获取 +→ {2}tool_[0-9a-z]{7} +lossy/);
			for (const profile of ["openai", "gemini", "portable", "mcp"]) {
				expect(stdout).toMatch(new RegExp(`^${profile} {2}`, "m"));
			}
			expect(stdout).toMatch(/^anthropic .*same wire names as openai$/m);
		});

		it("follows nextCursor through every page and reports the server", async () => {
			const { code, stdout } = await runCli([
				"audit",
				"--json",
				"--profile",
				"openai",
				"--",
				process.execPath,
				fixture("paged-server.mjs"),
			]);
			expect(code).toBe(0);
			const doc = JSON.parse(stdout) as AuditJson;
			expect(doc.source).toEqual({
				type: "stdio",
				command: process.execPath,
				args: [fixture("paged-server.mjs")],
			});
			expect(doc.server).toEqual({ name: "paged-fixture", version: "2.0.0" });
			expect(doc.toolCount).toBe(6);
			const entries = doc.profiles[0]?.entries ?? [];
			expect(entries.map((e) => e.name)).toEqual([
				"jira.search",
				"jira.get_issue",
				"jira/delete_issue",
				"confluence.getPage",
				"jira/search",
				"list_projects",
			]);
			expect(entries[4]).toMatchObject({
				status: "collision",
				wire: "jira_search_2",
				collidesWith: "jira.search",
			});
		});

		it("exits 1 under --strict when a name would be rewritten", async () => {
			const { code, stdout } = await runCli([
				"audit",
				"--strict",
				"--profile",
				"gemini",
				"--",
				process.execPath,
				fixture("paged-server.mjs"),
			]);
			expect(code).toBe(1);
			expect(stdout).toContain(
				"✗ --strict: 2 of 6 names would not be sent as is (gemini).",
			);
		});

		it("exits 2 with one sentence when the command does not exist", async () => {
			const { code, stdout, stderr } = await runCli([
				"audit",
				"--",
				"mcp-tool-names-no-such-command",
			]);
			expect(code).toBe(2);
			expect(stdout).toBe("");
			expectOneLineError(
				stderr,
				'Cannot start "mcp-tool-names-no-such-command": command not found',
			);
		});

		it("exits 2 and quotes the server's last stderr line when it exits early", async () => {
			const { code, stderr } = await runCli([
				"audit",
				"--",
				process.execPath,
				fixture("crash-server.mjs"),
			]);
			expect(code).toBe(2);
			expectOneLineError(
				stderr,
				'exited before it answered initialize (its last stderr line: "fixture: LINEAR_API_KEY is not set")',
			);
		});

		it("exits 2 on --timeout when the server never answers, and stops it", async () => {
			const dir = mkdtempSync(join(tmpdir(), "mcp-tool-names-hang-"));
			const pidFile = join(dir, "pid");
			try {
				const { code, stderr } = await runCli([
					"audit",
					"--timeout",
					"500",
					"--",
					process.execPath,
					fixture("hang-server.mjs"),
					pidFile,
				]);
				expect(code).toBe(2);
				expectOneLineError(
					stderr,
					"did not answer initialize within 500 ms; raise --timeout if it is slow to start",
				);
				// The pid file exists once the child ran; on a loaded machine it may have been
				// stopped before that, so also look for it by its arguments.
				const pids = processesWith(pidFile);
				if (existsSync(pidFile))
					pids.push(Number(readFileSync(pidFile, "utf8")));
				const alive = pids.filter(isAlive);
				for (const pid of alive) process.kill(pid, "SIGKILL");
				expect(alive).toEqual([]);
			} finally {
				rmSync(dir, { recursive: true, force: true });
			}
		});

		it("notes on stderr when the server declares no tools capability", async () => {
			const { code, stdout, stderr } = await runCli([
				"audit",
				"--",
				process.execPath,
				fixture("no-tools-server.mjs"),
			]);
			expect(code).toBe(0);
			expect(stderr).toContain("declares no tools capability");
			expect(stdout).toContain("Nothing to audit.");
		});
	});

	describe("audit over HTTP", () => {
		const servers: TestHttpServer[] = [];
		const start = async (
			server: Promise<TestHttpServer>,
		): Promise<TestHttpServer> => {
			const started = await server;
			servers.push(started);
			return started;
		};
		afterAll(async () => {
			await Promise.all(servers.map((server) => server.close()));
		});

		it("lists a Streamable HTTP server", async () => {
			const server = await start(startStreamableServer());
			const { code, stdout } = await runCli([
				"audit",
				"--json",
				"--url",
				server.url,
			]);
			expect(code).toBe(0);
			const doc = JSON.parse(stdout) as AuditJson;
			expect(doc.source).toEqual({
				type: "http",
				url: server.url,
				transport: "streamable-http",
			});
			expect(doc.server?.name).toBe("http-fixture");
			expect(doc.profiles[0]?.entries.map((e) => e.wire)).toEqual([
				"notion_search",
				"notion_create_page",
				"begin_session",
			]);
		});

		it("falls back to SSE when the endpoint rejects the POST", async () => {
			const server = await start(startSseServer());
			const { code, stdout } = await runCli([
				"audit",
				"--json",
				"--profile",
				"openai",
				"--url",
				server.url,
			]);
			expect(code).toBe(0);
			const doc = JSON.parse(stdout) as AuditJson;
			expect(doc.source).toMatchObject({ type: "http", transport: "sse" });
			expect(doc.toolCount).toBe(3);
		});

		it("sends --header and reports a 401 without it", async () => {
			const server = await start(startStreamableServer({ token: "s3cret" }));
			const denied = await runCli(["audit", "--url", server.url]);
			expect(denied.code).toBe(2);
			expectOneLineError(
				denied.stderr,
				`${server.url} answered HTTP 401 Unauthorized`,
			);
			expect(denied.stderr).toContain(
				'--header "Authorization: Bearer <token>"',
			);
			const allowed = await runCli([
				"audit",
				"--url",
				server.url,
				"--header",
				"Authorization: Bearer s3cret",
			]);
			expect(allowed.code).toBe(0);
			expect(allowed.stdout).toContain("notion/search");
		});

		it("exits 2 on a 5xx answer", async () => {
			const server = await start(startStatusServer(503));
			const { code, stderr } = await runCli(["audit", "--url", server.url]);
			expect(code).toBe(2);
			expectOneLineError(
				stderr,
				`${server.url} answered HTTP 503 Service Unavailable`,
			);
		});

		it("exits 2 when the connection is refused", async () => {
			const url = `http://127.0.0.1:${await refusedPort()}/mcp`;
			const { code, stderr } = await runCli(["audit", "--url", url]);
			expect(code).toBe(2);
			expectOneLineError(
				stderr,
				`Cannot connect to ${url}: connection refused`,
			);
		});

		it("exits 2 on --timeout when the server never answers", async () => {
			const server = await start(startSilentServer());
			const { code, stderr } = await runCli([
				"audit",
				"--timeout",
				"500",
				"--url",
				server.url,
			]);
			expect(code).toBe(2);
			expectOneLineError(
				stderr,
				`${server.url} did not answer initialize within 500 ms`,
			);
		});
	});

	describe("audit of files", () => {
		it("reads a saved tools/list result", async () => {
			const { code, stdout } = await runCli([
				"audit",
				"--profile",
				"openai",
				"--file",
				fixture("tools-list.json"),
			]);
			expect(code).toBe(0);
			expect(stdout).toContain(
				"7 names: 1 ok, 4 renamed, 1 lossy, 1 collision",
			);
		});

		it("reads stdin with --file -", async () => {
			const { code, stdout } = await runCli(
				["audit", "--json", "--strict", "--file", "-"],
				{ input: '["begin_session", "list_issues"]' },
			);
			expect(code).toBe(0);
			const doc = JSON.parse(stdout) as AuditJson;
			expect(doc).toMatchObject({
				source: { type: "stdin" },
				server: null,
				toolCount: 2,
				ok: true,
				strict: true,
				exitCode: 0,
			});
		});
	});

	describe("resolve", () => {
		it("auto-corrects a dropped namespace against the demo server (exit 0)", async () => {
			const { code, stdout } = await runCli(["resolve", "fetch_content"]);
			expect(code).toBe(0);
			expect(stdout).toContain(
				"[mcp-tool-names] Auto-corrected tool call to websearch/fetch_content (input: fetch_content).",
			);
		});

		it("never corrects onto a destructive tool of a stdio server (exit 1)", async () => {
			const { code, stdout } = await runCli([
				"resolve",
				"--json",
				"jira/delete_isue",
				"--",
				process.execPath,
				fixture("paged-server.mjs"),
			]);
			expect(code).toBe(1);
			const doc = JSON.parse(stdout) as ResolveJson;
			expect(doc.resolution).toMatchObject({
				kind: "suggest",
				reason: "protected",
			});
			expect(doc.message).toMatch(
				/^\[mcp-tool-names\] Did you mean jira\/delete_issue/,
			);
		});
	});

	describe("without the SDK", () => {
		let dir = "";
		beforeAll(() => {
			dir = mkdtempSync(join(tmpdir(), "mcp-tool-names-nosdk-"));
			cpSync(join(ROOT, "dist"), join(dir, "dist"), { recursive: true });
			writeFileSync(join(dir, "package.json"), '{"type":"module"}');
			cpSync(
				join(ROOT, "node_modules", "fastest-levenshtein"),
				join(dir, "node_modules", "fastest-levenshtein"),
				{ recursive: true },
			);
			symlinkSync(fixture("tools-list.json"), join(dir, "tools.json"));
		});
		afterAll(() => {
			rmSync(dir, { recursive: true, force: true });
		});

		it("says what to install when a server target needs it (exit 2)", async () => {
			const { code, stderr } = await runCli(
				["audit", "--", "node", "server.js"],
				{ cli: join(dir, "dist", "cli.js") },
			);
			expect(code).toBe(2);
			expectOneLineError(stderr, "npm i @modelcontextprotocol/sdk");
		});

		it("still audits files, since the SDK is loaded lazily", async () => {
			const { code, stdout } = await runCli(
				["audit", "--file", join(dir, "tools.json")],
				{ cli: join(dir, "dist", "cli.js") },
			);
			expect(code).toBe(0);
			expect(stdout).toContain("websearch_fetch_content");
		});
	});

	describe("usage", () => {
		it("prints the package version", async () => {
			const { code, stdout } = await runCli(["--version"]);
			expect(code).toBe(0);
			expect(stdout.trim()).toBe(pkg.version);
		});

		it("exits 2 with one sentence on an unknown command", async () => {
			const { code, stdout, stderr } = await runCli(["adit"], {
				env: plainEnv({ FORCE_COLOR: "0" }),
			});
			expect(code).toBe(2);
			expect(stdout).toBe("");
			expect(stderr).toBe(
				'mcp-tool-names: Unknown command "adit"; expected audit or resolve (see mcp-tool-names --help)\n',
			);
		});

		it("is the file package.json names as its bin", () => {
			const { bin } = JSON.parse(
				readFileSync(join(ROOT, "package.json"), "utf8"),
			) as { bin: Record<string, string> };
			expect(join(ROOT, bin["mcp-tool-names"] ?? "")).toBe(CLI);
			expect(
				readFileSync(CLI, "utf8").startsWith("#!/usr/bin/env node\n"),
			).toBe(true);
		});
	});
});
