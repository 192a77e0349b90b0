import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import {
	createServer,
	type IncomingMessage,
	type Server,
	type ServerResponse,
} from "node:http";
import { createServer as createNetServer, type Socket } from "node:net";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { CliIo } from "../../src/cli/io.js";

export const ROOT: string = fileURLToPath(new URL("../../", import.meta.url));
export const CLI: string = fileURLToPath(
	new URL("../../dist/cli.js", import.meta.url),
);
export const fixture = (name: string): string =>
	fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

/** A plain environment: no colour variables, whatever the outer shell sets. */
export function plainEnv(
	extra: Record<string, string> = {},
): Record<string, string> {
	const env: Record<string, string> = {};
	for (const [key, value] of Object.entries(process.env)) {
		if (value === undefined) continue;
		if (key === "FORCE_COLOR" || key === "NO_COLOR") continue;
		env[key] = value;
	}
	return { ...env, ...extra };
}

export interface FakeIo {
	io: CliIo;
	stdout(): string;
	stderr(): string;
}

/** Streams for `main(argv, io)` that collect what is written. */
export function createIo(
	options: {
		env?: Record<string, string | undefined>;
		stdin?: string;
		stdinTTY?: boolean;
		stdoutTTY?: boolean;
		stderrTTY?: boolean;
	} = {},
): FakeIo {
	let out = "";
	let err = "";
	const stdin =
		options.stdin === undefined && options.stdinTTY !== true
			? undefined
			: Object.assign(Readable.from([options.stdin ?? ""]), {
					isTTY: options.stdinTTY === true,
				});
	const io: CliIo = {
		stdout: {
			write: (chunk: string) => {
				out += chunk;
				return true;
			},
			isTTY: options.stdoutTTY === true,
		},
		stderr: {
			write: (chunk: string) => {
				err += chunk;
				return true;
			},
			isTTY: options.stderrTTY === true,
		},
		env: options.env ?? plainEnv(),
		...(stdin === undefined ? {} : { stdin }),
	};
	return { io, stdout: () => out, stderr: () => err };
}

export interface CliResult {
	code: number | null;
	stdout: string;
	stderr: string;
}

/** Runs the built binary (`node dist/cli.js …`) and waits for it to exit. */
export function runCli(
	args: readonly string[],
	options: { input?: string; env?: Record<string, string>; cli?: string } = {},
): Promise<CliResult> {
	const cli = options.cli ?? CLI;
	if (!existsSync(cli)) {
		throw new Error(`${cli} is missing: run npm run build first`);
	}
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [cli, ...args], {
			cwd: ROOT,
			env: options.env ?? plainEnv(),
			stdio: ["pipe", "pipe", "pipe"],
		});
		let stdout = "";
		let stderr = "";
		child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
			stdout += chunk;
		});
		child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
			stderr += chunk;
		});
		// A safety net only: a hung CLI fails the test instead of hanging the run.
		const guard = setTimeout(() => child.kill("SIGKILL"), 25_000);
		child.on("error", reject);
		child.on("close", (code) => {
			clearTimeout(guard);
			resolve({ code, stdout, stderr });
		});
		child.stdin.end(options.input ?? "");
	});
}

export interface TestHttpServer {
	url: string;
	close(): Promise<void>;
}

const HTTP_TOOLS = ["notion/search", "notion.create_page", "begin_session"];

/** What a client sees of the HTTP fixture behind a proxy: wire names, one call's answer. */
export const HTTP_FIXTURE_SERVED: { tools: string[]; called: string } = {
	tools: ["begin_session", "notion_create_page", "notion_search"],
	called: "notion.create_page",
};

/** Lists the tools `client` sees (sorted) and calls `notion_create_page`, for {@link HTTP_FIXTURE_SERVED}. */
export async function listAndCall(
	client: Client,
): Promise<{ tools: string[]; called: string }> {
	const { tools } = await client.listTools();
	const result = await client.callTool({
		name: "notion_create_page",
		arguments: {},
	});
	const content = (result as { content?: Array<{ text?: string }> }).content;
	return {
		tools: tools.map((tool) => tool.name).sort(),
		called: content?.[0]?.text ?? "",
	};
}

function mcpServer(): McpServer {
	const server = new McpServer({ name: "http-fixture", version: "3.0.0" });
	const warn = console.warn;
	console.warn = () => {};
	for (const name of HTTP_TOOLS) {
		server.registerTool(name, { description: name }, () => ({
			content: [{ type: "text", text: name }],
		}));
	}
	console.warn = warn;
	return server;
}

