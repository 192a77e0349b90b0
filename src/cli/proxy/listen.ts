import { randomUUID } from "node:crypto";
import {
	createServer,
	type IncomingMessage,
	type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import process from "node:process";
import type { ProxyContext } from "./run.js";
import { type Frame, ProxySession } from "./session.js";
import { startStdioUpstream, type UpstreamLink } from "./stdio-upstream.js";

type Id = string | number;

/** A POST waiting for the answers to its requests. */
interface Exchange {
	ids: Set<Id>;
	response: ServerResponse;
	/** `true`: answer on an event stream; `false`: collect and answer with one JSON body. */
	stream: boolean;
	collected: unknown[];
	batch: boolean;
}

/** One client session: its own upstream, routing and proxy session. */
interface ClientSession {
	id: string;
	upstream: UpstreamLink;
	proxy: ProxySession;
	exchanges: Set<Exchange>;
	/** The standalone GET stream for messages that answer no request. */
	events: ServerResponse | undefined;
	closed: boolean;
}

const MAX_BODY_BYTES = 64 * 1024 * 1024;
const SIGNAL_CODES: Record<string, number> = {
	SIGINT: 130,
	SIGTERM: 143,
	SIGHUP: 129,
};

/**
 * `proxy --listen`: serves clients over Streamable HTTP at `/mcp`, one upstream server per
 * client session (started on the client's `initialize`, ended on its DELETE, or when the
 * proxy stops). Runs until SIGINT or SIGTERM.
 *
 * @param context - the parsed command, logger and routing factory
 * @returns the exit code: 130/143 after a signal, 2 when the address cannot be bound
 */
export async function runListen(context: ProxyContext): Promise<number> {
	const { command, log } = context;
	const listen = command.listen;
	if (listen === undefined) return 2;
	if (command.upstream.type !== "stdio") {
		log({
			event: "upstream-error",
			message:
				"--listen needs a stdio upstream (a command after --); --url with --listen is not supported yet",
		});
		return 2;
	}
	const upstreamSpec = command.upstream;
	const sessions = new Map<string, ClientSession>();

	const open = (): ClientSession => {
		const id = randomUUID();
		const routing = context.createRouting();
		const session: ClientSession = {
			id,
			upstream: undefined as unknown as UpstreamLink,
			proxy: undefined as unknown as ProxySession,
			exchanges: new Set(),
			events: undefined,
			closed: false,
		};
		session.proxy = new ProxySession({
			routing,
			log,
			timeoutMs: command.timeoutMs,
			toUpstream: (frame) => session.upstream.send(frame.bytes),
			toClient: (frame) => deliver(session, frame),
			onCatalog: () => context.save(routing),
			onFatal: (reason) => {
				log({ event: "timeout", message: reason, session: id });
				void close(session);
			},
		});
		session.upstream = startStdioUpstream({
			command: upstreamSpec.command,
			args: upstreamSpec.args,
			env: process.env,
			stderr: context.io.stderr,
			onLine: (event) => {
				if (event.type === "line") session.proxy.fromUpstream(event.bytes);
			},
		});
		void session.upstream.ended.then((end) => {
			if (session.closed) return;
			log({
				event: "upstream-exit",
				message: `The MCP server of session ${id} ${end.reason}`,
				session: id,
				code: end.code,
			});
			session.proxy.upstreamGone(`the server ${end.reason}`);
			void close(session);
		});
		sessions.set(id, session);
		log({ event: "session", message: `Session ${id} opened`, session: id });
		return session;
	};

	const close = async (session: ClientSession): Promise<void> => {
		if (session.closed) return;
		session.closed = true;
		sessions.delete(session.id);
		session.proxy.close();
		for (const exchange of session.exchanges) finishExchange(session, exchange);
		session.events?.end();
		await session.upstream.close();
	};

	const server = createServer((request, response) => {
		handle(request, response).catch(() => {
			if (!response.headersSent) response.writeHead(500);
			response.end();
		});
	});

	const handle = async (
		request: IncomingMessage,
		response: ServerResponse,
	): Promise<void> => {
		const path = new URL(request.url ?? "/", "http://proxy").pathname;
		if (path !== "/mcp" && path !== "/") {
			return reply(response, 404, "Not found: the MCP endpoint is /mcp");
		}
		const sessionId = header(request, "mcp-session-id");
		const session =
			sessionId === undefined ? undefined : sessions.get(sessionId);
		if (sessionId !== undefined && session === undefined) {
			return reply(response, 404, "Unknown or ended session");
		}
		if (request.method === "DELETE") {
			if (session !== undefined) await close(session);
			response.writeHead(session === undefined ? 400 : 200).end();
			return;
		}
		if (request.method === "GET") {
			if (session === undefined)
				return reply(response, 400, "Missing Mcp-Session-Id");
			response.writeHead(200, {
				"content-type": "text/event-stream",
				"cache-control": "no-cache",
				"mcp-session-id": session.id,
			});
			response.flushHeaders();
			session.events = response;
			response.on("close", () => {
				if (session.events === response) session.events = undefined;
			});
			return;
		}
		if (request.method !== "POST")
			return reply(response, 405, "Method not allowed");
		const body = await readBody(request);
		if (body === undefined) return reply(response, 413, "Body too large");
		let message: unknown;
		try {
			message = JSON.parse(body.toString("utf8"));
		} catch {
			log({
				event: "malformed",
				side: "client",
				message: "A client POSTed a body that is not JSON; answered 400",
			});
			response.writeHead(400, { "content-type": "application/json" });
			response.end(
				JSON.stringify({
					jsonrpc: "2.0",
					id: null,
					error: { code: -32700, message: "Parse error" },
				}),
			);
			return;
		}
		const target = session ?? (isInitialize(message) ? open() : undefined);
		if (target === undefined)
			return reply(
				response,
				400,
				"Missing Mcp-Session-Id; start with initialize",
			);
		const ids = requestIds(message);
		if (ids.length === 0) {
			response.writeHead(202, { "mcp-session-id": target.id }).end();
		} else {
			const stream = (header(request, "accept") ?? "").includes(
				"text/event-stream",
			);
			const exchange: Exchange = {
				ids: new Set(ids),
				response,
				stream,
				collected: [],
				batch: Array.isArray(message),
			};
			target.exchanges.add(exchange);
			if (stream) {
				response.writeHead(200, {
					"content-type": "text/event-stream",
					"cache-control": "no-cache",
					"mcp-session-id": target.id,
				});
				response.flushHeaders();
			}
			response.on("close", () => target.exchanges.delete(exchange));
		}
		// A body spread over several lines cannot go up a stdio pipe as it is.
		const bytes = body.includes(0x0a)
			? Buffer.from(JSON.stringify(message))
			: body;
		target.proxy.fromClientMessage({ bytes, message });
	};

	const deliver = (session: ClientSession, frame: Frame): void => {
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
	};

	const finishExchange = (session: ClientSession, exchange: Exchange): void => {
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
	};

	try {
		await new Promise<void>((resolve, reject) => {
			server.once("error", reject);
			server.listen(listen.port, listen.host, () => resolve());
		});
	} catch (error) {
		log({
			event: "upstream-error",
			message: `Cannot listen on ${listen.host}:${listen.port}: ${(error as Error).message}`,
		});
		return 2;
	}
	const address = server.address() as AddressInfo;
	const host =
		address.family === "IPv6" ? `[${address.address}]` : address.address;
	const url = `http://${host}:${address.port}/mcp`;
	log({ event: "listening", message: `Listening on ${url}`, url });

	// The handlers stay until the sessions are closed: the process module re-raises a signal
	// nobody listens to once it has ended its servers, which would cut the shutdown short.
	const names = Object.keys(SIGNAL_CODES);
	let onSignal: (signal: NodeJS.Signals) => void = () => {};
	const code = await new Promise<number>((resolve) => {
		onSignal = (signal) => resolve(SIGNAL_CODES[signal] ?? 1);
		for (const name of names) process.on(name, onSignal);
	});
	const safetyNet = (): void => {
		for (const session of sessions.values()) session.upstream.killNow();
	};
	process.once("exit", safetyNet);
	await Promise.all([...sessions.values()].map((session) => close(session)));
	server.closeAllConnections();
	await new Promise<void>((resolve) => server.close(() => resolve()));
	process.off("exit", safetyNet);
	for (const name of names) process.off(name, onSignal);
	return code;
}

function writeEvent(response: ServerResponse, message: unknown): void {
	if (response.writableEnded) return;
	response.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
}

function reply(response: ServerResponse, status: number, text: string): void {
	response.writeHead(status, { "content-type": "application/json" });
	response.end(
		JSON.stringify({
			jsonrpc: "2.0",
			id: null,
			error: { code: -32000, message: text },
		}),
	);
}

function header(request: IncomingMessage, name: string): string | undefined {
	const value = request.headers[name];
	return Array.isArray(value) ? value[0] : value;
}

async function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
	const chunks: Buffer[] = [];
	let length = 0;
	for await (const chunk of request) {
		length += (chunk as Buffer).length;
		if (length > MAX_BODY_BYTES) return undefined;
		chunks.push(chunk as Buffer);
	}
	return Buffer.concat(chunks);
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isInitialize(message: unknown): boolean {
	const messages = Array.isArray(message) ? message : [message];
	return messages.some((m) => isRecord(m) && m.method === "initialize");
}

function requestIds(message: unknown): Id[] {
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
