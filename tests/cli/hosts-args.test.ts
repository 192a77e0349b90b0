import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { WireRewriter } from "../../src/adapters/jsonrpc/index.js";
import { main } from "../../src/cli/main.js";
import { parseCliArgs } from "../../src/cli/options/cli.js";
import { SnapshotFile } from "../../src/cli/proxy/snapshot.js";
import type { AuditJson, ResolveJson } from "../../src/cli/schema.js";
import { createIo } from "./_helpers.js";

async function run(
	argv: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
	const fake = createIo();
	const code = await main(argv, fake.io);
	return { code, stdout: fake.stdout(), stderr: fake.stderr() };
}

const LONG =
	"atlassian-rovo-mcp-server-cloud/createConfluencePageWithAttachmentsAndPermissions";

describe("parseCliArgs proxy: the server command without --", () => {
	it.each([
		// What `gemini mcp add w npx -y mcp-tool-names proxy -- node server.js` stores.
		[["proxy", "node", "server.js"], "node", ["server.js"]],
		[["proxy", "npx", "-y", "@some/server"], "npx", ["-y", "@some/server"]],
		// Option values are the proxy's, whatever they look like.
		[
			["proxy", "--profile", "gemini", "--timeout", "5000", "node", "s.js"],
			"node",
			["s.js"],
		],
		[["proxy", "--server-name", "node", "uvx", "srv"], "uvx", ["srv"]],
		[["proxy", "--timeout=5000", "node", "s.js"], "node", ["s.js"]],
		// The server's own options that look like the proxy's stay the server's.
		[
			["proxy", "node", "s.js", "--profile", "x", "--timeout", "1", "-h"],
			"node",
			["s.js", "--profile", "x", "--timeout", "1", "-h"],
		],
		// So does a later --.
		[["proxy", "node", "s.js", "--", "--x"], "node", ["s.js", "--", "--x"]],
		// With --, as before.
		[["proxy", "--", "node", "--profile"], "node", ["--profile"]],
	])("%j starts %s %j", (argv, command, args) => {
		const parsed = parseCliArgs(argv);
		expect(parsed).toMatchObject({
			command: "proxy",
			upstream: { type: "stdio", command, args },
		});
	});

	it("keeps the proxy's options before the command", () => {
		expect(
			parseCliArgs([
				"proxy",
				"--host",
				"gemini-cli",
				"--server-name",
				"w",
				"--no-correct",
				"node",
				"server.js",
				"--host",
				"x",
			]),
		).toMatchObject({
			command: "proxy",
			upstream: { command: "node", args: ["server.js", "--host", "x"] },
			correct: false,
			host: { name: "gemini-cli", keys: ["w"] },
			serverNames: ["w"],
			reserve: hostReserveOf("mcp_w_", 1),
		});
	});

	it("sends a URL where the command would be to --url", () => {
		expect(() => parseCliArgs(["proxy", "https://example.com/mcp"])).toThrow(
			/give a server's URL with --url/,
		);
	});
});

/** A reserve: the prefix's length and what the host's own limit takes off 64. */
function hostReserveOf(prefix: string, extra: number): number {
	return prefix.length + extra;
}

