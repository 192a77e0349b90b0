import process from "node:process";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { type ToolEntry, toolEntryOf } from "../adapters/routing/tool-entry.js";
import { CliFailure } from "./_failure.js";
import { VERSION } from "./help.js";
import type { Progress } from "./progress.js";
import {
	loadHttpSdk,
	loadStdioSdk,
	type SdkClient,
	type SdkHttp,
} from "./sdk.js";

/**
 * The server's `serverInfo` from `initialize`.
 *
 * @example
 * ```ts
 * const server: ServerInfo = { name: "linear", version: "1.2.0" };
 * ```
 */
export interface ServerInfo {
	name: string;
	version: string;
	title?: string;
}

/**
 * What {@link listStdioTools} and {@link listHttpTools} return.
 *
 * @example
 * ```ts
 * const { tools, pages }: ListedTools = await listStdioTools(server, options);
 * ```
 */
export interface ListedTools {
	tools: ToolEntry[];
	server: ServerInfo | null;
	/** `tools/list` pages read (0 when the server declares no tools capability). */
	pages: number;
	/** The server's `initialize` result has no `tools` capability, so nothing was listed. */
	noToolsCapability: boolean;
	/** The HTTP transport that answered. */
	transport?: "streamable-http" | "sse";
}

/**
 * Options shared by the server targets.
 *
 * @example
 * ```ts
 * const options: ConnectOptions = { timeoutMs: 5_000, progress, label: "the demo server" };
 * ```
 */
export interface ConnectOptions {
	/** Budget for starting, initializing and listing every page, in all. */
	timeoutMs: number;
	progress: Progress;
	/** How to name the server in messages: its command line or URL. */
	label: string;
}

/**
 * A stdio server to start.
 *
 * @example
 * ```ts
 * const server: StdioServer = { command: "npx", args: ["-y", "@modelcontextprotocol/server-everything"] };
 * ```
 */
export interface StdioServer {
	command: string;
	args: readonly string[];
	cwd?: string;
	/** The child's environment; default the CLI's own. */
	env?: Readonly<Record<string, string | undefined>>;
}

/**
 * A Streamable HTTP (or legacy SSE) endpoint.
 *
 * @example
 * ```ts
 * const server: HttpServer = { url: "http://localhost:3000/mcp", headers: { Authorization: "Bearer TOKEN" } };
 * ```
 */
export interface HttpServer {
	url: string;
	headers: Readonly<Record<string, string>>;
}

type Phase = "start" | "initialize" | "list";

const CLIENT_INFO = { name: "mcp-tool-names", version: VERSION };
const STDERR_TAIL_BYTES = 4096;
const MAX_PAGES = 10_000;
const TERMINATE_WAIT_MS = 1_000;

/**
 * Starts a stdio server, initializes it, follows `tools/list` through every `nextCursor`,
 * and always closes the client and stops the child, whatever happened.
 *
 * @param server - the command line to start
 * @param options - time budget, progress line and label
 * @returns the tools and the server's info
 * @throws CliFailure `target` with one sentence: command not found, exited early, timed out,
 * or answered with an error
 * @throws McpToolNamesError `missing-dependency` when the SDK is not installed
 * @example
 * ```ts
 * const { tools } = await listStdioTools({ command: "node", args: ["server.js"] }, options);
 * ```
 */
export async function listStdioTools(
	server: StdioServer,
	options: ConnectOptions,
): Promise<ListedTools> {
	const sdk = await loadStdioSdk();
	const env = definedEnv(server.env ?? process.env);
	const transport = new sdk.StdioClientTransport({
		command: server.command,
		args: [...server.args],
		env,
		stderr: "pipe",
		...(server.cwd === undefined ? {} : { cwd: server.cwd }),
	});
	const stderr = captureTail(transport.stderr);
	let pid: number | undefined;
	let exited = false;
	let lastError: unknown;
	const start = transport.start.bind(transport);
	transport.start = async () => {
		await start();
		pid = transport.pid ?? undefined;
	};
	transport.onclose = () => {
		exited = true;
	};
	const client = new sdk.Client(CLIENT_INFO, { capabilities: {} });
	client.onerror = (error) => {
		lastError = error;
	};
	const deadline = createDeadline(options.timeoutMs);
	let done = false;
	try {
		options.progress.update(`Starting ${options.label}`);
		await deadline.run("start", client.connect(transport, deadline.request()));
		const listed = await listAll(client, deadline, options);
		done = true;
		return listed;
	} catch (error) {
		throw describeStdioFailure(error, {
			sdk,
			options,
			command: server.command,
			phase: deadline.phase,
			exited,
			stderr: stderr(),
			lastError,
		});
	} finally {
		deadline.dispose();
		if (!done && pid !== undefined && !exited) {
			try {
				process.kill(pid, "SIGTERM");
			} catch {
				// already gone
			}
		}
		await client.close().catch(() => {});
	}
}

