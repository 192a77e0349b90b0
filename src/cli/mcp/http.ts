/**
 * The HTTP link: Streamable HTTP ({@link StreamableHttpTransport}), falling back to the older
 * HTTP+SSE transport ({@link LegacySseTransport}) when the first POST gets a 4xx other than
 * 401/403, over `fetch` (no SDK). The proxy's upstream ({@link HttpLink}) and the audit's
 * listing ({@link listHttpTools}) both run on it.
 *
 * @module
 */
import { type MessageId as Id, idsOf } from "../../adapters/jsonrpc-base.js";
import {
	asError,
	discard,
	HttpEndpoint,
	type HttpLinkOptions,
	requestIds,
} from "./_http-endpoint.js";
import { Deadline } from "./deadline.js";
import { LegacySseTransport } from "./legacy-sse.js";
import type { UpstreamEnd, UpstreamLink } from "./link.js";
import {
	type Channel,
	type ListedTools,
	listServerTools,
	type TargetOptions,
} from "./session.js";
import { parseJson } from "./sse.js";
import { StreamableHttpTransport } from "./streamable-http.js";
import {
	CREDENTIALS_HINT,
	describeHttpFailure,
	HttpStatus,
	ProtocolFailure,
} from "./target-errors.js";

/**
 * The upstream over HTTP: Streamable HTTP (JSON or event-stream answers, `Mcp-Session-Id`, the
 * standalone GET stream, resumable streams), falling back to the older HTTP+SSE transport when
 * the first POST gets a 4xx other than 401/403, as the specification's backwards-compatibility
 * procedure says (https://modelcontextprotocol.io/specification/2025-06-18/basic/transports#backwards-compatibility).
 * The first POST shows which transport the server speaks: the messages after it wait for it.
 * A request the server cannot take (an HTTP error, a lost connection) is answered with a
 * JSON-RPC error, so no call waits for ever. The URL appears in messages without userinfo and
 * query.
 */
export class HttpLink implements UpstreamLink {
	readonly #endpoint: HttpEndpoint;
	readonly #streamable: StreamableHttpTransport;
	/** Set when the server turned out to speak the older HTTP+SSE transport. */
	#legacy: LegacySseTransport | undefined;
	/** The first POST; the others wait for it. */
	#ready: Promise<void> | undefined;

	/** @param options - the endpoint, headers and where messages go */
	constructor(options: HttpLinkOptions) {
		this.#endpoint = new HttpEndpoint(options);
		this.#streamable = new StreamableHttpTransport(this.#endpoint);
	}

	/** Which transport the server speaks (Streamable HTTP until the first POST says otherwise). */
	get transport(): "streamable-http" | "sse" {
		return this.#legacy === undefined ? "streamable-http" : "sse";
	}

	/** Settles when the server cannot be reached at all, or the link is closed. */
	get ended(): Promise<UpstreamEnd> {
		return this.#endpoint.ended;
	}

