/**
 * The HTTP link: Streamable HTTP (JSON or event-stream answers, `Mcp-Session-Id`, the
 * standalone GET stream, resumable streams), falling back to the older HTTP+SSE transport
 * (`postLegacy`), over `fetch` (no SDK). The proxy's upstream ({@link connectHttpUpstream})
 * and the audit's listing ({@link listHttpTools}) both run on it.
 *
 * @module
 */
import { setTimeout as delay } from "node:timers/promises";
import { syncMcpNameHeader } from "../../adapters/jsonrpc/index.js";
import {
	type MessageId as Id,
	idsOf,
	SERVER_ERROR,
} from "../../adapters/jsonrpc-base.js";
import { isRecord } from "../../core/guards.js";
import { displayUrl } from "../_printable.js";
import { Deadline } from "./deadline.js";
import {
	type Channel,
	type ListedTools,
	listServerTools,
	type TargetOptions,
} from "./session.js";
import { EventStreamReader, parseJson, readEventStream } from "./sse.js";
import type { UpstreamEnd, UpstreamLink } from "./stdio.js";
import {
	CREDENTIALS_HINT,
	describeHttpFailure,
	HttpStatus,
	linkFailureReason,
	ProtocolFailure,
} from "./target-errors.js";

/**
 * Where the link tells what went wrong outside any request (a refused first POST, a standalone
 * stream given up); the proxy's logger is one.
 */
type LinkLog = (event: { event: "upstream-error"; message: string }) => void;

/** Options of {@link connectHttpUpstream}. */
interface HttpUpstreamOptions {
	url: string;
	headers: Readonly<Record<string, string>>;
	log: LinkLog;
	/**
	 * Each message the server sends (a JSON body, or one event's data), as its bytes, with the
	 * request whose own response or event stream carried it (the first request of a batch;
	 * `undefined` for the standalone GET stream): progress and other messages tied to a
	 * request can then be delivered with that request.
	 */
	onMessage(bytes: Buffer, related?: Id): void;
	/** Aborts every request of the link (the audit's time budget). */
	signal?: AbortSignal;
	/**
	 * A request the server will not answer, and why (an `HttpStatus`, the network error, a
	 * `ProtocolFailure`); by default each of `ids` gets a JSON-RPC error answer through
	 * `onMessage` that says `MCP server at <url>: <reason>`.
	 */
	onFailure?(ids: readonly Id[], error: Error): void;
}

