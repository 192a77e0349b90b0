// Why the proxy's message path is written by hand (docs/architecture.md, "The message path"):
// the MCP SDK's transports refuse or alter messages a proxy must pass on as they are. Each such
// message goes through every way of running the proxy (stdio, --url, --listen), and the bytes
// the client gets are the bytes the raw server wrote; the server gets the client's bytes.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
	cleanupsAfterEach,
	openSession,
	post,
	startListening,
	stop,
} from "./_listen.js";
import {
	INITIALIZE,
	INITIALIZED,
	proxyEnv,
	type RawProxy,
	scratch,
	startRawProxy,
} from "./_proxy.js";
import CASES from "./fixtures/raw-wire-cases.json" with { type: "json" };

const RAW_SERVER = fileURLToPath(
	new URL("./fixtures/raw-wire-server.mjs", import.meta.url),
);
const cleanups = cleanupsAfterEach();

/** A scratch file the raw server writes every message it received to. */
function receivedLog(): { env: Record<string, string>; lines(): string[] } {
	const { dir, dispose } = scratch();
	cleanups.push(dispose);
	const file = join(dir, "received");
	return {
		env: proxyEnv({ RAW_WIRE_LOG: file }),
		lines: () => readFileSync(file, "utf8").split("\n"),
	};
}

/** The raw server over HTTP; resolves with its URL. */
function rawHttpServer(env: Record<string, string>): Promise<URL> {
	const child = spawn(process.execPath, [RAW_SERVER, "--http", "0"], {
		env,
		stdio: ["ignore", "pipe", "inherit"],
	});
	cleanups.push(async () => {
		child.kill("SIGTERM");
		if (child.exitCode === null)
			await new Promise((resolve) => child.once("exit", resolve));
	});
	return new Promise((resolve, reject) => {
		child.stdout.once("data", (chunk: Buffer) =>
			resolve(new URL(chunk.toString().trim())),
		);
		child.once("exit", (code) => reject(new Error(`exited with ${code}`)));
	});
}

/** Sends each case over the proxy's stdio; each case's lines must be its replies, as written. */
async function throughStdio(proxy: RawProxy): Promise<void> {
	cleanups.push(async () => {
		proxy.child.stdin?.end();
		await proxy.exit;
	});
	proxy.send(INITIALIZE);
	await proxy.next((message) => message.id === "init");
	proxy.send(INITIALIZED);
	for (const { reason, request, replies } of CASES) {
		const before = proxy.lines().length;
		proxy.send(request);
		await expect
			.poll(() => proxy.lines().length, { timeout: 10_000 })
			.toBeGreaterThanOrEqual(before + replies.length);
		expect({ reason, lines: proxy.lines().slice(before) }).toEqual({
			reason,
			lines: replies,
		});
	}
}

function expectRequestsReceived(lines: readonly string[]): void {
	for (const { reason, request } of CASES)
		expect({ reason, received: lines.includes(request) }).toEqual({
			reason,
			received: true,
		});
}

describe("the proxy's message path, byte for byte", () => {
	it("passes each message the SDK's transports refuse or alter through stdio as the server wrote it", async () => {
		const log = receivedLog();
		await throughStdio(
			startRawProxy(["proxy", "--", process.execPath, RAW_SERVER], log.env),
		);
		expectRequestsReceived(log.lines());
	});

	it("passes each of them through --url (Streamable HTTP: JSON bodies and event streams) as the server wrote it", async () => {
		const log = receivedLog();
		const url = await rawHttpServer(log.env);
		await throughStdio(startRawProxy(["proxy", "--url", url.href]));
		expectRequestsReceived(log.lines());
	});

	it.each([
		["--listen", "a stdio server"],
		["--listen --url", "an HTTP server"],
	])(
		"passes each of them through %s (%s) as the server wrote it, one event's data each",
		async (mode) => {
			const log = receivedLog();
			const upstream =
				mode === "--listen"
					? ["--", process.execPath, RAW_SERVER]
					: ["--url", (await rawHttpServer(log.env)).href];
			const { proxy, url } = await startListening(upstream, log.env);
			cleanups.push(() => stop(proxy));
			const session = await openSession(url);
			for (const { reason, request, replies } of CASES) {
				const answer = await post(url, request, { "mcp-session-id": session });
				expect(answer.status).toBe(200);
				const data = answer.body
					.split("\n")
					.filter((line) => line.startsWith("data: "))
					.map((line) => line.slice("data: ".length));
				expect({ reason, data }).toEqual({ reason, data: replies });
			}
			expectRequestsReceived(log.lines());
		},
	);
});
