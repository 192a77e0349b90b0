/**
 * The CLI's MCP client, independent of the transport: JSON-RPC requests matched to their
 * answers, and the one conversation the CLI has with a server (initialize,
 * notifications/initialized, every page of tools/list). Tools are taken as they come: the
 * caller reads them leniently (see tool-list.ts), so one bad schema does not hide the names.
 *
 * @module
 */
import { METHOD_NOT_FOUND } from "../../adapters/jsonrpc-base.js";
import { ToolPages } from "../../adapters/routing/list-every-page.js";
import { isMcpToolNamesError } from "../../core/errors.js";
import { isRecord } from "../../core/guards.js";
import { VERSION } from "../options/values.js";
import type { Progress } from "../progress.js";
import type { Deadline } from "./deadline.js";
import { ProtocolFailure, RpcFailure } from "./target-errors.js";

/**
 * A JSON-RPC connection to a server, as the session needs it; stdio and HTTP implement it.
 */
export interface Channel {
	/** Sends one message; rejects when the transport cannot deliver it. */
	send(message: Record<string, unknown>): Promise<void>;
	/** Set by the session: every message that arrives. */
	onmessage?: (message: unknown) => void;
	/**
	 * Set by the session: the channel is unusable, every waiting request fails with this; the
	 * first failure counts, later ones are ignored.
	 */
	onfail?: (error: Error) => void;
}

/**
 * The server's `serverInfo` from `initialize`.
 */
export interface ServerInfo {
	name: string;
	version: string;
	title?: string;
}

/**
 * What {@link listServerTools} read.
 */
interface ServerTools {
	/** The tool objects of every page, unchecked, in listed order. */
	tools: unknown[];
	server: ServerInfo | null;
	/** `tools/list` pages read (0 when the server declares no tools capability). */
	pages: number;
	/** The server's `initialize` result has no `tools` capability, so nothing was listed. */
	noToolsCapability: boolean;
}

/** Options of {@link listServerTools}. */
interface ListOptions {
	progress: Progress;
	/** How to name the server in messages: its command line or URL. */
	label: string;
}

/** Options of the listings of a server target (stdio.ts, http.ts). */
export interface TargetOptions extends ListOptions {
	/** Budget for starting, initializing, listing every page and ending, in all. */
	timeoutMs: number;
	/**
	 * stdio: the bound on the wait for the server's first output (stdout or stderr); the
	 * `timeoutMs` budget then starts at that output. Without it, `timeoutMs` starts at once.
	 */
	startTimeoutMs?: number;
	/** stdio: called once when the server has written nothing for a while (10 s). */
	onStillStarting?: (waitedMs: number) => void;
}

/** What a server target listed, and how to let it go once the result is printed. */
export interface ListedTools extends ServerTools {
	/** The HTTP transport that answered. */
	transport?: "streamable-http" | "sse";
	/**
	 * Ends the server (stdio: its process tree; HTTP: its session) within what is left of
	 * the budget.
	 *
	 * @returns a sentence for stderr when it could not be ended in time, else `undefined`
	 */
	close(): Promise<string | undefined>;
}

/**
 * The protocol revision the CLI asks for; a server answers with the one it speaks, and the
 * CLI takes any (it only lists tools, which every revision does alike).
 */
const PROTOCOL_VERSION = "2025-11-25";
const CLIENT_INFO = { name: "mcp-tool-names", version: VERSION };

/**
 * Initializes a server over `channel` and follows `tools/list` through every `nextCursor`.
 *
 * @param channel - an open connection
 * @param deadline - the run's budget; each step is a phase of it
 * @param options - progress line and label
 * @returns the raw tools and the server's info
 * @throws RpcFailure when the server answers with an error, ProtocolFailure when an answer
 * has the wrong shape or the cursors repeat, DeadlineExpired, or what the channel fails with
 */