/** The HTTP link, and which transport the server turned out to speak. */
interface HttpLink extends UpstreamLink {
	readonly transport: "streamable-http" | "sse";
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
export function connectHttpUpstream(options: HttpUpstreamOptions): HttpLink {
	const controller = new AbortController();
	const signal =
		options.signal === undefined
			? controller.signal
			: AbortSignal.any([controller.signal, options.signal]);
	let sessionId: string | undefined;
	let protocolVersion: string | undefined;
	/** The first POST, which shows which transport the server speaks; the others wait for it. */
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

	const fail = (ids: readonly Id[], error: Error): void => {
		if (options.onFailure !== undefined) {
			options.onFailure(ids, error);
			return;
		}
		const why = reasonOf(error);
		for (const id of ids) {
			const reply = {
				jsonrpc: "2.0",
				id,
				error: {
					code: SERVER_ERROR,
					message: `MCP server at ${shown}: ${why}`,
				},
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
					new ProtocolFailure(
						`${why} before answering, with no event id to resume from`,
					),
				);
				return;
			}
			let next: Response | undefined;
			while (next === undefined && idle < MAX_IDLE_RESUMES) {
				const wait = reader.retry ?? DEFAULT_RETRY_MS * 1.5 ** idle;
				if (!(await delay(wait, true, { signal }).catch(() => false))) return;
				try {
					const resumed = await getStream(reader.lastEventId);
					if (resumed.ok && isEventStream(resumed)) {
						next = resumed;
						break;
					}
					await discard(resumed);
					why = `could not resume its event stream: GET answered HTTP ${resumed.status}`;
					// No GET stream, or no session any more: nothing to wait for.
					const definite =
						resumed.status >= 400 &&
						resumed.status < 500 &&
						resumed.status !== 429;
					idle = definite ? MAX_IDLE_RESUMES : idle + 1;
				} catch (error) {
					if (signal.aborted) return;
					why = `could not resume its event stream: ${reasonOf(error)}`;
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
					fail([...waiting], new ProtocolFailure(`${why}, before answering`));
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
				if (!response.ok || !isEventStream(response)) {
					await discard(response);
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
			await discard(response);
			fail(ids, new HttpStatus(response.status, response.statusText));
			return;
		}
		if (isEventStream(response)) {
			if (ids.length === 0) {
				await discard(response);
				return;
			}
			await follow(response, new Set(ids));
			return;
		}
		const body = Buffer.from(await response.arrayBuffer());
		if (body.length > 0) take(body, ids[0]);
	};

	// The older HTTP+SSE transport (protocol revision 2024-11-05): a GET event stream names
	// the endpoint to POST messages to, and carries every message from the server.
	let legacyEndpoint: Promise<URL> | undefined;
	const openLegacy = (): Promise<URL> => {
		legacyEndpoint ??= new Promise<URL>((resolve, reject) => {
			fetch(url, {
				method: "GET",
				headers: { ...options.headers, accept: "text/event-stream" },
				signal,
			})
				.then(async (response) => {
					if (!response.ok) {
						await discard(response);
						reject(new HttpStatus(response.status, response.statusText));
						return;
					}
					await readEventStream(response.body, (event) => {
						if (event.event === "endpoint") resolve(new URL(event.data, url));
						else if (event.event === "message") take(Buffer.from(event.data));
					});
					reject(
						new ProtocolFailure(
							"closed its event stream before naming the endpoint to POST to",
						),
					);
					// The stream ended while the link was open: the server is gone.
					if (!signal.aborted)
						finish({
							code: 1,
							reason: "closed its SSE stream",
							startFailed: false,
						});
				})
				.catch(reject);
		});
		return legacyEndpoint;
	};

	/**
	 * POSTs one message over HTTP+SSE, opening the event stream on first use; rejects when the
	 * stream cannot be opened or ends before naming its endpoint.
	 */
	const postLegacy = async (bytes: Buffer): Promise<void> => {
		const response = await fetch(await openLegacy(), {
			method: "POST",
			headers: { ...options.headers, "content-type": "application/json" },
			body: new Uint8Array(bytes),
			signal,
		});
		await discard(response);
		if (!response.ok && response.status !== 202)
			fail(
				requestIds(bytes),
				new HttpStatus(response.status, response.statusText),
			);
	};

	/**
	 * POSTs one message. The first one shows which transport the server speaks (a 4xx other
	 * than 401/403 moves the link to HTTP+SSE), and its answer is delivered without holding up
	 * the messages after it.
	 */
	const post = async (
		bytes: Buffer,
		ids: readonly Id[],
		first: boolean,
	): Promise<void> => {
		if (legacy) return postLegacy(bytes);
		const response = await postStreamable(bytes);
		if (!first) {
			openEvents();
			return deliver(response, ids);
		}
		const status = response.status;
		// The specification's fallback test is "a 4xx status"; 401 and 403 are left out: they
		// mean the endpoint exists and wants credentials, which an SSE retry would not bring.
		if (status >= 400 && status < 500 && status !== 401 && status !== 403) {
			await discard(response);
			options.log({
				event: "upstream-error",
				message: `${shown} answered HTTP ${status}; trying the older HTTP+SSE transport`,
			});
			try {
				legacy = true;
				await postLegacy(bytes);
			} catch (error) {
				// The SSE attempt failing on its own status says less than the first answer.
				fail(
					ids,
					error instanceof HttpStatus
						? new HttpStatus(status, response.statusText)
						: asError(error),
				);
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
				message: `${shown} answered HTTP ${status}; ${CREDENTIALS_HINT}`,
			});
		}
		void deliver(response, ids);
	};

	/** Why a request failed, in the audit's words; `fetch` errors may quote the URL: never with its query. */
	const reasonOf = (error: unknown): string => {
		const text = linkFailureReason(error, url);
		return url.search === "" ? text : text.split(url.href).join(shown);
	};

	const send = (bytes: Buffer, message?: unknown): void => {
		const ids =
			message === undefined ? requestIds(bytes) : idsOf(message, "requests");
		const first = ready === undefined;
		const sent = (ready ?? Promise.resolve()).then(async () => {
			if (!first && signal.aborted) return;
			try {
				await post(bytes, ids, first);
			} catch (error) {
				if (first || !signal.aborted) fail(ids, asError(error));
				// The first POST did not reach the server at all.
				if (first) {
					const reason = `Cannot connect to ${shown}: ${reasonOf(error)}`;
					finish({ code: 2, reason, startFailed: true });
				}
			}
		});
		ready ??= sent;
	};

	return {
		send,
		ended,
		get transport() {
			return legacy ? "sse" : "streamable-http";
		},
		async close() {
			if (sessionId !== undefined && !legacy) {
				// Ending the session is a courtesy (servers may answer 405): bounded, errors ignored.
				await fetch(url, {
					method: "DELETE",
					headers: sessionHeaders(),
					signal: AbortSignal.timeout(DELETE_WAIT_MS),
				})
					.then((response) => response.body?.cancel())
					.catch(() => {});
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

/** Whether a response is an event stream. */
function isEventStream(response: Response): boolean {
	return (response.headers.get("content-type") ?? "").includes(
		"text/event-stream",
	);
}

/** Lets go of a response's body, unread. */
async function discard(response: Response): Promise<void> {
	await response.body?.cancel().catch(() => {});
}

/** What was thrown, as an `Error`. */
function asError(error: unknown): Error {
	return error instanceof Error ? error : new Error(String(error));
}

/** The ids of the requests in a frame (what the server owes an answer to). */
function requestIds(bytes: Buffer): Id[] {
	return idsOf(parseJson(bytes.toString("utf8")), "requests");
}

/** The ids a message (or batch) from the server answers. */
function answeredIds(data: string): Id[] {
	// Requests and notifications from the server answer nothing: skip them unparsed.
	if (!data.includes('"result"') && !data.includes('"error"')) return [];
	return idsOf(parseJson(data), "responses");
}

/**
 * Connects to an HTTP target (Streamable HTTP, or HTTP+SSE when the first POST gets a 4xx
 * other than 401/403) and lists every page of tools.
 *
 * @param server - the endpoint and extra headers
 * @param options - time budget, progress line and label
 * @returns the tools, the server's info, the transport that worked, and `close()`
 * @throws CliFailure `target`: connection refused, host not found, HTTP status, timeout
 */
export async function listHttpTools(
	server: { url: string; headers: Readonly<Record<string, string>> },
	options: TargetOptions,
): Promise<ListedTools> {
	const url = new URL(server.url);
	const deadline = new Deadline(options.timeoutMs);
	options.progress.update(`Connecting to ${options.label}`);
	const channel = new HttpChannel(server, deadline, options);
	const link = channel.link;
	try {
		const listed = await listServerTools(channel, deadline, options);
		return {
			...listed,
			transport: link.transport,
			close: async () => {
				await link.close();
				deadline.dispose();
				return undefined;
			},
		};
	} catch (error) {
		await link.close();
		deadline.dispose();
		throw describeHttpFailure(error, {
			label: options.label,
			url,
			deadline,
			fellBack: link.transport === "sse",
		});
	}
}

/** A {@link Channel} of JSON messages over the HTTP link; any failure of the link fails it. */
class HttpChannel implements Channel {
	onmessage?: (message: unknown) => void;
	onfail?: (error: Error) => void;
	readonly link: HttpLink;
	#method = "";

	constructor(
		server: { url: string; headers: Readonly<Record<string, string>> },
		deadline: Deadline,
		options: TargetOptions,
	) {
		this.link = connectHttpUpstream({
			url: server.url,
			headers: server.headers,
			signal: deadline.signal,
			log: () => {
				if (this.link.transport === "sse")
					options.progress.update(
						`Trying the SSE transport at ${options.label}`,
					);
			},
			onMessage: (bytes) => {
				const message = parseJson(bytes.toString("utf8"));
				if (message === undefined) {
					this.onfail?.(
						new ProtocolFailure(
							`answered ${this.#method} with something that is not JSON`,
						),
					);
					return;
				}
				this.onmessage?.(message);
			},
			onFailure: (_ids, error) => this.onfail?.(error),
		});
		void this.link.ended.then((end) => {
			if (end.code !== 0) this.onfail?.(new ProtocolFailure(end.reason));
		});
	}

	async send(message: Record<string, unknown>): Promise<void> {
		if (typeof message.method === "string") this.#method = message.method;
		this.link.send(Buffer.from(JSON.stringify(message)), message);
	}
}
