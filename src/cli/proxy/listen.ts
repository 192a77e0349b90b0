import {
	createServer,
	type IncomingMessage,
	type Server,
	type ServerResponse,
	STATUS_CODES,
} from "node:http";
import type { AddressInfo, Socket } from "node:net";
import process from "node:process";
import { isId, type MessageId } from "../../adapters/jsonrpc-base.js";
import { isRecord } from "../../core/guards.js";
import type { ListenSettings } from "../options/proxy.js";
import { type ProxyContext, TOKEN_VARIABLE, whileRunning } from "./_context.js";
import {
	invalidRequest,
	isLoopbackHost,
	type Refusal,
	RequestGate,
	refusal,
	sendRefusal,
} from "./_listen-admission.js";
import { answerOAuth } from "./_listen-oauth.js";
import { type ListenSession, ListenSessions } from "./_listen-sessions.js";
import {
	postedRequests,
	REPLAY_BYTES,
	REPLAY_EVENTS,
} from "./_listen-streams.js";
import { isInitialize, isMethod } from "./_messages.js";

/** How long a client may take to send a request's headers. */
const HEADERS_TIMEOUT_MS = 10_000;
/** An unknown (or closed) session, answered with the code the SDK's server uses (-32001). */
const SESSION_NOT_FOUND: Refusal = refusal(404, "Session not found", -32001);
/** A request other than `initialize` that names no session. */
const SESSION_REQUIRED: Refusal = refusal(
	400,
	"Bad Request: Mcp-Session-Id header is required",
);
/** The revision from which a POST stream opens with a priming event (older clients cannot read one). */
const PRIMING_REVISION = "2025-11-25";
/** The revision a client speaks when it sends no `Mcp-Protocol-Version` (the SDK server's default). */
const DEFAULT_REVISION = "2025-03-26";
/** What a refused `initialize` at the cap tells the client to wait, in seconds. */
const RETRY_AFTER_S = 1;

/** A request's own refusal: logs it (one line) and answers it. */
type Refuse = (refused: Refusal, session?: string) => void;

/**
 * `proxy --listen`'s HTTP server: serves clients over Streamable HTTP at `/mcp`, one upstream
 * per client session (a server process, or with `--url` an HTTP session of its own; started
 * on the client's `initialize`, ended on its DELETE, after `--session-idle` unused, when
 * `--max-sessions` needs its place, or when the proxy stops). Requests pass the checks of
 * {@link RequestGate} first (Host and Origin on loopback binds, the bearer token from
 * `MCP_TOOL_NAMES_TOKEN`, Accept, Content-Type, `--max-body`, the JSON-RPC shape); a refused
 * one gets its status and a JSON-RPC error, one log line, and reaches no session.
 */
class ListenServer {
	readonly #context: ProxyContext;
	readonly #settings: ListenSettings;
	readonly #gate: RequestGate;
	readonly #sessions: ListenSessions;
	readonly #http: Server;