describe("--host, --server-name and --reserve", () => {
	it.each([
		[["proxy", "--host", "codex", "--", "node"]],
		[["audit", "--host", "codex"]],
		[["resolve", "x", "--host", "codex"]],
	])("refuses --host without --server-name in one line: %j", async (argv) => {
		const { code, stderr } = await run(argv);
		expect(code).toBe(2);
		expect(stderr).toBe(
			"mcp-tool-names: --host codex needs --server-name <key>, the key the server has in Codex's config: its prefix (mcp__<server>__) is that long\n",
		);
	});

	it.each([
		[
			[
				"proxy",
				"--host",
				"codex",
				"--server-name",
				"g",
				"--reserve",
				"3",
				"--",
				"n",
			],
			/Choose --host \(with --server-name\) or --reserve, not both/,
		],
		[
			["proxy", "--reserve", "x", "--", "n"],
			/--reserve expects a whole number/,
		],
		[
			["proxy", "--reserve", "-1", "--", "n"],
			/--reserve expects a whole number/,
		],
		[
			["proxy", "--reserve", "60", "--", "n"],
			/--reserve 60 leaves 4 of --profile openai's 64 characters; at most 52/,
		],
		[
			[
				"proxy",
				"--host",
				"claude-code",
				"--server-name",
				"k".repeat(50),
				"--",
				"n",
			],
			/--server-name "k+" is too long for Claude Code: its prefix leaves 7 of --profile openai's 64/,
		],
		[
			["audit", "--host", "vscode", "--server-name", "g"],
			/Unknown --host "vscode"; expected claude-code or codex or gemini-cli or opencode/,
		],
	])("refuses %j", (argv, message) => {
		expect(() => parseCliArgs(argv)).toThrow(message);
	});

	it("computes the proxy's reserve from the host and the longest of its keys", () => {
		expect(
			parseCliArgs([
				"proxy",
				"--host",
				"claude-code",
				"--server-name",
				"gh,github-enterprise",
				"--",
				"node",
			]),
		).toMatchObject({ reserve: "mcp__github-enterprise__".length });
		expect(parseCliArgs(["proxy", "--reserve", "9", "--", "n"])).toMatchObject({
			reserve: 9,
		});
	});

	it("audit --host shows each name as the host presents it and flags the ones past its limit", async () => {
		const { code, stdout } = await run([
			"audit",
			"--json",
			"--profile",
			"openai",
			"--host",
			"claude-code",
			"--server-name",
			"github",
		]);
		expect(code).toBe(0);
		const [report] = (JSON.parse(stdout) as AuditJson).profiles;
		expect(report?.host).toEqual({
			name: "claude-code",
			serverName: "github",
			prefix: "mcp__github__",
			limit: 64,
		});
		expect(report?.reserve).toBe(13);
		const entries = report?.entries ?? [];
		for (const entry of entries)
			expect(entry.presented?.length ?? 99).toBeLessThanOrEqual(64);
		const long = entries.find((entry) => entry.name === LONG);
		expect(long).toMatchObject({
			direct: `mcp__github__${LONG.replace("/", "_")}`,
			pastLimit: true,
		});
		expect(long?.presented).toMatch(
			/^mcp__github__atlassian-rovo-mcp-server-cloud_/,
		);
		expect(entries.filter((entry) => entry.pastLimit).length).toBe(1);
	});

	it("audit --host prints the host's names and says which are past its limit without the proxy", async () => {
		const { stdout } = await run([
			"audit",
			"--profile",
			"gemini",
			"--host",
			"gemini-cli",
			"--server-name",
			"w",
		]);
		expect(stdout).toContain(
			'as Gemini CLI shows them for "w": mcp_w_<name>, at most 63',
		);
		expect(stdout).toContain("→  mcp_w_begin_session");
		expect(stdout).toMatch(
			/without the proxy Gemini CLI shows 87 > 63 characters/,
		);
		expect(stdout).toContain("1 past the host's limit without the proxy");
	});

	it("resolve --host takes the host's prefix off and decodes the proxy's wire name", async () => {
		const audit = await run([
			"audit",
			"--json",
			"--profile",
			"openai",
			"--host",
			"codex",
			"--server-name",
			"github",
		]);
		const entries =
			(JSON.parse(audit.stdout) as AuditJson).profiles[0]?.entries ?? [];
		const wire = entries.find((entry) => entry.name === LONG)?.wire as string;
		const { code, stdout } = await run([
			"resolve",
			`mcp__github__${wire}`,
			"--json",
			"--host",
			"codex",
			"--server-name",
			"github",
		]);
		expect(code).toBe(0);
		const doc = JSON.parse(stdout) as ResolveJson;
		expect(doc.routed).toBe(wire);
		expect(doc.resolution).toMatchObject({ kind: "exact", name: LONG });
	});
});

describe("proxy --snapshot with --host", () => {
	it("refuses a snapshot planned for another reserve, naming both", () => {
		const dir = mkdtempSync(join(tmpdir(), "mtn-hosts-"));
		try {
			const path = join(dir, "names.json");
			const rewriter = new WireRewriter({ reserve: 13 });
			rewriter.codec.encodeAll(["a".repeat(60)]);
			writeFileSync(path, JSON.stringify(rewriter.toJSON()));
			expect(new SnapshotFile(path, "openai", 13).loaded?.codec.reserve).toBe(
				13,
			);
			expect(() => new SnapshotFile(path, "openai", 0)).toThrow(
				/holds names planned with a reserve of 13 characters for a host's prefix, not 0 \(--host, --server-name, --reserve\); use another snapshot file/,
			);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
