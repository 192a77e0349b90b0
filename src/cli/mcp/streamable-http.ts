/**
 * The Streamable HTTP transport of the HTTP link: POSTs answered with JSON or an event stream,
 * `Mcp-Session-Id` and `MCP-Protocol-Version` on every request after `initialize`, the
 * standalone GET stream, and event streams resumed as revision 2025-11-25 says
 * (https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#resumability-and-redelivery):
 * when a stream ends before it answered its requests, wait the stream's `retry` and reconnect
 * with `GET` and `Last-Event-ID`, as the SDK's own client does; so does the standalone GET
 * stream. A stream that cannot be resumed (no event id, a refused GET, three reconnections in
 * a row that bring nothing) answers its requests with a JSON-RPC error, so no call waits for
 * ever.
 *
 * @module
 */
import { setTimeout as delay } from "node:timers/promises";
import { syncMcpNameHeader } from "../../adapters/jsonrpc/index.js";
import { type MessageId as Id, idsOf } from "../../adapters/jsonrpc-base.js";
import { isRecord } from "../../core/guards.js";
import { discard, type HttpEndpoint, isEventStream } from "./_http-endpoint.js";
import { EventStreamReader, parseJson, readEventStream } from "./sse.js";
import { HttpStatus, ProtocolFailure } from "./target-errors.js";

// The revision from which Streamable HTTP requires `Mcp-Name` to equal `params.name`.
const MCP_NAME_REVISION = "2026-07-28";
const DELETE_WAIT_MS = 1_000;
/** The wait before resuming a stream whose server set no `retry` (the SDK client's first delay). */
const DEFAULT_RETRY_MS = 1_000;
/** Reconnections in a row that bring nothing (no event, no new id) before a stream is given up. */
const MAX_IDLE_RESUMES = 3;

/** One Streamable HTTP session with a server. */
export class StreamableHttpTransport {
	readonly #endpoint: HttpEndpoint;
	#sessionId: string | undefined;
	#protocolVersion: string | undefined;
	#eventsOpened = false;

	/** @param endpoint - where to, and where messages go */
	constructor(endpoint: HttpEndpoint) {
		this.#endpoint = endpoint;
	}

	/** POSTs one message; the response is the caller's to {@link deliver}. */
	async post(bytes: Buffer): Promise<Response> {
		const response = await fetch(this.#endpoint.url, {
			method: "POST",
			headers: this.#postHeaders(bytes),
			body: new Uint8Array(bytes),
			signal: this.#endpoint.signal,
		});
		const id = response.headers.get("mcp-session-id");
		if (id !== null) this.#sessionId = id;
		return response;
	}

	/**
	 * Passes the answer to a POST on: a JSON body, or an event stream read (and resumed) until
	 * it answered `ids`; an HTTP error fails `ids`.
	 */
	async deliver(response: Response, ids: readonly Id[]): Promise<void> {
		if (response.status === 202) return;
		if (!response.ok) {
			await discard(response);
			this.#endpoint.fail(
				ids,
				new HttpStatus(response.status, response.statusText),
			);
			return;
		}
		if (isEventStream(response)) {
			if (ids.length === 0) {
				await discard(response);
				return;
			}
			await new ResumableStream(this, this.#endpoint, new Set(ids)).follow(
				response,
			);
			return;
		}
		const body = Buffer.from(await response.arrayBuffer());
		if (body.length > 0) this.take(body, ids[0]);
	}

	/** Opens the standalone GET stream, once, when the server has handed out a session. */
	openEvents(): void {
		if (this.#eventsOpened || this.#sessionId === undefined) return;
		this.#eventsOpened = true;
		this.getStream("")
			.then(async (response) => {
				if (!response.ok || !isEventStream(response)) {
					await discard(response);
					return;
				}
				await new ResumableStream(this, this.#endpoint, undefined).follow(
					response,
				);
			})
			.catch(() => {});
	}

	/** Ends the session the server handed out, if any: a courtesy (servers may answer 405), bounded, errors ignored. */
	async close(): Promise<void> {
		if (this.#sessionId === undefined) return;
		await fetch(this.#endpoint.url, {
			method: "DELETE",
			headers: this.#sessionHeaders(),
			signal: AbortSignal.timeout(DELETE_WAIT_MS),
		})
			.then((response) => response.body?.cancel())
			.catch(() => {});
	}

	/** GETs an event stream: the standalone one (`""`), or one resumed after an event id. */
	getStream(lastEventId: string): Promise<Response> {
		const headers: Record<string, string> = {
			...this.#sessionHeaders(),
			accept: "text/event-stream",
		};
		if (lastEventId !== "") headers["last-event-id"] = lastEventId;
		return fetch(this.#endpoint.url, {
			method: "GET",
			headers,
			signal: this.#endpoint.signal,
		});
	}

	/** Passes a message on, reading the negotiated protocol version off an initialize answer. */
	take(bytes: Buffer, related?: Id): void {
		if (
			this.#protocolVersion === undefined &&
			bytes.includes("protocolVersion")
		) {
			const message = parseJson(bytes.toString("utf8"));
			const result = isRecord(message) ? message.result : undefined;
			const version = isRecord(result) ? result.protocolVersion : undefined;
			if (typeof version === "string") this.#protocolVersion = version;
		}
		this.#endpoint.deliver(bytes, related);
	}

	#sessionHeaders(): Record<string, string> {
		const headers: Record<string, string> = { ...this.#endpoint.headers };
		if (this.#sessionId !== undefined)
			headers["mcp-session-id"] = this.#sessionId;
		if (this.#protocolVersion !== undefined)
			headers["mcp-protocol-version"] = this.#protocolVersion;
		return headers;
	}

	#postHeaders(bytes: Buffer): Record<string, string> {
		const headers: Record<string, string> = {
			...this.#sessionHeaders(),
			"content-type": "application/json",
			accept: "application/json, text/event-stream",
		};
		const version = this.#protocolVersion;
		if (version !== undefined && version >= MCP_NAME_REVISION) {
			// syncMcpNameHeader only updates a header that is there, in its encoded form.
			return syncMcpNameHeader(
				{ ...headers, "mcp-name": "" },
				bytes.toString("utf8"),
			) as Record<string, string>;
		}
		return headers;
	}
}