/**
 * Connects to an HTTP server over Streamable HTTP, falling back to the older HTTP+SSE
 * transport when the endpoint answers the POST with a 4xx status other than 401/403 (the
 * backwards-compatibility procedure of the MCP specification,
 * https://modelcontextprotocol.io/specification/2025-06-18/basic/transports#backwards-compatibility),
 * then lists every page of tools and closes.
 *
 * @param server - the endpoint and extra headers
 * @param options - time budget, progress line and label
 * @returns the tools, the server's info and the transport that worked
 * @throws CliFailure `target`: connection refused, host not found, HTTP status, timeout
 * @throws McpToolNamesError `missing-dependency` when the SDK is not installed
 * @example
 * ```ts
 * const { tools, transport } = await listHttpTools({ url: "http://localhost:3000/mcp", headers: {} }, options);
 * ```
 */
export async function listHttpTools(
	server: HttpServer,
	options: ConnectOptions,
): Promise<ListedTools> {
	const sdk = await loadHttpSdk();
	const url = new URL(server.url);
	const requestInit = { headers: { ...server.headers } };
	const deadline = createDeadline(options.timeoutMs);
	const opened: Array<{ client: Client; transport: Transport }> = [];
	const open = async (
		kind: "streamable-http" | "sse",
	): Promise<{ client: Client; transport: Transport }> => {
		const transport =
			kind === "sse"
				? new sdk.SSEClientTransport(url, { requestInit })
				: new sdk.StreamableHTTPClientTransport(url, { requestInit });
		const client = new sdk.Client(CLIENT_INFO, { capabilities: {} });
		client.onerror = () => {};
		opened.push({ client, transport });
		await deadline.run(
			"initialize",
			client.connect(transport, deadline.request()),
		);
		return { client, transport };
	};
	try {
		options.progress.update(`Connecting to ${options.label}`);
		let session: { client: Client; transport: Transport };
		let kind: "streamable-http" | "sse" = "streamable-http";
		try {
			session = await open(kind);
		} catch (error) {
			if (!isHttpClientError(error, sdk)) throw error;
			options.progress.update(`Trying the SSE transport at ${options.label}`);
			kind = "sse";
			try {
				session = await open(kind);
			} catch (sseError) {
				if (isTimeout(sseError, sdk)) throw sseError;
				throw new FallbackFailed(error);
			}
		}
		const listed = await listAll(session.client, deadline, options);
		return { ...listed, transport: kind };
	} catch (error) {
		throw describeHttpFailure(error, {
			sdk,
			options,
			phase: deadline.phase,
			url,
		});
	} finally {
		deadline.dispose();
		for (const { client, transport } of opened) {
			await terminateSession(transport);
			await client.close().catch(() => {});
		}
	}
}

