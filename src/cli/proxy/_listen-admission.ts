// What a request to `proxy --listen` must pass before anything reaches a session, each check
// as the MCP SDK's Streamable HTTP server makes it (same statuses, same JSON-RPC error
// bodies): Host and Origin against DNS rebinding, the bearer token, Accept and Content-Type,
// the body's size and time, and the shape of the JSON-RPC messages in it.
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { isIP } from "node:net";
import {
	INVALID_REQUEST,
	PARSE_ERROR,
	SERVER_ERROR,
} from "../../adapters/jsonrpc-base.js";
import { isRecord } from "../../core/guards.js";
import type { ListenSettings } from "../options/proxy.js";
import { TOKEN_VARIABLE } from "./_context.js";

/** The host names a loopback bind answers to (any port), as the SDK's `localhostHostValidation`. */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set([
	"localhost",
	"127.0.0.1",
	"[::1]",
]);

/** The most messages in one batch: the SDK server's `MAX_BATCH_SIZE`. */
const MAX_BATCH = 100;

/** A request refused before it reached a session: what to answer and log. */
export interface Refusal {
	status: number;
	/** The JSON-RPC error code of the body. */
	code: number;
	/** One sentence, the body's error message and the log line. */
	message: string;
	headers?: Record<string, string>;
	/** Close the connection after the answer: part of the body was left unread. */
	close?: boolean;
}

/**
 * The checks of `proxy --listen`, configured once from its settings.
 */
export class RequestGate {
	readonly #settings: ListenSettings;
	readonly #tokenDigest: Buffer | undefined;
	readonly #bodyTimeoutMs: number;
	/** Host names accepted in `Host`; `undefined`: no Host check (non-loopback, no list). */
	readonly #hosts: ReadonlySet<string> | undefined;
	/** Whether `Origin` is checked: on loopback binds, and wherever origins were listed. */
	readonly #checkOrigin: boolean;
	readonly #origins: ReadonlySet<string>;

	/**
	 * @param settings - the `--listen` settings
	 * @param token - the bearer token every request must carry, when one is set
	 * @param bodyTimeoutMs - bound on the time a body takes to arrive (`--timeout`)
	 */
	constructor(
		settings: ListenSettings,
		token: string | undefined,
		bodyTimeoutMs: number,
	) {
		this.#settings = settings;
		this.#tokenDigest = token === undefined ? undefined : digest(token);
		this.#bodyTimeoutMs = bodyTimeoutMs;
		const loopback = isLoopbackHost(settings.host);
		this.#hosts =
			loopback || settings.allowedHosts.length > 0
				? new Set([...LOOPBACK_HOSTS, ...settings.allowedHosts])
				: undefined;
		this.#checkOrigin = loopback || settings.allowedOrigins.length > 0;
		this.#origins = new Set(settings.allowedOrigins);
	}

