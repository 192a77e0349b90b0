import { Readable } from "node:stream";
import { isMcpToolNamesError } from "mcp-tool-names";
import {
	frameLine,
	LineSplitter,
	type OversizedLine,
	splitLines,
} from "mcp-tool-names/jsonrpc";
import { describe, expect, it } from "vitest";
import { LineFramer } from "../../../src/adapters/jsonrpc/lines.js";

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

function thrown(run: () => unknown): unknown {
	try {
		run();
	} catch (error) {
		return error;
	}
	return undefined;
}

/** Every way to cut `data` into two chunks, fed to a fresh splitter. */
function everySplit(data: Uint8Array): string[][] {
	const results: string[][] = [];
	for (let at = 0; at <= data.length; at++) {
		const splitter = new LineSplitter();
		results.push([
			...splitter.push(data.subarray(0, at)),
			...splitter.push(data.subarray(at)),
			...splitter.end(),
		]);
	}
	return results;
}

describe("LineSplitter", () => {
	it("returns each complete line without its newline, and keeps the rest for later", () => {
		const splitter = new LineSplitter();
		expect(splitter.push('{"id":1}\n{"id"')).toEqual(['{"id":1}']);
		expect(splitter.push(':2}\n{"id":3}\n')).toEqual(['{"id":2}', '{"id":3}']);
		expect(splitter.end()).toEqual([]);
	});

	it("keeps a UTF-8 character that a chunk boundary splits, at every byte position", () => {
		const text = '{"name":"搜索/获取 😀 é"}\n{"name":"b"}\n';
		for (const lines of everySplit(bytes(text))) {
			expect(lines).toEqual(['{"name":"搜索/获取 😀 é"}', '{"name":"b"}']);
		}
	});

	it("gives back a line's exact text: the CR of a CRLF and a byte order mark stay", () => {
		const splitter = new LineSplitter();
		const lines = splitter.push('\uFEFF{"a":1.50}\r\n{ "b" : 2 }\n');
		expect(lines).toEqual(['\uFEFF{"a":1.50}\r', '{ "b" : 2 }']);
		expect(JSON.parse(lines[1] ?? "")).toEqual({ b: 2 });
	});

	it("skips empty lines and lone CRs", () => {
		const splitter = new LineSplitter();
		expect(splitter.push('\n\r\n{"id":1}\n\n')).toEqual(['{"id":1}']);
	});

	it("returns a last line without a newline at the end of the stream", () => {
		const splitter = new LineSplitter();
		expect(splitter.push('{"id":1}\n{"id":2}')).toEqual(['{"id":1}']);
		expect(splitter.end()).toEqual(['{"id":2}']);
		expect(splitter.end()).toEqual([]);
	});

	it("drops a line over maxLineLength, tells its length and head, and goes on with the next", () => {
		const dropped: OversizedLine[] = [];
		const splitter = new LineSplitter({
			maxLineLength: 8,
			onOversizedLine: (line) => dropped.push(line),
		});
		expect(splitter.push('{"id":1,')).toEqual([]);
		expect(splitter.push('"x":"aaaa"}\n{"id":2}\n')).toEqual(['{"id":2}']);
		expect(dropped).toEqual([{ length: 19, head: '{"id":1,"x":"aaaa"}' }]);
	});

	it("keeps a line of exactly maxLineLength bytes", () => {
		const splitter = new LineSplitter({ maxLineLength: 8 });
		expect(splitter.push('{"id":1}\n')).toEqual(['{"id":1}']);
	});

	it("does not buffer an endless line: the head it reports is at most 1024 bytes", () => {
		const dropped: OversizedLine[] = [];
		const splitter = new LineSplitter({
			maxLineLength: 4096,
			onOversizedLine: (line) => dropped.push(line),
		});
		const chunk = bytes("x".repeat(64 * 1024));
		for (let i = 0; i < 64; i++) expect(splitter.push(chunk)).toEqual([]);
		expect(splitter.end()).toEqual([]);
		expect(dropped).toHaveLength(1);
		expect(dropped[0]?.length).toBe(64 * 64 * 1024);
		expect(dropped[0]?.head).toBe("x".repeat(1024));
	});

	it("takes text chunks as their UTF-8 bytes", () => {
		const splitter = new LineSplitter({ maxLineLength: 3 });
		// "é" is 2 bytes: "éé" is 4 bytes, over the limit.
		expect(splitter.push("é\néé\n")).toEqual(["é"]);
	});

	it("does not keep a reference to a chunk its owner may reuse", () => {
		const splitter = new LineSplitter();
		const chunk = bytes('{"id":1');
		splitter.push(chunk);
		chunk.fill(0x20);
		expect(splitter.push("}\n")).toEqual(['{"id":1}']);
	});

	it("does not keep a view of a Buffer chunk either (Buffer's slice is a view)", () => {
		const splitter = new LineSplitter();
		const chunk = Buffer.from('{"id":1');
		splitter.push(chunk);
		chunk.fill(0x20);
		expect(splitter.push("}\n")).toEqual(['{"id":1}']);
	});

	it("rejects bad options and chunks with McpToolNamesError", () => {
		for (const maxLineLength of [0, -5, 1.5, Number.NaN]) {
			const error = thrown(() => new LineSplitter({ maxLineLength }));
			expect(isMcpToolNamesError(error)).toBe(true);
			expect((error as Error).message).toContain("maxLineLength");
		}
		const option = thrown(
			() =>
				new LineSplitter({
					onOversizedLine: "log" as unknown as () => void,
				}),
		);
		expect((option as Error).message).toBe(
			'LineSplitter option onOversizedLine must be a function, got "log"',
		);
		const chunk = thrown(() =>
			new LineSplitter().push(42 as unknown as string),
		);
		expect(isMcpToolNamesError(chunk)).toBe(true);
		expect((chunk as Error).message).toContain("got number 42");
	});
});

