/**
 * Faults around the adapters: the upstream closes mid-request, `tools/list` fails, hangs or
 * is cancelled while a wrapped client recovers from "Tool X not found", a peer floods
 * requests nobody answers, and a server restarts without ever listing again.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { Client as ClientV2 } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport as MemoryV1 } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server as ServerV1 } from "@modelcontextprotocol/sdk/server/index.js";
import {
	CallToolRequestSchema,
	ErrorCode,
	ListToolsRequestSchema,
	McpError,
} from "@modelcontextprotocol/sdk/types.js";
import {
	InMemoryTransport as MemoryV2,
	ProtocolError,
	ProtocolErrorCode,
	Server as ServerV2,
} from "@modelcontextprotocol/server";
import fc from "fast-check";
import { WireNameCodec } from "mcp-tool-names";
import { WireRewriter, wrapTransport } from "mcp-tool-names/jsonrpc";
import { wrapClient, wrapServer } from "mcp-tool-names/sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { quietToolNameWarnings } from "../adapters/sdk/_quiet.js";
import { hostileCatalog, params } from "./_arbitraries.js";
import {
	addTool,
	type CallLog,
	callText,
	catalogServer,
	connectClient,
	SERVER_INFO,
} from "./_servers.js";

beforeAll(quietToolNameWarnings);

// ---------------------------------------------------------------------------------------
// A wrapped client whose server fails while it recovers from "Tool X not found".

/** How the server's `tools/list` (or `tools/call`) misbehaves. */
type Fault = "closes" | "throws" | "hangs";

interface Link {
	/** Calls `name` with the caller's request options; the outcome, normalised. */
	call(
		name: string,
		options?: { timeout?: number; signal?: AbortSignal },
	): Promise<Outcome>;
	/** Methods of the requests the client sent. */
	sent: string[];
	close(): Promise<void>;
}

interface Outcome {
	kind: "ok" | "result" | "error";
	text: string;
	code?: unknown;
}

interface Line {
	label: string;
	/**
	 * A low-level server whose only tool is `websearch/fetch_content`: `tools/call` answers any
	 * other name "not found", and `onList` / `onCall` run first (a fault, or nothing).
	 */
	link(
		wrap: boolean,
		faults: { list?: Fault; call?: Fault },
		listed?: () => void,
	): Promise<Link>;
}

async function outcome(run: () => Promise<unknown>): Promise<Outcome> {
	try {
		const result = (await run()) as {
			isError?: boolean;
			content?: Array<{ text?: string }>;
		};
		return {
			kind: result.isError === true ? "result" : "ok",
			text: result.content?.[0]?.text ?? "",
		};
	} catch (error) {
		const { message, code } = error as { message: string; code?: unknown };
		return { kind: "error", text: message, code };
	}
}

/** Runs a fault; `close` closes the server from inside its own handler. */
async function misbehave(
	fault: Fault | undefined,
	close: () => Promise<void>,
): Promise<void> {
	if (fault === "throws") throw new Error("catalog unavailable");
	if (fault === "hangs") await new Promise(() => {});
	if (fault === "closes") {
		await close();
		await new Promise(() => {});
	}
}

const CANONICAL = "websearch/fetch_content";
const LIST = {
	tools: [{ name: CANONICAL, inputSchema: { type: "object" as const } }],
};

function record(transport: {
	send: (...args: any[]) => Promise<void>;
}): string[] {
	const sent: string[] = [];
	const send = transport.send.bind(transport);
	transport.send = (message: any, ...rest: unknown[]) => {
		if (typeof message?.method === "string" && message.id !== undefined)
			sent.push(message.method);
		return send(message, ...rest);
	};
	return sent;
}