	/** Host, Origin and token: who may speak to the proxy at all. */
	checkPeer(request: IncomingMessage): Refusal | undefined {
		if (this.#hosts !== undefined) {
			const host = request.headers.host;
			if (host === undefined || host === "")
				return refusal(403, "Missing Host header");
			if (!this.#hosts.has(hostNameOf(host)))
				return refusal(403, `Invalid Host header: ${host}`);
		}
		const origin = request.headers.origin;
		if (
			this.#checkOrigin &&
			origin !== undefined &&
			!this.#isAllowedOrigin(origin)
		)
			return refusal(403, `Invalid Origin header: ${origin}`);
		if (this.#tokenDigest === undefined) return undefined;
		const presented = /^Bearer +(\S+) *$/i.exec(
			request.headers.authorization ?? "",
		)?.[1];
		if (presented === undefined)
			return unauthorized(
				`Unauthorized: send Authorization: Bearer <token>, the static token set in ${TOKEN_VARIABLE} where the proxy runs (not OAuth)`,
				'Bearer realm="mcp-tool-names"',
			);
		// Digests of equal length, compared in constant time: the token's length leaks neither.
		if (!timingSafeEqual(digest(presented), this.#tokenDigest))
			return unauthorized(
				`Unauthorized: invalid bearer token; send the one set in ${TOKEN_VARIABLE} where the proxy runs`,
				'Bearer realm="mcp-tool-names", error="invalid_token"',
			);
		return undefined;
	}

	/** Accept, Content-Type and a declared length, before a POST's body is read. */
	checkPost(request: IncomingMessage): Refusal | undefined {
		const accept = request.headers.accept ?? "";
		if (
			!accept.includes("application/json") ||
			!accept.includes("text/event-stream")
		)
			return refusal(
				406,
				"Not Acceptable: Client must accept both application/json and text/event-stream",
			);
		if (!isJsonContentType(request.headers["content-type"]))
			return refusal(
				415,
				"Unsupported Media Type: Content-Type must be application/json",
			);
		if (Number(request.headers["content-length"]) > this.#settings.maxBodyBytes)
			return this.#tooLarge();
		return undefined;
	}

	/** Accept of a GET, which opens an event stream. */
	checkGet(request: IncomingMessage): Refusal | undefined {
		if ((request.headers.accept ?? "").includes("text/event-stream"))
			return undefined;
		return refusal(406, "Not Acceptable: Client must accept text/event-stream");
	}

	/**
	 * Reads a POST's body within `--max-body` bytes and `--timeout` ms, and parses it: JSON, at
	 * most {@link MAX_BATCH} messages, each a JSON-RPC message.
	 *
	 * @returns the body (the bytes as they came and the message or batch they hold), a
	 * refusal, or `undefined` when the client went away meanwhile
	 */
	async readBody(
		request: IncomingMessage,
	): Promise<{ bytes: Buffer; message: unknown } | Refusal | undefined> {
		const bytes = await this.#receive(request);
		if (!Buffer.isBuffer(bytes)) return bytes;
		let message: unknown;
		try {
			message = JSON.parse(bytes.toString("utf8"));
		} catch {
			return refusal(400, "Parse error: Invalid JSON", PARSE_ERROR);
		}
		if (Array.isArray(message)) {
			if (message.length > MAX_BATCH)
				return invalidRequest(`Batch must not exceed ${MAX_BATCH} messages`);
			if (message.length === 0) return invalidRequest("Empty batch");
		}
		const messages: unknown[] = Array.isArray(message) ? message : [message];
		if (!messages.every(isJsonRpcMessage))
			return refusal(400, "Parse error: Invalid JSON-RPC message", PARSE_ERROR);
		return { bytes, message };
	}

	#receive(request: IncomingMessage): Promise<Buffer | Refusal | undefined> {
		const max = this.#settings.maxBodyBytes;
		return new Promise((resolve) => {
			const chunks: Buffer[] = [];
			let length = 0;
			const finish = (result: Buffer | Refusal | undefined): void => {
				clearTimeout(timer);
				request.off("data", onData);
				request.off("end", onEnd);
				request.off("close", onClose);
				request.off("error", onClose);
				if (!Buffer.isBuffer(result)) request.pause();
				resolve(result);
			};
			const timer = setTimeout(
				() =>
					finish({
						...refusal(
							408,
							`Request Timeout: the body did not arrive within ${this.#bodyTimeoutMs} ms`,
						),
						close: true,
					}),
				this.#bodyTimeoutMs,
			);
			const onData = (chunk: Buffer): void => {
				length += chunk.length;
				if (length > max) finish(this.#tooLarge());
				else chunks.push(chunk);
			};
			const onEnd = (): void => finish(Buffer.concat(chunks, length));
			const onClose = (): void => {
				if (request.complete) onEnd();
				else finish(undefined);
			};
			request.on("data", onData);
			request.once("end", onEnd);
			request.once("close", onClose);
			request.once("error", onClose);
		});
	}

	#isAllowedOrigin(origin: string): boolean {
		if (this.#origins.has(origin)) return true;
		try {
			const url = new URL(origin);
			if (this.#origins.has(url.origin)) return true;
			return (
				(url.protocol === "http:" || url.protocol === "https:") &&
				LOOPBACK_HOSTS.has(url.hostname)
			);
		} catch {
			// `null` (a sandboxed page, a file) or garbage: no origin to trust.
			return false;
		}
	}

	#tooLarge(): Refusal {
		return {
			...refusal(
				413,
				`Payload Too Large: Request body must not exceed ${this.#settings.maxBodyBytes} bytes`,
			),
			close: true,
		};
	}
}

/**
 * Whether an address to bind is the machine's own: `localhost`, 127.0.0.0/8, `::1` (or
 * 127.x written as IPv6). Any other name may resolve to an interface others reach.
 */
export function isLoopbackHost(host: string): boolean {
	const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
	if (bare === "localhost") return true;
	if (isIP(bare) === 4) return bare.startsWith("127.");
	if (isIP(bare) !== 6) return false;
	const hostname = new URL(`http://[${bare}]`).hostname;
	return hostname === "[::1]" || hostname.startsWith("[::ffff:7f");
}

/** Writes a refusal: its status and headers, and a JSON-RPC error with `id: null`. */
export function sendRefusal(response: ServerResponse, refused: Refusal): void {
	if (response.headersSent) {
		response.end();
		return;
	}
	response.writeHead(refused.status, {
		"content-type": "application/json",
		...(refused.close === true ? { connection: "close" } : {}),
		...refused.headers,
	});
	response.end(
		JSON.stringify({
			jsonrpc: "2.0",
			id: null,
			error: { code: refused.code, message: refused.message },
		}),
	);
}

/**
 * A refusal with its status, message and JSON-RPC code (the SDK's transport code by default).
 */
export function refusal(
	status: number,
	message: string,
	code: number = SERVER_ERROR,
): Refusal {
	return { status, code, message };
}

/** A 400 with the JSON-RPC code of an invalid request; `message` follows "Invalid Request: ". */
export function invalidRequest(message: string): Refusal {
	return refusal(400, `Invalid Request: ${message}`, INVALID_REQUEST);
}

function unauthorized(message: string, challenge: string): Refusal {
	return {
		...refusal(401, message),
		headers: { "www-authenticate": challenge },
	};
}

function digest(text: string): Buffer {
	return createHash("sha256").update(text).digest();
}

/** A `Host` header's host name, as `URL` writes it; `""` when it is no host. */
function hostNameOf(host: string): string {
	// Only host[:port]: a path, user info or query would let `evil@localhost` pass as localhost.
	if (/[/@?#\\\s]/.test(host)) return "";
	try {
		return new URL(`http://${host}`).hostname;
	} catch {
		return "";
	}
}

/**
 * Whether a `Content-Type` is `application/json`, by its media type (the part before any
 * parameter), never by a substring: `text/plain; a=application/json` is not.
 */
function isJsonContentType(value: string | undefined): boolean {
	const essence = (value ?? "").split(";", 1)[0]?.trim().toLowerCase();
	return essence === "application/json";
}

/**
 * Whether a value is one JSON-RPC message: a request, notification, result or error, with
 * `jsonrpc: "2.0"`, a string or integer id (`null` too on an error, which answers a request
 * whose id could not be read), object `params` and `result`, an error with an integer code and
 * a string message. `null`, `"x"` and `{"jsonrpc":"2.0","id":5}` are not. Unlike the MCP SDK's
 * `JSONRPCMessageSchema`, a member the schema does not know is no reason to refuse: the proxy
 * passes the message on as it came (docs/architecture.md, "The message path").
 */
function isJsonRpcMessage(value: unknown): boolean {
	if (!isRecord(value) || value.jsonrpc !== "2.0") return false;
	const isRequestId = (id: unknown): boolean =>
		typeof id === "string" || Number.isInteger(id);
	if (typeof value.method === "string") {
		if (value.params !== undefined && !isRecord(value.params)) return false;
		// A notification is a request without `id`.
		return !("id" in value) || isRequestId(value.id);
	}
	if ("result" in value) return isRequestId(value.id) && isRecord(value.result);
	const error = value.error;
	return (
		isRecord(error) &&
		Number.isInteger(error.code) &&
		typeof error.message === "string" &&
		(value.id === undefined || value.id === null || isRequestId(value.id))
	);
}
