import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { isMcpToolNamesError, WireNameCodec } from "mcp-tool-names";
import { WireRewriter, wrapTransport } from "mcp-tool-names/jsonrpc";
import {
	MemoryCodecStore,
	RedisCodecStore,
	SharedCodec,
} from "mcp-tool-names/redis";
import { wrapServer } from "mcp-tool-names/sdk";
import { createClient } from "redis";
import {
	afterAll,
	afterEach,
	beforeAll,
	beforeEach,
	describe,
	expect,
	it,
	vi,
} from "vitest";
import { RedisServer } from "../../_support/redis-server.js";
import {
	addToolV1,
	type CallLog,
	clientV1,
	quietNameWarnings,
	serverV1,
	textOf,
} from "../jsonrpc/_sdk.js";

let redis: RedisServer;
const open: Array<{ close(): Promise<unknown> | unknown }> = [];
let scopes = 0;

beforeAll(async () => {
	redis = await RedisServer.start({ persist: true });
}, 30_000);
afterAll(async () => {
	await redis?.close();
});
beforeEach(() => quietNameWarnings());
afterEach(async () => {
	for (const value of open.splice(0).reverse()) await value.close();
	vi.restoreAllMocks();
});

/** A replica's shared state: its own Redis connection, like a separate process. */
async function sharedNames(
	scope: string,
	timeoutMs = 2000,
): Promise<SharedCodec> {
	const client = createClient({
		url: redis.url,
		disableOfflineQueue: true,
		socket: { reconnectStrategy: () => 50 },
	});
	client.on("error", () => {});
	await client.connect();
	open.push({ close: () => client.destroy() });
	return new SharedCodec({
		store: new RedisCodecStore({ client }),
		scope,
		timeoutMs,
	});
}

async function connect(server: McpServer) {
	const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
	await server.connect(serverSide);
	const client = clientV1();
	await client.connect(clientSide);
	open.push(client, server);
	return client;
}

describe("wrapServer with a store", () => {
	it("gives a replica started later the names another replica handed out through churn", async () => {
		const scope = `wrap-${++scopes}`;
		const calls: CallLog = [];
		const a = serverV1([], calls);
		wrapServer(a, { store: await sharedNames(scope) });
		const searchTool = a.registerTool("github/search", {}, async () => ({
			content: [{ type: "text", text: "ran github/search" }],
		}));
		const clientA = await connect(a);
		expect((await clientA.listTools()).tools.map((t) => t.name)).toEqual([
			"github_search",
		]);
		// github/search goes away and github.search comes: github_search stays taken.
		searchTool.remove();
		addToolV1(a, "github.search", calls);
		expect((await clientA.listTools()).tools.map((t) => t.name)).toEqual([
			"github_search_2",
		]);

		// Replica B only ever saw github.search; alone it would call it github_search.
		const b = serverV1(["github.search"], calls);
		wrapServer(b, { store: await sharedNames(scope) });
		const clientB = await connect(b);
		// A call before any list on B (the client listed on A): read through the store.
		const result = await clientB.callTool({ name: "github_search_2" });
		expect(textOf(result)).toBe("ran github.search");
		const stale = await clientB.callTool({ name: "github_search" });
		expect(stale.isError).toBe(true);
		expect(calls).toEqual(["github.search"]);
		expect((await clientB.listTools()).tools.map((t) => t.name)).toEqual([
			"github_search_2",
		]);
	});

	it("refuses store together with codec or profile", async () => {
		const store = new SharedCodec({
			store: new MemoryCodecStore(),
			scope: "s",
		});
		for (const options of [
			{ store, codec: new WireNameCodec() },
			{ store, profile: "portable" as const },
		]) {
			let error: unknown;
			try {
				wrapServer(serverV1([], []), options);
			} catch (caught) {
				error = caught;
			}
			expect(isMcpToolNamesError(error)).toBe(true);
			expect((error as { code: string }).code).toBe("invalid-option");
		}
		expect(() =>
			wrapServer(serverV1([], []), { store, codec: store.codec }),
		).not.toThrow();
	});
});

describe("wrapTransport with a store", () => {
	it("fails tools/list with store-unavailable while Redis is away, keeps known calls, and recovers", async () => {
		const scope = `transport-${++scopes}`;
		const calls: CallLog = [];
		const server = serverV1(["websearch/fetch_content"], calls);
		const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
		await server.connect(
			wrapTransport(serverSide, {
				side: "server",
				store: await sharedNames(scope, 300),
			}),
		);
		const client = clientV1();
		await client.connect(clientSide);
		open.push(client, server);
		expect((await client.listTools()).tools.map((t) => t.name)).toEqual([
			"websearch_fetch_content",
		]);
		addToolV1(server, "linear.list_issues", calls);
		await redis.stop("SIGKILL");
		try {
			await expect(client.listTools()).rejects.toThrow(/store|Redis|answer/i);
			const result = await client.callTool({ name: "websearch_fetch_content" });
			expect(textOf(result)).toBe("ran websearch/fetch_content");
		} finally {
			await redis.restart();
		}
		let names: string[] = [];
		for (let attempt = 0; attempt < 50 && names.length < 2; attempt++) {
			try {
				names = (await client.listTools()).tools.map((t) => t.name);
			} catch {
				await new Promise((resolve) => setTimeout(resolve, 100));
			}
		}
		expect(names).toEqual(["websearch_fetch_content", "linear_list_issues"]);
	}, 30_000);
});

describe("WireRewriter.prepare", () => {
	it("has nothing to wait for without a store, or when every name is known", async () => {
		expect(
			new WireRewriter().prepare(
				{ jsonrpc: "2.0", id: 1, result: {} },
				"server",
			),
		).toBeUndefined();
		const rewriter = new WireRewriter({
			store: new SharedCodec({ store: new MemoryCodecStore(), scope: "s" }),
		});
		const list = { jsonrpc: "2.0", id: 1, method: "tools/list" };
		const result = {
			jsonrpc: "2.0",
			id: 1,
			result: { tools: [{ name: "a/b" }] },
		};
		rewriter.clientToServer(list);
		await rewriter.prepare(result, "server");
		expect(rewriter.serverToClient(result).result.tools[0]?.name).toBe("a_b");
		rewriter.clientToServer({ ...list, id: 2 });
		expect(rewriter.prepare({ ...result, id: 2 }, "server")).toBeUndefined();
		const call = {
			jsonrpc: "2.0",
			id: 3,
			method: "tools/call",
			params: { name: "a_b" },
		};
		expect(rewriter.prepare(call, "client")).toBeUndefined();
	});

	it("lets prime claim the names in the store first", async () => {
		const store = new MemoryCodecStore();
		const a = new WireRewriter({
			store: new SharedCodec({ store, scope: "s" }),
		});
		await a.prime([{ name: "a.b" }, { name: "a/b" }]);
		const b = new SharedCodec({ store, scope: "s" });
		await b.refresh();
		expect(b.codec.toJSON().names).toEqual(a.codec.toJSON().names);
	});
});
