// Helpers for the tests of `proxy --listen`: the built CLI serving HTTP on 127.0.0.1, and raw
// HTTP requests (node:http, so a test can send any Host, Origin or body it likes).
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { join } from "node:path";
import { afterEach, expect } from "vitest";
import {
	pidsIn,
	proxyEnv,
	type RawProxy,
	scratch,
	startRawProxy,
	UPSTREAM,
	waitAllGone,
} from "./_proxy.js";

/** The proxy serving HTTP, and the URL it printed. */
export interface ListeningProxy {
	proxy: RawProxy;
	url: URL;
}

/** Starts `mcp-tool-names proxy --listen 127.0.0.1:0 <args>` and waits for its URL. */
export async function startListening(
	args: readonly string[],
	env?: Record<string, string>,
): Promise<ListeningProxy> {
	const proxy = startRawProxy(
		["proxy", "--listen", "127.0.0.1:0", ...args],
		env,
	);
	const url = await new Promise<string>((resolve, reject) => {
		const check = (): void => {
			const match = /Listening on (http:\/\/[^\s"]+)/.exec(proxy.stderr());
			if (match?.[1] !== undefined) resolve(match[1]);
			else if (proxy.child.exitCode !== null) reject(new Error(proxy.stderr()));
			else setTimeout(check, 20);
		};
		check();
	});
	return { proxy, url: new URL(url) };
}

/** What a test runs after it, last in first out. */
export type Cleanups = Array<() => Promise<void> | void>;

/** The cleanups of the file's tests, each test's run after it (registers `afterEach`). */
export function cleanupsAfterEach(): Cleanups {
	const cleanups: Cleanups = [];
	afterEach(async () => {
		for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
	});
	return cleanups;
}

/**
 * The proxy listening in front of the fixture server (its pids in `pidFile`); stopped after the
 * test, which then checks that no server outlived it.
 */
export async function serveFixture(
	cleanups: Cleanups,
	args: readonly string[] = [],
	env: Record<string, string> = {},
): Promise<ListeningProxy & { pidFile: string }> {
	const { dir, dispose } = scratch();
	cleanups.push(dispose);
	const pidFile = join(dir, "pids");
	const listening = await startListening(
		[...args, "--", process.execPath, UPSTREAM],
		proxyEnv({ PROXY_FIXTURE_PID_FILE: pidFile, ...env }),
	);
	cleanups.push(async () => {
		await stop(listening.proxy);
		expect(await waitAllGone(pidsIn(pidFile))).toEqual([]);
	});
	return { ...listening, pidFile };
}

/** Stops a proxy with SIGTERM and waits for it. */
export async function stop(proxy: RawProxy): Promise<void> {
	if (proxy.child.exitCode === null) proxy.child.kill("SIGTERM");
	await proxy.exit;
}

/** An HTTP answer, its body read to the end. */
export interface HttpAnswer {
	status: number;
	headers: IncomingHttpHeaders;
	body: string;
}

/** What a raw request sends. */
export interface RawRequest {
	method?: string;
	headers?: Record<string, string | number>;
	body?: string | Buffer;
	/** Sent in pieces with no Content-Length (chunked). */
	chunks?: readonly (string | Buffer)[];
	/** Write the body and leave the request unfinished (a body that never fully arrives). */
	unfinished?: boolean;
}

/** The headers a well-behaved client sends with a POST. */
export const POST_HEADERS: Readonly<Record<string, string>> = {
	"content-type": "application/json",
	accept: "application/json, text/event-stream",
};

/** One raw HTTP request to `url`, its whole answer. */
export function send(url: URL, options: RawRequest = {}): Promise<HttpAnswer> {
	return new Promise((resolve, reject) => {
		const request = httpRequest(
			url,
			{
				method: options.method ?? "POST",
				headers: options.headers ?? POST_HEADERS,
				agent: false,
			},
			(response) => {
				let body = "";
				response.setEncoding("utf8");
				response.on("data", (chunk: string) => {
					body += chunk;
				});
				response.on("end", () =>
					resolve({
						status: response.statusCode ?? 0,
						headers: response.headers,
						body,
					}),
				);
				response.on("error", reject);
			},
		);
		request.on("error", reject);
		if (options.unfinished === true) request.write(options.body ?? "");
		else if (options.chunks !== undefined) {
			for (const chunk of options.chunks) request.write(chunk);
			request.end();
		} else request.end(options.body);
	});
}

/** A POST of one JSON-RPC message (or batch) with the usual headers and `extra` ones. */
export function post(
	url: URL,
	message: unknown,
	extra: Record<string, string> = {},
): Promise<HttpAnswer> {
	return send(url, {
		headers: { ...POST_HEADERS, ...extra },
		body: typeof message === "string" ? message : JSON.stringify(message),
	});
}

/** The messages of an event-stream body, in order. */
export function eventsOf(body: string): Array<Record<string, any>> {
	return body
		.split(/\n\n/)
		.flatMap((event) =>
			event
				.split("\n")
				.filter((line) => line.startsWith("data:"))
				.map((line) => line.slice(5).trim()),
		)
		.filter((data) => data !== "")
		.map((data) => JSON.parse(data) as Record<string, any>);
}

/** The JSON-RPC error of a refusal's body. */
export function errorOf(answer: HttpAnswer): { code: number; message: string } {
	const body = JSON.parse(answer.body) as {
		error: { code: number; message: string };
	};
	return body.error;
}

export const INITIALIZE_MESSAGE: Record<string, unknown> = {
	jsonrpc: "2.0",
	id: 0,
	method: "initialize",
	params: {
		protocolVersion: "2025-06-18",
		capabilities: {},
		clientInfo: { name: "raw-http", version: "1.0.0" },
	},
};

/** Initializes a session over raw HTTP (initialize, then initialized); returns its id. */
export async function openSession(
	url: URL,
	extra: Record<string, string> = {},
): Promise<string> {
	const answer = await post(url, INITIALIZE_MESSAGE, extra);
	const id = answer.headers["mcp-session-id"];
	if (answer.status !== 200 || typeof id !== "string")
		throw new Error(`initialize failed: ${answer.status} ${answer.body}`);
	const initialized = await post(
		url,
		{ jsonrpc: "2.0", method: "notifications/initialized" },
		{ ...extra, "mcp-session-id": id },
	);
	if (initialized.status !== 202)
		throw new Error(`initialized failed: ${initialized.status}`);
	return id;
}

/** An event stream held open (a GET's, or a POST's answer): what came so far, and a way to drop it. */
export interface OpenStream {
	status: number;
	headers: IncomingHttpHeaders;
	/** The messages of its events, in order (events without data, such as priming ones, skipped). */
	messages: Array<Record<string, any>>;
	/** The id of every event that had one, in order (priming events included). */
	ids: string[];
	/** Resolves with the first message `match` accepts (already received or later). */
	next(
		match: (message: Record<string, any>) => boolean,
	): Promise<Record<string, any>>;
	closed: Promise<void>;
	/** Drops the connection, as a client whose network went away. */
	close(): void;
}

/** Opens the session's GET stream (`extra` may hold a `last-event-id`). */
export function openStream(
	url: URL,
	sessionId: string,
	extra: Record<string, string> = {},
): Promise<OpenStream> {
	return streamOf(url, "GET", {
		accept: "text/event-stream",
		"mcp-session-id": sessionId,
		...extra,
	});
}

/** POSTs a message and holds its answer's event stream open as it comes. */
export function postStream(
	url: URL,
	message: unknown,
	extra: Record<string, string> = {},
): Promise<OpenStream> {
	return streamOf(
		url,
		"POST",
		{ ...POST_HEADERS, ...extra },
		JSON.stringify(message),
	);
}

function streamOf(
	url: URL,
	method: string,
	headers: Record<string, string>,
	body?: string,
): Promise<OpenStream> {
	return new Promise((resolve, reject) => {
		const request = httpRequest(
			url,
			{ method, headers, agent: false },
			(response) => {
				const messages: Array<Record<string, any>> = [];
				const ids: string[] = [];
				const waiters: Array<{
					match: (message: Record<string, any>) => boolean;
					resolve: (message: Record<string, any>) => void;
				}> = [];
				let buffer = "";
				response.setEncoding("utf8");
				response.on("data", (chunk: string) => {
					buffer += chunk;
					const end = buffer.lastIndexOf("\n\n");
					if (end === -1) return;
					for (const event of buffer.slice(0, end).split("\n\n")) {
						const id = /^id: ?(.*)$/m.exec(event)?.[1];
						if (id !== undefined) ids.push(id);
						for (const message of eventsOf(event)) {
							messages.push(message);
							const waiter = waiters.findIndex((w) => w.match(message));
							if (waiter !== -1) waiters.splice(waiter, 1)[0]?.resolve(message);
						}
					}
					buffer = buffer.slice(end + 2);
				});
				const closed = new Promise<void>((done) => response.on("close", done));
				resolve({
					status: response.statusCode ?? 0,
					headers: response.headers,
					messages,
					ids,
					next: (match) =>
						new Promise((found) => {
							const seen = messages.find(match);
							if (seen !== undefined) found(seen);
							else waiters.push({ match, resolve: found });
						}),
					closed,
					close: () => request.destroy(),
				});
			},
		);
		request.on("error", reject);
		request.end(body);
	});
}
