import { randomUUID } from "node:crypto";
import {
	createServer,
	type IncomingMessage,
	type ServerResponse,
	STATUS_CODES,
} from "node:http";
import type { AddressInfo, Socket } from "node:net";
import process from "node:process";
import { isId, type MessageId } from "../../adapters/jsonrpc/message.js";
import { isRecord } from "../../core/guards.js";
import type { UpstreamLink } from "../mcp/link.js";
import type { ListenSettings } from "../options/proxy.js";
import {
	type ProxyContext,
	startUpstream,
	TOKEN_VARIABLE,
	whileRunning,
} from "./_context.js";
import {
	invalidRequest,
	isLoopbackHost,
	type Refusal,
	RequestGate,
	refusal,
	sendRefusal,
} from "./_listen-admission.js";
import { ClientStreams, postedRequests } from "./_listen-streams.js";
import { isInitialize, isMethod } from "./_messages.js";
import { ProxySession } from "./session.js";

/** One client session: its own upstream, proxy session and event streams. */
interface ListenSession {
	id: string;
	upstream: UpstreamLink;
	proxy: ProxySession;
	streams: ClientStreams;
	closed: boolean;
	/** Requests of this session being handled right now (it is not idle meanwhile). */
	busy: number;
	/** Closes the session when it was left idle for `--session-idle`. */
	idleTimer: NodeJS.Timeout | undefined;
}

/** How long a client may take to send a request's headers. */
const HEADERS_TIMEOUT_MS = 10_000;
/** An unknown (or closed) session, answered with the code the SDK's server uses (-32001). */
const SESSION_NOT_FOUND: Refusal = refusal(404, "Session not found", -32001);
/** A request other than `initialize` that names no session. */
const SESSION_REQUIRED: Refusal = refusal(
	400,
	"Bad Request: Mcp-Session-Id header is required",
);

/**
 * `proxy --listen`: serves clients over Streamable HTTP at `/mcp`, one upstream per client
 * session (a server process, or with `--url` an HTTP session of its own; started on the
 * client's `initialize`, ended on its DELETE, after
 * `--session-idle` unused, or when the proxy stops). Requests pass the checks of
 * {@link RequestGate} first (Host and Origin on loopback binds, the bearer token from
 * `MCP_TOOL_NAMES_TOKEN`, Accept, Content-Type, `--max-body`, the JSON-RPC shape); a refused
 * one gets its status and a JSON-RPC error, one log line, and reaches no session. Runs until
 * SIGINT or SIGTERM.
 *
 * @param context - the parsed command, the logger and the parts of each session
 * @param listen - the command's `--listen` settings
 * @returns the exit code: 130/143 after a signal, 2 when the address cannot (or may not) be bound
 */
