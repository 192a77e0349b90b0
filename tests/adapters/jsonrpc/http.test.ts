import {
	Client as ClientV2,
	StreamableHTTPClientTransport as HttpClientV2,
} from "@modelcontextprotocol/client";
import { createMcpHandler } from "@modelcontextprotocol/server";
import { isMcpToolNamesError } from "mcp-tool-names";
import {
	type MessageRewrite,
	rewriteEventStream,
	rewriteJsonBody,
	syncMcpNameHeader,
	WireRewriter,
} from "mcp-tool-names/jsonrpc";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CLIENT_INFO, quietNameWarnings, serverV2 } from "./_sdk.js";

beforeEach(() => quietNameWarnings());
afterEach(() => {
	vi.restoreAllMocks();
});

/** A rewriter waiting for the answer to `tools/list` request 1. */
function awaitingList(): WireRewriter {
	const rewriter = new WireRewriter();
	rewriter.clientToServer({ jsonrpc: "2.0", id: 1, method: "tools/list" });
	return rewriter;
}

const LIST_ANSWER = JSON.stringify({
	jsonrpc: "2.0",
	id: 1,
	result: { tools: [{ name: "a/b", inputSchema: { type: "object" } }] },
});
const WIRE_ANSWER = LIST_ANSWER.replace('"a/b"', '"a_b"');

async function collect(
	chunks: ReadonlyArray<string | Uint8Array>,
	rewrite: MessageRewrite,
	options?: Parameters<typeof rewriteEventStream>[1],
): Promise<string> {
	const source = new ReadableStream<string | Uint8Array>({
		start(controller) {
			for (const chunk of chunks) controller.enqueue(chunk);
			controller.close();
		},
	});
	const body = source.pipeThrough(rewriteEventStream(rewrite, options));
	const buffer = await new Response(body).arrayBuffer();
	return new TextDecoder("utf-8", { ignoreBOM: true }).decode(buffer);
}

const bytes = (text: string) => new TextEncoder().encode(text);

function thrown(run: () => unknown): unknown {
	try {
		run();
	} catch (error) {
		return error;
	}
	return undefined;
}

describe("rewriteJsonBody", () => {
	it("rewrites body text and returns text", () => {
		expect(rewriteJsonBody(LIST_ANSWER, awaitingList().serverToClient)).toBe(
			WIRE_ANSWER,
		);
	});

	it("returns the very same text when nothing changes, whitespace and all", () => {
		const body = '{ "jsonrpc": "2.0",\n  "id": 9, "method": "ping" }';
		expect(rewriteJsonBody(body, awaitingList().clientToServer)).toBe(body);
	});

	it.each([
		["an empty 202 body", ""],
		["text that is not JSON", "event: message"],
		["truncated JSON", '{"jsonrpc":"2.0","id":1,'],
	])("passes %s through", (_label, body) => {
		expect(rewriteJsonBody(body, awaitingList().serverToClient)).toBe(body);
	});

	it("rewrites a parsed body and returns the rewrite's result", () => {
		const rewriter = awaitingList();
		const ping = { jsonrpc: "2.0", id: 2, method: "ping" };
		expect(rewriteJsonBody(ping, rewriter.clientToServer)).toBe(ping);
		const out = rewriteJsonBody(
			JSON.parse(LIST_ANSWER),
			rewriter.serverToClient,
		);
		expect(out.result.tools[0].name).toBe("a_b");
	});

	it("rewrites a batch body", () => {
		const rewriter = new WireRewriter();
		const batch = JSON.stringify([
			{ jsonrpc: "2.0", id: 1, method: "tools/list" },
			{ jsonrpc: "2.0", method: "notifications/initialized" },
		]);
		expect(rewriteJsonBody(batch, rewriter.clientToServer)).toBe(batch);
		const answer = rewriteJsonBody(`[${LIST_ANSWER}]`, rewriter.serverToClient);
		expect(answer).toBe(`[${WIRE_ANSWER}]`);
	});

	it("rejects a rewrite that is not a function", () => {
		const error = thrown(() =>
			rewriteJsonBody("{}", "serverToClient" as never),
		);
		expect(isMcpToolNamesError(error)).toBe(true);
		expect((error as { code: string }).code).toBe("invalid-argument");
	});
});

