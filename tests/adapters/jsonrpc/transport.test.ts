import { randomUUID } from "node:crypto";
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport as MemoryV1 } from "@modelcontextprotocol/sdk/inMemory.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CreateMessageRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { InMemoryTransport as MemoryV2 } from "@modelcontextprotocol/server";
import { isMcpToolNamesError, WireNameCodec } from "mcp-tool-names";
import {
	WireRewriter,
	type WrapTransportOptions,
	wrapTransport,
} from "mcp-tool-names/jsonrpc";
import { wrapServer } from "mcp-tool-names/sdk";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
	addToolV1,
	CANONICAL,
	type CallLog,
	clientV1,
	clientV2,
	quietNameWarnings,
	serverV1,
	serverV2,
	textOf,
} from "./_sdk.js";

const WIRE = ["websearch_fetch_content", "linear_list_issues"];

/** Everything a test opened, closed in afterEach whatever happened. */
const open: Array<{ close(): Promise<unknown> | unknown }> = [];
function track<T extends { close(): Promise<unknown> | unknown }>(value: T): T {
	open.push(value);
	return value;
}

beforeEach(() => quietNameWarnings());
afterEach(async () => {
	for (const value of open.splice(0).reverse()) await value.close();
	vi.restoreAllMocks();
});

/** A transport of the SDK's shape that records what passes through it. */
class RecordingTransport {
	sent: Array<[unknown, unknown]> = [];
	onmessage?: ((message: unknown, extra?: unknown) => void) | undefined;
	onclose?: (() => void) | undefined;
	onerror?: ((error: Error) => void) | undefined;
	#session: string | undefined;
	#started = 0;
	get sessionId(): string | undefined {
		return this.#session;
	}
	openSession(id: string): void {
		this.#session = id;
	}
	get started(): number {
		return this.#started;
	}
	async start(): Promise<void> {
		this.#started++;
	}
	async send(message: unknown, options?: unknown): Promise<void> {
		this.sent.push([message, options]);
	}
	async close(): Promise<void> {
		this.onclose?.();
	}
	receive(message: unknown, extra?: unknown): void {
		this.onmessage?.(message, extra);
	}
}

/** One SDK line's real server, client and in-memory transport pair. */
const LINES = [
	{
		label: "1.x",
		server: serverV1,
		client: () => clientV1(),
		pair: () => MemoryV1.createLinkedPair(),
	},
	{
		label: "2.x",
		server: serverV2,
		client: clientV2,
		pair: () => MemoryV2.createLinkedPair(),
	},
] as const;

describe.each(LINES)("wrapTransport with SDK $label", (line) => {
	async function linked(
		side: "server" | "client",
		options: Omit<WrapTransportOptions, "side"> = {},
	) {
		const calls: CallLog = [];
		const server = track(line.server(CANONICAL, calls));
		const client = track(line.client());
		const [clientSide, serverSide] = line.pair();
		if (side === "server") {
			await server.connect(
				wrapTransport(serverSide, { side, ...options }) as never,
			);
			await client.connect(clientSide as never);
		} else {
			await server.connect(serverSide as never);
			await client.connect(
				wrapTransport(clientSide, { side, ...options }) as never,
			);
		}
		return { calls, client };
	}

	it("serves wire names and routes calls to canonical tools on the server side", async () => {
		const { calls, client } = await linked("server");
		const { tools } = await client.listTools();
		expect(tools.map((t) => t.name)).toEqual(WIRE);
		const result = await client.callTool({ name: WIRE[0] as string });
		expect(textOf(result)).toBe(`ran ${CANONICAL[0]}`);
		expect(calls).toEqual([CANONICAL[0]]);
	});

	it("hands the client wire names when wrapped on the client side", async () => {
		const { calls, client } = await linked("client");
		const { tools } = await client.listTools();
		expect(tools.map((t) => t.name)).toEqual(WIRE);
		await client.callTool({ name: WIRE[1] as string });
		expect(calls).toEqual([CANONICAL[1]]);
	});

	it("routes a call before any list once its rewriter is primed with the tools", async () => {
		const rewriter = new WireRewriter({ resolve: true });
		rewriter.prime(CANONICAL.map((name) => ({ name })));
		const { calls, client } = await linked("server", { rewriter });
		await client.callTool({ name: "linear_list_issues" });
		await client.callTool({ name: "fetch_content" });
		expect(calls).toEqual(["linear.list_issues", "websearch/fetch_content"]);
	});

	it("fails closed: a call it cannot process gets a JSON-RPC error and never reaches a tool", async () => {
		const { calls, client } = await linked("server", {
			onDecision: () => {
				throw new Error("the log is down");
			},
		});
		await client.listTools();
		await expect(client.callTool({ name: "fetch_content" })).rejects.toThrow(
			/could not process this message: the log is down/,
		);
		expect(calls).toEqual([]);
		expect(textOf(await client.callTool({ name: WIRE[0] as string }))).toBe(
			`ran ${CANONICAL[0]}`,
		);
	});

	it.each(["server", "client"] as const)(
		"gives a not-found call on the %s side the hint wrapServer gives, in the same words",
		async (side) => {
			const typo = "linear_list_isues";
			const outcome = async (client: {
				callTool(p: unknown): Promise<unknown>;
			}) => {
				try {
					const result = await client.callTool({ name: typo, arguments: {} });
					return { result: textOf(result) };
				} catch (error) {
					return { error: (error as Error).message };
				}
			};
			const { client } = await linked(side);
			await client.listTools();
			const through = await outcome(client);
			expect(Object.values(through)[0]).toMatch(
				/not found\. Did you mean linear_list_issues\?$/,
			);
			const wrapped = track(wrapServer(line.server(CANONICAL, [])));
			const direct = track(line.client());
			const [clientSide, serverSide] = line.pair();
			await wrapped.connect(serverSide as never);
			await direct.connect(clientSide as never);
			await direct.listTools();
			expect(through).toEqual(await outcome(direct));
		},
	);

	it("fails closed on the client side: an answer it cannot rewrite becomes an error for its id", async () => {
		const broken = new WireNameCodec();
		broken.encodeTools = () => {
			throw new Error("codec store is down");
		};
		const { client } = await linked("client", { codec: broken });
		await expect(client.listTools()).rejects.toThrow(/codec store is down/);
	});
});