export async function listServerTools(
	channel: Channel,
	deadline: Deadline,
	options: ListOptions,
): Promise<ServerTools> {
	const session = new RpcSession(channel);
	const init = await deadline.run(
		"initialize",
		session.request("initialize", {
			protocolVersion: PROTOCOL_VERSION,
			capabilities: {},
			clientInfo: CLIENT_INFO,
		}),
	);
	if (!isRecord(init)) {
		throw new ProtocolFailure("answered initialize without a result object");
	}
	const server = serverInfoOf(init.serverInfo);
	await deadline.run("initialize", session.notify("notifications/initialized"));
	const capabilities = isRecord(init.capabilities) ? init.capabilities : {};
	if (capabilities.tools === undefined) {
		return { tools: [], server, pages: 0, noToolsCapability: true };
	}
	const pages = new ToolPages();
	let cursor: string | undefined;
	do {
		const page = pages.pages + 1;
		const phase = page === 1 ? "tools/list" : `tools/list (page ${page})`;
		options.progress.update(
			page === 1
				? `Listing tools of ${options.label}`
				: `Listing tools of ${options.label} (page ${page}, ${pages.tools.length} so far)`,
		);
		const result = await deadline.run(
			phase,
			session.request("tools/list", cursor === undefined ? {} : { cursor }),
		);
		try {
			cursor = pages.accept(result);
		} catch (error) {
			if (!isMcpToolNamesError(error)) throw error;
			// The one paging policy's words, as the end of a sentence about the server.
			throw new ProtocolFailure(
				`broke the tools/list paging: ${error.message.replace(/^tools\/list /, "")}`,
			);
		}
	} while (cursor !== undefined);
	return {
		tools: pages.tools,
		server,
		pages: pages.pages,
		noToolsCapability: false,
	};
}

interface Pending {
	resolve(result: unknown): void;
	reject(error: Error): void;
}

/**
 * JSON-RPC over a {@link Channel}: numbered requests matched to their answers; a server's
 * own requests get an answer (`ping`) or "method not found", its notifications are ignored.
 */
export class RpcSession {
	readonly #channel: Channel;
	readonly #pending = new Map<number, Pending>();
	#next = 1;
	#failure: Error | undefined;

	/** @param channel - the connection; the session takes its `onmessage` and `onfail` */
	constructor(channel: Channel) {
		this.#channel = channel;
		channel.onmessage = (message) => this.#receive(message);
		channel.onfail = (error) => this.#fail(error);
	}

	/**
	 * Sends a request and waits for its answer.
	 *
	 * @param method - the JSON-RPC method
	 * @param params - its params
	 * @returns the `result` of the answer
	 * @throws RpcFailure for an `error` answer, or the channel's failure
	 */
	request(method: string, params: Record<string, unknown>): Promise<unknown> {
		if (this.#failure !== undefined) return Promise.reject(this.#failure);
		const id = this.#next++;
		return new Promise((resolve, reject) => {
			this.#pending.set(id, { resolve, reject });
			this.#channel
				.send({ jsonrpc: "2.0", id, method, params })
				.catch((error: unknown) => {
					this.#pending.delete(id);
					reject(error instanceof Error ? error : new Error(String(error)));
				});
		});
	}

	/**
	 * Sends a notification.
	 *
	 * @param method - the JSON-RPC method
	 * @returns when it is sent
	 */
	notify(method: string): Promise<void> {
		return this.#channel.send({ jsonrpc: "2.0", method });
	}

	#receive(message: unknown): void {
		if (Array.isArray(message)) {
			for (const item of message) this.#receive(item);
			return;
		}
		if (!isRecord(message)) return;
		const { id, method } = message;
		if (typeof method === "string") {
			if (id === undefined || id === null) return;
			const answer =
				method === "ping"
					? { jsonrpc: "2.0", id, result: {} }
					: {
							jsonrpc: "2.0",
							id,
							error: {
								code: METHOD_NOT_FOUND,
								message: `Method not found: ${method}`,
							},
						};
			this.#channel.send(answer).catch(() => {});
			return;
		}
		if (typeof id !== "number") return;
		const pending = this.#pending.get(id);
		if (pending === undefined) return;
		this.#pending.delete(id);
		if (isRecord(message.error)) {
			const { code, message: text, data } = message.error;
			pending.reject(
				new RpcFailure(
					typeof code === "number" ? code : 0,
					typeof text === "string" ? text : "unknown error",
					data,
				),
			);
		} else {
			pending.resolve(message.result);
		}
	}

	#fail(error: Error): void {
		if (this.#failure !== undefined) return;
		this.#failure = error;
		for (const pending of this.#pending.values()) pending.reject(error);
		this.#pending.clear();
	}
}

function serverInfoOf(info: unknown): ServerInfo | null {
	if (!isRecord(info)) return null;
	const name = typeof info.name === "string" ? info.name : "";
	const version = typeof info.version === "string" ? info.version : "";
	if (name === "" && version === "") return null;
	return {
		name,
		version,
		...(typeof info.title === "string" ? { title: info.title } : {}),
	};
}
