// Helpers for the proxy's end-to-end tests: the built CLI started as a real process, with the
// fixture server behind it, and checks that no process of the tree outlives a test.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

export const ROOT: string = fileURLToPath(new URL("../../", import.meta.url));
export const CLI: string = join(ROOT, "dist", "cli.js");
export const UPSTREAM: string = fileURLToPath(
	new URL("./fixtures/proxy-upstream.mjs", import.meta.url),
);
/** The raw upstream that echoes each request's line (no SDK: bytes reach it as sent). */
export const ECHO: string = fileURLToPath(
	new URL("./fixtures/echo-upstream.mjs", import.meta.url),
);
export const LONG_NAME: string = `analytics/${"very_long_segment_".repeat(5)}report_generator`;

/** A scratch directory, removed by `dispose`. */
export function scratch(): { dir: string; dispose(): void } {
	const dir = mkdtempSync(join(tmpdir(), "mtn-proxy-"));
	return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The environment for a proxy: the test's own, without colour settings. */
export function proxyEnv(
	extra: Record<string, string> = {},
): Record<string, string> {
	const env: Record<string, string> = {};
	for (const [key, value] of Object.entries(process.env)) {
		if (value === undefined || key === "FORCE_COLOR" || key === "NO_COLOR")
			continue;
		env[key] = value;
	}
	return { ...env, ...extra };
}

/** Pids the fixture wrote to its pid file (one line each). */
export function pidsIn(file: string): number[] {
	if (!existsSync(file)) return [];
	return readFileSync(file, "utf8")
		.split("\n")
		.filter((line) => line.trim() !== "")
		.map(Number);
}

export function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === "EPERM";
	}
}

/** Waits (bounded) until none of the pids is alive; returns those still alive. */
export async function waitAllGone(
	pids: readonly number[],
	ms = 10_000,
): Promise<number[]> {
	const end = Date.now() + ms;
	let alive = pids.filter(isAlive);
	while (alive.length > 0 && Date.now() < end) {
		await new Promise((resolve) => setTimeout(resolve, 50));
		alive = alive.filter(isAlive);
	}
	for (const pid of alive) {
		try {
			process.kill(pid, "SIGKILL");
		} catch {
			// gone meanwhile
		}
	}
	return alive;
}

/** An SDK 1.x client connected to `mcp-tool-names proxy <args>` over real stdio. */
export interface ProxiedClient {
	client: Client;
	transport: StdioClientTransport;
	stderr(): string;
	close(): Promise<void>;
}

export async function connectThroughProxy(
	args: readonly string[],
	env: Record<string, string> = proxyEnv(),
): Promise<ProxiedClient> {
	const transport = new StdioClientTransport({
		command: process.execPath,
		args: [CLI, "proxy", ...args],
		env,
		stderr: "pipe",
	});
	let stderr = "";
	transport.stderr?.on("data", (chunk: Buffer) => {
		stderr += chunk.toString();
	});
	const client = new Client({ name: "proxy-e2e", version: "1.0.0" });
	await client.connect(transport);
	return {
		client,
		transport,
		stderr: () => stderr,
		close: () => client.close(),
	};
}

/** The proxy as a raw process, for tests that speak JSON lines themselves. */
export interface RawProxy {
	child: ChildProcess;
	send(line: string): void;
	/** The next stdout line that satisfies `match`. */
	next(
		match: (message: Record<string, unknown>) => boolean,
	): Promise<Record<string, unknown>>;
	lines(): string[];
	stderr(): string;
	exit: Promise<number | null>;
}

export function startRawProxy(
	args: readonly string[],
	env: Record<string, string> = proxyEnv(),
	entry: string = CLI,
): RawProxy {
	const child = spawn(process.execPath, [entry, ...args], {
		env,
		stdio: ["pipe", "pipe", "pipe"],
	});
	const lines: string[] = [];
	let buffer = "";
	let stderr = "";
	const waiters: Array<{
		match: (message: Record<string, unknown>) => boolean;
		resolve: (message: Record<string, unknown>) => void;
	}> = [];
	const offer = (line: string): void => {
		let message: Record<string, unknown>;
		try {
			message = JSON.parse(line) as Record<string, unknown>;
		} catch {
			return;
		}
		for (const [i, waiter] of waiters.entries()) {
			if (waiter.match(message)) {
				waiters.splice(i, 1);
				waiter.resolve(message);
				return;
			}
		}
	};
	child.stdout.on("data", (chunk: Buffer) => {
		buffer += chunk.toString();
		let end = buffer.indexOf("\n");
		while (end !== -1) {
			const line = buffer.slice(0, end);
			buffer = buffer.slice(end + 1);
			lines.push(line);
			offer(line);
			end = buffer.indexOf("\n");
		}
	});
	child.stderr.on("data", (chunk: Buffer) => {
		stderr += chunk.toString();
	});
	child.stdin.on("error", () => {});
	const exit = new Promise<number | null>((resolve) =>
		child.once("exit", (code) => resolve(code)),
	);
	return {
		child,
		send: (line) => child.stdin.write(`${line}\n`),
		next: (match) =>
			new Promise((resolve) => {
				for (const line of lines) {
					try {
						const message = JSON.parse(line) as Record<string, unknown>;
						if (match(message)) return resolve(message);
					} catch {
						// not JSON
					}
				}
				waiters.push({ match, resolve });
			}),
		lines: () => lines,
		stderr: () => stderr,
		exit,
	};
}

export const INITIALIZE: string = JSON.stringify({
	jsonrpc: "2.0",
	id: "init",
	method: "initialize",
	params: {
		protocolVersion: "2025-06-18",
		capabilities: {},
		clientInfo: { name: "raw", version: "1.0.0" },
	},
});
export const INITIALIZED: string = JSON.stringify({
	jsonrpc: "2.0",
	method: "notifications/initialized",
});

/** The text of a tools/call result's first content block. */
export function textOf(result: unknown): string {
	const content = (result as { content?: Array<{ text?: string }> }).content;
	return content?.[0]?.text ?? "";
}