describe("wrapTransport", () => {
	describe("with the SDK's in-memory transports", () => {
		it("keeps wire names across tools/list_changed and encodes tools added later", async () => {
			const calls: CallLog = [];
			const server = track(serverV1(CANONICAL, calls));
			const client = track(clientV1());
			const [clientSide, serverSide] = MemoryV1.createLinkedPair();
			await server.connect(wrapTransport(serverSide, { side: "server" }));
			await client.connect(clientSide);
			await client.listTools();
			const changed = new Promise<void>((resolve) => {
				client.fallbackNotificationHandler = async (notification) => {
					if (notification.method === "notifications/tools/list_changed")
						resolve();
				};
			});
			addToolV1(server, "websearch_fetch_content", calls);
			await changed;
			const { tools } = await client.listTools();
			expect(tools.map((t) => t.name)).toEqual([
				...WIRE,
				"websearch_fetch_content_2",
			]);
			await client.callTool({ name: "websearch_fetch_content" });
			await client.callTool({ name: "websearch_fetch_content_2" });
			expect(calls).toEqual([CANONICAL[0], "websearch_fetch_content"]);
		});

		it("delivers messages that arrive between wrapping and connecting", async () => {
			const server = track(serverV1(CANONICAL, []));
			const [clientSide, serverSide] = MemoryV1.createLinkedPair();
			const wrapped = wrapTransport(serverSide, { side: "server" });
			const answers: any[] = [];
			clientSide.onmessage = (message) => answers.push(message);
			await clientSide.start();
			// The server transport queues these until `onmessage` is set, which only happens
			// through the wrapper once the server connects.
			await clientSide.send({
				jsonrpc: "2.0",
				id: 1,
				method: "initialize",
				params: {
					protocolVersion: "2025-06-18",
					capabilities: {},
					clientInfo: { name: "raw", version: "1" },
				},
			});
			await clientSide.send({ jsonrpc: "2.0", id: 2, method: "tools/list" });
			await server.connect(wrapped);
			await vi.waitFor(() => expect(answers).toHaveLength(2));
			const list = answers.find((answer) => answer.id === 2);
			expect(list.result.tools.map((t: any) => t.name)).toEqual(WIRE);
		});

		it("shares a primed codec, so a call before any list still routes", async () => {
			const calls: CallLog = [];
			const codec = new WireNameCodec();
			codec.encodeAll(CANONICAL);
			const server = track(serverV1(CANONICAL, calls));
			const client = track(clientV1());
			const [clientSide, serverSide] = MemoryV1.createLinkedPair();
			await server.connect(
				wrapTransport(serverSide, { side: "server", codec }),
			);
			await client.connect(clientSide);
			await client.callTool({ name: "linear_list_issues" });
			expect(calls).toEqual(["linear.list_issues"]);
		});

		it("corrects a near-miss call with resolve: true", async () => {
			const calls: CallLog = [];
			const corrections: string[] = [];
			const server = track(serverV1(CANONICAL, calls));
			const client = track(clientV1());
			const [clientSide, serverSide] = MemoryV1.createLinkedPair();
			await server.connect(
				wrapTransport(serverSide, {
					side: "server",
					resolve: true,
					onCorrection: (message) => corrections.push(message),
				}),
			);
			await client.connect(clientSide);
			await client.listTools();
			await client.callTool({ name: "websearch_fetch_contnt" });
			expect(calls).toEqual([CANONICAL[0]]);
			expect(corrections).toEqual([
				"[mcp-tool-names] Auto-corrected tool call to websearch/fetch_content (input: websearch_fetch_contnt).",
			]);
		});

		it("maps sampling tools out and tool_use names back (sampling with tools)", async () => {
			const server = track(serverV1([], []));
			const client = track(
				clientV1({ capabilities: { sampling: { tools: {} } } }),
			);
			const seen: string[] = [];
			client.setRequestHandler(CreateMessageRequestSchema, async (request) => {
				const name = request.params.tools?.[0]?.name ?? "";
				seen.push(name);
				return {
					role: "assistant",
					model: "test-model",
					stopReason: "toolUse",
					content: [{ type: "tool_use", id: "call-1", name, input: {} }],
				};
			});
			const [clientSide, serverSide] = MemoryV1.createLinkedPair();
			await server.connect(wrapTransport(serverSide, { side: "server" }));
			await client.connect(clientSide);
			const result = await server.server.createMessage({
				maxTokens: 50,
				messages: [{ role: "user", content: { type: "text", text: "hi" } }],
				tools: [{ name: "web/search", inputSchema: { type: "object" } }],
			});
			expect(seen).toEqual(["web_search"]);
			const content = Array.isArray(result.content)
				? result.content
				: [result.content];
			expect(content[0]).toMatchObject({
				type: "tool_use",
				name: "web/search",
			});
		});
	});

	describe("over a real Streamable HTTP server", () => {
		let http: HttpServer | undefined;
		afterEach(async () => {
			http?.closeAllConnections();
			await new Promise(
				(resolve) => http?.close(resolve) ?? resolve(undefined),
			);
			http = undefined;
		});

		it("leaves handleRequest on the original working and reads sessionId live", async () => {
			const calls: CallLog = [];
			const server = track(serverV1(CANONICAL, calls));
			const transport = new StreamableHTTPServerTransport({
				sessionIdGenerator: randomUUID,
			});
			const wrapped = wrapTransport(transport, { side: "server" });
			expect(wrapped).toBeInstanceOf(StreamableHTTPServerTransport);
			expect(wrapped.sessionId).toBeUndefined();
			await server.connect(wrapped);
			http = createServer((req, res) => {
				void transport.handleRequest(req, res);
			});
			await new Promise<void>((resolve) =>
				http?.listen(0, "127.0.0.1", resolve),
			);
			const { port } = http.address() as AddressInfo;
			const client = track(clientV1());
			const clientTransport = new StreamableHTTPClientTransport(
				new URL(`http://127.0.0.1:${port}/mcp`),
			);
			await client.connect(clientTransport);
			expect(wrapped.sessionId).toBeDefined();
			expect(wrapped.sessionId).toBe(transport.sessionId);
			expect(wrapped.sessionId).toBe(clientTransport.sessionId);
			const { tools } = await client.listTools();
			expect(tools.map((t) => t.name)).toEqual(WIRE);
			const result = await client.callTool({ name: WIRE[0] as string });
			expect(textOf(result)).toBe(`ran ${CANONICAL[0]}`);
			expect(calls).toEqual([CANONICAL[0]]);
		});
	});

	describe("as a proxy of the transport", () => {
		it("forwards the callbacks the SDK assigns to the original", async () => {
			const original = new RecordingTransport();
			const wrapped = wrapTransport(original, { side: "server" });
			const onclose = vi.fn();
			const onerror = vi.fn();
			wrapped.onclose = onclose;
			wrapped.onerror = onerror;
			expect(wrapped.onclose).toBe(onclose);
			expect(original.onclose).toBe(onclose);
			original.onerror?.(new Error("x"));
			expect(onerror).toHaveBeenCalledTimes(1);
			await wrapped.close();
			expect(onclose).toHaveBeenCalledTimes(1);
		});

		it("gives onmessage the rewritten message and the extra argument", () => {
			const original = new RecordingTransport();
			const wrapped = wrapTransport(original, { side: "server" });
			const received: unknown[][] = [];
			const handler = (...args: unknown[]) => received.push(args);
			wrapped.onmessage = handler;
			expect(wrapped.onmessage).toBe(handler);
			expect(original.onmessage).not.toBe(handler);
			void wrapped.send({
				jsonrpc: "2.0",
				id: 1,
				result: { tools: [{ name: "a/b", inputSchema: {} }] },
			});
			original.receive({ jsonrpc: "2.0", id: 1, method: "tools/list" });
			void wrapped.send({
				jsonrpc: "2.0",
				id: 1,
				result: { tools: [{ name: "a/b", inputSchema: {} }] },
			});
			const extra = { authInfo: { token: "t" } };
			original.receive(
				{
					jsonrpc: "2.0",
					id: 2,
					method: "tools/call",
					params: { name: "a_b" },
				},
				extra,
			);
			expect(received[1]).toEqual([
				{
					jsonrpc: "2.0",
					id: 2,
					method: "tools/call",
					params: { name: "a/b" },
				},
				extra,
			]);
			const sent = original.sent.map(([message]) => message as any);
			expect(sent[0].result.tools[0].name).toBe("a/b");
			expect(sent[1].result.tools[0].name).toBe("a_b");
		});

		it("passes send options through unchanged", async () => {
			const original = new RecordingTransport();
			const wrapped = wrapTransport(original, { side: "client" });
			const options = { relatedRequestId: 7 };
			const message = { jsonrpc: "2.0", method: "notifications/initialized" };
			await wrapped.send(message, options);
			expect(original.sent).toEqual([[message, options]]);
			expect(original.sent[0]?.[0]).toBe(message);
		});

		it("unsets the original's onmessage when the handler is removed", () => {
			const original = new RecordingTransport();
			const wrapped = wrapTransport(original, { side: "server" });
			expect(original.onmessage).toBeUndefined();
			wrapped.onmessage = () => {};
			expect(typeof original.onmessage).toBe("function");
			wrapped.onmessage = undefined;
			expect(original.onmessage).toBeUndefined();
			expect(wrapped.onmessage).toBeUndefined();
		});

		it("keeps a handler set on the original before wrapping, now seeing rewritten messages", () => {
			const original = new RecordingTransport();
			const received: unknown[] = [];
			original.onmessage = (message) => received.push(message);
			const codec = new WireNameCodec();
			codec.encodeAll(["a/b"]);
			const wrapped = wrapTransport(original, { side: "server", codec });
			expect(typeof wrapped.onmessage).toBe("function");
			original.receive({
				jsonrpc: "2.0",
				id: 1,
				method: "tools/call",
				params: { name: "a_b" },
			});
			expect(received).toEqual([
				{
					jsonrpc: "2.0",
					id: 1,
					method: "tools/call",
					params: { name: "a/b" },
				},
			]);
		});

		it("reads every other member through live, and methods run on the original", async () => {
			const original = new RecordingTransport();
			const wrapped = wrapTransport(original, { side: "server" });
			expect(wrapped.sessionId).toBeUndefined();
			original.openSession("s-1");
			expect(wrapped.sessionId).toBe("s-1");
			await wrapped.start();
			expect(original.started).toBe(1);
			expect(wrapped.start).toBe(wrapped.start);
			expect(wrapped).toBeInstanceOf(RecordingTransport);
			expect("setProtocolVersion" in wrapped).toBe(false);
			const withVersion = Object.assign(new RecordingTransport(), {
				setProtocolVersion: vi.fn(),
			});
			wrapTransport(withVersion, { side: "client" }).setProtocolVersion(
				"2025-11-25",
			);
			expect(withVersion.setProtocolVersion).toHaveBeenCalledWith("2025-11-25");
		});

		it.each([
			["null", null],
			["an object without send", { start() {} }],
			["a string", "stdio"],
		])("rejects %s as a transport", (_label, transport) => {
			let error: unknown;
			try {
				wrapTransport(transport as never, { side: "server" });
			} catch (caught) {
				error = caught;
			}
			expect(isMcpToolNamesError(error)).toBe(true);
			expect((error as { code: string }).code).toBe("invalid-argument");
		});

		it.each([
			["a missing side", {}],
			["an unknown side", { side: "both" }],
			["bad rewriter options", { side: "server", maxPending: -1 }],
		])("rejects %s", (_label, options) => {
			let error: unknown;
			try {
				wrapTransport(new RecordingTransport(), options as never);
			} catch (caught) {
				error = caught;
			}
			expect((error as { code?: string }).code).toBe("invalid-option");
		});
	});
});