	/**
	 * @param context - the parsed command, the logger and the parts of each session
	 * @param settings - the command's `--listen` settings
	 * @param token - the bearer token every request must carry, when one is set
	 */
	constructor(
		context: ProxyContext,
		settings: ListenSettings,
		token: string | undefined,
	) {
		this.#context = context;
		this.#settings = settings;
		this.#gate = new RequestGate(settings, token, context.command.timeoutMs);
		this.#sessions = new ListenSessions(context, settings);
		this.#http = createServer(
			{
				headersTimeout: HEADERS_TIMEOUT_MS,
				// A backstop behind the body's own bound (--timeout, in RequestGate.readBody).
				requestTimeout: HEADERS_TIMEOUT_MS + context.command.timeoutMs + 1_000,
				connectionsCheckingInterval: 1_000,
				keepAlive: true,
			},
			(request, response) => this.#serve(request, response),
		);
		this.#http.on(
			"clientError",
			(error: NodeJS.ErrnoException, socket: Socket) =>
				this.#clientError(error, socket),
		);
	}

	/**
	 * Binds the address.
	 *
	 * @returns the endpoint's URL (`http://host:port/mcp`)
	 * @throws the bind's error (address in use, not available, no permission)
	 */
	async listen(host: string, port: number): Promise<string> {
		await new Promise<void>((resolve, reject) => {
			this.#http.once("error", reject);
			this.#http.listen(port, host, () => {
				this.#http.off("error", reject);
				resolve();
			});
		});
		const address = this.#http.address() as AddressInfo;
		const shown =
			address.family === "IPv6" ? `[${address.address}]` : address.address;
		return `http://${shown}:${address.port}/mcp`;
	}

	/** Ends every session (their processes gone), then the server and its connections. */
	async close(): Promise<void> {
		await this.#sessions.closeAll();
		this.#http.closeAllConnections();
		await new Promise<void>((resolve) => this.#http.close(() => resolve()));
	}

	/** Kills every session's processes at once (the process is exiting). */
	killNow(): void {
		this.#sessions.killAll();
	}

	#serve(request: IncomingMessage, response: ServerResponse): void {
		this.#handle(request, response).catch((error: unknown) => {
			this.#context.log({
				event: "refused",
				message: `Failed on a ${request.method ?? "?"} request: ${error instanceof Error ? error.message : String(error)}; answered 500`,
				status: 500,
			});
			if (!response.headersSent) response.writeHead(500);
			response.end();
		});
	}

	async #handle(
		request: IncomingMessage,
		response: ServerResponse,
	): Promise<void> {
		const path = new URL(request.url ?? "/", "http://proxy").pathname;
		const refuse: Refuse = (refused, session) => {
			this.#context.log({
				event: "refused",
				message: `Refused ${request.method ?? "?"} ${path} from ${request.socket.remoteAddress ?? "?"}: ${refused.status} ${refused.message}`,
				status: refused.status,
				...(session === undefined ? {} : { session }),
			});
			sendRefusal(response, refused);
		};
		const peer = this.#gate.checkPeer(request);
		if (
			peer?.status === 401 &&
			answerOAuth(request, response, path, this.#context.log)
		)
			return;
		if (peer !== undefined) return refuse(peer);
		if (path !== "/mcp" && path !== "/")
			return refuse(refusal(404, "Not Found: the MCP endpoint is /mcp"));
		// Node joins a repeated header other than Set-Cookie into one string.
		const sessionId = request.headers["mcp-session-id"] as string | undefined;
		const found =
			sessionId === undefined ? undefined : this.#sessions.use(sessionId);
		if (sessionId !== undefined && found === undefined)
			return refuse(SESSION_NOT_FOUND, sessionId);
		switch (request.method) {
			case "DELETE":
				if (found === undefined) return refuse(SESSION_REQUIRED);
				await this.#sessions.end(found, "deleted");
				response.writeHead(200).end();
				return;
			case "GET":
				return this.#get(request, response, refuse, found);
			case "POST": {
				const early = this.#gate.checkPost(request);
				if (early !== undefined) return refuse(early, sessionId);
				if (found === undefined)
					return this.#initialize(request, response, refuse);
				return found.handle(() => this.#post(request, response, refuse, found));
			}
			default:
				return refuse({
					...refusal(405, "Method not allowed."),
					headers: { allow: "GET, POST, DELETE" },
				});
		}
	}

	/** A GET: the session's event stream, or with `Last-Event-ID` a stream resumed. */
	#get(
		request: IncomingMessage,
		response: ServerResponse,
		refuse: Refuse,
		found: ListenSession | undefined,
	): void {
		const unacceptable =
			this.#gate.checkGet(request) ??
			(found === undefined ? SESSION_REQUIRED : undefined);
		if (unacceptable !== undefined || found === undefined) {
			refuse(unacceptable ?? SESSION_REQUIRED, found?.id);
			return;
		}
		const last = request.headers["last-event-id"];
		const opened = found.streams.openEvents(
			response,
			typeof last === "string" && last !== "" ? last : undefined,
		);
		if (!opened.opened) {
			refuse(
				opened.reason === "conflict"
					? refusal(409, "Conflict: Only one SSE stream is allowed per session")
					: refusal(
							400,
							`Bad Request: Last-Event-ID ${JSON.stringify(last)} names no event of this session`,
						),
				found.id,
			);
			return;
		}
		found.listening(); // a stream is open: the session is not idle
		const { resumed } = opened;
		if (resumed !== undefined && resumed.missed !== 0)
			this.#context.log({
				event: "session",
				message: `Session ${found.id} resumed a stream after event ${resumed.eventId}, but ${resumed.missed === "unknown" ? "its events" : `${resumed.missed} of the events sent after it`} are no longer kept (a session keeps its newest ${REPLAY_EVENTS} events or ${REPLAY_BYTES / 1024 / 1024} MiB); replayed the ${resumed.events.length} still kept`,
				session: found.id,
				missed: resumed.missed,
			});
	}

	/** A POST without a session: it must be one `initialize`, which starts a session. */
	async #initialize(
		request: IncomingMessage,
		response: ServerResponse,
		refuse: Refuse,
	): Promise<void> {
		const body = await this.#gate.readBody(request);
		if (body === undefined) return; // the client went away
		if (!("bytes" in body)) return refuse(body);
		const { message } = body;
		if (!isInitialize(message)) return refuse(SESSION_REQUIRED);
		if (Array.isArray(message))
			return refuse(invalidRequest("initialize must not be part of a batch"));
		const version =
			isRecord(message) && isRecord(message.params)
				? message.params.protocolVersion
				: undefined;
		let started: boolean;
		try {
			started = await this.#sessions.start((session) =>
				this.#forward(response, refuse, session, body, version),
			);
		} catch (error) {
			return refuse(
				refusal(
					502,
					`Bad Gateway: cannot start the MCP server: ${error instanceof Error ? error.message : String(error)}`,
				),
			);
		}
		if (!started)
			refuse({
				...refusal(
					503,
					`Service Unavailable: all ${this.#settings.maxSessions} sessions (--max-sessions) have a request in flight; retry when one is answered`,
				),
				headers: { "retry-after": String(RETRY_AFTER_S) },
			});
	}

	/** A POST of a session: a message or batch for its upstream. */
	async #post(
		request: IncomingMessage,
		response: ServerResponse,
		refuse: Refuse,
		session: ListenSession,
	): Promise<void> {
		const body = await this.#gate.readBody(request);
		if (body === undefined) return; // the client went away
		if (!("bytes" in body)) return refuse(body, session.id);
		if (isInitialize(body.message))
			return refuse(invalidRequest("Server already initialized"), session.id);
		const version = request.headers["mcp-protocol-version"];
		await this.#forward(response, refuse, session, body, version);
	}

	/**
	 * Passes a POST's message or batch up to the session's upstream: its requests get an event
	 * stream (answered as their responses come), anything else a 202.
	 *
	 * @param version - the client's protocol revision, which decides the priming event
	 */
	async #forward(
		response: ServerResponse,
		refuse: Refuse,
		session: ListenSession,
		body: { bytes: Buffer; message: unknown },
		version: unknown,
	): Promise<void> {
		const { message } = body;
		if (session.closed) return refuse(SESSION_NOT_FOUND, session.id);
		const requests = postedRequests(message);
		const ids = new Set<MessageId>();
		for (const { id } of requests) {
			if (ids.has(id) || session.streams.taken(id))
				return refuse(
					invalidRequest(
						`id ${JSON.stringify(id)} is already used by a request in flight`,
					),
					session.id,
				);
			ids.add(id);
		}
		// Back-pressure: a client that sends faster than its server reads waits here.
		if (session.upstream.needsDrain()) await session.upstream.drained();
		if (session.closed) return refuse(SESSION_NOT_FOUND, session.id);
		// The requests a client's `notifications/cancelled` name are answered no more.
		for (const m of Array.isArray(message) ? message : [message])
			if (
				isMethod(m, "notifications/cancelled") &&
				isRecord(m.params) &&
				isId(m.params.requestId)
			)
				session.streams.cancel(m.params.requestId);
		if (requests.length === 0)
			response.writeHead(202, { "mcp-session-id": session.id }).end();
		else {
			const revision = typeof version === "string" ? version : DEFAULT_REVISION;
			session.streams.openPost(
				response,
				requests,
				revision >= PRIMING_REVISION,
			);
		}
		// A body spread over several lines cannot go up a stdio pipe as it is.
		const bytes = body.bytes.includes(0x0a)
			? Buffer.from(JSON.stringify(message))
			: body.bytes;
		session.proxy.fromClientMessage({ bytes, message });
	}

	#clientError(error: NodeJS.ErrnoException, socket: Socket): void {
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
		this.#context.log({
			event: "refused",
			message: `Refused a request from ${socket.remoteAddress ?? "?"}: ${status} ${STATUS_CODES[status] ?? ""}${status === 408 ? ` (its headers did not arrive within ${HEADERS_TIMEOUT_MS} ms)` : ""}`,
			status,
		});
		socket.end(
			`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`,
		);
	}
}

