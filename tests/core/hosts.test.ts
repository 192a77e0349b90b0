import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
	hostReserve,
	hostRules,
	hostToolName,
	WireNameCodec,
} from "../../src/index.js";
import { failureOf } from "../_support/hostile.js";

describe("hostToolName", () => {
	it.each([
		["claude-code", "github", "search_issues", "mcp__github__search_issues"],
		["codex", "github", "search_issues", "mcp__github__search_issues"],
		["gemini-cli", "github", "search_issues", "mcp_github_search_issues"],
		["opencode", "github", "search_issues", "github_search_issues"],
	] as const)("puts %s's prefix before the name", (host, key, name, shown) => {
		expect(hostToolName(host, key, name)).toBe(shown);
	});

	it.each([
		// Claude Code and OpenCode keep A-Z a-z 0-9 _ -, one _ per UTF-16 unit.
		["claude-code", "my server.v2", "a/b-c", "mcp__my_server_v2__a_b-c"],
		["opencode", "my server.v2", "a/b-c", "my_server_v2_a_b-c"],
		["claude-code", "🔥", "x", "mcp______x"],
		// Codex keeps A-Z a-z 0-9 _: a - becomes _, one _ per code point.
		["codex", "my-server", "get-item", "mcp__my_server__get_item"],
		["codex", "🔥", "x", "mcp_____x"],
		// Gemini CLI keeps . : - too.
		["gemini-cli", "my server", "a.b:c-d/e", "mcp_my_server_a.b:c-d_e"],
	] as const)(
		"sanitises the key and the name as %s does (%j, %j)",
		(host, key, name, shown) => {
			expect(hostToolName(host, key, name)).toBe(shown);
		},
	);

	it("adds no second mcp_ before a Gemini CLI key that has it (generateValidName)", () => {
		expect(hostToolName("gemini-cli", "mcp_tools", "x")).toBe("mcp_tools_x");
		expect(hostToolName("gemini-cli", "mcp", "x")).toBe("mcp_x");
	});

	it.each([
		[["nope", "k", "x"], /one of claude-code, codex, gemini-cli, opencode/],
		[["codex", "", "x"], /serverKey to be the non-empty key/],
		[["codex", "k", 5], /toolName to be a string/],
	])("refuses %j", (args, message) => {
		const error = failureOf(() =>
			hostToolName(...(args as [never, string, string])),
		);
		expect(error.code).toBe("invalid-argument");
		expect(error.message).toMatch(message);
	});
});

describe("hostReserve", () => {
	it.each([
		["claude-code", "github", 13],
		["codex", "github", 13],
		// mcp_github_ and one more: Gemini CLI cuts past 63.
		["gemini-cli", "github", 12],
		["opencode", "github", 7],
	] as const)(
		"is the length of %s's prefix for %j, and what its limit takes off",
		(host, key, reserve) => {
			expect(hostReserve(host, key)).toBe(reserve);
		},
	);

	it("counts a profile's limit above the host's own", () => {
		// Codex re-hashes past 64 whatever the provider takes.
		expect(hostReserve("codex", "k", "mcp")).toBe(8 + 64);
		expect(hostReserve("opencode", "k", "mcp")).toBe(2);
	});

	it("leaves exactly the room the host and the provider allow", () => {
		for (const host of Object.keys(hostRules) as Array<
			keyof typeof hostRules
		>) {
			const reserve = hostReserve(host, "some-server");
			const codec = new WireNameCodec({ profile: "gemini", reserve });
			const wire = codec.encode("x".repeat(100));
			const shown = hostToolName(host, "some-server", wire);
			expect(shown.length).toBe(hostRules[host].limit ?? 64);
		}
	});

	it("agrees with the table of docs/providers.md, which cites a source for every host", () => {
		const page = readFileSync(
			fileURLToPath(new URL("../../docs/providers.md", import.meta.url)),
			"utf8",
		);
		for (const [host, rule] of Object.entries(hostRules)) {
			const row = page
				.split("\n")
				.find((line) => line.startsWith(`| ${rule.title} (\`${host}\`)`));
			expect(row, host).toBeDefined();
			const cells = (row as string).split(" | ");
			expect(cells[1]).toContain(`\`${rule.prefix}\``);
			expect(cells[3]).toBe(
				rule.limit === undefined ? "none of its own" : String(rule.limit),
			);
			expect(cells[6]).toMatch(/\(https:\/\/[^)]+\)/);
		}
	});
});
