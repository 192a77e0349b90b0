import { describe, expect, it } from "vitest";
import { CliFailure } from "../../src/cli/_failure.js";
import { helpText, parseCliArgs } from "../../src/cli/options/cli.js";
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

describe("helpText", () => {
	const topics = [undefined, "audit", "resolve", "proxy"] as const;

	it.each(topics)("lists for %s only options its parser accepts", (topic) => {
		// The general help's targets are audit's and resolve's, checked there.
		const text =
			topic === undefined
				? helpText().slice(helpText().indexOf("\nOptions:"))
				: helpText(topic);
		const flags = [
			...text.matchAll(/^ {2}(?:-\w, )?(?:<url>, )?(--[a-z-]+)/gm),
		].map((match) => match[1] ?? "");
		expect(flags.length).toBeGreaterThan(1);
		for (const flag of flags) {
			expect(() =>
				parseCliArgs(topic === undefined ? [flag] : [topic, flag]),
			).not.toThrow(/Unknown option/);
		}
	});

	it("wraps every option's help within 90 columns, under its label", () => {
		const text = helpText("proxy");
		const options = text.slice(
			text.indexOf("Options:"),
			text.indexOf("Exit codes:"),
		);
		for (const line of options.split("\n")) {
			expect(line.length).toBeLessThanOrEqual(90);
		}
		expect(options).toContain(
			"  --allow-unauthenticated\n                          serve a non-loopback address",
		);
	});

	it("lists the commands and the targets in the general help", () => {
		const text = helpText();
		for (const command of ["audit", "resolve", "proxy"]) {
			expect(text).toMatch(new RegExp(`^  ${command} +\\w`, "m"));
		}
		expect(text).toContain("  -- <command> [args...]  start a stdio server");
		expect(text).toContain("  -v, --version  print the version\n");
	});
});

describe("option values", () => {
	it.each([
		[
			["proxy", "--listen"],
			"Option --listen needs a value, e.g. --listen=127.0.0.1:8080",
		],
		[
			["resolve", "x", "--mode"],
			"Option --mode needs a value, e.g. --mode=safe",
		],
		[
			["proxy", "--timeout", "-5", "--", "node"],
			'--timeout "-5" is negative; give milliseconds, e.g. --timeout 5000',
		],
		[
			["proxy", "--start-timeout", "0", "--", "node"],
			'--start-timeout "0" leaves no time',
		],
		[["resolve", "x", "--mode", " MCPorter "], undefined],
	])("checks %j by its table row", (argv, message) => {
		if (message === undefined) {
			expect(parseCliArgs(argv)).toMatchObject({ mode: "mcporter" });
		} else {
			expect(() => parseCliArgs(argv)).toThrow(message);
		}
	});
});