const LINES: Line[] = [
	{
		label: "SDK 1.32",
		link: async (wrap, faults, listed) => {
			const server = new ServerV1(SERVER_INFO, { capabilities: { tools: {} } });
			const close = () => server.close();
			server.setRequestHandler(ListToolsRequestSchema, async () => {
				listed?.();
				await misbehave(faults.list, close);
				return LIST;
			});
			server.setRequestHandler(CallToolRequestSchema, async (request) => {
				await misbehave(faults.call, close);
				if (request.params.name === CANONICAL)
					return { content: [{ type: "text", text: CANONICAL }] };
				throw new McpError(
					ErrorCode.InvalidParams,
					`Tool ${request.params.name} not found`,
				);
			});
			const client = new ClientV1({ name: "c", version: "1.0.0" });
			if (wrap) wrapClient(client);
			const [clientSide, serverSide] = MemoryV1.createLinkedPair();
			const sent = record(clientSide);
			await server.connect(serverSide);
			await client.connect(clientSide);
			return {
				sent,
				call: (name, options) =>
					outcome(() =>
						client.callTool({ name, arguments: {} }, undefined, options),
					),
				close: async () => {
					await client.close();
					await server.close();
				},
			};
		},
	},
	{
		label: "SDK 2.4",
		link: async (wrap, faults, listed) => {
			const server = new ServerV2(SERVER_INFO, { capabilities: { tools: {} } });
			const close = () => server.close();
			server.setRequestHandler("tools/list", async () => {
				listed?.();
				await misbehave(faults.list, close);
				return LIST;
			});
			server.setRequestHandler("tools/call", async (request) => {
				await misbehave(faults.call, close);
				if (request.params.name === CANONICAL)
					return { content: [{ type: "text", text: CANONICAL }] };
				throw new ProtocolError(
					ProtocolErrorCode.InvalidParams,
					`Tool ${request.params.name} not found`,
				);
			});
			const client = new ClientV2({ name: "c", version: "1.0.0" });
			if (wrap) wrapClient(client);
			const [clientSide, serverSide] = MemoryV2.createLinkedPair();
			const sent = record(clientSide);
			await server.connect(serverSide);
			await client.connect(clientSide);
			return {
				sent,
				call: (name, options) =>
					outcome(() => client.callTool({ name, arguments: {} }, options)),
				close: async () => {
					await client.close();
					await server.close();
				},
			};
		},
	},
];

describe.each(LINES)("wrapClient under faults, $label", (line) => {
	/** What an unwrapped client of the same line gets: it never lists. */
	const unwrapped = async (
		name: string,
		faults: { list?: Fault; call?: Fault },
	): Promise<Outcome> => {
		const link = await line.link(false, faults);
		try {
			return await link.call(name, { timeout: 2_000 });
		} finally {
			await link.close();
		}
	};

	it("surfaces the transport's error, without listing, when the server closes mid-call", async () => {
		const expected = await unwrapped(CANONICAL, { call: "closes" });
		expect(expected.kind).toBe("error");
		const link = await line.link(true, { call: "closes" });
		expect(await link.call("websearch_fetch_content")).toEqual(expected);
		expect(link.sent).toEqual(["initialize", "tools/call"]);
		await link.close();
	});

	it.each([
		["closes the connection", "closes"],
		["throws", "throws"],
	] as const)(
		"surfaces the original not-found failure, without a hint, when tools/list %s",
		async (_, fault) => {
			const expected = await unwrapped("fetch_content", { list: fault });
			const link = await line.link(true, { list: fault });
			expect(await link.call("fetch_content")).toEqual(expected);
			expect(link.sent).toContain("tools/list");
			await link.close();
		},
	);

	it("surfaces the original not-found failure when tools/list outlasts the caller's timeout", {
		timeout: 15_000,
	}, async () => {
		const expected = await unwrapped("fetch_content", { list: "hangs" });
		const link = await line.link(true, { list: "hangs" });
		// The SDK's default timeout is 60 s; the caller asked for 200 ms.
		expect(await link.call("fetch_content", { timeout: 200 })).toEqual(
			expected,
		);
		await link.close();
	});

	it("surfaces the original not-found failure when the caller aborts during tools/list", {
		timeout: 15_000,
	}, async () => {
		const expected = await unwrapped("fetch_content", { list: "hangs" });
		const controller = new AbortController();
		const link = await line.link(true, { list: "hangs" }, () =>
			controller.abort(),
		);
		expect(
			await link.call("fetch_content", { signal: controller.signal }),
		).toEqual(expected);
		await link.close();
	});
});

