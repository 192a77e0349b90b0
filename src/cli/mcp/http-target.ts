/**
 * The HTTP target: Streamable HTTP, with the older HTTP+SSE transport as the fallback the
 * MCP specification describes, over `fetch` (no SDK).
 *
 * @module
 */

import { Deadline } from "./deadline.js";
import { HttpStatus, ProtocolFailure } from "./failures.js";
import { type Channel, listServerTools } from "./session.js";
import { parseJson, readEvents } from "./sse.js";
import { openSse } from "./sse-target.js";
import type { ListedTools, TargetOptions } from "./stdio-target.js";
import { describeHttpFailure } from "./target-errors.js";

/**
 * A Streamable HTTP (or legacy SSE) endpoint.
 */
export interface HttpServer {
	url: string;
	headers: Readonly<Record<string, string>>;
}

const CLOSE_WAIT_MS = 1_000;

/**
 * Connects over Streamable HTTP, falling back to HTTP+SSE when the endpoint answers the
 * first POST with a 4xx other than 401/403 (the backwards-compatibility procedure,
 * https://modelcontextprotocol.io/specification/2025-06-18/basic/transports#backwards-compatibility),
 * then lists every page of tools.
 *
 * @param server - the endpoint and extra headers
 * @param options - time budget, progress line and label
 * @returns the tools, the server's info, the transport that worked, and `close()`
 * @throws CliFailure `target`: connection refused, host not found, HTTP status, timeout
 */
export async function listHttpTools(
	server: HttpServer,
	options: TargetOptions,
): Promise<ListedTools> {
	const url = new URL(server.url);
	const deadline = new Deadline(options.timeoutMs);
	let fellBack = false;
	let channel: HttpChannel = new StreamableChannel(
		url,
		server.headers,
		deadline,
	);
	try {
		options.progress.update(`Connecting to ${options.label}`);
		let listed: Awaited<ReturnType<typeof listServerTools>>;
		try {
			listed = await listServerTools(channel, deadline, options);
		} catch (error) {
			if (!isFallbackStatus(error)) throw error;
			await channel.close(deadline);
			fellBack = true;
			channel = await openSse(
				url,
				server.headers,
				deadline,
				options.progress,
				options.label,
			);
			try {
				listed = await listServerTools(channel, deadline, options);
			} catch (sseError) {
				// The SSE attempt failing on its own status says less than the first answer.
				throw sseError instanceof HttpStatus ? error : sseError;
			}
		}
		const open = channel;
		return {
			...listed,
			transport: fellBack ? "sse" : "streamable-http",
			close: async () => {
				await open.close(deadline);
				deadline.dispose();
				return undefined;
			},
		};
	} catch (error) {
		await channel.close(deadline);
		deadline.dispose();
		throw describeHttpFailure(error, {
			label: options.label,
			url,
			phase: deadline.phase,
			timeoutMs: options.timeoutMs,
			fellBack,
		});
	}
}

/**
 * An HTTP {@link Channel} that can end its session.
 */
export interface HttpChannel extends Channel {
	close(deadline: Deadline): Promise<void>;
}

// The specification's fallback test is "a 4xx status"; 401 and 403 are left out because they
// mean the endpoint exists and wants credentials, which an SSE retry would not bring.
function isFallbackStatus(error: unknown): boolean {
	return (
		error instanceof HttpStatus &&
		error.status >= 400 &&
		error.status < 500 &&
		error.status !== 401 &&
		error.status !== 403
	);
}

/** Streamable HTTP: one POST per message, answered with JSON or an event stream. */
class StreamableChannel implements HttpChannel {
	onmessage?: (message: unknown) => void;
	onfail?: (error: Error) => void;
	readonly #url: URL;
	readonly #headers: Readonly<Record<string, string>>;
	readonly #deadline: Deadline;
	#session: string | undefined;
	#version: string | undefined;

	constructor(
		url: URL,
		headers: Readonly<Record<string, string>>,
		deadline: Deadline,
	) {
		this.#url = url;
		this.#headers = headers;
		this.#deadline = deadline;
	}

	setProtocolVersion(version: string): void {
		this.#version = version;
	}

	async send(message: Record<string, unknown>): Promise<void> {
		const response = await fetch(this.#url, {
			method: "POST",
			headers: {
				...this.#headers,
				"content-type": "application/json",
				accept: "application/json, text/event-stream",
				...this.#sessionHeaders(),
			},
			body: JSON.stringify(message),
			signal: this.#deadline.signal,
		});
		const session = response.headers.get("mcp-session-id");
		if (session !== null && session !== "") this.#session = session;
		if (!response.ok) {
			await response.body?.cancel().catch(() => {});
			throw new HttpStatus(response.status, response.statusText);
		}
		const type = response.headers.get("content-type") ?? "";
		if (
			message.id === undefined ||
			response.status === 202 ||
			response.body === null
		) {
			await response.body?.cancel().catch(() => {});
			return;
		}
		if (type.includes("text/event-stream")) {
			for await (const event of readEvents(response.body)) {
				if (event.event !== "message") continue;
				const parsed = parseJson(event.data);
				if (parsed === undefined) continue;
				this.onmessage?.(parsed);
				if (answers(parsed, message.id)) return;
			}
			throw new ProtocolFailure(
				String(message.method),
				`closed the event stream before it answered ${String(message.method)}`,
			);
		}
		const text = await response.text();
		const parsed = parseJson(text);
		if (parsed === undefined) {
			throw new ProtocolFailure(
				String(message.method),
				`answered ${String(message.method)} with something that is not JSON (${type || "no content-type"})`,
			);
		}
		this.onmessage?.(parsed);
	}

	async close(): Promise<void> {
		if (this.#session === undefined) return;
		// Ending the session is a courtesy (servers may answer 405): bounded, errors ignored.
		await fetch(this.#url, {
			method: "DELETE",
			headers: { ...this.#headers, ...this.#sessionHeaders() },
			signal: AbortSignal.timeout(CLOSE_WAIT_MS),
		})
			.then((response) => response.body?.cancel())
			.catch(() => {});
		this.#session = undefined;
	}

	#sessionHeaders(): Record<string, string> {
		return {
			...(this.#session === undefined
				? {}
				: { "mcp-session-id": this.#session }),
			...(this.#version === undefined
				? {}
				: { "mcp-protocol-version": this.#version }),
		};
	}
}

function answers(message: unknown, id: unknown): boolean {
	const items = Array.isArray(message) ? message : [message];
	return items.some(
		(item) =>
			typeof item === "object" &&
			item !== null &&
			(item as { id?: unknown }).id === id &&
			!("method" in item),
	);
}
