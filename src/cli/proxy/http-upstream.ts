import { syncMcpNameHeader } from "../../adapters/jsonrpc/index.js";
import { legacyPoster } from "./_http-legacy.js";
import { readEventStream } from "./_sse.js";
import type { ProxyLogger } from "./log.js";
import type { UpstreamEnd, UpstreamLink } from "./stdio-upstream.js";

/** Options of {@link connectHttpUpstream}. */
export interface HttpUpstreamOptions {
	url: string;
	headers: Readonly<Record<string, string>>;
	timeoutMs: number;
	log: ProxyLogger;
	/** Each message the server sends (a JSON body, or one event's data), as its bytes. */
	onMessage(bytes: Buffer): void;
}

type Id = string | number;

// The revision from which Streamable HTTP requires `Mcp-Name` to equal `params.name`.
const MCP_NAME_REVISION = "2026-07-28";
const DELETE_WAIT_MS = 1_000;

/**
 * The upstream over HTTP: Streamable HTTP (JSON or event-stream answers, `Mcp-Session-Id`,
 * the standalone GET stream), falling back to the older HTTP+SSE transport when the first
 * POST gets a 4xx other than 401/403, as the specification's backwards-compatibility
 * procedure says (https://modelcontextprotocol.io/specification/2025-06-18/basic/transports#backwards-compatibility).
 * A request the server cannot take (an HTTP error, a lost connection) is answered to the
 * client with a JSON-RPC error for its id, so no call waits for ever.
 *
 * @param options - the endpoint, headers and where messages go
 * @returns the link; its `ended` settles when the server cannot be reached at all
 */