describe("rewriteEventStream", () => {
	it("rewrites the data of an event and keeps its other fields in place", async () => {
		const input = `event: message\nid: 7\ndata: ${LIST_ANSWER}\nretry: 10\n\n`;
		expect(await collect([input], awaitingList().serverToClient)).toBe(
			`event: message\nid: 7\ndata: ${WIRE_ANSWER}\nretry: 10\n\n`,
		);
	});

	it("passes events without tool names on byte for byte", async () => {
		const input = [
			": keep-alive\n\n",
			"retry: 3000\n\n",
			'id: 1\ndata: {"jsonrpc":"2.0","method":"notifications/tools/list_changed"}\n\n',
			"event: endpoint\ndata: /messages?session=1\n\n",
			'data:{"jsonrpc":"2.0","id":5,"result":{}}\r\n\r\n',
			"data: not json\n\n",
			"data\n\n",
		].join("");
		expect(await collect([input], awaitingList().serverToClient)).toBe(input);
	});

	it("gives the same output however the input is split into chunks", async () => {
		const input = `: hi\r\nevent: message\r\ndata: ${LIST_ANSWER}\r\n\r\nid: 2\rdata: {"x":1}\r\r`;
		const expected = await collect([input], awaitingList().serverToClient);
		expect(expected).toContain(WIRE_ANSWER);
		for (let at = 0; at <= input.length; at++) {
			const split = [input.slice(0, at), input.slice(at)];
			expect(await collect(split, awaitingList().serverToClient)).toBe(
				expected,
			);
		}
	});

	it("joins multi-line data and writes one data line in its place", async () => {
		const pretty = JSON.stringify(JSON.parse(LIST_ANSWER), null, 2);
		const lines = pretty
			.split("\n")
			.map((line) => `data: ${line}\n`)
			.join("");
		const out = await collect(
			[`event: message\n${lines}id: 3\n\n`],
			awaitingList().serverToClient,
		);
		expect(out).toBe(`event: message\ndata: ${WIRE_ANSWER}\nid: 3\n\n`);
	});

	it("understands CR-only line ends and a CRLF split across chunks", async () => {
		const out = await collect(
			[`data: ${LIST_ANSWER}\r`, "\n\r", "\n: after\r\r"],
			awaitingList().serverToClient,
		);
		expect(out).toBe(`data: ${WIRE_ANSWER}\r\n\r\n: after\r\r`);
		const crOnly = await collect(
			[`data: ${LIST_ANSWER}\r\r`],
			awaitingList().serverToClient,
		);
		expect(crOnly).toBe(`data: ${WIRE_ANSWER}\r\r`);
	});

	it("decodes UTF-8 split inside a character", async () => {
		const rewriter = awaitingList();
		const text = `data: ${LIST_ANSWER.replace('"a/b"', '"搜索/获取"')}\n\n`;
		const encoded = bytes(text);
		const at = text.indexOf("搜") + "data: ".length;
		const chunks = [encoded.slice(0, at + 1), encoded.slice(at + 1)];
		const out = JSON.parse(
			(await collect(chunks, rewriter.serverToClient)).slice(6),
		);
		const wire = out.result.tools[0].name as string;
		expect(wire).toMatch(/^tool_[a-z0-9]{7}$/);
		expect(rewriter.codec.decode(wire)).toBe("搜索/获取");
	});

	it("passes an unfinished last event through as it is", async () => {
		const input = `data: ${LIST_ANSWER}\n`;
		expect(await collect([input], awaitingList().serverToClient)).toBe(input);
	});

	it("keeps a leading byte order mark", async () => {
		const out = await collect(
			[bytes(`\uFEFFdata: ${LIST_ANSWER}\n\n`)],
			awaitingList().serverToClient,
		);
		expect(out).toBe(`\uFEFFdata: ${WIRE_ANSWER}\n\n`);
	});

	it("passes on comments and fields ahead of the data without waiting for the event to end", async () => {
		const stream = rewriteEventStream(awaitingList().serverToClient);
		const writer = stream.writable.getWriter();
		const reader = stream.readable.getReader();
		void writer.write(": ping\nevent: message\n");
		const first = await reader.read();
		expect(new TextDecoder().decode(first.value)).toBe(
			": ping\nevent: message\n",
		);
		void writer.write(`data: ${LIST_ANSWER}\n\n`);
		const second = await reader.read();
		expect(new TextDecoder().decode(second.value)).toBe(
			`data: ${WIRE_ANSWER}\n\n`,
		);
		await writer.close();
		expect((await reader.read()).done).toBe(true);
	});

	it("passes an event longer than maxEventLength through unchanged", async () => {
		const input = `data: ${LIST_ANSWER}\n\ndata: ${LIST_ANSWER}\n\n`;
		const rewriter = new WireRewriter();
		rewriter.clientToServer({ jsonrpc: "2.0", id: 1, method: "tools/list" });
		const out = await collect(
			[input.slice(0, 20), input.slice(20)],
			rewriter.serverToClient,
			{ maxEventLength: 40 },
		);
		expect(out).toBe(input);
	});

	it("rewrites events after one too long to rewrite", async () => {
		const long = `data: ${"x".repeat(100)}\n\n`;
		const out = await collect(
			[long.slice(0, 50), long.slice(50), `data: ${LIST_ANSWER}\n\n`],
			awaitingList().serverToClient,
			{ maxEventLength: LIST_ANSWER.length + 10 },
		);
		expect(out).toBe(`${long}data: ${WIRE_ANSWER}\n\n`);
	});

	it.each([0, -1, Number.NaN, "10"])("rejects maxEventLength %s", (value) => {
		const error = thrown(() =>
			rewriteEventStream((m) => m, { maxEventLength: value as number }),
		);
		expect((error as { code?: string }).code).toBe("invalid-option");
	});
});

