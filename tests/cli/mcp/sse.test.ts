import { describe, expect, it } from "vitest";
import {
	EventStreamReader,
	readEventStream,
	type ServerSentEvent,
} from "../../../src/cli/mcp/sse.js";

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

function bodyOf(...chunks: string[]): ReadableStream<Uint8Array> {
	return new ReadableStream({
		start(controller) {
			for (const chunk of chunks) controller.enqueue(bytes(chunk));
			controller.close();
		},
	});
}

/** Every event of `text`, fed one byte at a time. */
function byteByByte(text: string): {
	events: ServerSentEvent[];
	reader: EventStreamReader;
} {
	const reader = new EventStreamReader();
	const events: ServerSentEvent[] = [];
	for (const byte of bytes(text))
		events.push(...reader.push(Uint8Array.of(byte)));
	events.push(...reader.end());
	return { events, reader };
}

describe("EventStreamReader", () => {
	it("keeps the last event id across events and reports it with each event", () => {
		const { events, reader } = byteByByte(
			'id: a1\ndata: {"n":1}\n\ndata: {"n":2}\n\nid: a3\nevent: message\ndata: {"n":3}\n\n',
		);
		expect(events).toEqual([
			{ event: "message", data: '{"n":1}', id: "a1" },
			{ event: "message", data: '{"n":2}', id: "a1" },
			{ event: "message", data: '{"n":3}', id: "a3" },
		]);
		expect(reader.lastEventId).toBe("a3");
	});

	it("reads retry as milliseconds and ignores a retry that is not all digits", () => {
		const reader = new EventStreamReader();
		reader.push(bytes("retry: 250\n\n"));
		expect(reader.retry).toBe(250);
		reader.push(bytes("retry: 1e3\n\nretry: -5\n\nretry: 10 \n\n"));
		expect(reader.retry).toBe(250);
	});

	it("does not dispatch a priming event (id and retry, empty data) but keeps its id", () => {
		const { events, reader } = byteByByte("id: p-0\nretry: 500\ndata: \n\n");
		expect(events).toEqual([]);
		expect(reader.lastEventId).toBe("p-0");
		expect(reader.retry).toBe(500);
	});

	it("ignores an id holding NUL, and an empty id clears the last one", () => {
		const reader = new EventStreamReader();
		reader.push(bytes("id: x\ndata: 1\n\nid: y\0z\ndata: 2\n\n"));
		expect(reader.lastEventId).toBe("x");
		reader.push(bytes("id\ndata: 3\n\n"));
		expect(reader.lastEventId).toBe("");
	});

	it("keeps no id from an event without a data line, as the MCP SDK's client does", () => {
		const reader = new EventStreamReader();
		reader.push(bytes("id: a\ndata: 1\n\nid: b\n\n"));
		expect(reader.lastEventId).toBe("a");
	});

	it("reads CRLF, CR and LF line ends split across chunks, and drops a leading BOM", () => {
		const text = "\uFEFFdata: one\r\n\r\ndata: two\r\rdata: three\n\n";
		const { events } = byteByByte(text);
		expect(events.map((event) => event.data)).toEqual(["one", "two", "three"]);
	});

	it("joins data lines, skips comments, and drops an event cut off by the end", () => {
		const { events } = byteByByte(
			": keep-alive\ndata: a\ndata: b\nevent: note\n\ndata: cut off",
		);
		expect(events).toEqual([{ event: "note", data: "a\nb", id: "" }]);
	});

	it("keeps the id and retry after end() and reads a BOM at the start of the resumed stream", () => {
		const reader = new EventStreamReader();
		reader.push(bytes("id: 7\nretry: 30\ndata: {}\n\ndata: half"));
		reader.end();
		expect(reader.push(bytes("\uFEFFdata: next\n\n"))).toEqual([
			{ event: "message", data: "next", id: "7" },
		]);
		expect(reader.retry).toBe(30);
	});
});

describe("readEventStream", () => {
	it("reports an ended body and stops reading once done() says so", async () => {
		const seen: string[] = [];
		const end = await readEventStream(
			bodyOf("data: 1\n\ndata: 2\n\n", "data: 3\n\n"),
			(event) => seen.push(event.data),
			undefined,
			() => seen.length >= 2,
		);
		expect(end).toBe("ended");
		expect(seen).toEqual(["1", "2"]);
	});

	it("delivers an event ended by CR CR at the very end of a body", async () => {
		const seen: string[] = [];
		expect(
			await readEventStream(bodyOf("data: 1\r\rdata: 2\r", "\r"), (event) =>
				seen.push(event.data),
			),
		).toBe("ended");
		expect(seen).toEqual(["1", "2"]);
	});

	it("reports a body that fails as failed, after the events that came", async () => {
		const seen: string[] = [];
		let pulls = 0;
		const body = new ReadableStream<Uint8Array>({
			pull(controller) {
				if (pulls++ === 0) controller.enqueue(bytes("data: 1\n\n"));
				else controller.error(new Error("reset"));
			},
		});
		expect(await readEventStream(body, (event) => seen.push(event.data))).toBe(
			"failed",
		);
		expect(seen).toEqual(["1"]);
	});
});

describe("readEventStream with named events", () => {
	it("delivers every event with its type and the stream's last id, the endpoint event of HTTP+SSE too", async () => {
		const seen: ServerSentEvent[] = [];
		expect(
			await readEventStream(
				bodyOf("id: 1\ndata: x\n\nevent: endpoint\ndata: /post\n\n"),
				(event) => seen.push(event),
			),
		).toBe("ended");
		expect(seen).toEqual([
			{ event: "message", data: "x", id: "1" },
			{ event: "endpoint", data: "/post", id: "1" },
		]);
	});
});