describe("splitLines", () => {
	it("yields the lines of a Node stream, the last one without a newline too", async () => {
		const source = Readable.from([
			Buffer.from('{"id":1}\n{"na'),
			Buffer.from('me":"é"}\n{"id":3}'),
		]);
		const lines: string[] = [];
		for await (const line of splitLines(source)) lines.push(line);
		expect(lines).toEqual(['{"id":1}', '{"name":"é"}', '{"id":3}']);
	});

	it("passes its options on to the splitter", async () => {
		const dropped: number[] = [];
		const lines: string[] = [];
		for await (const line of splitLines(Readable.from(["abcdef\nab\n"]), {
			maxLineLength: 4,
			onOversizedLine: ({ length }) => dropped.push(length),
		})) {
			lines.push(line);
		}
		expect(lines).toEqual(["ab"]);
		expect(dropped).toEqual([6]);
	});
});

describe("LineFramer", () => {
	it("hands on a line inside one chunk as a view of that chunk, its newline included", () => {
		const seen: Uint8Array[] = [];
		const framer = new LineFramer(
			(line) => seen.push(line),
			() => {},
		);
		const chunk = bytes('{"id":1}\n\n{"id":2}\r\n{"id"');
		framer.push(chunk);
		framer.push(bytes(":3}"));
		framer.end();
		const text = seen.map((line) => new TextDecoder().decode(line));
		expect(text).toEqual(['{"id":1}\n', '{"id":2}\r\n', '{"id":3}']);
		expect(seen[0]?.buffer).toBe(chunk.buffer);
		expect(seen[1]?.buffer).toBe(chunk.buffer);
	});

	it("reports a line over the bound with its length and head, in order with the lines around it", () => {
		const events: string[] = [];
		const framer = new LineFramer(
			(line) => events.push(new TextDecoder().decode(line)),
			(length, head) =>
				events.push(`overflow ${length} ${new TextDecoder().decode(head)}`),
			4,
		);
		framer.push(bytes("ab\nabc"));
		framer.push(bytes("de\nxy\nlonger"));
		framer.end();
		expect(events).toEqual([
			"ab\n",
			"overflow 5 abcde",
			"xy\n",
			"overflow 6 longer",
		]);
	});
});

describe("frameLine", () => {
	it("writes a message as one line of JSON ending with a newline", () => {
		const message = { jsonrpc: "2.0", id: 1, params: { text: "a\nb\u2028" } };
		const line = frameLine(message);
		expect(line.endsWith("\n")).toBe(true);
		expect(line.slice(0, -1)).not.toContain("\n");
		expect(JSON.parse(line)).toEqual(message);
	});

	it("round-trips through LineSplitter", () => {
		const messages = [{ id: 1 }, [{ id: 2 }, { id: 3 }], { s: "\r\n" }];
		const splitter = new LineSplitter();
		const lines = splitter.push(messages.map(frameLine).join(""));
		expect(lines.map((line) => JSON.parse(line))).toEqual(messages);
	});

	it("throws McpToolNamesError for a message without a JSON form", () => {
		const cyclic: Record<string, unknown> = {};
		cyclic.self = cyclic;
		for (const message of [undefined, () => 1, cyclic, { n: 1n }]) {
			const error = thrown(() => frameLine(message));
			expect(isMcpToolNamesError(error)).toBe(true);
			expect((error as Error).message).toMatch(/^frameLine /);
		}
	});
});