async function listen(
	handler: (req: IncomingMessage, res: ServerResponse) => void,
	path: string,
): Promise<TestHttpServer> {
	const sockets = new Set<Socket>();
	const server: Server = createServer(handler);
	server.on("connection", (socket) => {
		sockets.add(socket);
		socket.on("close", () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const address = server.address();
	if (address === null || typeof address === "string")
		throw new Error("no port");
	return {
		url: `http://127.0.0.1:${address.port}${path}`,
		close: () =>
			new Promise<void>((resolve) => {
				for (const socket of sockets) socket.destroy();
				server.close(() => resolve());
			}),
	};
}

/**
 * A real Streamable HTTP MCP server (the SDK's transport, stateless, JSON responses) on
 * 127.0.0.1 with an ephemeral port. With `token`, requests without
 * `Authorization: Bearer <token>` get 401; so do those `authorize` refuses.
 */
export function startStreamableServer(
	options: {
		token?: string;
		/** Takes a request (credentials, query) or answers it 401. */
		authorize?: (req: IncomingMessage) => boolean;
	} = {},
): Promise<TestHttpServer> {
	return listen((req, res) => {
		if (
			(options.token !== undefined &&
				req.headers.authorization !== `Bearer ${options.token}`) ||
			options.authorize?.(req) === false
		) {
			res
				.writeHead(401, { "content-type": "application/json" })
				.end('{"error":"unauthorized"}');
			return;
		}
		const server = mcpServer();
		// No sessionIdGenerator: stateless, one server and transport per request.
		const transport = new StreamableHTTPServerTransport({
			enableJsonResponse: true,
		});
		res.on("close", () => {
			void transport.close();
			void server.close();
		});
		server
			.connect(transport)
			.then(() => transport.handleRequest(req, res))
			.catch(() => res.writeHead(500).end());
	}, "/mcp");
}

/**
 * A real Streamable HTTP MCP server with sessions (`Mcp-Session-Id`) that answers requests
 * with event streams; `requests` records each request's method and session header.
 */
export async function startSessionServer(): Promise<
	TestHttpServer & {
		requests: Array<{ method: string; session: string | undefined }>;
	}
> {
	const sessions = new Map<string, StreamableHTTPServerTransport>();
	const requests: Array<{ method: string; session: string | undefined }> = [];
	const server = await listen((req, res) => {
		const session = req.headers["mcp-session-id"];
		const id = typeof session === "string" ? session : undefined;
		requests.push({ method: req.method ?? "", session: id });
		const existing = id === undefined ? undefined : sessions.get(id);
		if (existing !== undefined) {
			void existing.handleRequest(req, res);
			return;
		}
		const transport: StreamableHTTPServerTransport =
			new StreamableHTTPServerTransport({
				sessionIdGenerator: () => randomUUID(),
				onsessioninitialized: (sid) => {
					sessions.set(sid, transport);
				},
			});
		void mcpServer()
			.connect(transport)
			.then(() => transport.handleRequest(req, res));
	}, "/mcp");
	return { ...server, requests };
}

/** A real legacy HTTP+SSE MCP server: GET /sse opens the stream, POST /sse gets 405. */
export function startSseServer(): Promise<TestHttpServer> {
	const transports = new Map<string, SSEServerTransport>();
	return listen((req, res) => {
		const url = new URL(req.url ?? "/", "http://127.0.0.1");
		if (req.method === "GET" && url.pathname === "/sse") {
			const transport = new SSEServerTransport("/messages", res);
			transports.set(transport.sessionId, transport);
			res.on("close", () => transports.delete(transport.sessionId));
			void mcpServer().connect(transport);
			return;
		}
		const session = transports.get(url.searchParams.get("sessionId") ?? "");
		if (req.method === "POST" && url.pathname === "/messages" && session) {
			void session.handlePostMessage(req, res);
			return;
		}
		res.writeHead(405, { allow: "GET" }).end("Method Not Allowed");
	}, "/sse");
}

/** An HTTP server that answers every request with one status. */
export function startStatusServer(status: number): Promise<TestHttpServer> {
	return listen((_req, res) => {
		res.writeHead(status, { "content-type": "text/plain" }).end("nope");
	}, "/mcp");
}

/** An HTTP server that accepts requests and never answers them. */
export function startSilentServer(): Promise<TestHttpServer> {
	return listen(() => {}, "/mcp");
}

/** A port nothing listens on: bound, then closed. */
export async function refusedPort(): Promise<number> {
	const server = createNetServer();
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const address = server.address();
	if (address === null || typeof address === "string")
		throw new Error("no port");
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return address.port;
}

/** Whether a process is still running (a zombie waiting for its reaper is not). */
export function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
	} catch {
		return false;
	}
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
		const state = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
		return state !== "Z" && state !== "X";
	} catch {
		return !existsSync("/proc/self/stat");
	}
}

/** The pids a fixture wrote with --pid-file, waiting until `count` are there. */
export async function readPids(file: string, count: number): Promise<number[]> {
	for (let i = 0; i < 200; i++) {
		const pids = existsSync(file)
			? readFileSync(file, "utf8").split("\n").filter(Boolean).map(Number)
			: [];
		if (pids.length >= count) return pids;
		await new Promise((resolve) => setTimeout(resolve, 25));
	}
	throw new Error(`${file} did not get ${count} pids`);
}

/**
 * Pids of live processes whose command line contains `marker`, read from /proc (Linux);
 * elsewhere an empty list. Zombies count as gone.
 */
export function processesWith(marker: string): number[] {
	if (!existsSync("/proc/self/cmdline")) return [];
	const pids: number[] = [];
	for (const entry of readdirSync("/proc")) {
		if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
		try {
			const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
			if (cmdline.includes(marker) && isAlive(Number(entry)))
				pids.push(Number(entry));
		} catch {
			// exited meanwhile
		}
	}
	return pids;
}