// ---------------------------------------------------------------------------------------
// A wrapped server whose own catalog fails, or whose client goes away mid-request.

describe("wrapServer under faults (SDK 1.32)", () => {
	/** A low-level server whose tools/list throws; tools/call knows `echo` only. */
	function brokenCatalogServer(wrap: boolean): ServerV1 {
		const server = new ServerV1(SERVER_INFO, { capabilities: { tools: {} } });
		server.setRequestHandler(ListToolsRequestSchema, () => {
			throw new McpError(ErrorCode.InternalError, "catalog unavailable");
		});
		server.setRequestHandler(CallToolRequestSchema, (request) => {
			if (request.params.name === "echo")
				return { content: [{ type: "text", text: "echo" }] };
			throw new McpError(
				ErrorCode.InvalidParams,
				`Tool ${request.params.name} not found`,
			);
		});
		if (wrap) wrapServer(server, { resolve: true });
		return server;
	}

	it("answers a call exactly as the unwrapped server when its own tools/list throws", async () => {
		for (const name of ["ech", "echo", "zzz/yyy"]) {
			const [plain, wrapped] = await Promise.all(
				[false, true].map(async (wrap) => {
					const { client, close } = await connectClient(
						brokenCatalogServer(wrap) as never,
					);
					try {
						return await callText(client, name);
					} finally {
						await close();
					}
				}),
			);
			expect(wrapped).toEqual(plain);
		}
	});

	it("survives a client that goes away mid-call, and serves the next connection", async () => {
		const server = catalogServer(["websearch/fetch_content"]);
		let release: () => void = () => {};
		const held = new Promise<void>((resolve) => {
			release = resolve;
		});
		let started: () => void = () => {};
		const running = new Promise<void>((resolve) => {
			started = resolve;
		});
		server.registerTool("slow/tool", {}, async () => {
			started();
			await held; // until the client is gone
			return { content: [{ type: "text", text: "slow/tool" }] };
		});
		const first = await connectClient(server);
		const pending = callText(first.client, "slow_tool");
		await running;
		await first.close();
		release();
		expect((await pending).ok).toBe(false);

		const second = await connectClient(server);
		expect(await callText(second.client, "websearch_fetch_content")).toEqual({
			ok: true,
			text: "websearch/fetch_content",
		});
		await second.close();
	});
});

// ---------------------------------------------------------------------------------------
// Floods.

function collectGarbage(): () => void {
	setFlagsFromString("--expose-gc");
	return runInNewContext("gc") as () => void;
}

describe("a flood of requests nobody answers", () => {
	it("keeps the rewriter's pending tools/list ids bounded (200,000 ids of 1 kB)", () => {
		const gc = collectGarbage();
		const rewriter = new WireRewriter({ maxPending: 1024 });
		const idOf = (i: number): string => String(i).padStart(1024, "x");
		gc();
		const before = process.memoryUsage().heapUsed;
		const FLOOD = 200_000;
		for (let i = 0; i < FLOOD; i++)
			rewriter.clientToServer({
				jsonrpc: "2.0",
				id: idOf(i),
				method: "tools/list",
			});
		gc();
		const grown = process.memoryUsage().heapUsed - before;
		// 200,000 remembered ids would hold more than 200 MB; 1024 hold about 2 MB.
		expect(grown).toBeLessThan(32 * 1024 * 1024);

		const answer = (i: number): string =>
			(
				rewriter.serverToClient({
					jsonrpc: "2.0",
					id: idOf(i),
					result: { tools: [{ name: "a/b" }] },
				}) as { result: { tools: Array<{ name: string }> } }
			).result.tools[0]?.name as string;
		expect(answer(FLOOD - 1)).toBe("a_b");
		expect(answer(FLOOD - 1024)).toBe("a_b");
		expect(answer(FLOOD - 1025)).toBe("a/b");
		expect(answer(0)).toBe("a/b");
	});

	it("keeps the pending sampling ids of a wrapped transport bounded", async () => {
		// The client never answers the server's sampling requests; the transport is a sink.
		const sink = { send: async (_message: unknown): Promise<void> => {} };
		const transport = wrapTransport(sink, { side: "server", maxPending: 8 });
		let received: unknown;
		(transport as unknown as { onmessage: (m: unknown) => void }).onmessage = (
			m,
		) => {
			received = m;
		};
		for (let i = 0; i < 10_000; i++) {
			await transport.send({
				jsonrpc: "2.0",
				id: i,
				method: "sampling/createMessage",
				params: { messages: [], maxTokens: 1, tools: [{ name: "a/b" }] },
			} as never);
		}
		const reply = (id: number) => ({
			jsonrpc: "2.0",
			id,
			result: {
				role: "assistant",
				model: "m",
				content: [{ type: "tool_use", id: "t", name: "a_b", input: {} }],
			},
		});
		const deliver = (id: number): string => {
			(sink as unknown as { onmessage: (m: unknown) => void }).onmessage(
				reply(id),
			);
			return (received as ReturnType<typeof reply>).result.content[0]
				?.name as string;
		};
		expect(deliver(9_999)).toBe("a/b");
		expect(deliver(9_992)).toBe("a/b");
		expect(deliver(9_991)).toBe("a_b");
	});
});

