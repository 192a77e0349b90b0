// Helpers for the tests of `proxy --listen` with the clients people use in front of it (the
// MCP Inspector, mcp-remote, mcporter; pinned devDependencies, run as processes): the proxy
// with a token in front of the fixture server, a client run to its end with what it printed,
// and the client recipes of docs/proxy-cli.md read from the page, so a test runs what the
// page says.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { startListening, stop } from "./_listen.js";
import {
	pidsIn,
	proxyEnv,
	type RawProxy,
	ROOT,
	scratch,
	UPSTREAM,
	waitAllGone,
} from "./_proxy.js";

export const BIN: string = join(ROOT, "node_modules", ".bin");
/** The token the tests' proxies take. */
export const TOKEN = "t0ken-for-the-real-client-tests";
/** The address the recipes in docs/proxy-cli.md use; a test puts its proxy's URL in its place. */
export const DOC_URL = "http://127.0.0.1:8080/mcp";

/** The proxy with `MCP_TOOL_NAMES_TOKEN` set, serving the fixture server. */
export interface TokenProxy {
	proxy: RawProxy;
	url: URL;
	pidFile: string;
	/** Stops the proxy and checks that no server outlived it; removes its directory. */
	close(): Promise<void>;
}

/** Starts `proxy --listen` in front of the fixture with {@link TOKEN} in its environment. */
export async function serveWithToken(
	args: readonly string[] = [],
): Promise<TokenProxy> {
	const { dir, dispose } = scratch();
	const pidFile = join(dir, "pids");
	const listening = await startListening(
		[...args, "--", process.execPath, UPSTREAM],
		proxyEnv({ PROXY_FIXTURE_PID_FILE: pidFile, MCP_TOOL_NAMES_TOKEN: TOKEN }),
	);
	return {
		...listening,
		pidFile,
		close: async () => {
			await stop(listening.proxy);
			const left = await waitAllGone(pidsIn(pidFile));
			dispose();
			expect(left).toEqual([]);
		},
	};
}

/** A suite's one proxy with the token, and a home for each client run; stopped after the suite. */
export interface SuiteProxy {
	/** The proxy (started before the suite's first test). */
	readonly served: TokenProxy;
	/** A fresh directory, removed after the suite: a client's HOME and working directory. */
	home(): string;
}

/** Registers `beforeAll` / `afterAll` for one {@link serveWithToken} proxy shared by a suite. */
export function tokenProxyForSuite(): SuiteProxy {
	let served: TokenProxy | undefined;
	const disposals: Array<() => void> = [];
	beforeAll(async () => {
		served = await serveWithToken();
	});
	afterAll(async () => {
		for (const dispose of disposals) dispose();
		await served?.close();
	});
	return {
		get served(): TokenProxy {
			if (served === undefined) throw new Error("the proxy is not started");
			return served;
		},
		home: () => {
			const { dir, dispose } = scratch();
			disposals.push(dispose);
			return dir;
		},
	};
}

/** The `initialize` params Claude Desktop sends a server it starts. */
export const DESKTOP_INITIALIZE: Record<string, unknown> = {
	protocolVersion: "2025-06-18",
	capabilities: {},
	clientInfo: { name: "claude-ai", version: "0.1.0" },
};

/**
 * The environment of a client: the test's own without the proxy's token, a home of its own
 * (the clients keep state there: ~/.mcp-auth, ~/.mcporter, ~/.mcp-inspector), in-memory
 * secrets for the Inspector and no browser opened.
 */
export function clientEnv(
	home: string,
	extra: Record<string, string> = {},
): Record<string, string> {
	const env = proxyEnv({
		HOME: home,
		MCP_INSPECTOR_SECRET_STORE: "memory",
		MCP_AUTO_OPEN_ENABLED: "false",
		npm_config_update_notifier: "false",
		...extra,
	});
	if (extra.MCP_TOOL_NAMES_TOKEN === undefined) delete env.MCP_TOOL_NAMES_TOKEN;
	return env;
}

/** How a client process ended and what it printed. */
export interface ClientRun {
	/** The exit code; `null` when the test had to kill it. */
	code: number | null;
	stdout: string;
	stderr: string;
	/** Milliseconds from start to exit. */
	ms: number;
}

/** Starts a client in a process group of its own, so that one kill ends it and its children. */
export function spawnClient(
	command: string,
	args: readonly string[],
	options: { env: Record<string, string>; cwd: string },
): ChildProcess {
	return spawn(command, args, {
		env: options.env,
		cwd: options.cwd,
		stdio: ["pipe", "pipe", "pipe"],
		detached: process.platform !== "win32",
	});
}

