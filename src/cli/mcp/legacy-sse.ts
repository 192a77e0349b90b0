/**
 * The older HTTP+SSE transport (protocol revision 2024-11-05), the HTTP link's fallback: a GET
 * event stream names the endpoint to POST messages to (its `endpoint` event), and carries
 * every message from the server.
 *
 * @module
 */
import { discard, type HttpEndpoint, requestIds } from "./_http-endpoint.js";
import { readEventStream } from "./sse.js";
import { HttpStatus, ProtocolFailure } from "./target-errors.js";

/** One HTTP+SSE connection to a server. */
export class LegacySseTransport {
	readonly #endpoint: HttpEndpoint;
	/** Where to POST, once the event stream named it. */
	#postTo: Promise<URL> | undefined;

	/** @param endpoint - where to, and where messages go */
	constructor(endpoint: HttpEndpoint) {
		this.#endpoint = endpoint;
	}

	/**
	 * POSTs one message, opening the event stream on first use; an HTTP error fails the
	 * message's requests.
	 *
	 * @throws when the stream cannot be opened (an `HttpStatus`, the network error) or ends
	 * before naming its endpoint
	 */
	async post(bytes: Buffer): Promise<void> {
		const response = await fetch(await this.#open(), {
			method: "POST",
			headers: {
				...this.#endpoint.headers,
				"content-type": "application/json",
			},
			body: new Uint8Array(bytes),
			signal: this.#endpoint.signal,
		});
		await discard(response);
		if (!response.ok && response.status !== 202)
			this.#endpoint.fail(
				requestIds(bytes),
				new HttpStatus(response.status, response.statusText),
			);
	}

	#open(): Promise<URL> {
		this.#postTo ??= new Promise<URL>((resolve, reject) => {
			this.#listen(resolve).then(reject, reject);
		});
		return this.#postTo;
	}

	/**
	 * Reads the event stream: its `endpoint` event names where to POST, its messages go to the
	 * link. Resolves with why no endpoint came (the stream failed or ended), for `#open`.
	 */
	async #listen(named: (url: URL) => void): Promise<Error> {
		const endpoint = this.#endpoint;
		const response = await fetch(endpoint.url, {
			method: "GET",
			headers: { ...endpoint.headers, accept: "text/event-stream" },
			signal: endpoint.signal,
		});
		if (!response.ok) {
			await discard(response);
			return new HttpStatus(response.status, response.statusText);
		}
		await readEventStream(response.body, (event) => {
			if (event.event === "endpoint") named(new URL(event.data, endpoint.url));
			else if (event.event === "message")
				endpoint.deliver(Buffer.from(event.data));
		});
		// The stream ended while the link was open: the server is gone.
		if (!endpoint.signal.aborted)
			endpoint.finish({
				code: 1,
				reason: "closed its SSE stream",
				startFailed: false,
			});
		return new ProtocolFailure(
			"closed its event stream before naming the endpoint to POST to",
		);
	}
}
