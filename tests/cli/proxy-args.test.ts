import { describe, expect, it } from "vitest";
import { parseCliArgs } from "../../src/cli/args.js";

describe("parseCliArgs proxy", () => {
	it("takes the upstream command after -- and defaults to openai, safe, destructive-hint", () => {
		expect(parseCliArgs(["proxy", "--", "npx", "-y", "@some/server"])).toEqual({
			command: "proxy",
			upstream: { type: "stdio", command: "npx", args: ["-y", "@some/server"] },
			profile: "openai",
			correct: true,
			mode: "safe",
			protection: "destructive-hint",
			logJson: false,
			timeoutMs: 15_000,
		});
	});

	it("reads every option", () => {
		expect(
			parseCliArgs([
				"proxy",
				"--profile",
				"gemini",
				"--no-correct",
				"--mode",
				"mcporter",
				"--protect",
				"unless-read-only",
				"--log-json",
				"--timeout",
				"500",
				"--snapshot",
				"names.json",
				"--listen",
				"8080",
				"--",
				"node",
				"server.js",
			]),
		).toMatchObject({
			profile: "gemini",
			correct: false,
			mode: "mcporter",
			protection: "unless-read-only",
			logJson: true,
			timeoutMs: 500,
			snapshot: "names.json",
			listen: { host: "127.0.0.1", port: 8080 },
		});
	});

	it("takes an HTTP upstream with headers", () => {
		expect(
			parseCliArgs([
				"proxy",
				"--url",
				"https://example.com/mcp",
				"--header",
				"Authorization: Bearer t",
			]),
		).toMatchObject({
			upstream: {
				type: "http",
				url: "https://example.com/mcp",
				headers: { Authorization: "Bearer t" },
			},
		});
	});

	it("reads --listen as host:port, [v6]:port or a port on 127.0.0.1", () => {
		const listen = (value: string) =>
			(
				parseCliArgs(["proxy", "--listen", value, "--", "x"]) as {
					listen?: unknown;
				}
			).listen;
		expect(listen("0.0.0.0:9000")).toEqual({ host: "0.0.0.0", port: 9000 });
		expect(listen("[::1]:9000")).toEqual({ host: "::1", port: 9000 });
		expect(listen(":0")).toEqual({ host: "127.0.0.1", port: 0 });
	});

	it.each([
		[["proxy"], /Missing upstream server/],
		[["proxy", "--url", "http://h/mcp", "--", "node"], /Choose one target/],
		[
			["proxy", "--header", "A: b", "--", "node"],
			/--header only applies to --url/,
		],
		[
			["proxy", "--profile", "all", "--", "node"],
			/Unknown --profile "all"; expected openai or anthropic/,
		],
		[
			["proxy", "--mode", "fuzzy", "--", "node"],
			/Unknown --mode "fuzzy"; expected safe or mcporter/,
		],
		[
			["proxy", "--protect", "all", "--", "node"],
			/Unknown --protect "all"; expected destructive-hint or unless-read-only/,
		],
		[
			["proxy", "--listen", "host:99999", "--", "node"],
			/--listen expects host:port/,
		],
		[["proxy", "node", "server.js"], /put the server command after --/],
		[["proxy", "--snapshot=", "--", "node"], /--snapshot needs a file path/],
	])("refuses %j with one sentence", (argv, message) => {
		expect(() => parseCliArgs(argv)).toThrow(message);
	});

	it("shows the proxy's help", () => {
		expect(parseCliArgs(["proxy", "--help"])).toEqual({
			command: "help",
			topic: "proxy",
		});
		expect(parseCliArgs(["help", "proxy"])).toEqual({
			command: "help",
			topic: "proxy",
		});
	});
});