describe("syncMcpNameHeader", () => {
	const call = (name: unknown) => ({
		jsonrpc: "2.0",
		id: 1,
		method: "tools/call",
		params: { name },
	});

	it("sets the header of a Headers object to the body's name, leaving the input alone", () => {
		const headers = new Headers({ "Mcp-Name": "a_b", "x-other": "1" });
		const out = syncMcpNameHeader(headers, call("a.b"));
		expect(out).not.toBe(headers);
		expect(out.get("mcp-name")).toBe("a.b");
		expect(out.get("x-other")).toBe("1");
		expect(headers.get("mcp-name")).toBe("a_b");
	});

	it("sets the header of a Node-style record, whatever the key's case", () => {
		const headers = { "MCP-Name": "a_b", host: "x" };
		const out = syncMcpNameHeader(headers, JSON.stringify(call("a/b")));
		expect(out).toEqual({ "MCP-Name": "a/b", host: "x" });
		expect(headers["MCP-Name"]).toBe("a_b");
		expect(syncMcpNameHeader({ "mcp-name": ["a_b"] }, call("a/b"))).toEqual({
			"mcp-name": "a/b",
		});
	});

	it("writes a name that is not plain ASCII in the =?base64?…?= form", () => {
		const name = "搜索/获取";
		const out = syncMcpNameHeader(
			new Headers({ "mcp-name": "tool_x" }),
			call(name),
		);
		const base64 = btoa(String.fromCharCode(...new TextEncoder().encode(name)));
		expect(out.get("mcp-name")).toBe(`=?base64?${base64}?=`);
		expect(
			syncMcpNameHeader(new Headers({ "mcp-name": "x" }), call(" a")).get(
				"mcp-name",
			),
		).toBe(`=?base64?${btoa(" a")}?=`);
	});

	it("returns the headers themselves when they already agree with the body", () => {
		const plain = new Headers({ "mcp-name": "a/b" });
		expect(syncMcpNameHeader(plain, call("a/b"))).toBe(plain);
		const name = "搜索";
		const base64 = btoa(String.fromCharCode(...new TextEncoder().encode(name)));
		const encoded = { "mcp-name": ` =?base64?${base64}?=` };
		expect(syncMcpNameHeader(encoded, call(name))).toBe(encoded);
	});

	it.each([
		["no Mcp-Name header", { "content-type": "application/json" }, call("a/b")],
		[
			"another method",
			{ "mcp-name": "x" },
			{ method: "prompts/get", params: { name: "y" } },
		],
		["a batch", { "mcp-name": "x" }, [call("a/b")]],
		["a body that is not JSON", { "mcp-name": "x" }, "{"],
		["a name that is not a string", { "mcp-name": "x" }, call(5)],
	])("leaves the headers alone for %s", (_label, headers, body) => {
		expect(syncMcpNameHeader(headers, body)).toBe(headers);
	});

	it("keeps a 2026-07-28 server accepting calls whose body a proxy rewrote", async () => {
		quietNameWarnings();
		const handler = createMcpHandler(() =>
			serverV2(["websearch/fetch_content"], []),
		);
		const attempt = async (sync: boolean) => {
			const rewriter = new WireRewriter();
			// An in-process proxy: the client's fetch rewrites, then hands the request to the
			// server's web-standard handler.
			const proxy = async (url: string | URL, init?: RequestInit) => {
				const request = new Request(url, init);
				let headers: Headers = request.headers;
				let body: string | undefined;
				if (request.method === "POST") {
					body = rewriteJsonBody(await request.text(), rewriter.clientToServer);
					if (sync) headers = syncMcpNameHeader(headers, body);
				}
				const response = await handler.fetch(
					new Request(request.url, {
						method: request.method,
						headers,
						...(body === undefined ? {} : { body }),
					}),
				);
				const stream = response.headers
					.get("content-type")
					?.includes("text/event-stream");
				const out = stream
					? response.body?.pipeThrough(
							rewriteEventStream(rewriter.serverToClient),
						)
					: rewriteJsonBody(await response.text(), rewriter.serverToClient) ||
						null;
				return new Response(out, {
					status: response.status,
					headers: response.headers,
				});
			};
			const client = new ClientV2(CLIENT_INFO, {
				versionNegotiation: { mode: { pin: "2026-07-28" } },
			});
			await client.connect(
				new HttpClientV2(new URL("http://127.0.0.1/mcp"), { fetch: proxy }),
			);
			try {
				const { tools } = await client.listTools();
				expect(tools.map((t) => t.name)).toEqual(["websearch_fetch_content"]);
				const result = await client.callTool({
					name: "websearch_fetch_content",
				});
				return (result.content as Array<{ text: string }>)[0]?.text;
			} catch (error) {
				return String(error);
			} finally {
				await client.close();
			}
		};
		expect(await attempt(false)).toMatch(
			/Mcp-Name header names "websearch_fetch_content"/,
		);
		expect(await attempt(true)).toBe("ran websearch/fetch_content");
	});
});
