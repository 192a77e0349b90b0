import { randomUUID } from "node:crypto";
import {
	createServer,
	type IncomingMessage,
	type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import process from "node:process";
import { type ProxyContext, SIGNAL_CODES } from "./_context.js";
import {
	type ClientSession,
	deliver,
	type Exchange,
	finishExchange,
	header,
	isInitialize,
	readBody,
	reply,
	requestIds,
} from "./_listen-exchange.js";
import { connectHttpUpstream } from "./http-upstream.js";
import { ProxySession } from "./session.js";
import { startStdioUpstream, type UpstreamLink } from "./stdio-upstream.js";

/**
 * `proxy --listen`: serves clients over Streamable HTTP at `/mcp`, one upstream per client
 * session (a server process, or with `--url` an HTTP session of its own; started on the
 * client's `initialize`, ended on its DELETE, or when the proxy stops). Runs until SIGINT or
 * SIGTERM.
 *
 * @param context - the parsed command, logger and routing factory
 * @returns the exit code: 130/143 after a signal, 2 when the address cannot be bound
 */
export async function runListen(context: ProxyContext): Promise<number> {
	const { command, log } = context;
	const listen = command.listen;
	if (listen === undefined) return 2;
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
			toUpstream: (frame) => session.upstream.send(frame.bytes, frame.message),
			toClient: (frame) => deliver(session, frame),
			onCatalog: () => context.save(routing),
			onFatal: (reason) => {
				log({ event: "timeout", message: reason, session: id });
				void close(session);
			},
		});
		// Each client session has an upstream of its own: a process, or an HTTP session.
		session.upstream =
			upstreamSpec.type === "stdio"
				? startStdioUpstream({
						command: upstreamSpec.command,
						args: upstreamSpec.args,
						env: process.env,
						stderr: context.io.stderr,
						onLine: (event) => {
							if (event.type === "line")
								session.proxy.fromUpstream(event.bytes);
						},
					})
				: connectHttpUpstream({
						url: upstreamSpec.url,
						headers: upstreamSpec.headers,
						timeoutMs: command.timeoutMs,
						log,
						onMessage: (bytes, related) =>
							session.proxy.fromUpstream(bytes, related),
					});
		void session.upstream.ended.then((end) => {
			if (session.closed) return;
			log({
				event: "upstream-exit",
				message: end.startFailed
					? `Session ${id}: ${end.reason}`
					: `The MCP server of session ${id} ${end.reason}`,
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
