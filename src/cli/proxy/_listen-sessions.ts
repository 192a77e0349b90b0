// The client sessions of `proxy --listen`: each one's upstream, proxy session and event streams;
// how long one may rest unused (`--session-idle`); which one gives way when `--max-sessions`
// are open (the least recently used with no request in flight: real clients never send DELETE,
// so without it the cap fills and stays full); and one log line for each end, with why.
import { randomUUID } from "node:crypto";
import type { UpstreamEnd, UpstreamLink } from "../mcp/link.js";
import type { ListenSettings } from "../options/proxy.js";
import { type ProxyContext, startUpstream } from "./_context.js";
import { ClientStreams } from "./_listen-streams.js";
import { ProxySession } from "./session.js";

/** Why a session ended: its log line's `ended` field. */
type SessionEnd =
	| "deleted"
	| "idle"
	| "evicted"
	| "server-exited"
	| "timeout"
	| "stopped";

/** One client session: its own upstream, proxy session and event streams. */
export class ListenSession {
	readonly id: string;
	readonly upstream: UpstreamLink;
	readonly proxy: ProxySession;
	readonly streams: ClientStreams;
	readonly #idleMs: number;
	readonly #end: (why: SessionEnd, detail?: UpstreamEnd | string) => void;
	#closed = false;
	/** Requests of this session being read or handled right now. */
	#handling = 0;
	#idleTimer: NodeJS.Timeout | undefined;

