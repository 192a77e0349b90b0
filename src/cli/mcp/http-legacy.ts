// The older HTTP+SSE transport (protocol revision 2024-11-05), the HTTP link's fallback when a
// server refuses the first Streamable HTTP POST: a GET event stream names the endpoint to
// POST messages to, and carries every message from the server.
import { readEventStream } from "./sse.js";
import { HttpStatus, ProtocolFailure } from "./target-errors.js";

/** What {@link legacyPoster} needs. */
interface LegacyOptions {
	url: URL;
	headers: Readonly<Record<string, string>>;
	signal: AbortSignal;
	/** A message from the server. */
	take(bytes: Buffer): void;
	/** A POST failed: answer its requests with errors. */
	fail(bytes: Buffer, error: Error): void;
	/** The event stream ended (while not aborted): the server is gone. */
	onStreamEnd(): void;
}

/**
 * @returns a function that POSTs one message, opening the event stream on first use; it
 * rejects when the stream cannot be opened or ends before naming its endpoint
 */
export function legacyPoster(
	options: LegacyOptions,
): (bytes: Buffer) => Promise<void> {
	const { url, headers, signal } = options;
	let endpoint: Promise<URL> | undefined;
	const start = (): Promise<URL> => {
		endpoint ??= new Promise<URL>((resolve, reject) => {
			fetch(url, {
				method: "GET",
				headers: { ...headers, accept: "text/event-stream" },
				signal,
			})
				.then(async (response) => {
					if (!response.ok) {
						await response.body?.cancel().catch(() => {});
						reject(new HttpStatus(response.status, response.statusText));
						return;
					}
					await readEventStream(response.body, (event) => {
						if (event.event === "endpoint") resolve(new URL(event.data, url));
						else if (event.event === "message")
							options.take(Buffer.from(event.data));
					});
					reject(
						new ProtocolFailure(
							"closed its event stream before naming the endpoint to POST to",
						),
					);
					if (!signal.aborted) options.onStreamEnd();
				})
				.catch(reject);
		});
		return endpoint;
	};
	return async (bytes) => {
		const target = await start();
		const response = await fetch(target, {
			method: "POST",
			headers: { ...headers, "content-type": "application/json" },
			body: new Uint8Array(bytes),
			signal,
		});
		await response.body?.cancel().catch(() => {});
		if (!response.ok && response.status !== 202)
			options.fail(bytes, new HttpStatus(response.status, response.statusText));
	};
}