/**
 * One event stream read to its end, then resumed while it owes answers: the requests in
 * `waiting` for a POST's stream, every message for the standalone GET stream (`undefined`).
 */
class ResumableStream {
	readonly #transport: StreamableHttpTransport;
	readonly #endpoint: HttpEndpoint;
	readonly #waiting: Set<Id> | undefined;
	/** The request whose stream this is (the first of a batch), for messages tied to it. */
	readonly #related: Id | undefined;
	readonly #reader = new EventStreamReader();
	/** Reconnections in a row that failed or brought nothing. */
	#idle = 0;
	/** Why the stream is not read any more, for the error or the log line if it is given up. */
	#why = "";

	constructor(
		transport: StreamableHttpTransport,
		endpoint: HttpEndpoint,
		waiting: Set<Id> | undefined,
	) {
		this.#transport = transport;
		this.#endpoint = endpoint;
		this.#waiting = waiting;
		this.#related = waiting === undefined ? undefined : [...waiting][0];
	}

	/** Reads `first`, then each resumed stream, until every answer came or the stream is given up. */
	async follow(first: Response): Promise<void> {
		let response = first;
		for (;;) {
			const before = this.#reader.lastEventId;
			const { end, events } = await this.#read(response);
			if (this.#endpoint.signal.aborted || this.#answered()) return;
			if (response !== first)
				this.#idle =
					events > 0 || this.#reader.lastEventId !== before
						? 0
						: this.#idle + 1;
			this.#why =
				end === "failed"
					? "lost the connection of its event stream"
					: "ended its event stream";
			if (this.#idle >= MAX_IDLE_RESUMES)
				this.#why = `${this.#why} ${MAX_IDLE_RESUMES} times after resuming it, with nothing new`;
			if (this.#reader.lastEventId === "" && this.#waiting !== undefined) {
				this.#endpoint.fail(
					[...this.#waiting],
					new ProtocolFailure(
						`${this.#why} before answering, with no event id to resume from`,
					),
				);
				return;
			}
			const next = await this.#resume();
			if (next === undefined) {
				if (!this.#endpoint.signal.aborted) this.#giveUp();
				return;
			}
			response = next;
		}
	}

	async #read(
		response: Response,
	): Promise<{ end: "ended" | "failed"; events: number }> {
		let events = 0;
		const end = await readEventStream(
			response.body,
			(event) => {
				events++;
				if (event.event !== "message") return;
				if (this.#waiting !== undefined)
					for (const id of answeredIds(event.data)) this.#waiting.delete(id);
				this.#transport.take(Buffer.from(event.data), this.#related);
			},
			this.#reader,
			() => this.#answered(),
		);
		return { end, events };
	}

	/** Waits `retry` and GETs the stream again after its last event id, while there is hope. */
	async #resume(): Promise<Response | undefined> {
		const { signal } = this.#endpoint;
		while (this.#idle < MAX_IDLE_RESUMES) {
			const wait = this.#reader.retry ?? DEFAULT_RETRY_MS * 1.5 ** this.#idle;
			if (!(await delay(wait, true, { signal }).catch(() => false)))
				return undefined;
			try {
				const resumed = await this.#transport.getStream(
					this.#reader.lastEventId,
				);
				if (resumed.ok && isEventStream(resumed)) return resumed;
				await discard(resumed);
				this.#why = `could not resume its event stream: GET answered HTTP ${resumed.status}`;
				// No GET stream, or no session any more: nothing to wait for.
				const definite =
					resumed.status >= 400 &&
					resumed.status < 500 &&
					resumed.status !== 429;
				this.#idle = definite ? MAX_IDLE_RESUMES : this.#idle + 1;
			} catch (error) {
				if (signal.aborted) return undefined;
				this.#why = `could not resume its event stream: ${this.#endpoint.reasonOf(error)}`;
				this.#idle++;
			}
		}
		return undefined;
	}

	#giveUp(): void {
		if (this.#waiting === undefined) {
			this.#endpoint.log(
				`${this.#endpoint.shown} ${this.#why}; messages it sends outside a request are no longer received`,
			);
			return;
		}
		this.#endpoint.fail(
			[...this.#waiting],
			new ProtocolFailure(`${this.#why}, before answering`),
		);
	}

	#answered(): boolean {
		return this.#waiting?.size === 0;
	}
}

/** The ids a message (or batch) from the server answers. */
function answeredIds(data: string): Id[] {
	// Requests and notifications from the server answer nothing: skip them unparsed.
	if (!data.includes('"result"') && !data.includes('"error"')) return [];
	return idsOf(parseJson(data), "responses");
}
