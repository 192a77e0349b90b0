import {
	checkOptions,
	describeValue,
	invalidOption,
	isName,
	isRecord,
	readArgument,
} from "../../core/guards.js";
import { McpToolNamesError } from "../../index.js";
import { idsOf } from "../jsonrpc-base.js";
import { EventStreamEditor } from "./_event-stream.js";
import { errorResponse, reasonOf } from "./_fail-closed.js";
import { decodeHeaderValue, encodeHeaderValue } from "./_header-value.js";

/**
 * One direction of a `WireRewriter`, or any function of the same shape: takes a parsed
 * JSON-RPC message and returns it, or a rewritten copy.
 *
 * @example
 * ```ts
 * const toClient: MessageRewrite = rewriter.serverToClient;
 * ```
 */
export type MessageRewrite = (message: unknown) => unknown;

/**
 * HTTP headers as Node's `IncomingHttpHeaders` / `OutgoingHttpHeaders` hold them: a plain
 * record, keys in any case.
 *
 * @example
 * ```ts
 * const headers: HeaderRecord = { "content-type": "application/json", "mcp-name": "a_b" };
 * ```
 */
export type HeaderRecord = Record<
	string,
	string | readonly string[] | number | undefined
>;

/**
 * Options of {@link rewriteEventStream}.
 *
 * @example
 * ```ts
 * const options: RewriteEventStreamOptions = { maxEventLength: 1024 * 1024 };
 * ```
 */
export interface RewriteEventStreamOptions {
	/**
	 * Events longer than this (in UTF-16 code units) are passed on unchanged and unbuffered,
	 * so one endless event cannot grow memory; default 32 MiB.
	 */
	maxEventLength?: number;
}

const DEFAULT_MAX_EVENT_LENGTH = 32 * 1024 * 1024;

/**
 * Rewrites a JSON HTTP body (`application/json` request or response) in one direction. A
 * string is parsed, rewritten and serialised again, and comes back as the very same string
 * when nothing changed or when it is not JSON (an empty `202 Accepted` body, say); any other
 * value is taken as an already parsed body. It fails closed: a rewritten message that cannot
 * be written again (nested deeper than `JSON.stringify` goes) is never passed on as it came,
 * with its wire names undecoded; answer it with {@link refuseJsonBody} instead.
 *
 * @param body - the raw body text, or the parsed body
 * @param rewrite - `rewriter.clientToServer` for requests, `rewriter.serverToClient` for responses
 * @returns a body of the same kind: text for text, a message for a message
 * @throws McpToolNamesError `unprocessable-message` when the rewritten body cannot be
 * serialised; `invalid-argument` when `rewrite` is not a function
 * @example
 * ```ts
 * const text = rewriteJsonBody(await request.text(), rewriter.clientToServer);
 * await fetch(upstream, { method: "POST", headers, body: text });
 * ```
 */
export function rewriteJsonBody<B>(body: B, rewrite: MessageRewrite): B {
	checkRewrite(rewrite, "rewriteJsonBody");
	if (typeof body !== "string") return rewrite(body) as B;
	const message = parseJson(body);
	if (message === undefined) return body;
	const rewritten = rewrite(message.value);
	if (rewritten === message.value) return body;
	let text: string | undefined;
	try {
		text = JSON.stringify(rewritten);
	} catch (error) {
		throw new McpToolNamesError(
			"unprocessable-message",
			`rewriteJsonBody cannot write the rewritten body again (${reasonOf(error)}); answer it with refuseJsonBody instead of forwarding it`,
			{ cause: error },
		);
	}
	return (text ?? body) as B;
}

/**
 * The JSON-RPC error answer to a body that cannot be processed (see
 * {@link rewriteJsonBody}): one error response (`-32600`) per request or response id in it,
 * a batch for a batch, `id: null` when it holds none. Send it to the client, with status 400
 * for a request body, in place of forwarding the body.
 *
 * @param body - the body that failed, as text or parsed
 * @param reason - what went wrong (an error or a sentence); default: a generic reason
 * @returns the JSON text of the error response(s)
 * @example
 * ```ts
 * try {
 *   body = rewriteJsonBody(text, rewriter.clientToServer);
 * } catch (error) {
 *   if (!isMcpToolNamesError(error) || error.code !== "unprocessable-message") throw error;
 *   return response.writeHead(400, { "content-type": "application/json" }).end(refuseJsonBody(text, error));
 * }
 * ```
 */
export function refuseJsonBody(body: unknown, reason?: unknown): string {
	const message = typeof body === "string" ? parseJson(body)?.value : body;
	const why =
		reason === undefined ? "it cannot be rewritten safely" : reasonOf(reason);
	const ids = answerableIds(message);
	if (ids.length === 0) return JSON.stringify(errorResponse(null, why));
	const errors = ids.map((id) => errorResponse(id, why));
	return JSON.stringify(Array.isArray(message) ? errors : errors[0]);
}

/** The ids to answer; none (one error with id `null`) for a body that cannot be read. */
function answerableIds(message: unknown): Array<string | number | null> {
	try {
		return [...idsOf(message, "requests"), ...idsOf(message, "responses")];
	} catch {
		return [];
	}
}