	/**
	 * Starts the session's upstream (a server process, or an HTTP session of its own).
	 *
	 * @param context - the proxy's command, log and session parts
	 * @param idleMs - `--session-idle`
	 * @param end - ends the session (the table's {@link ListenSessions.end})
	 * @throws when the upstream cannot even be started
	 */
	constructor(
		context: ProxyContext,
		idleMs: number,
		end: (why: SessionEnd, detail?: UpstreamEnd | string) => void,
	) {
		const id = randomUUID();
		this.id = id;
		this.#idleMs = idleMs;
		this.#end = end;
		this.streams = new ClientStreams(id, () => this.#rest());
		this.proxy = new ProxySession({
			...context.sessionParts(),
			toUpstream: (frame) => this.upstream.send(frame.bytes, frame.message),
			toClient: (frame) => this.streams.deliver(frame),
			onFatal: (reason) => end("timeout", reason),
		});
		this.upstream = startUpstream(context, {
			onMessage: (bytes, related) => this.proxy.fromUpstream(bytes, related),
			session: id,
			stderr: context.io.stderr,
		});
		void this.upstream.ended.then((ended) => {
			if (this.#closed) return;
			this.proxy.upstreamGone(`the server ${ended.reason}`);
			end("server-exited", ended);
		});
	}

	/** Whether the session ended (its id answers 404). */
	get closed(): boolean {
		return this.#closed;
	}

	/** Whether a request of it is being read, or waits for its answer: it may not be evicted. */
	get inFlight(): boolean {
		return this.#handling > 0 || this.streams.inFlight;
	}

	/** A GET stream opened: the session is in use while it stays open. */
	listening(): void {
		clearTimeout(this.#idleTimer);
	}

	/** Runs `work` (a request of this session) with the idle clock stopped. */
	async handle(work: () => Promise<void>): Promise<void> {
		this.#handling += 1;
		clearTimeout(this.#idleTimer);
		try {
			await work();
		} finally {
			this.#handling -= 1;
			this.#rest();
		}
	}

	/** Ends the session's streams and timers, and its upstream (its server's process tree). */
	async close(): Promise<void> {
		if (this.#closed) return;
		this.#closed = true;
		clearTimeout(this.#idleTimer);
		this.proxy.close();
		this.streams.closeAll();
		await this.upstream.close();
	}

	/** No request is handled and no stream is open: the idle clock runs. */
	#rest(): void {
		if (this.#closed || this.#handling > 0 || !this.streams.quiet) return;
		clearTimeout(this.#idleTimer);
		this.#idleTimer = setTimeout(() => this.#end("idle"), this.#idleMs);
		this.#idleTimer.unref();
	}
}

/** The sessions of one listener, within `--max-sessions`. */
export class ListenSessions {
	readonly #context: ProxyContext;
	readonly #settings: ListenSettings;
	/** The open sessions, least recently used first (a use moves one to the end). */
	readonly #open = new Map<string, ListenSession>();
	/** Sessions ending: their processes count against `--max-sessions` until they are gone. */
	readonly #ending = new Set<Promise<void>>();
	/** Initializes admitted and waiting for room or starting their session. */
	#starting = 0;

	constructor(context: ProxyContext, settings: ListenSettings) {
		this.#context = context;
		this.#settings = settings;
	}

	/** The open session `id`, marked as just used; `undefined` when there is none. */
	use(id: string): ListenSession | undefined {
		const session = this.#open.get(id);
		if (session === undefined) return undefined;
		this.#open.delete(id);
		this.#open.set(id, session);
		return session;
	}

	/**
	 * Starts a session for an `initialize` and runs `work` (its forwarding) in it. At
	 * `--max-sessions`, the least recently used session with no request in flight ends
	 * (`evicted`) and its place is taken once its processes are gone, so no more than
	 * `--max-sessions` servers ever run.
	 *
	 * @param work - what the new session does first; it counts as a request in flight, so no
	 * other initialize evicts the session before its own initialize went up
	 * @returns `false` (nothing started) when every session has a request in flight
	 * @throws when the upstream cannot be started
	 */
	async start(
		work: (session: ListenSession) => Promise<void>,
	): Promise<boolean> {
		const max = this.#settings.maxSessions;
		let session: ListenSession;
		this.#starting += 1;
		try {
			while (this.#open.size + this.#ending.size + this.#starting > max) {
				// Room is coming: wait for the processes of ending sessions to be gone.
				if (this.#open.size + this.#starting <= max) {
					await Promise.race(this.#ending);
					continue;
				}
				const idle = [...this.#open.values()].find((s) => !s.inFlight);
				if (idle !== undefined) void this.end(idle, "evicted");
				else if (this.#ending.size > 0) await Promise.race(this.#ending);
				else return false;
			}
			const started: ListenSession = new ListenSession(
				this.#context,
				this.#settings.sessionIdleMs,
				(why, detail) => void this.end(started, why, detail),
			);
			session = started;
			this.#open.set(session.id, session);
			this.#context.log({
				event: "session",
				message: `Session ${session.id} opened`,
				session: session.id,
			});
		} finally {
			this.#starting -= 1;
		}
		await session.handle(() => work(session));
		return true;
	}

	/**
	 * Ends a session, with one log line saying why; resolves when its processes are gone.
	 *
	 * @param detail - how its upstream ended (`server-exited`), or the reason (`timeout`)
	 */
	end(
		session: ListenSession,
		why: SessionEnd,
		detail?: UpstreamEnd | string,
	): Promise<void> {
		if (session.closed || this.#open.get(session.id) !== session)
			return Promise.resolve();
		this.#open.delete(session.id);
		this.#context.log({
			event: "session",
			message: `Session ${session.id} ended: ${this.#why(why, detail)}`,
			session: session.id,
			ended: why,
			...(typeof detail === "object" ? { code: detail.code } : {}),
		});
		const ending: Promise<void> = session
			.close()
			.finally(() => this.#ending.delete(ending));
		this.#ending.add(ending);
		return ending;
	}

	/** Ends every session (the proxy stops); resolves when their processes are gone. */
	async closeAll(): Promise<void> {
		const open = [...this.#open.values()];
		await Promise.all([
			...open.map((session) => this.end(session, "stopped")),
			...this.#ending,
		]);
	}

	/** Kills every session's processes at once (the process is exiting). */
	killAll(): void {
		for (const session of this.#open.values()) session.upstream.killNow();
	}

	#why(why: SessionEnd, detail: UpstreamEnd | string | undefined): string {
		switch (why) {
			case "deleted":
				return "deleted by its client";
			case "idle":
				return `unused for ${this.#settings.sessionIdleMs} ms (--session-idle); its server is ended`;
			case "evicted":
				return `evicted to make room for a new session: it was the least recently used of ${this.#settings.maxSessions} (--max-sessions) with no request in flight; its id now answers 404, so its client initializes again`;
			case "server-exited":
				if (typeof detail !== "object") return "its MCP server exited";
				return detail.startFailed
					? detail.reason
					: `its MCP server ${detail.reason}`;
			case "timeout":
				return typeof detail === "string" ? detail : "timed out";
			case "stopped":
				return "the proxy is stopping";
		}
	}
}
