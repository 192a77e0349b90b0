// Reads a `text/event-stream` body as events, following the HTML standard's parsing rules
// (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation):
// lines end with CRLF, LF or CR; a blank line dispatches; `data` lines join with "\n"; one
// space after the colon is dropped; comments start with ":"; the default event is "message".

export interface SseEvent {
	event: string;
	data: string;
}

export async function* readEvents(
	body: ReadableStream<Uint8Array>,
): AsyncGenerator<SseEvent, void, undefined> {
	const decoder = new TextDecoder();
	let buffer = "";
	let event = "";
	let data: string[] = [];
	let first = true;
	const reader = body.getReader();
	try {
		for (;;) {
			const { done, value } = await reader.read();
			buffer += done
				? decoder.decode()
				: decoder.decode(value, { stream: true });
			if (first && buffer !== "") {
				first = false;
				if (buffer.startsWith("\uFEFF")) buffer = buffer.slice(1);
			}
			for (;;) {
				const match = /\r\n|\r|\n/.exec(buffer);
				// A CR at the end may be the first half of a CRLF.
				if (
					match === null ||
					(match[0] === "\r" && match.index === buffer.length - 1 && !done)
				) {
					break;
				}
				const line = buffer.slice(0, match.index);
				buffer = buffer.slice(match.index + match[0].length);
				if (line === "") {
					if (data.length > 0)
						yield { event: event || "message", data: data.join("\n") };
					event = "";
					data = [];
					continue;
				}
				if (line.startsWith(":")) continue;
				const colon = line.indexOf(":");
				const field = colon === -1 ? line : line.slice(0, colon);
				let value = colon === -1 ? "" : line.slice(colon + 1);
				if (value.startsWith(" ")) value = value.slice(1);
				if (field === "data") data.push(value);
				else if (field === "event") event = value;
			}
			if (done) return;
		}
	} finally {
		reader.cancel().catch(() => {});
	}
}

// JSON text as a value, `undefined` when it is not JSON.
export function parseJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return undefined;
	}
}
