import { describe, expect, it } from "vitest";
import { parseCliArgs } from "../../src/cli/options/cli.js";

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
			reserve: 0,
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
			listen: {
				host: "127.0.0.1",
				port: 8080,
				allowedHosts: [],
				allowedOrigins: [],
				allowUnauthenticated: false,
				maxBodyBytes: 4 * 1024 * 1024,
				maxSessions: 32,
				sessionIdleMs: 30 * 60 * 1000,
			},
		});
	});

	it("keeps --start-timeout only when given, the stdio start applying its default", () => {
		expect(
			parseCliArgs(["proxy", "--start-timeout", "300000", "--", "node"]),
		).toMatchObject({ startTimeoutMs: 300_000 });
		expect(parseCliArgs(["proxy", "--", "node"])).not.toHaveProperty(
			"startTimeoutMs",
		);
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
		expect(listen("0.0.0.0:9000")).toMatchObject({
			host: "0.0.0.0",
			port: 9000,
		});
		expect(listen("[::1]:9000")).toMatchObject({ host: "::1", port: 9000 });
		expect(listen(":0")).toMatchObject({ host: "127.0.0.1", port: 0 });
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
		[["proxy", "http://localhost:3000/mcp"], /give a server's URL with --url/],
		[
			["proxy", "--max-sessions", "4", "--", "node"],
			/--max-sessions needs --listen/,
		],
		[
			["proxy", "--allow-unauthenticated", "--", "node"],
			/--allow-unauthenticated needs --listen/,
		],
		[
			["proxy", "--listen", "0", "--max-body", "4g", "--", "node"],
			/--max-body expects a size .* got "4g"/,
		],
		[
			["proxy", "--listen", "0", "--max-body", "0", "--", "node"],
			/--max-body expects/,
		],
		[
			["proxy", "--listen", "0", "--max-sessions", "0", "--", "node"],
			/--max-sessions expects a whole number from 1/,
		],
		[
			["proxy", "--listen", "0", "--session-idle", "30", "--", "node"],
			/--session-idle expects a duration with ms, s, m or h/,
		],
		[
			["proxy", "--listen", "0", "--session-idle", "30d", "--", "node"],
			/--session-idle expects/,
		],
		[
			[
				"proxy",
				"--listen",
				"0",
				"--allowed-hosts",
				"a.example:8080",
				"--",
				"node",
			],
			/--allowed-hosts takes host names without a port/,
		],
		[
			[
				"proxy",
				"--listen",
				"0",
				"--allowed-origins",
				"https://a.example/app",
				"--",
				"node",
			],
			/--allowed-origins takes origins/,
		],
		[
			[
				"proxy",
				"--listen",
				"0",
				"--allowed-origins",
				"file:///x",
				"--",
				"node",
			],
			/--allowed-origins takes origins/,
		],
		[["proxy", "--snapshot=", "--", "node"], /--snapshot needs a file path/],
	])("refuses %j with one sentence", (argv, message) => {
		expect(() => parseCliArgs(argv)).toThrow(message);
	});

	it("reads the bounds and lists of --listen", () => {
		expect(
			(
				parseCliArgs([
					"proxy",
					"--listen",
					"0.0.0.0:8080",
					"--allowed-hosts",
					"MCP.example.com, 10.0.0.5",
					"--allowed-hosts",
					"::1",
					"--allowed-origins",
					"https://App.example.com:8443,http://localhost:3000/",
					"--allow-unauthenticated",
					"--max-body",
					"512k",
					"--max-sessions",
					"8",
					"--session-idle",
					"90s",
					"--",
					"node",
				]) as { listen?: unknown }
			).listen,
		).toEqual({
			host: "0.0.0.0",
			port: 8080,
			allowedHosts: ["mcp.example.com", "10.0.0.5", "[::1]"],
			allowedOrigins: ["https://app.example.com:8443", "http://localhost:3000"],
			allowUnauthenticated: true,
			maxBodyBytes: 512 * 1024,
			maxSessions: 8,
			sessionIdleMs: 90_000,
		});
		const bounds = (args: string[]) =>
			(
				parseCliArgs(["proxy", "--listen", "0", ...args, "--", "node"]) as {
					listen: { maxBodyBytes: number; sessionIdleMs: number };
				}
			).listen;
		expect(bounds(["--max-body", "2M"]).maxBodyBytes).toBe(2 * 1024 * 1024);
		expect(bounds(["--max-body", "1000"]).maxBodyBytes).toBe(1000);
		expect(bounds(["--session-idle", "250ms"]).sessionIdleMs).toBe(250);
		expect(bounds(["--session-idle", "2h"]).sessionIdleMs).toBe(7_200_000);
		expect(bounds(["--session-idle", "30m"]).sessionIdleMs).toBe(1_800_000);
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
				url: "redis://10.0.0.5:6380/2",
				address: {
					host: "10.0.0.5",
					port: 6380,
					db: 2,
					password: "s3cret",
					tls: false,
				},
				scope: expect.stringMatching(/^openai:[0-9a-f]{16}$/),
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
		).toMatchObject({
			store: { scope: expect.stringMatching(/^openai:[0-9a-f]{16}$/) },
		});
	});

	it("keeps arguments, URL credentials and queries out of the default scope and the store's URL", () => {
		const scopeOf = (args: string[], store = "redis://127.0.0.1") =>
			(
				parseCliArgs(["proxy", "--store", store, ...args]) as {
					store: { scope: string; url: string };
				}
			).store;
		const secret = "sk-live-0123456789";
		const withKey = scopeOf(["--", "node", "server.js", `--api-key=${secret}`]);
		expect(withKey.scope).not.toContain(secret);
		expect(withKey.scope).not.toContain("server.js");
		// Deterministic: every replica of the same command shares one scope.
		expect(
			scopeOf(["--", "node", "server.js", `--api-key=${secret}`]).scope,
		).toBe(withKey.scope);
		// Words are not joined with spaces before hashing: ["a b"] is not ["a", "b"].
		expect(scopeOf(["--", "node", "a b"]).scope).not.toBe(
			scopeOf(["--", "node", "a", "b"]).scope,
		);
		expect(
			scopeOf(["--profile", "gemini", "--", "node", "server.js"]).scope,
		).toMatch(/^gemini:/);
		const url = scopeOf([
			"--url",
			`https://u:${secret}@example.com/mcp?token=${secret}`,
		]);
		expect(url.scope).not.toContain(secret);
		expect(url.scope).not.toContain("example.com");
		// A password with / and @ (percent-encoded, as URLs need) is never printed.
		const store = scopeOf(
			["--", "node", "s.js"],
			"redis://admin:p%2Fa%40ss@10.0.0.5:6380/2",
		);
		expect(store.url).toBe("redis://10.0.0.5:6380/2");
	});

	it("never echoes a --store value that may hold a password, even one that does not parse", () => {
		for (const value of [
			"redis://default:Zq/Xv@10.0.0.5:6379",
			"redis://default:987/Xv@10.0.0.5:6379",
			"redis://:Zq@Xv/Wy@host",
		]) {
			let message = "";
			try {
				parseCliArgs(["proxy", "--store", value, "--", "node", "s.js"]);
			} catch (error) {
				message = (error as Error).message;
			}
			expect(message).toMatch(/--store expects redis:\/\//);
			for (const part of ["Zq", "Xv", "Wy", "987"])
				expect(message).not.toContain(part);
		}
	});

	it("refuses a malformed --store, a companion without it, and --store with --snapshot", () => {
		const cases: Array<[string[], RegExp]> = [
			[
				["--store", "http://127.0.0.1:6379"],
				/--store expects redis:\/\/.*got a "http:" URL/,
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