export async function connectHttpUpstream(
	options: HttpUpstreamOptions,
): Promise<UpstreamLink> {
	const controller = new AbortController();
	let sessionId: string | undefined;
	let protocolVersion: string | undefined;
	/** Set once the first POST showed which transport the server speaks. */
	let ready: Promise<void> | undefined;
	let eventsOpened = false;
	/** The server speaks the older HTTP+SSE transport. */
	let legacy = false;
	let finish: (end: UpstreamEnd) => void = () => {};
	const ended = new Promise<UpstreamEnd>((resolve) => {
		finish = resolve;
	});
	const url = new URL(options.url);

	const fail = (bytes: Buffer, why: string): void => {
		for (const id of requestIds(bytes)) {
			const reply = {
				jsonrpc: "2.0",
				id,
				error: { code: -32000, message: `MCP server at ${url.href}: ${why}` },
			};
			options.onMessage(Buffer.from(JSON.stringify(reply)));
		}
	};

	const headersFor = (bytes: Buffer): Record<string, string> => {
		const headers: Record<string, string> = {
			...options.headers,
			"content-type": "application/json",
			accept: "application/json, text/event-stream",
		};
		if (sessionId !== undefined) headers["mcp-session-id"] = sessionId;
		if (protocolVersion !== undefined)
			headers["mcp-protocol-version"] = protocolVersion;
		if (protocolVersion !== undefined && protocolVersion >= MCP_NAME_REVISION) {
			// syncMcpNameHeader only updates a header that is there, in its encoded form.
			return syncMcpNameHeader(
				{ ...headers, "mcp-name": "" },
				bytes.toString("utf8"),
			) as Record<string, string>;
		}
		return headers;
	};

	const openEvents = (): void => {
		if (eventsOpened || sessionId === undefined) return;
		eventsOpened = true;
		const headers: Record<string, string> = {
			...options.headers,
			accept: "text/event-stream",
			"mcp-session-id": sessionId,
		};
		if (protocolVersion !== undefined)
			headers["mcp-protocol-version"] = protocolVersion;
		fetch(url, { method: "GET", headers, signal: controller.signal })
			.then((response) => {
				if (!response.ok) return;
				return readEventStream(response.body, (event) => {
					if (event.event === "message")
						options.onMessage(Buffer.from(event.data));
				});
			})
			.catch(() => {});
	};

	const postStreamable = async (bytes: Buffer): Promise<Response> => {
		const response = await fetch(url, {
			method: "POST",
			headers: headersFor(bytes),
			body: new Uint8Array(bytes),
			signal: controller.signal,
		});
		const id = response.headers.get("mcp-session-id");
		if (id !== null) sessionId = id;
		return response;
	};

	const deliver = async (response: Response, bytes: Buffer): Promise<void> => {
		if (response.status === 202) return;
		if (!response.ok) {
			await response.body?.cancel().catch(() => {});
			fail(bytes, `HTTP ${response.status}`);
			return;
		}
		const type = response.headers.get("content-type") ?? "";
		if (type.includes("text/event-stream")) {
			await readEventStream(response.body, (event) => {
				if (event.event === "message") take(Buffer.from(event.data));
			});
			return;
		}
		const body = Buffer.from(await response.arrayBuffer());
		if (body.length > 0) take(body);
	};

	/** Reads the negotiated protocol version from an initialize answer on the way. */
	const take = (bytes: Buffer): void => {
		if (protocolVersion === undefined && bytes.includes("protocolVersion")) {
			try {
				const message = JSON.parse(bytes.toString("utf8")) as {
					result?: { protocolVersion?: unknown };
				};
				const version = message.result?.protocolVersion;
				if (typeof version === "string") protocolVersion = version;
			} catch {
				// not JSON: the session reports it
			}
		}
		options.onMessage(bytes);
	};

	// The older HTTP+SSE transport: one GET stream names the endpoint to POST to.
	const postLegacy = legacyPoster({
		url,
		headers: options.headers,
		signal: controller.signal,
		take,
		fail,
		onStreamEnd: () =>
			finish({ code: 1, reason: "closed its SSE stream", startFailed: false }),
	});

	const first = async (bytes: Buffer): Promise<void> => {
		let response: Response;
		try {
			response = await postStreamable(bytes);
		} catch (error) {
			const reason = `Cannot connect to ${url.href}: ${networkReason(error)}`;
			fail(bytes, networkReason(error));
			finish({ code: 2, reason, startFailed: true });
			throw error;
		}
		const status = response.status;
		if (status >= 400 && status < 500 && status !== 401 && status !== 403) {
			await response.body?.cancel().catch(() => {});
			options.log({
				event: "upstream-error",
				message: `${url.href} answered HTTP ${status}; trying the older HTTP+SSE transport`,
			});
			try {
				legacy = true;
				await postLegacy(bytes);
			} catch (error) {
				fail(bytes, (error as Error).message);
				finish({
					code: 2,
					reason: `${url.href} speaks neither Streamable HTTP (HTTP ${status}) nor HTTP+SSE`,
					startFailed: true,
				});
			}
			return;
		}
		if (status === 401 || status === 403) {
			options.log({
				event: "upstream-error",
				message: `${url.href} answered HTTP ${status}; pass credentials with --header "Authorization: Bearer <token>"`,
			});
		}
		void deliver(response, bytes);
	};

	const send = (bytes: Buffer): void => {
		if (ready === undefined) {
			ready = first(bytes).catch(() => {});
			return;
		}
		void ready.then(async () => {
			if (controller.signal.aborted) return;
			try {
				if (legacy) {
					await postLegacy(bytes);
					return;
				}
				const response = await postStreamable(bytes);
				openEvents();
				await deliver(response, bytes);
			} catch (error) {
				if (!controller.signal.aborted) fail(bytes, networkReason(error));
			}
		});
	};

	return {
		send,
		ended,
		async close() {
			if (sessionId !== undefined && !legacy) {
				const headers: Record<string, string> = {
					...options.headers,
					"mcp-session-id": sessionId,
				};
				await Promise.race([
					fetch(url, { method: "DELETE", headers })
						.then((r) => r.body?.cancel())
						.catch(() => {}),
					new Promise((resolve) => setTimeout(resolve, DELETE_WAIT_MS).unref()),
				]);
			}
			controller.abort();
			finish({ code: 0, reason: "was disconnected", startFailed: false });
			return ended;
		},
		stderrTail: () => "",
		killNow: () => controller.abort(),
		drained: () => Promise.resolve(),
		needsDrain: () => false,
	};
}

function requestIds(bytes: Buffer): Id[] {
	let message: unknown;
	try {
		message = JSON.parse(bytes.toString("utf8"));
	} catch {
		return [];
	}
	const ids: Id[] = [];
	for (const m of Array.isArray(message) ? message : [message]) {
		const record = m as { id?: unknown; method?: unknown } | null;
		if (
			typeof record !== "object" ||
			record === null ||
			typeof record.method !== "string"
		)
			continue;
		if (typeof record.id === "string" || typeof record.id === "number")
			ids.push(record.id);
	}
	return ids;
}

function networkReason(error: unknown): string {
	let current: unknown = error;
	for (let depth = 0; depth < 5 && current !== undefined; depth++) {
		const code = (current as { code?: unknown }).code;
		if (code === "ECONNREFUSED") return "connection refused";
		if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "host not found";
		if (typeof code === "string") return code;
		const errors = (current as { errors?: unknown }).errors;
		current = Array.isArray(errors)
			? errors[0]
			: (current as { cause?: unknown }).cause;
	}
	return error instanceof Error ? error.message : String(error);
}
