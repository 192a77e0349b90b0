/**
 * A raw HTTP forwarder in front of an MCP Streamable HTTP server. It never parses MCP beyond
 * what the rewriter needs: request bodies go upstream with canonical names (and a matching
 * `Mcp-Name` header), JSON and event-stream responses come back with wire names. One
 * rewriter per MCP session, all sharing one codec, so every session sees the same names.
 *
 * Run: `npx tsx examples/http-proxy.ts http://127.0.0.1:3000/mcp [port]`
 */
import {
	createServer,
	type IncomingMessage,
	type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { pathToFileURL } from "node:url";
import { isMcpToolNamesError } from "mcp-tool-names";
import {
	refuseJsonBody,
	rewriteEventStream,
	rewriteJsonBody,
	syncMcpNameHeader,
	WireRewriter,
	type WireRewriterOptions,
} from "mcp-tool-names/jsonrpc";

/** A running proxy. */
export interface HttpProxy {
	/** Where clients connect. */
	url: URL;
	/** Stops listening and ends every open stream. */
	close(): Promise<void>;
}

/** Options of {@link main}. */
export interface HttpProxyOptions {
	/** Port on 127.0.0.1; default 0 (any free port). */
	port?: number;
	/** Reported for every name the proxy corrected; default: printed to stderr. */
	onCorrection?: WireRewriterOptions["onCorrection"];
}

// Hop-by-hop headers, and those fetch computes itself, are not forwarded.
const REQUEST_HEADERS_DROPPED = new Set([
	"connection",
	"content-length",
	"host",
	"keep-alive",
	"transfer-encoding",
	"upgrade",
]);
// fetch has already decoded the body, so its length and encoding no longer apply.
const RESPONSE_HEADERS_DROPPED = new Set([
	"connection",
	"content-encoding",
	"content-length",
	"keep-alive",
	"transfer-encoding",
]);
const MAX_SESSIONS = 1000;

/**
 * Starts the proxy on 127.0.0.1.
 *
 * @param upstream - the upstream server's MCP endpoint
 * @param options - port and correction reporting
 * @returns the proxy's URL and a way to stop it
 * @example
 * ```ts
 * const proxy = await main(new URL("http://127.0.0.1:3000/mcp"));
 * await client.connect(new StreamableHTTPClientTransport(proxy.url));
 * ```
 */
export async function main(
	upstream: URL,
	options: HttpProxyOptions = {},
): Promise<HttpProxy> {
	const onCorrection =
		options.onCorrection ?? ((message: string) => console.error(message));
	const sessions = new Map<string, WireRewriter>();
	let codec: WireRewriter["codec"] | undefined;
	const newRewriter = (): WireRewriter => {
		const rewriter = new WireRewriter(
			codec === undefined
				? { resolve: true, onCorrection }
				: { codec, resolve: true, onCorrection },
		);
		codec ??= rewriter.codec;
		return rewriter;
	};
	const remember = (session: string, rewriter: WireRewriter): void => {
		sessions.delete(session);
		sessions.set(session, rewriter);
		const oldest = sessions.keys().next();
		if (sessions.size > MAX_SESSIONS && oldest.done !== true)
			sessions.delete(oldest.value);
	};
	const inFlight = new Set<AbortController>();

	async function forward(
		request: IncomingMessage,
		response: ServerResponse,
	): Promise<void> {
		const session = headerOf(request, "mcp-session-id");
		// A request without a known session (initialize, or a session this proxy has not
		// seen since it started) gets a fresh rewriter on the shared codec.
		const rewriter =
			(session === undefined ? undefined : sessions.get(session)) ??
			newRewriter();
		let headers = new Headers();
		for (let i = 0; i + 1 < request.rawHeaders.length; i += 2) {
			const name = request.rawHeaders[i] as string;
			if (!REQUEST_HEADERS_DROPPED.has(name.toLowerCase()))
				headers.append(name, request.rawHeaders[i + 1] as string);
		}
		let body: string | undefined;
		if (request.method === "POST") {
			const text = await readText(request);
			try {
				body = rewriteJsonBody(text, rewriter.clientToServer);
			} catch (error) {
				// Fail closed: a body that cannot be rewritten is answered, never forwarded.
				if (!isMcpToolNamesError(error)) throw error;
				response
					.writeHead(400, { "content-type": "application/json" })
					.end(refuseJsonBody(text, error));
				return;
			}
			headers = syncMcpNameHeader(headers, body);
		}
		const abort = new AbortController();
		inFlight.add(abort);
		response.on("close", () => {
			abort.abort();
			inFlight.delete(abort);
		});
		const upstreamResponse = await fetch(upstream, {
			method: request.method ?? "GET",
			headers,
			signal: abort.signal,
			redirect: "manual",
			...(body === undefined ? {} : { body }),
		});
		const issued = upstreamResponse.headers.get("mcp-session-id") ?? session;
		if (request.method === "DELETE" && session !== undefined)
			sessions.delete(session);
		else if (issued !== undefined) remember(issued, rewriter);

		const outHeaders: Record<string, string> = {};
		upstreamResponse.headers.forEach((value, name) => {
			if (!RESPONSE_HEADERS_DROPPED.has(name)) outHeaders[name] = value;
		});
		response.writeHead(upstreamResponse.status, outHeaders);
		const type = upstreamResponse.headers.get("content-type") ?? "";
		if (upstreamResponse.body === null) {
			response.end();
		} else if (type.includes("text/event-stream")) {
			response.flushHeaders();
			const events = upstreamResponse.body.pipeThrough(
				rewriteEventStream(rewriter.serverToClient),
			);
			Readable.fromWeb(events as NodeReadableStream<Uint8Array>)
				.on("error", () => response.destroy())
				.pipe(response);
		} else if (type.includes("json")) {
			const text = await upstreamResponse.text();
			let out: string;
			try {
				out = rewriteJsonBody(text, rewriter.serverToClient);
			} catch (error) {
				if (!isMcpToolNamesError(error)) throw error;
				out = refuseJsonBody(text, error);
			}
			response.end(out);
		} else {
			Readable.fromWeb(upstreamResponse.body as NodeReadableStream<Uint8Array>)
				.on("error", () => response.destroy())
				.pipe(response);
		}
	}

	const server = createServer((request, response) => {
		forward(request, response).catch(() => {
			if (!response.headersSent) response.writeHead(502).end();
			else response.destroy();
		});
	});
	await new Promise<void>((resolve) =>
		server.listen(options.port ?? 0, "127.0.0.1", resolve),
	);
	const { port } = server.address() as AddressInfo;
	return {
		url: new URL(`http://127.0.0.1:${port}/mcp`),
		close: () =>
			new Promise<void>((resolve) => {
				for (const abort of inFlight) abort.abort();
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}

function headerOf(request: IncomingMessage, name: string): string | undefined {
	const value = request.headers[name];
	return Array.isArray(value) ? value[0] : value;
}

async function readText(request: IncomingMessage): Promise<string> {
	const chunks: Buffer[] = [];
	for await (const chunk of request) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks).toString("utf8");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
	const [target, port] = process.argv.slice(2);
	if (target === undefined)
		throw new Error("usage: http-proxy.ts <upstream MCP URL> [port]");
	const proxy = await main(new URL(target), { port: Number(port ?? 0) });
	console.log(`MCP proxy for ${target} listening on ${proxy.url}`);
}
