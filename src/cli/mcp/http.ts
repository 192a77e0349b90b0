import { syncMcpNameHeader } from "../../adapters/jsonrpc/index.js";
import { isRecord } from "../../core/_guards.js";
import { displayUrl } from "../_printable.js";
import type { Id } from "../proxy/_messages.js";
import type { ProxyLogger } from "../proxy/log.js";
import { legacyPoster } from "./http-legacy.js";
import { EventStreamReader, parseJson, readEventStream } from "./sse.js";
import type { UpstreamEnd, UpstreamLink } from "./stdio.js";

/** Options of {@link connectHttpUpstream}. */
export interface HttpUpstreamOptions {
	url: string;
	headers: Readonly<Record<string, string>>;
	timeoutMs: number;
	log: ProxyLogger;
	/**
	 * Each message the server sends (a JSON body, or one event's data), as its bytes, with the
	 * request whose own response or event stream carried it (the first request of a batch;
	 * `undefined` for the standalone GET stream): progress and other messages tied to a
	 * request can then be delivered with that request.
	 */
	onMessage(bytes: Buffer, related?: Id): void;
}

// The revision from which Streamable HTTP requires `Mcp-Name` to equal `params.name`.
const MCP_NAME_REVISION = "2026-07-28";
const DELETE_WAIT_MS = 1_000;
/** The wait before resuming a stream whose server set no `retry` (the SDK client's first delay). */
const DEFAULT_RETRY_MS = 1_000;
/** Reconnections in a row that bring nothing (no event, no new id) before a stream is given up. */
const MAX_IDLE_RESUMES = 3;

/**
 * The upstream over HTTP: Streamable HTTP (JSON or event-stream answers, `Mcp-Session-Id`,
 * the standalone GET stream), falling back to the older HTTP+SSE transport when the first
 * POST gets a 4xx other than 401/403, as the specification's backwards-compatibility
 * procedure says (https://modelcontextprotocol.io/specification/2025-06-18/basic/transports#backwards-compatibility).
 *
 * Event streams are resumable as in revision 2025-11-25
 * (https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#resumability-and-redelivery):
 * when a POST's stream ends before it answered its requests, the upstream waits the stream's
 * `retry` and reconnects with `GET` and `Last-Event-ID`, as the SDK's own client does; so does
 * the standalone GET stream. A stream that cannot be resumed (no event id, a refused GET, three
 * reconnections in a row that bring nothing) answers its requests with a JSON-RPC error, so no
 * call waits for ever; so does a request the server cannot take (an HTTP error, a lost
 * connection). The URL appears in messages without userinfo and query.
 *
 * @param options - the endpoint, headers and where messages go
 * @returns the link; its `ended` settles when the server cannot be reached at all
 */