/** Ends a client's process group (the client and what it started). */
export function killClient(child: ChildProcess): void {
	if (child.pid === undefined || child.exitCode !== null) return;
	try {
		if (process.platform === "win32") child.kill("SIGKILL");
		else process.kill(-child.pid, "SIGKILL");
	} catch {
		// gone meanwhile
	}
}

/**
 * Runs a client to its end (stdin closed at once) and returns what it printed. A client still
 * running after `timeoutMs` is killed and its run has `code: null`: a test asserts that the
 * client ended by itself, so a client that waits (for a browser, say) fails in seconds.
 */
export function runClient(
	command: string,
	args: readonly string[],
	options: { env: Record<string, string>; cwd: string; timeoutMs?: number },
): Promise<ClientRun> {
	const started = Date.now();
	const child = spawnClient(command, args, options);
	child.stdin?.end();
	let stdout = "";
	let stderr = "";
	child.stdout?.on("data", (chunk: Buffer) => {
		stdout += chunk.toString();
	});
	child.stderr?.on("data", (chunk: Buffer) => {
		stderr += chunk.toString();
	});
	const timer = setTimeout(
		() => killClient(child),
		options.timeoutMs ?? 25_000,
	);
	return new Promise((resolve) => {
		child.once("close", (code) => {
			clearTimeout(timer);
			resolve({ code, stdout, stderr, ms: Date.now() - started });
		});
	});
}

/** The section of docs/proxy-cli.md that holds the client recipes. */
function recipes(): string {
	const page = readFileSync(join(ROOT, "docs", "proxy-cli.md"), "utf8");
	const start = page.indexOf("### Clients of `--listen`");
	if (start === -1) throw new Error("docs/proxy-cli.md: no client recipes");
	const end = page.indexOf("\n## ", start);
	return page.slice(start, end === -1 ? undefined : end);
}

/** The one command line of the recipes that starts with `prefix`. */
export function documentedCommand(prefix: string): string {
	const lines = recipes()
		.split("\n")
		.filter((line) => line.startsWith(prefix));
	if (lines.length !== 1)
		throw new Error(
			`docs/proxy-cli.md: ${lines.length} recipe lines start with ${prefix}`,
		);
	return lines[0] as string;
}

/** The one JSON block of the recipes that contains `marker`, parsed. */
export function documentedJson(marker: string): Record<string, any> {
	const blocks = [...recipes().matchAll(/```json\n([\s\S]*?)```/g)]
		.map((match) => match[1] as string)
		.filter((block) => block.includes(marker));
	if (blocks.length !== 1)
		throw new Error(
			`docs/proxy-cli.md: ${blocks.length} JSON recipes contain ${marker}`,
		);
	return JSON.parse(blocks[0] as string) as Record<string, any>;
}

/**
 * A documented command line as a shell would split it: words at spaces, `"…"` and `'…'`
 * quoting, `$NAME` expanded from `env` outside single quotes. Enough for the recipes, which
 * use nothing else; anything else is an error, so a recipe cannot drift into a form this
 * reads wrongly.
 */