export async function runListen(
	context: ProxyContext,
	listen: ListenSettings,
): Promise<number> {
	const { command, log, io } = context;
	// From the environment, never from the command line, where `ps` shows it to every user.
	const token = io.env?.[TOKEN_VARIABLE] ?? process.env[TOKEN_VARIABLE];
	const loopback = isLoopbackHost(listen.host);
	const notServing =
		token === ""
			? `${TOKEN_VARIABLE} is set but empty; give it a token, or unset it`
			: !loopback && token === undefined && !listen.allowUnauthenticated
				? `Not serving ${listen.host}, an address other machines may reach, without a token: set ${TOKEN_VARIABLE}, or pass --allow-unauthenticated when something in front authenticates`
				: undefined;
	if (notServing !== undefined) {
		log({ event: "refused", message: notServing });
		return 2;
	}
	const gate = new RequestGate(listen, token, command.timeoutMs);
	const sessions = new Map<string, ListenSession>();
	/** Sessions ending: their processes count against `--max-sessions` until they are gone. */
	let pending = 0;

	const open = (): ListenSession => {
		const id = randomUUID();
		const opened: ListenSession = {
			id,
			upstream: startUpstream(context, {
				onMessage: (bytes, related) =>
					opened.proxy.fromUpstream(bytes, related),
				session: id,
				stderr: io.stderr,
			}),
			proxy: new ProxySession({
				...context.sessionParts(),
				toUpstream: (frame) => opened.upstream.send(frame.bytes, frame.message),
				toClient: (frame) => opened.streams.deliver(frame),
				onFatal: (reason) => {
					log({ event: "timeout", message: reason, session: id });
					void close(opened);
				},
			}),
			streams: new ClientStreams(id, () => rest(opened)),
			closed: false,
			busy: 0,
			idleTimer: undefined,
		};
		void opened.upstream.ended.then((end) => {
			if (opened.closed) return;
			log({
				event: "upstream-exit",
				message: end.startFailed
					? `Session ${id}: ${end.reason}`
					: `The MCP server of session ${id} ${end.reason}`,
				session: id,
				code: end.code,
			});
			opened.proxy.upstreamGone(`the server ${end.reason}`);
			void close(opened);
		});
		sessions.set(id, opened);
		log({ event: "session", message: `Session ${id} opened`, session: id });
		return opened;
	};

	const close = async (session: ListenSession): Promise<void> => {
		if (session.closed) return;
		session.closed = true;
		clearTimeout(session.idleTimer);
		sessions.delete(session.id);
		pending += 1;
		session.proxy.close();
		session.streams.closeAll();
		try {
			await session.upstream.close();
		} finally {
			pending -= 1;
		}
	};

	/** No request is handled and no stream is open: the idle clock runs. */
	const rest = (session: ListenSession): void => {
		if (session.closed || session.busy > 0 || !session.streams.quiet) return;
		clearTimeout(session.idleTimer);
		session.idleTimer = setTimeout(() => {
			log({
				event: "session",
				message: `Session ${session.id} was idle for ${listen.sessionIdleMs} ms (--session-idle); closed it and ended its server`,
				session: session.id,
			});
			void close(session);
		}, listen.sessionIdleMs);
		session.idleTimer.unref();
	};

	const handle = async (
		request: IncomingMessage,
		response: ServerResponse,
	): Promise<void> => {
		const path = new URL(request.url ?? "/", "http://proxy").pathname;
		const refuse = (refused: Refusal, session?: string): void => {
			log({
				event: "refused",
				message: `Refused ${request.method ?? "?"} ${path} from ${request.socket.remoteAddress ?? "?"}: ${refused.status} ${refused.message}`,
				status: refused.status,
				...(session === undefined ? {} : { session }),
			});
			sendRefusal(response, refused);
		};
		const peer = gate.checkPeer(request);
		if (peer !== undefined) return refuse(peer);
		if (path !== "/mcp" && path !== "/")
			return refuse(refusal(404, "Not Found: the MCP endpoint is /mcp"));
		// Node joins a repeated header other than Set-Cookie into one string.
		const sessionId = request.headers["mcp-session-id"] as string | undefined;
		const found = sessionId === undefined ? undefined : sessions.get(sessionId);
		if (sessionId !== undefined && found === undefined)
			return refuse(SESSION_NOT_FOUND, sessionId);
		if (request.method === "DELETE") {
			if (found === undefined) return refuse(SESSION_REQUIRED);
			await close(found);
			response.writeHead(200).end();
			return;
		}
		if (request.method === "GET") {
			const unacceptable = gate.checkGet(request);
			if (unacceptable !== undefined) return refuse(unacceptable, sessionId);
			if (found === undefined) return refuse(SESSION_REQUIRED);
			if (!found.streams.openEvents(response))
				return refuse(
					refusal(409, "Conflict: Only one SSE stream is allowed per session"),
					found.id,
				);
			clearTimeout(found.idleTimer); // a stream is open: the session is not idle
			return;
		}
		if (request.method !== "POST")
			return refuse({
				...refusal(405, "Method not allowed."),
				headers: { allow: "GET, POST, DELETE" },
			});
		const early = gate.checkPost(request);
		if (early !== undefined) return refuse(early, sessionId);
		if (found === undefined) return post(request, response, refuse, undefined);
		found.busy += 1;
		clearTimeout(found.idleTimer); // a request is handled: the session is not idle
		try {
			await post(request, response, refuse, found);
		} finally {
			found.busy -= 1;
			rest(found);
		}
	};

	const post = async (
		request: IncomingMessage,
		response: ServerResponse,
		refuse: (refused: Refusal, session?: string) => void,
		found: ListenSession | undefined,
	): Promise<void> => {
		const body = await gate.readBody(request);
		if (body === undefined) return; // the client went away
		if (!("bytes" in body)) return refuse(body, found?.id);
		const { message } = body;
		let target = found;
		if (isInitialize(message)) {
			if (found !== undefined)
				return refuse(invalidRequest("Server already initialized"), found.id);
			if (Array.isArray(message))
				return refuse(invalidRequest("initialize must not be part of a batch"));
			if (sessions.size + pending >= listen.maxSessions)
				return refuse(
					refusal(
						503,
						`Service Unavailable: ${listen.maxSessions} sessions are open, as many as --max-sessions allows; close one (DELETE) or wait for one to go idle`,
					),
				);
			try {
				target = open();
			} catch (error) {
				return refuse(
					refusal(
						502,
						`Bad Gateway: cannot start the MCP server: ${error instanceof Error ? error.message : String(error)}`,
					),
				);
			}
		}
		if (target === undefined) return refuse(SESSION_REQUIRED);
		if (target.closed) return refuse(SESSION_NOT_FOUND, target.id);
		const requests = postedRequests(message);
		const ids = new Set<MessageId>();
		for (const { id } of requests) {
			if (ids.has(id) || target.streams.taken(id))
				return refuse(
					invalidRequest(
						`id ${JSON.stringify(id)} is already used by a request in flight`,
					),
					target.id,
				);
			ids.add(id);
		}
		// Back-pressure: a client that sends faster than its server reads waits here.
		if (target.upstream.needsDrain()) await target.upstream.drained();
		if (target.closed) return refuse(SESSION_NOT_FOUND, target.id);
		// The requests a client's `notifications/cancelled` name are answered no more.
		for (const m of Array.isArray(message) ? message : [message])
			if (
				isMethod(m, "notifications/cancelled") &&
				isRecord(m.params) &&
				isId(m.params.requestId)
			)
				target.streams.cancel(m.params.requestId);
		if (requests.length === 0)
			response.writeHead(202, { "mcp-session-id": target.id }).end();
		else target.streams.openPost(response, requests);
		// A body spread over several lines cannot go up a stdio pipe as it is.
		const bytes = body.bytes.includes(0x0a)
			? Buffer.from(JSON.stringify(message))
			: body.bytes;
		target.proxy.fromClientMessage({ bytes, message });
		rest(target);
	};

	const server = createServer(
		{
			headersTimeout: HEADERS_TIMEOUT_MS,
			// A backstop behind the body's own bound (--timeout, in RequestGate.readBody).
			requestTimeout: HEADERS_TIMEOUT_MS + command.timeoutMs + 1_000,
			connectionsCheckingInterval: 1_000,
			keepAlive: true,
		},
		(request, response) => {
			handle(request, response).catch((error: unknown) => {
				log({
					event: "refused",
					message: `Failed on a ${request.method ?? "?"} request: ${error instanceof Error ? error.message : String(error)}; answered 500`,
					status: 500,
				});
				if (!response.headersSent) response.writeHead(500);
				response.end();
			});
		},
	);
	server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
		if (error.code === "ECONNRESET" || !socket.writable) {
			socket.destroy();
			return;
		}
		const status =
			error.code === "ERR_HTTP_REQUEST_TIMEOUT"
				? 408
				: error.code === "HPE_HEADER_OVERFLOW"
					? 431
					: 400;
		log({
			event: "refused",
			message: `Refused a request from ${socket.remoteAddress ?? "?"}: ${status} ${STATUS_CODES[status] ?? ""}${status === 408 ? ` (its headers did not arrive within ${HEADERS_TIMEOUT_MS} ms)` : ""}`,
			status,
		});
		socket.end(
			`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`,
		);
	});

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
	if (!loopback && token === undefined)
		log({
			event: "listening",
			message: `Serving ${host} without a token (--allow-unauthenticated): whoever reaches it can start servers; keep an authenticating proxy in front`,
		});

	let stopHandling = (): void => {};
	const code = await new Promise<number>((resolve) => {
		stopHandling = whileRunning(
			(_signal, code) => resolve(code),
			() => {
				for (const session of sessions.values()) session.upstream.killNow();
			},
		);
	});
	await Promise.all([...sessions.values()].map((session) => close(session)));
	server.closeAllConnections();
	await new Promise<void>((resolve) => server.close(() => resolve()));
	stopHandling();
	return code;
}