	send(bytes: Buffer, message?: unknown): void {
		const endpoint = this.#endpoint;
		const ids =
			message === undefined ? requestIds(bytes) : idsOf(message, "requests");
		const first = this.#ready === undefined;
		const sent = (this.#ready ?? Promise.resolve()).then(async () => {
			if (!first && endpoint.signal.aborted) return;
			try {
				await this.#post(bytes, ids, first);
			} catch (error) {
				if (first || !endpoint.signal.aborted)
					endpoint.fail(ids, asError(error));
				// The first POST did not reach the server at all.
				if (first) {
					const reason = `Cannot connect to ${endpoint.shown}: ${endpoint.reasonOf(error)}`;
					endpoint.finish({ code: 2, reason, startFailed: true });
				}
			}
		});
		this.#ready ??= sent;
	}

	async close(): Promise<UpstreamEnd> {
		if (this.#legacy === undefined) await this.#streamable.close();
		this.#endpoint.abort();
		this.#endpoint.finish({
			code: 0,
			reason: "was disconnected",
			startFailed: false,
		});
		return this.#endpoint.ended;
	}

	stderrTail(): string {
		return "";
	}

	killNow(): void {
		this.#endpoint.abort();
	}

	drained(): Promise<void> {
		return Promise.resolve();
	}

	needsDrain(): boolean {
		return false;
	}

	/**
	 * POSTs one message. The answer to the first is delivered without holding up the messages
	 * after it, once it showed which transport the server speaks.
	 */
	async #post(
		bytes: Buffer,
		ids: readonly Id[],
		first: boolean,
	): Promise<void> {
		if (this.#legacy !== undefined) return this.#legacy.post(bytes);
		const response = await this.#streamable.post(bytes);
		if (!first) {
			this.#streamable.openEvents();
			return this.#streamable.deliver(response, ids);
		}
		const status = response.status;
		// The specification's fallback test is "a 4xx status"; 401 and 403 are left out: they
		// mean the endpoint exists and wants credentials, which an SSE retry would not bring.
		if (status >= 400 && status < 500 && status !== 401 && status !== 403)
			return this.#fallBack(response, bytes, ids);
		if (status === 401 || status === 403)
			this.#endpoint.log(
				`${this.#endpoint.shown} answered HTTP ${status}; ${CREDENTIALS_HINT}`,
			);
		void this.#streamable.deliver(response, ids);
	}

	/** The first POST got a 4xx: the same message goes over HTTP+SSE, and so do the others. */
	async #fallBack(
		refused: Response,
		bytes: Buffer,
		ids: readonly Id[],
	): Promise<void> {
		const endpoint = this.#endpoint;
		const status = refused.status;
		await discard(refused);
		this.#legacy = new LegacySseTransport(endpoint);
		endpoint.log(
			`${endpoint.shown} answered HTTP ${status}; trying the older HTTP+SSE transport`,
		);
		try {
			await this.#legacy.post(bytes);
		} catch (error) {
			// The SSE attempt failing on its own status says less than the first answer.
			endpoint.fail(
				ids,
				error instanceof HttpStatus
					? new HttpStatus(status, refused.statusText)
					: asError(error),
			);
			endpoint.finish({
				code: 2,
				reason: `${endpoint.shown} speaks neither Streamable HTTP (HTTP ${status}) nor HTTP+SSE`,
				startFailed: true,
			});
		}
	}
}

/**
 * Connects to an HTTP target (Streamable HTTP, or HTTP+SSE when the first POST gets a 4xx
 * other than 401/403) and lists every page of tools.
 *
 * @param server - the endpoint and extra headers
 * @param options - time budget, progress line and label
 * @returns the tools, the server's info, the transport that worked, and `close()`
 * @throws CliFailure `target`: connection refused, host not found, HTTP status, timeout
 */
export async function listHttpTools(
	server: { url: string; headers: Readonly<Record<string, string>> },
	options: TargetOptions,
): Promise<ListedTools> {
	const url = new URL(server.url);
	const deadline = new Deadline(options.timeoutMs);
	options.progress.update(`Connecting to ${options.label}`);
	const channel = new HttpChannel(server, deadline, options);
	const link = channel.link;
	try {
		const listed = await listServerTools(channel, deadline, options);
		return {
			...listed,
			transport: link.transport,
			close: async () => {
				await link.close();
				deadline.dispose();
				return undefined;
			},
		};
	} catch (error) {
		await link.close();
		deadline.dispose();
		throw describeHttpFailure(error, {
			label: options.label,
			url,
			deadline,
			fellBack: link.transport === "sse",
		});
	}
}

/** A {@link Channel} of JSON messages over the HTTP link; any failure of the link fails it. */
class HttpChannel implements Channel {
	onmessage?: (message: unknown) => void;
	onfail?: (error: Error) => void;
	readonly link: HttpLink;
	#method = "";

	constructor(
		server: { url: string; headers: Readonly<Record<string, string>> },
		deadline: Deadline,
		options: TargetOptions,
	) {
		this.link = new HttpLink({
			url: server.url,
			headers: server.headers,
			signal: deadline.signal,
			log: () => {
				if (this.link.transport === "sse")
					options.progress.update(
						`Trying the SSE transport at ${options.label}`,
					);
			},
			onMessage: (bytes) => {
				const message = parseJson(bytes.toString("utf8"));
				if (message === undefined) {
					this.onfail?.(
						new ProtocolFailure(
							`answered ${this.#method} with something that is not JSON`,
						),
					);
					return;
				}
				this.onmessage?.(message);
			},
			onFailure: (_ids, error) => this.onfail?.(error),
		});
		void this.link.ended.then((end) => {
			if (end.code !== 0) this.onfail?.(new ProtocolFailure(end.reason));
		});
	}

	async send(message: Record<string, unknown>): Promise<void> {
		if (typeof message.method === "string") this.#method = message.method;
		this.link.send(Buffer.from(JSON.stringify(message)), message);
	}
}
