import { describe, expect, it } from "vitest";
import { CliFailure } from "../../src/cli/_failure.js";
import { parseCliArgs } from "../../src/cli/options/cli.js";
import { ALL_PROFILES } from "../../src/cli/options/values.js";

describe("parseCliArgs", () => {
	it("audits the demo server with every profile and a 15 s budget by default", () => {
		expect(parseCliArgs(["audit"])).toEqual({
			command: "audit",
			target: { type: "demo" },
			profiles: [...ALL_PROFILES],
			json: false,
			strict: false,
			timeoutMs: 15_000,
			startTimeoutMs: 120_000,
		});
	});

	it("passes everything after -- to the server untouched, options included", () => {
		const parsed = parseCliArgs([
			"audit",
			"--strict",
			"--",
			"npx",
			"-y",
			"server",
			"--json",
			"--",
			"x",
		]);
		expect(parsed).toMatchObject({
			strict: true,
			json: false,
			target: {
				type: "stdio",
				command: "npx",
				args: ["-y", "server", "--json", "--", "x"],
			},
		});
	});

	it("takes profiles repeated or comma-separated, in order, without repeats", () => {
		expect(
			parseCliArgs([
				"audit",
				"--profile",
				"gemini,openai",
				"--profile",
				"OpenAI",
			]),
		).toMatchObject({ profiles: ["gemini", "openai"] });
		expect(parseCliArgs(["audit", "--profile", "mcp,all"])).toMatchObject({
			profiles: ["mcp", "openai", "anthropic", "gemini", "portable"],
		});
	});

	it("parses --url with repeated --header, merging repeats of one name", () => {
		expect(
			parseCliArgs([
				"audit",
				"--url",
				"https://example.com/mcp",
				"--header",
				"Authorization: Bearer a:b",
				"--header",
				"X-Tag: one",
				"--header",
				"x-tag: two",
			]),
		).toMatchObject({
			target: {
				type: "http",
				url: "https://example.com/mcp",
				headers: { Authorization: "Bearer a:b", "X-Tag": "one, two" },
			},
		});
	});

	it("reads stdin for --file -", () => {
		expect(parseCliArgs(["audit", "--file", "-"])).toMatchObject({
			target: { type: "stdin" },
		});
		expect(parseCliArgs(["audit", "--file=tools.json"])).toMatchObject({
			target: { type: "file", path: "tools.json" },
		});
	});

	it("parses resolve with its name anywhere among the options", () => {
		expect(
			parseCliArgs([
				"resolve",
				"--mode",
				"mcporter",
				"linear.listIssues",
				"--json",
				"--timeout",
				"500",
			]),
		).toEqual({
			command: "resolve",
			name: "linear.listIssues",
			target: { type: "demo" },
			mode: "mcporter",
			json: true,
			timeoutMs: 500,
			startTimeoutMs: 120_000,
		});
	});

	it("answers help and version", () => {
		expect(parseCliArgs(["--help"])).toEqual({ command: "help" });
		expect(parseCliArgs(["help", "resolve"])).toEqual({
			command: "help",
			topic: "resolve",
		});
		expect(parseCliArgs(["audit", "-h"])).toEqual({
			command: "help",
			topic: "audit",
		});
		expect(parseCliArgs(["--version"])).toEqual({ command: "version" });
	});

	it("throws a usage CliFailure, never a parseArgs TypeError", () => {
		let caught: unknown;
		try {
			parseCliArgs(["audit", "--nope"]);
		} catch (error) {
			caught = error;
		}
		expect(caught).toBeInstanceOf(CliFailure);
		expect(caught).toMatchObject({ kind: "usage" });
	});
});
