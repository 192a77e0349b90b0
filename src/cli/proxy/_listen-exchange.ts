// The HTTP side of `proxy --listen`: a client session's open POSTs and event streams, where
// each message from the upstream goes (the POST it answers, else an open stream), and the
// small readers and writers of requests and responses.
import type { IncomingMessage, ServerResponse } from "node:http";
import { isRecord } from "../../core/_guards.js";
import type { Frame, ProxySession } from "./session.js";
import type { UpstreamLink } from "./stdio-upstream.js";

export type Id = string | number;

/** A POST waiting for the answers to its requests. */
export interface Exchange {
	ids: Set<Id>;
	response: ServerResponse;
	/** `true`: answer on an event stream; `false`: collect and answer with one JSON body. */
	stream: boolean;
	collected: unknown[];
	batch: boolean;
}

/** One client session: its own upstream, routing and proxy session. */
export interface ClientSession {
	id: string;
	upstream: UpstreamLink;
	proxy: ProxySession;
	exchanges: Set<Exchange>;
	/** The standalone GET stream for messages that answer no request. */
	events: ServerResponse | undefined;
	closed: boolean;
}

/** Writes a frame to the client: to the POST it answers, else to an open event stream. */
export function deliver(session: ClientSession, frame: Frame): void {
	const messages = Array.isArray(frame.message)
		? frame.message
		: [frame.message];
	for (const message of messages) {
		const id = responseId(message);
		const exchange =
			id === undefined
				? undefined
				: [...session.exchanges].find((e) => e.ids.has(id));
		if (exchange !== undefined && id !== undefined) {
			exchange.ids.delete(id);
			if (exchange.stream) writeEvent(exchange.response, message);
			else exchange.collected.push(message);
			if (exchange.ids.size === 0) finishExchange(session, exchange);
			continue;
		}
		// Not an answer to an open POST: the GET stream, else the newest open stream.
		const stream =
			session.events ??
			[...session.exchanges].reverse().find((e) => e.stream)?.response;
		if (stream !== undefined) writeEvent(stream, message);
	}
}

/** Ends a POST: its event stream, or its one JSON body with every answer collected. */
export function finishExchange(
	session: ClientSession,
	exchange: Exchange,
): void {
	session.exchanges.delete(exchange);
	const { response } = exchange;
	if (exchange.stream) {
		response.end();
		return;
	}
	if (response.headersSent) return;
	const body = exchange.batch ? exchange.collected : exchange.collected[0];
	response.writeHead(200, {
		"content-type": "application/json",
		"mcp-session-id": session.id,
	});
	response.end(body === undefined ? "" : JSON.stringify(body));
}

export function writeEvent(response: ServerResponse, message: unknown): void {
	if (response.writableEnded) return;
	response.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
}

export function reply(
	response: ServerResponse,
	status: number,
	text: string,
): void {
	response.writeHead(status, { "content-type": "application/json" });
	response.end(
		JSON.stringify({
			jsonrpc: "2.0",
			id: null,
			error: { code: -32000, message: text },
		}),
	);
}

export function header(
	request: IncomingMessage,
	name: string,
): string | undefined {
	const value = request.headers[name];
	return Array.isArray(value) ? value[0] : value;
}

const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** The body of a request; `undefined` when it is over 64 MiB. */
export async function readBody(
	request: IncomingMessage,
): Promise<Buffer | undefined> {
	const chunks: Buffer[] = [];
	let length = 0;
	for await (const chunk of request) {
		length += (chunk as Buffer).length;
		if (length > MAX_BODY_BYTES) return undefined;
		chunks.push(chunk as Buffer);
	}
	return Buffer.concat(chunks);
}

export function isInitialize(message: unknown): boolean {
	const messages = Array.isArray(message) ? message : [message];
	return messages.some((m) => isRecord(m) && m.method === "initialize");
}

export function requestIds(message: unknown): Id[] {
	const ids: Id[] = [];
	for (const m of Array.isArray(message) ? message : [message]) {
		if (
			isRecord(m) &&
			typeof m.method === "string" &&
			(typeof m.id === "string" || typeof m.id === "number")
		)
			ids.push(m.id);
	}
	return ids;
}

function responseId(message: unknown): Id | undefined {
	if (!isRecord(message) || typeof message.method === "string")
		return undefined;
	const id = message.id;
	return typeof id === "string" || typeof id === "number" ? id : undefined;
}