export function shellWords(
	line: string,
	env: Record<string, string>,
): string[] {
	if (/[`\\|;&<>()]|\$\(|\$\{/.test(line))
		throw new Error(`Recipe needs a real shell: ${line}`);
	const words: string[] = [];
	const pattern = /"([^"]*)"|'([^']*)'|(\S+)/g;
	let word = "";
	let last = 0;
	for (const match of line.matchAll(pattern)) {
		const gap = line.slice(last, match.index);
		if (gap !== "" && word !== "") {
			words.push(word);
			word = "";
		}
		const [, double, single, bare] = match;
		const expand = (text: string): string =>
			text.replace(/\$([A-Z_][A-Z0-9_]*)/g, (_, name: string) => {
				const value = env[name];
				if (value === undefined) throw new Error(`$${name} is not set`);
				return value;
			});
		word += single !== undefined ? single : expand(double ?? (bare as string));
		last = (match.index ?? 0) + match[0].length;
	}
	if (word !== "") words.push(word);
	return words;
}

/**
 * A documented `npx <package> …` command as the test runs it: the pinned devDependency's bin
 * under this Node instead of a download, and the test's proxy in place of {@link DOC_URL}.
 */
export function asInstalled(
	words: readonly string[],
	url: URL,
): { command: string; args: string[] } {
	const [npx, ...rest] = words;
	if (npx !== "npx")
		throw new Error(`Recipe does not start with npx: ${words}`);
	const skipped = rest[0] === "-y" ? rest.slice(1) : rest;
	const [pkg, ...args] = skipped;
	const bins: Record<string, string> = {
		"@modelcontextprotocol/inspector": "mcp-inspector",
		"mcp-remote": "mcp-remote",
		mcporter: "mcporter",
	};
	const bin = bins[pkg ?? ""];
	if (bin === undefined) throw new Error(`No pinned client for ${pkg}`);
	return {
		command: process.execPath,
		args: [
			join(BIN, bin),
			...args.map((arg) => arg.replaceAll(DOC_URL, url.href)),
		],
	};
}

/**
 * A client process driven over stdio as Claude Desktop drives a server it starts: JSON-RPC
 * messages one per line on stdin, one request at a time, each answer awaited before the next.
 */
export class StdioDriver {
	readonly child: ChildProcess;
	readonly started: number = Date.now();
	#stderr = "";
	#buffer = "";
	readonly #answers = new Map<unknown, Record<string, any>>();
	readonly #waiters = new Map<
		unknown,
		{
			resolve: (answer: Record<string, any>) => void;
			reject: (error: Error) => void;
		}
	>();
	/** Resolves with the exit code when the process has ended (`null`: killed). */
	readonly exited: Promise<number | null>;

	constructor(
		command: string,
		args: readonly string[],
		options: { env: Record<string, string>; cwd: string },
	) {
		this.child = spawnClient(command, args, options);
		this.child.stdin?.on("error", () => {});
		this.child.stderr?.on("data", (chunk: Buffer) => {
			this.#stderr += chunk.toString();
		});
		this.child.stdout?.on("data", (chunk: Buffer) => this.#read(chunk));
		this.exited = new Promise((resolve) =>
			this.child.once("close", (code) => {
				for (const waiter of this.#waiters.values())
					waiter.reject(
						new Error(`Exited with code ${code}; stderr:\n${this.#stderr}`),
					);
				this.#waiters.clear();
				resolve(code);
			}),
		);
	}

	/** What the process wrote on stderr so far (Claude Desktop keeps it as the server's log). */
	get stderr(): string {
		return this.#stderr;
	}

	/** Sends a notification (no answer). */
	notify(method: string, params?: Record<string, unknown>): void {
		this.#write({ jsonrpc: "2.0", method, ...(params ? { params } : {}) });
	}

	/** Sends a request and resolves with its answer, or rejects after `timeoutMs`. */
	request(
		id: number,
		method: string,
		params: Record<string, unknown> = {},
		timeoutMs = 20_000,
	): Promise<Record<string, any>> {
		this.#write({ jsonrpc: "2.0", id, method, params });
		const answered = this.#answers.get(id);
		if (answered !== undefined) return Promise.resolve(answered);
		return new Promise((resolve, reject) => {
			const timer = setTimeout(
				() =>
					reject(
						new Error(
							`No answer to ${method} within ${timeoutMs} ms; stderr:\n${this.#stderr}`,
						),
					),
				timeoutMs,
			);
			this.#waiters.set(id, {
				resolve: (answer) => {
					clearTimeout(timer);
					resolve(answer);
				},
				reject: (error) => {
					clearTimeout(timer);
					reject(error);
				},
			});
		});
	}

	/** Closes stdin, as Claude Desktop does when it quits, and waits (bounded) for the exit. */
	async close(): Promise<void> {
		this.child.stdin?.end();
		const timer = setTimeout(() => killClient(this.child), 10_000);
		await this.exited;
		clearTimeout(timer);
	}

	#write(message: Record<string, unknown>): void {
		this.child.stdin?.write(`${JSON.stringify(message)}\n`);
	}

	#read(chunk: Buffer): void {
		this.#buffer += chunk.toString();
		let end = this.#buffer.indexOf("\n");
		while (end !== -1) {
			const line = this.#buffer.slice(0, end);
			this.#buffer = this.#buffer.slice(end + 1);
			end = this.#buffer.indexOf("\n");
			let message: Record<string, any>;
			try {
				message = JSON.parse(line) as Record<string, any>;
			} catch {
				continue;
			}
			if (!("id" in message) || "method" in message) continue;
			this.#answers.set(message.id, message);
			this.#waiters.get(message.id)?.resolve(message);
			this.#waiters.delete(message.id);
		}
	}
}
