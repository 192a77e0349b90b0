import fc from "fast-check";
import {
	type MessageRewrite,
	rewriteEventStream,
	WireRewriter,
} from "mcp-tool-names/jsonrpc";
import { describe, expect, it } from "vitest";
import { PROPERTY } from "../../_support/fast-check.js";
import { listRequest, listResult, tool } from "./_messages.js";

const terminator = fc.constantFrom("\n", "\r\n", "\r");
const value = fc
	.string({ unit: "binary", maxLength: 12 })
	.map((text) => text.replace(/[\r\n]/g, " "));
const answer = fc
	.record({
		id: fc.constantFrom(1, 2, "1", 9),
		names: fc.array(fc.constantFrom("a/b", "c.d", "ok", "搜索/获取"), {
			maxLength: 3,
		}),
	})
	.map(({ id, names }) =>
		JSON.stringify(
			listResult(
				id,
				names.map((n) => tool(n)),
			),
		),
	);
/** A line without its terminator. */
const line = fc.oneof(
	answer.map((json) => [`data: ${json}`]),
	// Pretty-printed across several `data` lines, which the parser joins with "\n".
	answer.map((json) =>
		JSON.stringify(JSON.parse(json), null, 1)
			.split("\n")
			.map((part) => `data:${part}`),
	),
	fc
		.tuple(
			fc.constantFrom(
				"data:",
				"data: ",
				"id: ",
				"event: ",
				"retry: ",
				":",
				"x: ",
			),
			value,
		)
		.map(([field, text]) => [`${field}${text}`]),
	value.map((text) => [text]),
	fc.constant([""]),
);
const stream = fc
	.array(fc.tuple(line, terminator), { maxLength: 16 })
	.map((lines) =>
		lines
			.flatMap(([parts, end]) => parts.map((part) => `${part}${end}`))
			.join(""),
	);

interface ParsedEvent {
	data: string;
	fields: string[];
}

/** A whole-text reading of an event stream by the HTML standard's rules, as an oracle. */
function parse(text: string): ParsedEvent[] {
	const events: ParsedEvent[] = [];
	let data: string[] = [];
	let fields: string[] = [];
	const lines = text.split(/\r\n|\r|\n/);
	lines.pop(); // the text after the last terminator is no complete line
	for (const raw of lines) {
		if (raw === "") {
			if (data.length > 0) events.push({ data: data.join("\n"), fields });
			data = [];
			fields = [];
			continue;
		}
		const colon = raw.indexOf(":");
		const field = colon === -1 ? raw : raw.slice(0, colon);
		let content = colon === -1 ? "" : raw.slice(colon + 1);
		if (content.startsWith(" ")) content = content.slice(1);
		if (field === "data") data.push(content);
		else if (field !== "") fields.push(`${field}=${content}`);
	}
	return events;
}

function meaning(data: string, rewrite: MessageRewrite): unknown {
	try {
		return rewrite(JSON.parse(data));
	} catch {
		return data;
	}
}

async function run(
	chunks: Uint8Array[],
	rewrite: MessageRewrite,
): Promise<Uint8Array> {
	const source = new ReadableStream<Uint8Array>({
		start(controller) {
			for (const chunk of chunks) controller.enqueue(chunk);
			controller.close();
		},
	});
	const body = source.pipeThrough(rewriteEventStream(rewrite));
	return new Uint8Array(await new Response(body).arrayBuffer());
}

/** Offsets to cut at: random ones, or right after every CR (a CRLF split in two). */
const offsets = fc.oneof(
	fc.array(fc.nat(), { maxLength: 8 }),
	fc.constant("after-cr" as const),
);

/** Cuts `bytes` at the given offsets (anywhere, also inside a UTF-8 sequence). */
function cut(bytes: Uint8Array, at: number[] | "after-cr"): Uint8Array[] {
	const wanted =
		at === "after-cr"
			? [...bytes.keys()].filter((i) => bytes[i] === 13).map((i) => i + 1)
			: at.map((o) => o % (bytes.length + 1));
	const points = [...new Set(wanted)].sort((a, b) => a - b);
	const chunks: Uint8Array[] = [];
	let start = 0;
	for (const point of [...points, bytes.length]) {
		chunks.push(bytes.slice(start, point));
		start = point;
	}
	return chunks;
}

function listening(): WireRewriter {
	const rewriter = new WireRewriter();
	for (const id of [1, 2, "1"]) rewriter.clientToServer(listRequest(id));
	return rewriter;
}

describe("rewriteEventStream", () => {
	it("gives the same bytes however the stream is cut into chunks", async () => {
		await fc.assert(
			fc.asyncProperty(stream, offsets, async (text, at) => {
				const bytes = new TextEncoder().encode(text);
				const whole = await run([bytes], listening().serverToClient);
				const pieces = await run(cut(bytes, at), listening().serverToClient);
				expect(pieces).toEqual(whole);
			}),
			PROPERTY,
		);
	});

	it("dispatches the events a parser of the input would, with their messages rewritten", async () => {
		await fc.assert(
			fc.asyncProperty(stream, offsets, async (text, at) => {
				const bytes = new TextEncoder().encode(text);
				const out = new TextDecoder().decode(
					await run(cut(bytes, at), listening().serverToClient),
				);
				const oracle = listening();
				const expected = parse(text).map((event) => ({
					fields: event.fields,
					message: meaning(event.data, oracle.serverToClient),
				}));
				const actual = parse(out).map((event) => ({
					fields: event.fields,
					message: meaning(event.data, (m) => m),
				}));
				expect(actual).toEqual(expected);
			}),
			PROPERTY,
		);
	});

	it("passes every byte on unchanged when no message is rewritten", async () => {
		await fc.assert(
			fc.asyncProperty(stream, offsets, async (text, at) => {
				const bytes = new TextEncoder().encode(text);
				// Nothing pending: no event is a tools/list answer.
				const out = await run(
					cut(bytes, at),
					new WireRewriter().serverToClient,
				);
				expect(out).toEqual(bytes);
			}),
			PROPERTY,
		);
	});
});
