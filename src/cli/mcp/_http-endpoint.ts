// What the HTTP transports of one link share (streamable-http.ts, legacy-sse.ts, and the link
// that picks between them, http.ts): the endpoint and its headers, the abort signal of every
// request, where messages, failures and log lines go, and how the link ends.
import {
	type MessageId as Id,
	idsOf,
	SERVER_ERROR,
} from "../../adapters/jsonrpc-base.js";
import { displayUrl } from "../_printable.js";
import type { LinkLog, UpstreamEnd } from "./link.js";
import { parseJson } from "./sse.js";
import { linkFailureReason } from "./target-errors.js";

/** Options of an HTTP link. */
export interface HttpLinkOptions {
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

/** One HTTP endpoint as the transports of a link see it. */
export class HttpEndpoint {
	readonly url: URL;
	/** The URL as messages show it: without userinfo and query. */
	readonly shown: string;
	readonly headers: Readonly<Record<string, string>>;
	/** Aborts every request of the link: the link was closed, or the caller's signal fired. */
	readonly signal: AbortSignal;
	/** Settles when the link is over: closed, or the server cannot be reached at all. */
	readonly ended: Promise<UpstreamEnd>;
	readonly #options: HttpLinkOptions;
	readonly #controller = new AbortController();
	#finish: (end: UpstreamEnd) => void = () => {};

	/** @param options - the endpoint, its headers and where messages go */
	constructor(options: HttpLinkOptions) {
		this.#options = options;
		this.url = new URL(options.url);
		this.shown = displayUrl(this.url);
		this.headers = options.headers;
		this.signal =
			options.signal === undefined
				? this.#controller.signal
				: AbortSignal.any([this.#controller.signal, options.signal]);
		this.ended = new Promise<UpstreamEnd>((resolve) => {
			this.#finish = resolve;
		});
	}

	/** Passes a message from the server on, with the request whose stream carried it. */
	deliver(bytes: Buffer, related?: Id): void {
		this.#options.onMessage(bytes, related);
	}

	/** Requests the server will not answer: each gets an error answer (or the caller's `onFailure`). */
	fail(ids: readonly Id[], error: Error): void {
		if (this.#options.onFailure !== undefined) {
			this.#options.onFailure(ids, error);
			return;
		}
		const why = this.reasonOf(error);
		for (const id of ids) {
			const reply = {
				jsonrpc: "2.0",
				id,
				error: {
					code: SERVER_ERROR,
					message: `MCP server at ${this.shown}: ${why}`,
				},
			};
			this.deliver(Buffer.from(JSON.stringify(reply)), id);
		}
	}

	/** Says what went wrong outside any request. */
	log(message: string): void {
		this.#options.log({ event: "upstream-error", message });
	}

	/** Ends the link (the first end counts). */
	finish(end: UpstreamEnd): void {
		this.#finish(end);
	}

	/** Aborts every request of the link. */
	abort(): void {
		this.#controller.abort();
	}

	/** Why a request failed, in the audit's words; `fetch` errors may quote the URL: never with its query. */
	reasonOf(error: unknown): string {
		const text = linkFailureReason(error, this.url);
		return this.url.search === ""
			? text
			: text.split(this.url.href).join(this.shown);
	}
}

/** Whether a response is an event stream. */
export function isEventStream(response: Response): boolean {
	return (response.headers.get("content-type") ?? "").includes(
		"text/event-stream",
	);
}

/** Lets go of a response's body, unread. */
export async function discard(response: Response): Promise<void> {
	await response.body?.cancel().catch(() => {});
}

/** What was thrown, as an `Error`. */
export function asError(error: unknown): Error {
	return error instanceof Error ? error : new Error(String(error));
}

/** The ids of the requests in a frame (what the server owes an answer to). */
export function requestIds(bytes: Buffer): Id[] {
	return idsOf(parseJson(bytes.toString("utf8")), "requests");
}
