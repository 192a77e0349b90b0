/**
 * The HTTP+SSE fallback of the HTTP target, over `fetch`.
 *
 * @module
 */
import type { Progress } from "../progress.js";
import type { Deadline } from "./deadline.js";
import { HttpStatus, ProtocolFailure } from "./failures.js";
import type { HttpChannel } from "./http-target.js";
import { parseJson, readEvents } from "./sse.js";

/** HTTP+SSE (protocol 2024-11-05): a GET event stream for answers, POSTs to its endpoint. */
/**
 * Opens the older HTTP+SSE transport (protocol 2024-11-05): a GET event stream whose first
 * event names the endpoint to POST messages to; answers come on the stream.
 *
 * @param url - the endpoint URL, as given
 * @param headers - extra headers for every request
 * @param deadline - the run's budget; its signal ends the stream
 * @param progress - the status line
 * @param label - the endpoint in messages
 * @returns an open channel
 * @throws HttpStatus when the GET is refused, ProtocolFailure without an endpoint event
 */
export async function openSse(
	url: URL,
	headers: Readonly<Record<string, string>>,
	deadline: Deadline,
	progress: Progress,
	label: string,
): Promise<HttpChannel> {
	progress.update(`Trying the SSE transport at ${label}`);
	const stop = new AbortController();
	const signal = AbortSignal.any([deadline.signal, stop.signal]);
	const response = await deadline.run(
		"initialize",
		fetch(url, {
			headers: { ...headers, accept: "text/event-stream" },
			signal,
		}),
	);
	if (!response.ok || response.body === null) {
		await response.body?.cancel().catch(() => {});
		throw new HttpStatus(response.status, response.statusText);
	}
	const events = readEvents(response.body);
	const first = await deadline.run("initialize", events.next());
	if (first.done === true || first.value.event !== "endpoint") {
		stop.abort();
		throw new ProtocolFailure(
			"initialize",
			"opened an event stream that did not start with an endpoint event",
		);
	}
	const endpoint = new URL(first.value.data.trim(), url);
	const channel: HttpChannel = {
		send: async (message) => {
			const answer = await fetch(endpoint, {
				method: "POST",
				headers: { ...headers, "content-type": "application/json" },
				body: JSON.stringify(message),
				signal,
			});
			await answer.body?.cancel().catch(() => {});
			if (!answer.ok) throw new HttpStatus(answer.status, answer.statusText);
		},
		close: async () => {
			stop.abort();
		},
	};
	void (async () => {
		try {
			for await (const event of events) {
				if (event.event !== "message") continue;
				const parsed = parseJson(event.data);
				if (parsed !== undefined) channel.onmessage?.(parsed);
			}
			channel.onfail?.(
				new ProtocolFailure("initialize", "closed its event stream"),
			);
		} catch (error) {
			channel.onfail?.(
				error instanceof Error ? error : new Error(String(error)),
			);
		}
	})();
	return channel;
}