export function connectHttpUpstream(
	options: HttpUpstreamOptions,
): UpstreamLink {
	const controller = new AbortController();
	const { signal } = controller;
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
	const shown = displayUrl(url);

	const fail = (ids: readonly Id[], why: string): void => {
		for (const id of ids) {
			const reply = {
				jsonrpc: "2.0",
				id,
				error: { code: -32000, message: `MCP server at ${shown}: ${why}` },
			};
			options.onMessage(Buffer.from(JSON.stringify(reply)), id);
		}
	};

	const sessionHeaders = (): Record<string, string> => {
		const headers: Record<string, string> = { ...options.headers };
		if (sessionId !== undefined) headers["mcp-session-id"] = sessionId;
		if (protocolVersion !== undefined)
			headers["mcp-protocol-version"] = protocolVersion;
		return headers;
	};

	const postHeaders = (bytes: Buffer): Record<string, string> => {
		const headers: Record<string, string> = {
			...sessionHeaders(),
			"content-type": "application/json",
			accept: "application/json, text/event-stream",
		};
		if (protocolVersion !== undefined && protocolVersion >= MCP_NAME_REVISION) {
			// syncMcpNameHeader only updates a header that is there, in its encoded form.
			return syncMcpNameHeader(
				{ ...headers, "mcp-name": "" },
				bytes.toString("utf8"),
			) as Record<string, string>;
		}
		return headers;
	};

	const getStream = (lastEventId: string): Promise<Response> => {
		const headers: Record<string, string> = {
			...sessionHeaders(),
			accept: "text/event-stream",
		};
		if (lastEventId !== "") headers["last-event-id"] = lastEventId;
		return fetch(url, { method: "GET", headers, signal });
	};

	/** Reads the negotiated protocol version from an initialize answer on the way. */
	const take = (bytes: Buffer, related?: Id): void => {
		if (protocolVersion === undefined && bytes.includes("protocolVersion")) {
			const message = parseJson(bytes.toString("utf8"));
			const result = isRecord(message) ? message.result : undefined;
			const version = isRecord(result) ? result.protocolVersion : undefined;
			if (typeof version === "string") protocolVersion = version;
		}
		options.onMessage(bytes, related);
	};

	/**
	 * Reads an event stream to its end, then resumes it while it owes answers: the requests in
	 * `waiting` for a POST's stream, every message for the standalone GET stream (`undefined`).
	 */
	const follow = async (
		first: Response,
		waiting: Set<Id> | undefined,
	): Promise<void> => {
		const related = waiting === undefined ? undefined : [...waiting][0];
		const reader = new EventStreamReader();
		const answered = (): boolean => waiting?.size === 0;
		let response = first;
		/** Reconnections in a row that failed or brought nothing. */
		let idle = 0;
		for (;;) {
			const before = reader.lastEventId;
			let events = 0;
			const end = await readEventStream(
				response.body,
				(event) => {
					events++;
					if (event.event !== "message") return;
					if (waiting !== undefined)
						for (const id of answeredIds(event.data)) waiting.delete(id);
					take(Buffer.from(event.data), related);
				},
				reader,
				answered,
			);
			if (signal.aborted || answered()) return;
			if (response !== first)
				idle = events > 0 || reader.lastEventId !== before ? 0 : idle + 1;
			let why =
				end === "failed"
					? "lost the connection of its event stream"
					: "ended its event stream";
			if (idle >= MAX_IDLE_RESUMES)
				why = `${why} ${MAX_IDLE_RESUMES} times after resuming it, with nothing new`;
			if (reader.lastEventId === "" && waiting !== undefined) {
				fail(
					[...waiting],
					`${why} before answering, with no event id to resume from`,
				);
				return;
			}
			let next: Response | undefined;
			while (next === undefined && idle < MAX_IDLE_RESUMES) {
				const delay = reader.retry ?? DEFAULT_RETRY_MS * 1.5 ** idle;
				if (!(await sleep(delay, signal))) return;
				try {
					const resumed = await getStream(reader.lastEventId);
					const type = resumed.headers.get("content-type") ?? "";
					if (resumed.ok && type.includes("text/event-stream")) {
						next = resumed;
						break;
					}
					await resumed.body?.cancel().catch(() => {});
					why = `could not resume its event stream: GET answered HTTP ${resumed.status}`;
					// No GET stream, or no session any more: nothing to wait for.
					const definite =
						resumed.status >= 400 &&
						resumed.status < 500 &&
						resumed.status !== 429;
					idle = definite ? MAX_IDLE_RESUMES : idle + 1;
				} catch (error) {
					if (signal.aborted) return;
					why = `could not resume its event stream: ${networkReason(error)}`;
					idle++;
				}
			}
			if (next === undefined) {
				if (waiting === undefined) {
					options.log({
						event: "upstream-error",
						message: `${shown} ${why}; messages it sends outside a request are no longer received`,
					});
				} else {
					fail([...waiting], `${why}, before answering`);
				}
				return;
			}
			response = next;
		}
	};

	const openEvents = (): void => {
		if (eventsOpened || sessionId === undefined) return;
		eventsOpened = true;
		getStream("")
			.then(async (response) => {
				const type = response.headers.get("content-type") ?? "";
				if (!response.ok || !type.includes("text/event-stream")) {
					await response.body?.cancel().catch(() => {});
					return;
				}
				await follow(response, undefined);
			})
			.catch(() => {});
	};

	const postStreamable = async (bytes: Buffer): Promise<Response> => {
		const response = await fetch(url, {
			method: "POST",
			headers: postHeaders(bytes),
			body: new Uint8Array(bytes),
			signal,
		});
		const id = response.headers.get("mcp-session-id");
		if (id !== null) sessionId = id;
		return response;
	};

	const deliver = async (
		response: Response,
		ids: readonly Id[],
	): Promise<void> => {
		if (response.status === 202) return;
		if (!response.ok) {
			await response.body?.cancel().catch(() => {});
			fail(ids, `HTTP ${response.status}`);
			return;
		}
		const type = response.headers.get("content-type") ?? "";
		if (type.includes("text/event-stream")) {
			if (ids.length === 0) {
				await response.body?.cancel().catch(() => {});
				return;
			}
			await follow(response, new Set(ids));
			return;
		}
		const body = Buffer.from(await response.arrayBuffer());
		if (body.length > 0) take(body, ids[0]);
	};

	// The older HTTP+SSE transport: one GET stream names the endpoint to POST to.
	const postLegacy = legacyPoster({
		url,
		headers: options.headers,
		signal,
		take: (bytes) => take(bytes),
		fail: (bytes, why) => fail(requestIds(bytes), why),
		onStreamEnd: () =>
			finish({ code: 1, reason: "closed its SSE stream", startFailed: false }),
	});

	const first = async (bytes: Buffer, ids: readonly Id[]): Promise<void> => {
		let response: Response;
		try {
			response = await postStreamable(bytes);
		} catch (error) {
			const reason = `Cannot connect to ${shown}: ${networkReason(error)}`;
			fail(ids, networkReason(error));
			finish({ code: 2, reason, startFailed: true });
			throw error;
		}
		const status = response.status;
		if (status >= 400 && status < 500 && status !== 401 && status !== 403) {
			await response.body?.cancel().catch(() => {});
			options.log({
				event: "upstream-error",
				message: `${shown} answered HTTP ${status}; trying the older HTTP+SSE transport`,
			});
			try {
				legacy = true;
				await postLegacy(bytes);
			} catch (error) {
				fail(ids, scrub((error as Error).message));
				finish({
					code: 2,
					reason: `${shown} speaks neither Streamable HTTP (HTTP ${status}) nor HTTP+SSE`,
					startFailed: true,
				});
			}
			return;
		}
		if (status === 401 || status === 403) {
			options.log({
				event: "upstream-error",
				message: `${shown} answered HTTP ${status}; pass credentials with --header "Authorization: Bearer <token>"`,
			});
		}
		void deliver(response, ids);
	};

	/** Error texts of `fetch` may quote the URL: never with its query. */
	const scrub = (text: string): string =>
		url.search === "" ? text : text.split(url.href).join(shown);

	const networkReason = (error: unknown): string =>
		scrub(describeNetworkError(error));

	const send = (bytes: Buffer, message?: unknown): void => {
		const ids =
			message === undefined ? requestIds(bytes) : requestIdsIn(message);
		if (ready === undefined) {
			ready = first(bytes, ids).catch(() => {});
			return;
		}
		void ready.then(async () => {
			if (signal.aborted) return;
			try {
				if (legacy) {
					await postLegacy(bytes);
					return;
				}
				const response = await postStreamable(bytes);
				openEvents();
				await deliver(response, ids);
			} catch (error) {
				if (!signal.aborted) fail(ids, networkReason(error));
			}
		});
	};

	return {
		send,
		ended,
		async close() {
			if (sessionId !== undefined && !legacy) {
				await Promise.race([
					fetch(url, { method: "DELETE", headers: sessionHeaders() })
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

/** Waits `ms`; `false` when aborted first. */
function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
	if (signal.aborted) return Promise.resolve(false);
	return new Promise((resolve) => {
		const timer = setTimeout(() => {
			signal.removeEventListener("abort", onAbort);
			resolve(true);
		}, ms);
		const onAbort = (): void => {
			clearTimeout(timer);
			resolve(false);
		};
		signal.addEventListener("abort", onAbort, { once: true });
	});
}

function requestIds(bytes: Buffer): Id[] {
	return requestIdsIn(parseJson(bytes.toString("utf8")));
}

/** The ids of the requests in a message or batch (what the server owes an answer to). */
function requestIdsIn(message: unknown): Id[] {
	const ids: Id[] = [];
	for (const m of Array.isArray(message) ? message : [message]) {
		if (!isRecord(m) || typeof m.method !== "string") continue;
		if (typeof m.id === "string" || typeof m.id === "number") ids.push(m.id);
	}
	return ids;
}

/** The ids a message (or batch) from the server answers. */
function answeredIds(data: string): Id[] {
	// Requests and notifications from the server answer nothing: skip them unparsed.
	if (!data.includes('"result"') && !data.includes('"error"')) return [];
	const message = parseJson(data);
	const ids: Id[] = [];
	for (const m of Array.isArray(message) ? message : [message]) {
		if (!isRecord(m) || typeof m.method === "string") continue;
		if (typeof m.id === "string" || typeof m.id === "number") ids.push(m.id);
	}
	return ids;
}

function describeNetworkError(error: unknown): string {
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