async function listAll(
	client: Client,
	deadline: Deadline,
	options: ConnectOptions,
): Promise<ListedTools> {
	const server = serverInfoOf(client.getServerVersion());
	if (client.getServerCapabilities()?.tools === undefined) {
		return { tools: [], server, pages: 0, noToolsCapability: true };
	}
	const tools: ToolEntry[] = [];
	const cursors = new Set<string>();
	let cursor: string | undefined;
	let pages = 0;
	do {
		options.progress.update(
			pages === 0
				? `Listing tools of ${options.label}`
				: `Listing tools of ${options.label} (page ${pages + 1}, ${tools.length} so far)`,
		);
		const page = await deadline.run(
			"list",
			client.listTools(
				cursor === undefined ? undefined : { cursor },
				deadline.request(),
			),
		);
		pages++;
		for (const tool of page.tools) {
			const entry = toolEntryOf(tool);
			if (entry !== undefined) tools.push(entry);
		}
		cursor = page.nextCursor === "" ? undefined : page.nextCursor;
		if (cursor !== undefined) {
			if (cursors.has(cursor) || pages >= MAX_PAGES) {
				throw new CliFailure(
					"target",
					`${capitalize(options.label)} repeated the tools/list cursor ${JSON.stringify(cursor.slice(0, 40))} after ${pages} pages; stopped listing`,
				);
			}
			cursors.add(cursor);
		}
	} while (cursor !== undefined);
	return { tools, server, pages, noToolsCapability: false };
}

interface Deadline {
	readonly phase: Phase;
	/** Races a step against the deadline, recording the phase for the timeout message. */
	run<T>(phase: Phase, step: Promise<T>): Promise<T>;
	/** Request options for the SDK: the remaining time, and a signal that cancels on expiry. */
	request(): { timeout: number; signal: AbortSignal };
	dispose(): void;
}

class DeadlineExpired extends Error {
	readonly phase: Phase;
	constructor(phase: Phase) {
		super(`Deadline expired during ${phase}`);
		this.phase = phase;
	}
}

class FallbackFailed extends Error {
	readonly original: unknown;
	constructor(original: unknown) {
		super("Streamable HTTP and SSE both failed");
		this.original = original;
	}
}

function createDeadline(timeoutMs: number): Deadline {
	const controller = new AbortController();
	const end = Date.now() + timeoutMs;
	let phase: Phase = "start";
	let rejectExpired: (error: Error) => void = () => {};
	const expired = new Promise<never>((_, reject) => {
		rejectExpired = reject;
	});
	expired.catch(() => {});
	const timer = setTimeout(() => {
		rejectExpired(new DeadlineExpired(phase));
		controller.abort();
	}, timeoutMs);
	return {
		get phase() {
			return phase;
		},
		run(next, step) {
			phase = next;
			step.catch(() => {});
			return Promise.race([step, expired]);
		},
		request: () => ({
			timeout: Math.max(1, end - Date.now()),
			signal: controller.signal,
		}),
		dispose: () => clearTimeout(timer),
	};
}

interface StdioContext {
	sdk: SdkClient;
	options: ConnectOptions;
	command: string;
	phase: Phase;
	exited: boolean;
	stderr: string;
	lastError: unknown;
}

function describeStdioFailure(error: unknown, context: StdioContext): Error {
	if (error instanceof CliFailure) return error;
	const { options, sdk } = context;
	const label = capitalize(options.label);
	if (isSpawnError(error)) {
		const code = errorCode(error);
		const reason =
			code === "ENOENT"
				? "command not found"
				: code === "EACCES"
					? "permission denied"
					: messageOf(error);
		const hint =
			code === "ENOENT" && /\s/.test(context.command)
				? "; write the command and its arguments as separate words after --"
				: "";
		return new CliFailure(
			"target",
			`Cannot start ${JSON.stringify(context.command)}: ${reason}${hint}`,
			{ cause: error },
		);
	}
	if (isTimeout(error, sdk)) {
		return new CliFailure(
			"target",
			`${label} did not answer ${phaseText(context.phase)} within ${options.timeoutMs} ms; raise --timeout if it is slow to start`,
			{ cause: error },
		);
	}
	if (context.exited || isConnectionClosed(error, sdk)) {
		const tail = lastLine(context.stderr);
		const garbage =
			context.lastError instanceof SyntaxError ||
			(context.lastError instanceof Error &&
				context.lastError.name === "ZodError")
				? " after writing something that is not JSON-RPC to stdout"
				: "";
		const before =
			context.phase === "list"
				? "before it listed its tools"
				: "before it answered initialize";
		return new CliFailure(
			"target",
			`${label} exited ${before}${garbage}${tail === "" ? "" : ` (its last stderr line: ${JSON.stringify(tail)})`}`,
			{ cause: error },
		);
	}
	return new CliFailure(
		"target",
		`${label} ${failedDuring(error, context.phase, sdk)}`,
		{ cause: error },
	);
}

