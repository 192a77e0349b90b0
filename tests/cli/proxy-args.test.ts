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

	it("reads --store with its scope, prefix and expiry, and derives the scope from the profile and upstream", () => {
		const parsed = parseCliArgs([
			"proxy",
			"--store",
			"redis://:s3cret@10.0.0.5:6380/2",
			"--store-prefix",
			"gw:",
			"--store-ttl",
			"60",
			"--",
			"node",
			"server.js",
		]);
		expect(parsed).toMatchObject({
			store: {
				url: "redis://:***@10.0.0.5:6380/2",
				address: {
					host: "10.0.0.5",
					port: 6380,
					db: 2,
					password: "s3cret",
					tls: false,
				},
				scope: "openai:node server.js",
				prefix: "gw:",
				ttlSeconds: 60,
			},
		});
		expect(
			parseCliArgs([
				"proxy",
				"--store",
				"rediss://cache.example",
				"--store-scope",
				"github",
				"--url",
				"https://example.com/mcp?token=abc",
			]),
		).toMatchObject({
			store: { address: { port: 6379, tls: true }, scope: "github" },
		});
		expect(
			parseCliArgs([
				"proxy",
				"--store",
				"redis://127.0.0.1",
				"--url",
				"https://example.com/mcp?token=abc",
			]),
		).toMatchObject({ store: { scope: "openai:https://example.com/mcp" } });
	});

	it("refuses a malformed --store, a companion without it, and --store with --snapshot", () => {
		const cases: Array<[string[], RegExp]> = [
			[
				["--store", "http://127.0.0.1:6379"],
				/--store expects redis:\/\/host:port/,
			],
			[["--store", "redis://127.0.0.1/x"], /--store expects/],
			[["--store-scope", "a"], /--store-scope needs --store/],
			[["--store", "redis://h", "--store-ttl", "0"], /--store-ttl expects/],
			[["--store", "redis://h", "--snapshot", "n.json"], /cannot be combined/],
		];
		for (const [args, message] of cases)
			expect(() =>
				parseCliArgs(["proxy", ...args, "--", "node", "s.js"]),
			).toThrow(message);
	});
});