/**
 * A `TransformStream` that rewrites a `text/event-stream` body (a Streamable HTTP response
 * or the standalone GET stream) event by event. Chunks may split anywhere (inside a line,
 * a CRLF or a UTF-8 sequence); multi-line `data`, CRLF, LF and CR line ends, comments, `id`,
 * `event` and `retry` fields are understood. An event whose message changes gets one `data`
 * line with the new JSON; every other byte passes on unchanged and in order, and comments
 * and fields ahead of an event's data are not held back (keep-alives stay timely).
 *
 * @param rewrite - usually `rewriter.serverToClient`
 * @param options - the size limit of a rewritable event
 * @returns a stream from bytes (or text) to UTF-8 bytes
 * @throws McpToolNamesError `invalid-option` when `maxEventLength` is not a positive number
 * @example
 * ```ts
 * const upstreamResponse = await fetch(upstream, init);
 * const body = upstreamResponse.body?.pipeThrough(rewriteEventStream(rewriter.serverToClient));
 * return new Response(body, { status: upstreamResponse.status, headers: upstreamResponse.headers });
 * ```
 */
export function rewriteEventStream(
	rewrite: MessageRewrite,
	options: RewriteEventStreamOptions = {},
): TransformStream<Uint8Array | string, Uint8Array> {
	checkRewrite(rewrite, "rewriteEventStream");
	const opts = checkOptions("rewriteEventStream", options, ["maxEventLength"]);
	const maxLength = opts.maxEventLength ?? DEFAULT_MAX_EVENT_LENGTH;
	if (typeof maxLength !== "number" || !(maxLength > 0)) {
		throw invalidOption(
			"rewriteEventStream",
			"maxEventLength",
			"a positive number",
			maxLength,
		);
	}
	const editor = new EventStreamEditor(rewrite, maxLength);
	// ignoreBOM keeps a byte order mark in the text, so it is passed on too.
	const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
	const encoder = new TextEncoder();
	const emit = (
		controller: TransformStreamDefaultController<Uint8Array>,
		text: string,
	): void => {
		if (text !== "") controller.enqueue(encoder.encode(text));
	};
	return new TransformStream<Uint8Array | string, Uint8Array>({
		transform(chunk, controller) {
			const text =
				typeof chunk === "string"
					? decoder.decode() + chunk
					: decoder.decode(chunk, { stream: true });
			emit(controller, editor.push(text));
		},
		flush(controller) {
			emit(controller, editor.push(decoder.decode()));
			emit(controller, editor.end());
		},
	});
}

/**
 * Keeps the `Mcp-Name` request header in step with the `params.name` of a `tools/call`
 * body after the body was rewritten: Streamable HTTP from protocol revision 2026-07-28 on
 * requires the two to be equal, and a server rejects the request otherwise. Only a header
 * that is present is updated (a legacy client sends none); a value that needs it is written
 * in the header's `=?base64?…?=` form. The input is never mutated.
 *
 * @param headers - the request headers: a `Headers` object or a Node-style record
 * @param body - the rewritten body, as text or parsed
 * @returns `headers` itself when nothing changes, otherwise an updated copy of the same kind
 * @example
 * ```ts
 * const body = rewriteJsonBody(await request.text(), rewriter.clientToServer);
 * const headers = syncMcpNameHeader(request.headers, body);
 * await fetch(upstream, { method: "POST", headers, body });
 * ```
 */
export function syncMcpNameHeader<H extends Headers | HeaderRecord>(
	headers: H,
	body: unknown,
): H {
	return readArgument("syncMcpNameHeader", "headers or body", body, () =>
		syncHeader(headers, body),
	);
}

function syncHeader<H extends Headers | HeaderRecord>(
	headers: H,
	body: unknown,
): H {
	const message = typeof body === "string" ? parseJson(body)?.value : body;
	if (
		!isRecord(message) ||
		message.method !== "tools/call" ||
		!isRecord(message.params)
	) {
		return headers;
	}
	const name = message.params.name;
	if (!isName(name)) return headers;
	if (isHeaders(headers)) {
		const current = headers.get("mcp-name");
		if (current === null || decodeHeaderValue(current) === name) return headers;
		const copy = new Headers(headers);
		copy.set("mcp-name", encodeHeaderValue(name));
		return copy as H;
	}
	if (typeof headers !== "object" || headers === null) return headers;
	const record = headers as HeaderRecord;
	const key = Object.keys(record).find((k) => k.toLowerCase() === "mcp-name");
	if (key === undefined) return headers;
	const value = record[key];
	const current = Array.isArray(value) ? value[0] : value;
	if (current === undefined) return headers;
	if (decodeHeaderValue(String(current)) === name) return headers;
	return { ...record, [key]: encodeHeaderValue(name) } as H;
}

function isHeaders(value: unknown): value is Headers {
	if (typeof Headers !== "undefined" && value instanceof Headers) return true;
	const candidate = value as Partial<Headers> | null;
	return (
		typeof value === "object" &&
		candidate !== null &&
		typeof candidate.get === "function" &&
		typeof candidate.set === "function" &&
		typeof candidate.has === "function"
	);
}

function parseJson(text: string): { value: unknown } | undefined {
	try {
		return { value: JSON.parse(text) };
	} catch {
		return undefined;
	}
}

function checkRewrite(rewrite: unknown, name: string): void {
	if (typeof rewrite !== "function") {
		throw new McpToolNamesError(
			"invalid-argument",
			`${name} expects a rewrite function such as rewriter.serverToClient, got ${describeValue(rewrite)}`,
		);
	}
}