/**
 * `proxy --listen`: checks that the address may be served, serves it with a
 * {@link ListenServer} until SIGINT, SIGTERM or SIGHUP, then ends every session.
 *
 * @param context - the parsed command, the logger and the parts of each session
 * @param listen - the command's `--listen` settings
 * @returns the exit code: 130/143 after a signal, 2 when the address cannot (or may not) be bound
 */
export async function runListen(
	context: ProxyContext,
	listen: ListenSettings,
): Promise<number> {
	const { log, io } = context;
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
	const server = new ListenServer(context, listen, token);
	let url: string;
	try {
		url = await server.listen(listen.host, listen.port);
	} catch (error) {
		log({
			event: "upstream-error",
			message: `Cannot listen on ${listen.host}:${listen.port}: ${(error as Error).message}`,
		});
		return 2;
	}
	log({ event: "listening", message: `Listening on ${url}`, url });
	if (!loopback && token === undefined)
		log({
			event: "listening",
			message: `Serving ${new URL(url).hostname} without a token (--allow-unauthenticated): whoever reaches it can start servers; keep an authenticating proxy in front`,
		});
	let stopHandling = (): void => {};
	const code = await new Promise<number>((resolve) => {
		stopHandling = whileRunning(
			(_signal, code) => resolve(code),
			() => server.killNow(),
		);
	});
	await server.close();
	stopHandling();
	return code;
}