interface HttpContext {
	sdk: SdkHttp;
	options: ConnectOptions;
	phase: Phase;
	url: URL;
}

function describeHttpFailure(error: unknown, context: HttpContext): Error {
	if (error instanceof CliFailure) return error;
	const { sdk, options } = context;
	const label = capitalize(options.label);
	const fellBack = error instanceof FallbackFailed;
	const original = error instanceof FallbackFailed ? error.original : error;
	const tried = fellBack ? " (the SSE fallback failed too)" : "";
	if (isTimeout(original, sdk)) {
		return new CliFailure(
			"target",
			`${label} did not answer ${phaseText(context.phase)} within ${options.timeoutMs} ms; raise --timeout if it is slow`,
			{ cause: error },
		);
	}
	const status = httpStatusOf(original, sdk);
	if (status !== undefined) {
		const hint =
			status === 401 || status === 403
				? '; pass credentials with --header "Authorization: Bearer <token>"'
				: status === 404 || status === 405
					? "; check the URL's path (often /mcp, or /sse for older servers)"
					: "";
		return new CliFailure(
			"target",
			`${label} answered HTTP ${status}${statusText(status)}${tried}${hint}`,
			{ cause: error },
		);
	}
	if (original instanceof Error && original.name === "UnauthorizedError") {
		return new CliFailure(
			"target",
			`${label} requires authorization; pass credentials with --header "Authorization: Bearer <token>"`,
			{ cause: error },
		);
	}
	const network = networkCodeOf(original);
	if (network !== undefined) {
		const reason =
			network === "ECONNREFUSED"
				? "connection refused"
				: network === "ENOTFOUND" || network === "EAI_AGAIN"
					? `host ${context.url.hostname} not found`
					: network === "ECONNRESET" || network === "UND_ERR_SOCKET"
						? "the connection was reset"
						: network.startsWith("CERT_") ||
								network.startsWith("ERR_TLS") ||
								network.includes("CERT")
							? `TLS error (${network})`
							: network;
		return new CliFailure("target", `Cannot connect to ${label}: ${reason}`, {
			cause: error,
		});
	}
	const fetchCause = fetchFailureOf(original);
	if (fetchCause !== undefined) {
		return new CliFailure(
			"target",
			`Cannot connect to ${label}: ${fetchCause}`,
			{
				cause: error,
			},
		);
	}
	if (isConnectionClosed(original, sdk)) {
		return new CliFailure(
			"target",
			`${label} closed the connection ${context.phase === "list" ? "before it listed its tools" : "before it answered initialize"}`,
			{ cause: error },
		);
	}
	return new CliFailure(
		"target",
		`${label} ${failedDuring(original, context.phase, sdk)}${tried}`,
		{ cause: error },
	);
}

// The specification's fallback test is "a 4xx status"; 401 and 403 are left out because they
// mean the endpoint exists and wants credentials, which an SSE retry would not bring.
function isHttpClientError(error: unknown, sdk: SdkHttp): boolean {
	return (
		error instanceof sdk.StreamableHTTPError &&
		typeof error.code === "number" &&
		error.code >= 400 &&
		error.code < 500 &&
		error.code !== 401 &&
		error.code !== 403
	);
}

function httpStatusOf(error: unknown, sdk: SdkHttp): number | undefined {
	if (
		error instanceof sdk.StreamableHTTPError ||
		error instanceof sdk.SseError
	) {
		const code = error.code;
		if (typeof code === "number" && code >= 100 && code < 600) return code;
	}
	return undefined;
}

function statusText(status: number): string {
	const text: Record<number, string> = {
		400: "Bad Request",
		401: "Unauthorized",
		403: "Forbidden",
		404: "Not Found",
		405: "Method Not Allowed",
		406: "Not Acceptable",
		415: "Unsupported Media Type",
		429: "Too Many Requests",
		500: "Internal Server Error",
		502: "Bad Gateway",
		503: "Service Unavailable",
		504: "Gateway Timeout",
	};
	const name = text[status];
	return name === undefined ? "" : ` ${name}`;
}

