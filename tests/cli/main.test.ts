import { afterAll, describe, expect, it } from "vitest";
import { DEMO_TOOLS } from "../../examples/demo-server/tools.js";
import { main } from "../../src/cli/main.js";
import type { AuditJson, ResolveJson } from "../../src/cli/schema.js";
import { commandLine } from "../../src/cli/targets.js";
import {
	createIo,
	fixture,
	plainEnv,
	refusedPort,
	startSessionServer,
	startSilentServer,
	startSseServer,
	startStatusServer,
	startStreamableServer,
	type TestHttpServer,
} from "./_helpers.js";

const ESC = "\u001b[";

/** `-- node <fixture> [args]`: a fixture server as the command target. */
const server = (name: string, ...args: string[]): string[] => [
	"--",
	process.execPath,
	fixture(name),
	...args,
];

async function run(
	argv: string[],
	options: Parameters<typeof createIo>[0] = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
	const fake = createIo(options);
	const code = await main(argv, fake.io);
	return { code, stdout: fake.stdout(), stderr: fake.stderr() };
}

describe("main", () => {
	describe("usage errors", () => {
		it.each([
			[
				["adit"],
				'Unknown command "adit"; did you mean audit? expected audit, resolve or proxy',
			],
			[
				["prxy"],
				'Unknown command "prxy"; did you mean proxy? expected audit, resolve or proxy',
			],
			[
				["lint"],
				'Unknown command "lint"; expected audit, resolve or proxy (see mcp-tool-names --help)',
			],
			[["--strict"], 'Unknown option "--strict" before the command'],
			[
				["--hlep"],
				'Unknown option "--hlep" before the command; did you mean --help?',
			],
			[
				["audit", "--stric"],
				'Unknown option "--stric" for audit; did you mean --strict?',
			],
			[
				["proxy", "--snapshto", "x.json", "--", "node"],
				'Unknown option "--snapshto" for proxy; did you mean --snapshot?',
			],
			[
				["proxy", "--verbose", "npx", "-y", "server"],
				`Unknown option "--verbose" for proxy; a server's own options go after --`,
			],
			[["resolve", "x", "--strict"], 'Unknown option "--strict" for resolve'],
			[
				["audit", "--profile", "opanai"],
				'Unknown profile "opanai"; expected openai',
			],
			[
				["audit", "--timeout", "0"],
				'--timeout "0" leaves no time; give milliseconds, e.g. --timeout 5000',
			],
			[["audit", "--timeout", "-5"], '--timeout "-5" is negative'],
			[["audit", "--timeout", "1.5"], '--timeout "1.5" is not a whole number'],
			[["audit", "--timeout", "1.5s"], '--timeout "1.5s" is not a number'],
			[
				["audit", "--timeout", "99999999999"],
				'--timeout "99999999999" is over 2147483647',
			],
			[["audit", "--url"], "Option --url needs a value"],
			[
				["audit", "--url", "ftp://x"],
				'--url expects an http or https URL, got "ftp"',
			],
			[
				["audit", "--url", "localhost:3000"],
				"--url expects an http or https URL",
			],
			[["audit", "--url", "/mcp"], "--url expects an absolute http(s) URL"],
			[["audit", "--json=yes"], "Option --json takes no value"],
			[["audit", "--header", "X: y"], "--header only applies to --url"],
			[
				["audit", "--url", "http://h/mcp", "--header", "no colon"],
				'--header expects "Name: value"',
			],
			[
				["audit", "--url", "http://h/mcp", "--file", "t.json"],
				"Choose one target, not --url and --file",
			],
			[
				["audit", "--file", "t.json", "--", "node", "s.js"],
				"Choose one target, not --file and a command after --",
			],
			[
				["audit", "node", "server.js"],
				'Unexpected argument "node"; put a server command after -- (mcp-tool-names audit -- node server.js) or give a URL',
			],
			[
				["audit", "http://h/mcp", "--url", "http://h/mcp"],
				'Choose one URL, not --url "http://h/mcp" and "http://h/mcp"',
			],
			[["audit", "http://h/mcp", "extra"], 'Unexpected argument "extra"'],
			[["audit", "--"], "Missing server command after --"],
			[
				["--", "node"],
				"Missing command before --; expected audit, resolve or proxy",
			],
			[["resolve"], "Missing tool name"],
			[["resolve", "a", "b"], 'Unexpected argument "b"'],
			[
				["resolve", "a", "--mode", "fuzzy"],
				'Unknown --mode "fuzzy"; expected safe or mcporter',
			],
		])("exits 2 on %j with one sentence", async (argv, message) => {
			const { code, stdout, stderr } = await run(argv);
			expect(code).toBe(2);
			expect(stdout).toBe("");
			expect(stderr).toContain(`mcp-tool-names: ${message}`);
			expect(stderr.trim().split("\n")).toHaveLength(1);
		});

		it.each([
			[
				"a missing file",
				["--file", "no/such/tools.json"],
				undefined,
				"Cannot read no/such/tools.json: no such file",
			],
			[
				"unreadable JSON",
				["--file", "-"],
				"{tools",
				"stdin is not valid JSON: ",
			],
			["an empty stdin", ["--file", "-"], " \n", "stdin is empty"],
			[
				"JSON that holds no tools",
				["--file", "-"],
				'{"names":[]}',
				"stdin holds no tool list",
			],
		])("exits 2 on %s with one sentence", async (_, argv, stdin, message) => {
			const { code, stdout, stderr } = await run(
				["audit", ...argv],
				stdin === undefined ? {} : { stdin },
			);
			expect(code).toBe(2);
			expect(stdout).toBe("");
			expect(stderr).toMatch(/^mcp-tool-names: [^\n]+\n$/);
			expect(stderr).toContain(`mcp-tool-names: ${message}`);
		});

		it("refuses to wait on a terminal stdin", async () => {
			const { code, stderr } = await run(["audit", "--file", "-"], {
				stdinTTY: true,
			});
			expect(code).toBe(2);
			expect(stderr).toContain(
				"--file - reads stdin, but nothing is piped into it",
			);
		});
	});

	describe("help and version", () => {
		it("prints the general help on --help", async () => {
			const { code, stdout } = await run(["--help"]);
			expect(code).toBe(0);
			expect(stdout).toContain("mcp-tool-names audit [options] [target]");
			expect(stdout).toContain(
				"mcp-tool-names resolve <name> [options] [target]",
			);
		});

		it("prints the general help, and exits 0, when run without arguments", async () => {
			const { code, stdout, stderr } = await run([]);
			expect(code).toBe(0);
			expect(stderr).toBe("");
			expect(stdout).toBe((await run(["--help"])).stdout);
			expect(stdout).toContain("mcp-tool-names proxy");
		});

		it("prints a command's help on <command> --help, even with other arguments", async () => {
			const audit = await run(["audit", "--json", "--help"]);
			expect(audit.stdout).toContain("--strict");
			const resolve = await run(["resolve", "-h"]);
			expect(resolve.stdout).toContain("--mode <mode>");
		});

		it("prints the version", async () => {
			const { code, stdout } = await run(["-v"]);
			expect(code).toBe(0);
			expect(stdout).toMatch(/^\d+\.\d+\.\d+/);
		});
	});

	describe("audit output", () => {
		const file = fixture("tools-list.json");
		it("prints a table per profile, canonical → wire with marks and notes", async () => {
			const { code, stdout, stderr } = await run([
				"audit",
				"--profile",
				"openai",
				"--file",
				file,
			]);
			expect(code).toBe(0);
			expect(stderr).toBe("");
			const lines = stdout.split("\n");
			expect(lines[0]).toBe(`Tool names of ${file}: 7 tools`);
			expect(lines[2]).toBe("openai  A-Z a-z 0-9 _ -, at most 64");
			expect(stdout).toContain(
				"  ~  websearch/fetch_content  →  websearch_fetch_content  renamed\n",
			);
			expect(stdout).toContain(
				"  ✗  github/search            →  github_search_2          collides with github.search\n",
			);
			expect(stdout).toMatch(
				/ {2}! {2}搜索\/获取 {16}→ {2}tool_[0-9a-z]{7} +lossy: hash added\n/,
			);
			expect(stdout).toContain(
				"  ✓  begin_session               begin_session\n",
			);
			expect(stdout).toContain(
				"  7 names: 1 ok, 4 renamed, 1 lossy, 1 collision\n",
			);
			expect(stdout).toContain(
				"! 6 of 7 names would not be sent as is (openai); a WireNameCodec maps them to these wire names and back.\n",
			);
		});

		it("folds a profile with the same result as an earlier one into one line", async () => {
			const { stdout } = await run([
				"audit",
				"--profile",
				"openai,anthropic",
				"--file",
				file,
			]);
			expect(stdout).toContain(
				"anthropic  A-Z a-z 0-9 _ -, at most 64: same wire names as openai\n",
			);
			expect(stdout.match(/websearch_fetch_content/g)).toHaveLength(1);
		});

		it("says so when every name is valid as is", async () => {
			const { code, stdout } = await run([
				"audit",
				"--strict",
				"--file",
				fixture("valid-names.json"),
			]);
			expect(code).toBe(0);
			expect(stdout).toContain(
				"✓ Every name is sent as is under openai, anthropic, gemini, portable and mcp.",
			);
		});

		it("wraps a long name and keeps the wire column aligned", async () => {
			const long = `atlassian-rovo-mcp-server-cloud/${"x".repeat(20)}`;
			const { stdout } = await run(
				["audit", "--profile", "openai", "--file", "-"],
				{
					stdin: JSON.stringify(["a/b", long]),
				},
			);
			const lines = stdout.split("\n");
			const at = lines.findIndex((line) => line.includes(long));
			expect(lines[at]).toBe(`  ~  ${long}`);
			expect(lines[at + 1]).toMatch(
				/^ {47}→ {2}atlassian-rovo-mcp-server-cloud_x{20} {2}renamed$/,
			);
			expect(lines[at - 1]).toMatch(/^ {2}~ {2}a\/b {39}→ {2}a_b {39}renamed$/);
		});

		it("reports duplicates and fails --strict on them", async () => {
			const { code, stdout } = await run(
				["audit", "--strict", "--profile", "openai", "--file", "-"],
				{ stdin: '["list_issues", "list_issues"]' },
			);
			expect(code).toBe(1);
			expect(stdout).toContain("listed more than once");
			expect(stdout).toContain("2 names: 2 ok, 1 duplicate");
			expect(stdout).toContain(
				"✗ --strict: Some names are listed more than once.",
			);
		});

		it("prints 'Nothing to audit.' for an empty list", async () => {
			const { code, stdout } = await run(["audit", "--strict", "--file", "-"], {
				stdin: '{"tools": []}',
			});
			expect(code).toBe(0);
			expect(stdout).toBe(
				"Tool names of stdin: 0 tools\n\nNothing to audit.\n",
			);
		});
	});

	describe("--strict", () => {
		it("exits 1 when any name would be rewritten, 0 otherwise", async () => {
			const file = fixture("tools-list.json");
			expect((await run(["audit", "--file", file])).code).toBe(0);
			expect((await run(["audit", "--strict", "--file", file])).code).toBe(1);
			expect(
				(
					await run([
						"audit",
						"--strict",
						"--file",
						fixture("valid-names.json"),
					])
				).code,
			).toBe(0);
		});

		it("exits 1 for a lossy or colliding name under a profile that allows the rest", async () => {
			const lossy = await run(
				["audit", "--strict", "--profile", "mcp", "--file", "-"],
				{
					stdin: '["moneyflow_hsgt", "moneyflow_hsgt_备份"]',
				},
			);
			expect(lossy.code).toBe(1);
			const colliding = await run(
				["audit", "--strict", "--profile", "gemini", "--file", "-"],
				{ stdin: '["a.b", "a:b", "a/b"]' },
			);
			expect(colliding.code).toBe(1);
		});
	});

	describe("colours", () => {
		const file = fixture("tools-list.json");
		it.each([
			["colours a terminal stdout", [], { stdoutTTY: true }, true],
			[
				"writes no escape codes when NO_COLOR is set, even on a terminal",
				[],
				{ stdoutTTY: true, env: plainEnv({ NO_COLOR: "1" }) },
				false,
			],
			["writes no escape codes into a pipe", [], {}, false],
			[
				"colours a pipe when FORCE_COLOR is set",
				[],
				{ env: plainEnv({ FORCE_COLOR: "1" }) },
				true,
			],
			[
				"never colours --json",
				["--json"],
				{ stdoutTTY: true, env: plainEnv({ FORCE_COLOR: "1" }) },
				false,
			],
		] as const)("%s", async (_, flags, options, coloured) => {
			const { stdout } = await run(
				["audit", ...flags, "--file", file],
				options,
			);
			expect(stdout.includes(ESC)).toBe(coloured);
			if (coloured) expect(stdout).toContain(`${ESC}32m✓${ESC}39m`);
		});

		it("colours the error prefix on a terminal stderr only", async () => {
			const tty = await run(["adit"], { stderrTTY: true });
			expect(tty.stderr.startsWith(`${ESC}31mmcp-tool-names:${ESC}39m`)).toBe(
				true,
			);
			const pipe = await run(["adit"]);
			expect(pipe.stderr.startsWith("mcp-tool-names:")).toBe(true);
		});
	});

	describe("--json", () => {
		it("prints one document with schemaVersion 1, profiles in order and annotated entries", async () => {
			const { code, stdout } = await run([
				"audit",
				"--json",
				"--profile",
				"portable,openai",
				"--file",
				fixture("tools-list.json"),
			]);
			expect(code).toBe(0);
			const doc = JSON.parse(stdout) as AuditJson;
			expect(Object.keys(doc)).toEqual([
				"schemaVersion",
				"command",
				"source",
				"server",
				"toolCount",
				"profiles",
				"findings",
				"ok",
				"strict",
				"exitCode",
			]);
			expect(doc).toMatchObject({
				schemaVersion: 1,
				command: "audit",
				source: { type: "file", path: fixture("tools-list.json") },
				server: null,
				toolCount: 7,
				ok: false,
				strict: false,
				exitCode: 0,
			});
			expect(doc.profiles.map((p) => p.profile)).toEqual([
				"portable",
				"openai",
			]);
			const [portable] = doc.profiles;
			expect(Object.keys(portable ?? {})).toEqual([
				"profile",
				"maxLength",
				"ok",
				"totals",
				"entries",
				"reserve",
			]);
			expect(portable?.totals).toEqual({
				names: 7,
				ok: 1,
				renamed: 4,
				lossy: 1,
				truncated: 0,
				collision: 1,
				invalid: 0,
				duplicates: 0,
			});
			expect(portable?.entries[4]).toEqual({
				name: "github/search",
				valid: false,
				wire: "github_search_2",
				status: "collision",
				problems: [
					expect.objectContaining({ code: "invalid-characters" }),
					expect.objectContaining({ code: "collision" }),
				],
				collidesWith: "github.search",
			});
		});

		it("sets exitCode 1 under --strict", async () => {
			const { code, stdout } = await run([
				"audit",
				"--json",
				"--strict",
				"--file",
				fixture("tools-list.json"),
			]);
			expect(code).toBe(1);
			expect(JSON.parse(stdout)).toMatchObject({ strict: true, exitCode: 1 });
		});
	});

	describe("resolve", () => {
		const file = fixture("tools-list.json");
		it.each([
			["begin_session", 0, "exact", "✓ exact:"],
			[
				"linear.listIssues",
				0,
				"corrected",
				"✓ corrected: linear.listIssues → linear.list_issues",
			],
			[
				"fetch_content",
				0,
				"corrected",
				"(a namespace prefix was dropped or added)",
			],
			[
				"begin_sessionbegin_session",
				0,
				"corrected",
				"(the name was written twice)",
			],
			["github_search", 1, "suggest", "(several tools fit equally well)"],
			[
				"linear.delete_isue",
				1,
				"suggest",
				"linear.delete_issue is marked destructiveHint",
			],
			["kubernetes_scale", 1, "none", "✗ none: no tool of"],
		])("resolves %s with exit %i (%s)", async (name, exit, kind, text) => {
			const { code, stdout } = await run(["resolve", name, "--file", file]);
			expect(code).toBe(exit);
			expect(stdout).toContain(text);
			const json = await run(["resolve", name, "--json", "--file", file]);
			expect((JSON.parse(json.stdout) as ResolveJson).resolution.kind).toBe(
				kind,
			);
		});

		it("prints formatResolution's line under the decision", async () => {
			const { stdout } = await run([
				"resolve",
				"linear.listIssues",
				"--file",
				file,
			]);
			expect(stdout.split("\n")[1]).toBe(
				"[mcp-tool-names] Auto-corrected tool call to linear.list_issues (input: linear.listIssues).",
			);
		});

		it("prints a document with schemaVersion 1", async () => {
			const { stdout } = await run([
				"resolve",
				"--json",
				"--mode",
				"mcporter",
				"github_serch",
				"--file",
				file,
			]);
			const doc = JSON.parse(stdout) as ResolveJson;
			expect(Object.keys(doc)).toEqual([
				"schemaVersion",
				"command",
				"source",
				"server",
				"toolCount",
				"input",
				"mode",
				"arguments",
				"resolution",
				"message",
				"exitCode",
			]);
			expect(doc).toMatchObject({
				schemaVersion: 1,
				command: "resolve",
				toolCount: 7,
				input: "github_serch",
				mode: "mcporter",
			});
			expect(doc.exitCode).toBe(doc.resolution.kind === "corrected" ? 0 : 1);
		});

		describe("--arguments", () => {
			const send = JSON.stringify({
				tools: [
					{
						name: "send_message",
						inputSchema: {
							type: "object",
							properties: {
								channel: { type: "string" },
								text: { type: "string" },
							},
							required: ["channel", "text"],
						},
					},
					{
						name: "send_messages",
						inputSchema: {
							type: "object",
							properties: { messages: { type: "array" } },
							required: ["messages"],
						},
					},
				],
			});

			it("corrects when the arguments rule out the only rival, and says so in --json", async () => {
				const without = await run(["resolve", "send_mesage", "--file", "-"], {
					stdin: send,
				});
				expect(without.code).toBe(1);
				const args = '{"channel":"c1","text":"hi"}';
				const { code, stdout } = await run(
					["resolve", "send_mesage", "--arguments", args, "--file", "-"],
					{ stdin: send },
				);
				expect(code).toBe(0);
				expect(stdout).toContain("✓ corrected: send_mesage → send_message");
				const json = await run(
					[
						"resolve",
						"send_mesage",
						"--json",
						"--arguments",
						args,
						"--file",
						"-",
					],
					{ stdin: send },
				);
				expect(JSON.parse(json.stdout)).toMatchObject({
					arguments: { channel: "c1", text: "hi" },
					resolution: { kind: "corrected", name: "send_message" },
				});
			});

			it("never corrects to a tool that cannot take the call, and names why", async () => {
				const { code, stdout } = await run(
					[
						"resolve",
						"send_mesage",
						"--arguments",
						'{"to":"c1"}',
						"--file",
						"-",
					],
					{ stdin: send },
				);
				expect(code).toBe(1);
				expect(stdout).toContain(
					"(the tools the name fits cannot take these arguments)",
				);
			});

			it.each([
				["not JSON", "{id:1}"],
				["an array", "[1]"],
				["a string", '"x"'],
			])("refuses %s with exit 2", async (_what, value) => {
				const { code, stderr } = await run([
					"resolve",
					"x",
					"--arguments",
					value,
					"--file",
					"t.json",
				]);
				expect(code).toBe(2);
				expect(stderr).toContain("--arguments expects a JSON object");
			});
		});
	});

	describe("server targets in-process", () => {
		it("lists the demo server, whose tools are DEMO_TOOLS", async () => {
			const { code, stdout } = await run([
				"audit",
				"--json",
				"--profile",
				"mcp",
			]);
			expect(code).toBe(0);
			const doc = JSON.parse(stdout) as AuditJson;
			expect(doc.source).toEqual({ type: "demo" });
			expect(doc.profiles[0]?.entries.map((e) => e.name)).toEqual(
				DEMO_TOOLS.map((tool) => tool.name),
			);
		});

		it("shows a progress line on a terminal stderr and erases it", async () => {
			const { code, stderr } = await run(
				["audit", "--json", ...server("paged-server.mjs")],
				{ stderrTTY: true },
			);
			expect(code).toBe(0);
			expect(stderr).toContain("Starting the server");
			expect(stderr).toContain("Listing tools of the server");
			expect(stderr.endsWith("\r\u001b[2K")).toBe(true);
		});

		it("writes nothing on stderr when it is not a terminal", async () => {
			const { code, stderr } = await run([
				"audit",
				...server("paged-server.mjs"),
			]);
			expect(code).toBe(0);
			expect(stderr).toBe("");
		});

		it("follows nextCursor through every page and reports the server", async () => {
			const { code, stdout } = await run([
				"audit",
				"--json",
				"--profile",
				"openai",
				...server("paged-server.mjs"),
			]);
			expect(code).toBe(0);
			const doc = JSON.parse(stdout) as AuditJson;
			expect(doc.source).toEqual({
				type: "stdio",
				command: process.execPath,
				args: [fixture("paged-server.mjs")],
			});
			expect(doc.server).toEqual({ name: "paged-fixture", version: "2.0.0" });
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

		it("never corrects onto a destructive tool of a stdio server", async () => {
			const { code, stdout } = await run([
				"resolve",
				"--json",
				"jira/delete_isue",
				...server("paged-server.mjs"),
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

		it("notes on stderr when the server declares no tools capability", async () => {
			const { code, stdout, stderr } = await run([
				"audit",
				...server("no-tools-server.mjs"),
			]);
			expect(code).toBe(0);
			expect(stderr).toContain("declares no tools capability; nothing to list");
			expect(stdout).toContain("Nothing to audit.");
		});

		it.each([
			{
				does: "exits 2 with one sentence when the command does not exist",
				argv: ["audit", "--", "mcp-tool-names-no-such-command"],
				says: 'Cannot start "mcp-tool-names-no-such-command": command not found',
			},
			{
				does: "stops a server that exits early and quotes its stderr",
				argv: ["resolve", "x", ...server("crash-server.mjs")],
				says: `The server "${commandLine(process.execPath, [fixture("crash-server.mjs")])}" exited with code 1 before it answered initialize; its stderr: "fixture: LINEAR_API_KEY is not set"`,
			},
			{
				does: "quotes a Node crash by its Error line, not by the Node.js version footer",
				argv: ["audit", ...server("raw-server.mjs", "--crash")],
				says: 'exited with code 1 before it answered initialize; its stderr: "Error: LINEAR_API_KEY is not set"',
			},
			{
				does: "does not wait out --timeout for a server whose stderr shows a fatal error",
				argv: [
					"audit",
					"--timeout",
					"60000",
					...server("raw-server.mjs", "--fatal"),
				],
				says: 'wrote a fatal error on stderr and did not answer initialize; its stderr: "Error: getaddrinfo ENOTFOUND api.example.invalid"',
			},
			{
				does: "names --start-timeout for a server that never wrote anything",
				argv: ["audit", "--start-timeout", "300", ...server("hang-server.mjs")],
				says: "wrote nothing within 300 ms of starting (--start-timeout); raise --start-timeout if it is still downloading (npx -y, uvx)",
			},
			{
				does: "names the tools/list page that timed out",
				argv: [
					"audit",
					"--timeout",
					"1500",
					...server("raw-server.mjs", "--hang-page", "2"),
				],
				says: "did not answer tools/list (page 2) within 1500 ms (--timeout)",
			},
		])("$does", async ({ argv, says }) => {
			const { code, stdout, stderr } = await run(argv);
			expect(code).toBe(2);
			expect(stdout).toBe("");
			expect(stderr).toMatch(/^mcp-tool-names: [^\n]+\n$/);
			expect(stderr).toContain(says);
			expect(stderr).not.toContain("Node.js v");
		});

		it("starts --timeout at the server's first output, so a silent start (npx -y downloading) does not use it up", async () => {
			// Silent for longer than --timeout, then quick: only a bound that starts at the
			// first output lets this pass.
			const { code, stdout, stderr } = await run([
				"audit",
				"--json",
				"--timeout",
				"1500",
				...server("raw-server.mjs", "--silent-ms", "2500"),
			]);
			expect(stderr).toBe("");
			expect(code).toBe(0);
			expect(JSON.parse(stdout)).toMatchObject({
				server: { name: "raw-fixture" },
			});
		});

		it("says a server that has written nothing for 10 s is still starting, then audits it", async () => {
			const { code, stdout, stderr } = await run([
				"audit",
				"--json",
				...server("raw-server.mjs", "--silent-ms", "10500"),
			]);
			expect(code).toBe(0);
			expect(stderr).toMatch(
				/^The server "[^"]+" is still starting \(nothing written in 10 s; npx -y may be downloading it\); waiting up to 120 s \(--start-timeout\)\n$/,
			);
			expect(JSON.parse(stdout)).toMatchObject({
				server: { name: "raw-fixture" },
			});
		}, 30_000);

		it("rejects a --start-timeout that is not milliseconds", async () => {
			const { code, stderr } = await run(["audit", "--start-timeout", "2m"]);
			expect(code).toBe(2);
			expect(stderr).toContain(
				'--start-timeout "2m" is not a number; give milliseconds, e.g. --start-timeout 5000',
			);
		});

		it("audits a server whose input schemas break the MCP schema, and reports them", async () => {
			const argv = [...server("raw-server.mjs", "--loose")];
			const text = await run(["audit", "--profile", "mcp", ...argv]);
			expect(text.code).toBe(0);
			expect(text.stdout).toMatch(
				/Tool definitions: 1 problem\n {2}✗ {2}gitlab\/create_issue {2}inputSchema has no "type": "object"; MCP requires an object schema/,
			);
			const strict = await run([
				"audit",
				"--strict",
				"--json",
				"--profile",
				"mcp",
				...argv,
			]);
			expect(strict.code).toBe(1);
			const doc = JSON.parse(strict.stdout) as AuditJson;
			expect(doc.toolCount).toBe(2);
			expect(doc.ok).toBe(false);
			expect(doc.findings).toEqual([
				expect.objectContaining({
					index: 0,
					tool: "gitlab/create_issue",
					code: "input-schema",
				}),
			]);
		});

		it("fails --strict on a finding alone, when every name is valid", async () => {
			const { code, stdout } = await run(
				["audit", "--strict", "--profile", "mcp", "--file", "-"],
				{ stdin: '{"tools":[{"name":"ok_name"}]}' },
			);
			expect(code).toBe(1);
			expect(stdout).toContain(
				"✗ --strict: 1 tool definition problem (see above).",
			);
		});

		it("says 1 tool, not 1 tools", async () => {
			const { stdout } = await run([
				"resolve",
				"zzzzzzzz",
				...server("raw-server.mjs", "--one"),
			]);
			expect(stdout).toContain("(1 tool)");
		});

		describe("over HTTP", () => {
			const servers: TestHttpServer[] = [];
			afterAll(async () => {
				await Promise.all(servers.map((server) => server.close()));
			});
			const start = async <T extends TestHttpServer>(
				server: Promise<T>,
			): Promise<T> => {
				const started = await server;
				servers.push(started);
				return started;
			};

			it("resolves against a Streamable HTTP server", async () => {
				const server = await start(startStreamableServer({ token: "t" }));
				const { code, stdout } = await run([
					"resolve",
					"notion.search",
					"--url",
					server.url,
					"--header",
					"Authorization: Bearer t",
				]);
				expect(code).toBe(0);
				expect(stdout).toContain("notion.search → notion/search");
			});

			it("keeps the session a server hands out, reads event-stream answers, and ends the session", async () => {
				const server = await start(startSessionServer());
				const { code, stdout } = await run(["audit", "--json", server.url]);
				expect(code).toBe(0);
				expect(JSON.parse(stdout)).toMatchObject({
					source: { transport: "streamable-http" },
					toolCount: 3,
				});
				const [first, ...later] = server.requests;
				expect(first).toEqual({ method: "POST", session: undefined });
				expect(later.length).toBeGreaterThan(0);
				expect(later.every((request) => request.session !== undefined)).toBe(
					true,
				);
				expect(later[later.length - 1]?.method).toBe("DELETE");
			});

			it("falls back to SSE", async () => {
				const server = await start(startSseServer());
				const { code, stdout } = await run([
					"audit",
					"--json",
					"--url",
					server.url,
				]);
				expect(code).toBe(0);
				expect(JSON.parse(stdout)).toMatchObject({
					source: { transport: "sse" },
					toolCount: 3,
				});
			});

			it("takes a URL argument as the --url target", async () => {
				const server = await start(startStreamableServer());
				const { code, stdout } = await run(["audit", "--json", server.url]);
				expect(code).toBe(0);
				expect(JSON.parse(stdout)).toMatchObject({
					source: { type: "http", transport: "streamable-http" },
					toolCount: 3,
				});
				const resolved = await run(["resolve", "notion_search", server.url]);
				expect(resolved.stdout).toContain("notion/search");
			});

			it("times out on an HTTP server that never answers, naming the phase", async () => {
				const server = await start(startSilentServer());
				const { code, stderr } = await run([
					"audit",
					"--timeout",
					"300",
					server.url,
				]);
				expect(code).toBe(2);
				expect(stderr).toBe(
					`mcp-tool-names: ${server.url} did not answer initialize within 300 ms (--timeout); raise --timeout if it is slow\n`,
				);
			});

			it("reports an HTTP status and a refused connection", async () => {
				const server = await start(startStatusServer(404));
				const notFound = await run(["audit", "--url", server.url]);
				expect(notFound.code).toBe(2);
				expect(notFound.stderr).toContain(
					"answered HTTP 404 Not Found (the SSE fallback failed too); check the URL's path",
				);
				const url = `http://localhost:${await refusedPort()}/mcp`;
				const refused = await run(["audit", "--url", url]);
				expect(refused.stderr).toBe(
					`mcp-tool-names: Cannot connect to ${url}: connection refused\n`,
				);
			});
		});

		it("writes no progress line under TERM=dumb", async () => {
			const { stderr } = await run(["audit", ...server("paged-server.mjs")], {
				stderrTTY: true,
				env: plainEnv({ TERM: "dumb" }),
			});
			expect(stderr).toBe("");
		});
	});
});
