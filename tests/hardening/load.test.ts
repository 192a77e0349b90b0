/**
 * Load: 1,000 concurrent `tools/call` through a wrapped SDK 1.32 `McpServer` behind a real
 * Streamable HTTP server on 127.0.0.1, over tools whose names collide or nearly do. Every
 * tool answers with its canonical name, so every response proves where its call went. The
 * loops are bounded; nothing here measures time.
 */
import { randomUUID } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isWireSafe, WireNameCodec } from "mcp-tool-names";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quietToolNameWarnings } from "../adapters/sdk/_quiet.js";
import { type CallLog, catalogServer, listen } from "./_servers.js";

const LONG = `all/${"very_long_namespace_".repeat(4)}tool`;
const TOOLS = [
	"a/b",
	"a.b",
	"a_b",
	"a-b",
	"A_B",
	"a__b",
	"a_b_2",
	"websearch/fetch_content",
	"websearch_fetch_content",
	"websearch.fetch-content",
	"all/websearch/fetch_content",
	"搜索/获取",
	"搜索/文件",
	"payment/send",
	"p\u0430yment/send",
	`${LONG}/read`,
	`${LONG}/write`,
	"__proto__x",
	"tool",
];
const CLIENTS = 20;
const CALLS_PER_CLIENT = 50;

beforeAll(quietToolNameWarnings);

/** Deterministic picks (a linear congruential sequence), so a failure replays. */
function picks(seed: number, count: number, range: number): number[] {
	const out: number[] = [];
	let state = seed;
	for (let i = 0; i < count; i++) {
		state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
		out.push(state % range);
	}
	return out;
}

/** Adds up how often each canonical name occurs. */
function tally(names: Iterable<string>): Map<string, number> {
	const counts = new Map<string, number>();
	for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
	return counts;
}

const text = (result: unknown): string =>
	(result as { content: Array<{ text: string }> }).content[0]?.text ?? "";

describe("1,000 concurrent tools/call through a wrapped Streamable HTTP server", () => {
	const calls: CallLog = [];
	const servers: McpServer[] = [];
	let http: { url: URL; close(): Promise<void> };

	beforeAll(async () => {
		const sessions = new Map<string, StreamableHTTPServerTransport>();
		// One codec for every session, as a deployment shares one per upstream.
		const codec = new WireNameCodec();
		http = await listen(async (req, res) => {
			const sessionId = req.headers["mcp-session-id"];
			if (typeof sessionId === "string") {
				const transport = sessions.get(sessionId);
				if (transport === undefined) {
					res.writeHead(404).end();
					return;
				}
				await transport.handleRequest(req, res);
				return;
			}
			if (req.headers["x-stateless"] === "1") {
				// Stateless: a new server for every request, never listed before the call.
				const server = catalogServer(
					TOOLS,
					{ codec: new WireNameCodec() },
					calls,
				);
				const transport = new StreamableHTTPServerTransport({
					enableJsonResponse: true,
				});
				res.on("close", () => {
					void server.close();
				});
				await server.connect(transport);
				await transport.handleRequest(req, res);
				return;
			}
			const server = catalogServer(TOOLS, { codec }, calls);
			servers.push(server);
			const transport: StreamableHTTPServerTransport =
				new StreamableHTTPServerTransport({
					sessionIdGenerator: randomUUID,
					onsessioninitialized: (id) => {
						sessions.set(id, transport);
					},
				});
			await server.connect(transport);
			await transport.handleRequest(req, res);
		});
	});

	afterAll(async () => {
		await Promise.all(servers.map((server) => server.close()));
		await http.close();
	});

	it(`routes ${CLIENTS} SDK clients × ${CALLS_PER_CLIENT} concurrent calls each to the right tools`, async () => {
		const clients = await Promise.all(
			Array.from({ length: CLIENTS }, async () => {
				const client = new Client({ name: "load", version: "1.0.0" });
				await client.connect(new StreamableHTTPClientTransport(http.url));
				return client;
			}),
		);
		try {
			const listings = await Promise.all(
				clients.map(async (client) => (await client.listTools()).tools),
			);
			const first = listings[0]?.map((tool) => tool.name) ?? [];
			expect(first).toHaveLength(TOOLS.length);
			expect(new Set(first).size).toBe(TOOLS.length);
			expect(first.filter((name) => !isWireSafe(name))).toEqual([]);
			for (const listing of listings)
				expect(listing.map((tool) => tool.name)).toEqual(first);
			const canonicalOf = new Map(
				(listings[0] ?? []).map((tool) => [
					tool.name,
					(tool.description ?? "").replace(/^The (.*) tool$/su, "$1"),
				]),
			);

			calls.length = 0;
			const expected: string[] = [];
			const answers = await Promise.all(
				clients.flatMap((client, c) =>
					picks(c + 1, CALLS_PER_CLIENT, first.length).map((pick) => {
						const wire = first[pick] as string;
						expected.push(canonicalOf.get(wire) as string);
						return client
							.callTool({ name: wire, arguments: {} })
							.then((result) => ({ wire, text: text(result) }));
					}),
				),
			);
			expect(answers).toHaveLength(CLIENTS * CALLS_PER_CLIENT);
			for (const { wire, text } of answers)
				expect(text).toBe(canonicalOf.get(wire));
			expect(tally(calls)).toEqual(tally(expected));
			expect(new Set(expected).size).toBe(TOOLS.length);
		} finally {
			await Promise.all(clients.map((client) => client.close()));
		}
	});

	it("routes 1,000 concurrent stateless POSTs, each to a server that never listed", async () => {
		const wires = new WireNameCodec().encodeAll(TOOLS);
		calls.length = 0;
		const sent = picks(7, 1000, TOOLS.length);
		const answers = await Promise.all(
			sent.map(async (pick, i) => {
				const response = await fetch(http.url, {
					method: "POST",
					headers: {
						"content-type": "application/json",
						accept: "application/json, text/event-stream",
						"x-stateless": "1",
					},
					body: JSON.stringify({
						jsonrpc: "2.0",
						id: i,
						method: "tools/call",
						params: { name: wires[pick], arguments: {} },
					}),
				});
				const body = (await response.json()) as { id: number; result: unknown };
				return { pick, id: body.id, text: text(body.result) };
			}),
		);
		for (const [i, answer] of answers.entries()) {
			expect(answer.id).toBe(i);
			expect(answer.text).toBe(TOOLS[answer.pick]);
		}
		expect(tally(calls)).toEqual(
			tally(sent.map((pick) => TOOLS[pick] as string)),
		);
	});
});