function isTimeout(error: unknown, sdk: SdkClient): boolean {
	if (error instanceof DeadlineExpired) return true;
	if (error instanceof sdk.McpError && error.code === -32001) return true;
	return error instanceof Error && error.name === "AbortError";
}

function isConnectionClosed(error: unknown, sdk: SdkClient): boolean {
	return error instanceof sdk.McpError && error.code === -32000;
}

function networkCodeOf(error: unknown): string | undefined {
	const seen = new Set<unknown>();
	const queue: unknown[] = [error];
	while (queue.length > 0) {
		const next = queue.shift();
		if (typeof next !== "object" || next === null || seen.has(next)) continue;
		seen.add(next);
		const code = (next as { code?: unknown }).code;
		if (typeof code === "string" && /^[A-Z][A-Z0-9_]+$/.test(code)) return code;
		queue.push((next as { cause?: unknown }).cause);
		const errors = (next as { errors?: unknown }).errors;
		if (Array.isArray(errors)) queue.push(...errors);
	}
	return undefined;
}

// undici rejects with TypeError("fetch failed") and the reason in `cause`.
function fetchFailureOf(error: unknown): string | undefined {
	if (!(error instanceof TypeError) || error.message !== "fetch failed") {
		return undefined;
	}
	const cause = (error as { cause?: unknown }).cause;
	return cause instanceof Error && cause.message !== ""
		? cause.message
		: "the request failed";
}

function errorCode(error: unknown): unknown {
	return typeof error === "object" && error !== null
		? (error as { code?: unknown }).code
		: undefined;
}

function messageOf(error: unknown, sdk?: SdkClient): string {
	if (sdk !== undefined && error instanceof sdk.McpError) {
		return error.message.replace(/^MCP error -?\d+: /, "");
	}
	const text = error instanceof Error ? error.message : String(error);
	return text.split("\n")[0] ?? text;
}

function failedDuring(error: unknown, phase: Phase, sdk: SdkClient): string {
	return error instanceof sdk.McpError
		? `answered ${phaseText(phase)} with an error: ${messageOf(error, sdk)}`
		: `failed during ${phaseText(phase)}: ${messageOf(error, sdk)}`;
}

function phaseText(phase: Phase): string {
	return phase === "list" ? "tools/list" : "initialize";
}

function capitalize(text: string): string {
	return text.startsWith("the ") ? `The ${text.slice(4)}` : text;
}

function isSpawnError(error: unknown): boolean {
	const syscall = (error as { syscall?: unknown } | null)?.syscall;
	return typeof syscall === "string" && syscall.startsWith("spawn");
}

function lastLine(text: string): string {
	const lines = text
		.split(/\r?\n/)
		.map((line) => line.trim())
		.filter((line) => line !== "");
	const line = lines[lines.length - 1] ?? "";
	return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

function captureTail(
	stream: NodeJS.ReadableStream | null | { on?: unknown },
): () => string {
	let tail = "";
	const readable = stream as NodeJS.ReadableStream | null;
	readable?.on("data", (chunk: Buffer | string) => {
		tail = (tail + chunk.toString()).slice(-STDERR_TAIL_BYTES);
	});
	return () => tail;
}

function definedEnv(
	env: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
	const result: Record<string, string> = {};
	for (const [key, value] of Object.entries(env)) {
		if (value !== undefined) result[key] = value;
	}
	return result;
}

function serverInfoOf(
	info:
		| { name: string; version: string; title?: string | undefined }
		| undefined,
): ServerInfo | null {
	if (info === undefined) return null;
	return {
		name: info.name,
		version: info.version,
		...(typeof info.title === "string" ? { title: info.title } : {}),
	};
}

async function terminateSession(transport: Transport): Promise<void> {
	const terminate = (transport as { terminateSession?: () => Promise<void> })
		.terminateSession;
	if (typeof terminate !== "function" || transport.sessionId === undefined) {
		return;
	}
	let timer: ReturnType<typeof setTimeout> | undefined;
	await Promise.race([
		terminate.call(transport).catch(() => {}),
		new Promise<void>((resolve) => {
			timer = setTimeout(resolve, TERMINATE_WAIT_MS);
		}),
	]);
	clearTimeout(timer);
}