// ---------------------------------------------------------------------------------------
// Restarts.

/** Names an SDK 1.x McpServer can register (its registry is a plain object). */
const registrable = hostileCatalog(8)
	.map((names) => names.filter((name) => !(name in {}) && name !== "__proto__"))
	.filter((names) => names.length > 0);

describe("a restarted server", () => {
	it("routes the names of the first tools/list before listing again, and lists the same names", async () => {
		await fc.assert(
			fc.asyncProperty(
				registrable.chain((names) =>
					fc.tuple(
						fc.constant(names),
						fc.shuffledSubarray(names, {
							minLength: names.length,
							maxLength: names.length,
						}),
					),
				),
				async ([names, reordered]) => {
					const before = await connectClient(catalogServer(names));
					const wires = (await before.client.listTools()).tools.map(
						(t) => t.name,
					);
					await before.close();

					// The restart registers the tools in another order and is never listed first.
					const calls: CallLog = [];
					const after = await connectClient(
						catalogServer(reordered, {}, calls),
					);
					try {
						for (const [i, wire] of wires.entries()) {
							expect(await callText(after.client, wire)).toEqual({
								ok: true,
								text: names[i],
							});
						}
						const again = (await after.client.listTools()).tools;
						const byName = new Map(again.map((t) => [t.description, t.name]));
						expect(names.map((name) => byName.get(`The ${name} tool`))).toEqual(
							wires,
						);
					} finally {
						await after.close();
					}
				},
			),
			params(30),
		);
	});

	it("keeps a refused newcomer's name across the restart only from a snapshot", async () => {
		const codec = new WireNameCodec();
		const server = catalogServer(["websearch/fetch_content"], { codec });
		const first = await connectClient(server);
		await first.client.listTools();
		addTool(server, { name: "websearch_fetch_content" }, []);
		const held = (await first.client.listTools()).tools.map((t) => t.name);
		expect(held).toEqual([
			"websearch_fetch_content",
			"websearch_fetch_content_2",
		]);
		await first.close();

		const names = ["websearch/fetch_content", "websearch_fetch_content"];
		const restored = WireNameCodec.fromJSON(JSON.parse(JSON.stringify(codec)));
		const fromSnapshot = await connectClient(
			catalogServer(names, { codec: restored }),
		);
		const fresh = await connectClient(catalogServer(names));
		try {
			expect(
				await callText(fromSnapshot.client, "websearch_fetch_content"),
			).toEqual({
				ok: true,
				text: "websearch/fetch_content",
			});
			// Without the snapshot the name valid as is keeps itself, as in any fresh codec.
			expect(await callText(fresh.client, "websearch_fetch_content")).toEqual({
				ok: true,
				text: "websearch_fetch_content",
			});
		} finally {
			await fromSnapshot.close();
			await fresh.close();
		}
	});
});
