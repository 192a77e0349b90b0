import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
	CallToolRequestSchema,
	ListToolsRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { isWireSafe, type Resolution, WireNameCodec } from "mcp-tool-names";
import { wrapClient } from "mcp-tool-names/sdk";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { failureOf, trap } from "../../_support/hostile.js";
import {
	CLIENT_KITS,
	type ClientKit,
	NOT_FOUND_SERVERS,
	type Peer,
	quietToolNameWarnings,
	type ServerHandle,
	type ServerKit,
	type ToolSpec,
} from "./_kits.js";

const CATALOG: ToolSpec[] = [
	{ name: "websearch/fetch_content" },
	{ name: "linear.list_issues" },
	{ name: "files/delete_all", destructive: true },
	{ name: "echo" },
];

beforeAll(quietToolNameWarnings);

const open: Peer[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map((peer) => peer.close()));
});

function serve(kit: ServerKit, tools = CATALOG): ServerHandle {
	const handle = kit.create();
	for (const tool of tools) handle.add(tool);
	return handle;
}

async function connect(
	clientKit: ClientKit,
	handle: ServerHandle,
	options?: Parameters<typeof wrapClient>[1],
): Promise<Peer> {
	const client = clientKit.create();
	if (options !== null) wrapClient(client, options);
	const peer = await clientKit.link(handle.server, client);
	open.push(peer);
	return peer;
}

/** What the same call gives through an unwrapped client of the same line. */
async function unwrapped(
	clientKit: ClientKit,
	serverKit: ServerKit,
	name: string,
	args?: Record<string, unknown>,
) {
	const client = clientKit.create();
	const peer = await clientKit.link(serve(serverKit).server, client);
	open.push(peer);
	return peer.call(name, args);
}

describe.each(CLIENT_KITS)("wrapClient with $label", (clientKit) => {
	describe.each(NOT_FOUND_SERVERS)("against $label", (serverKit) => {
		it("lists wire names and calls them by their canonical names", async () => {
			const handle = serve(serverKit);
			const peer = await connect(clientKit, handle);
			const { tools } = await peer.client.listTools();
			const names = tools.map((tool: { name: string }) => tool.name);
			expect([...names].sort()).toEqual([
				"echo",
				"files_delete_all",
				"linear_list_issues",
				"websearch_fetch_content",
			]);
			for (const name of names) expect(isWireSafe(name)).toBe(true);
			const outcome = await peer.call("websearch_fetch_content", { q: "a" });
			expect(outcome).toMatchObject({
				kind: "ok",
				text: "websearch/fetch_content:a",
			});
			expect(handle.calls).toEqual(["websearch/fetch_content"]);
		});

		it("accepts canonical names too", async () => {
			const handle = serve(serverKit);
			const peer = await connect(clientKit, handle);
			await peer.names();
			expect((await peer.call("linear.list_issues")).kind).toBe("ok");
			expect(handle.calls).toEqual(["linear.list_issues"]);
		});

		it("retries once with the corrected name when the tool was not found", async () => {
			const reports: [string, Resolution][] = [];
			const handle = serve(serverKit);
			const peer = await connect(clientKit, handle, {
				onCorrection: (message, resolution) =>
					reports.push([message, resolution]),
			});
			const outcome = await peer.call("websearch_fetch_contnt", { q: "b" });
			expect(outcome).toMatchObject({
				kind: "ok",
				text: "websearch/fetch_content:b",
			});
			expect(handle.calls).toEqual(["websearch/fetch_content"]);
			expect(reports.map(([message]) => message)).toEqual([
				"[mcp-tool-names] Auto-corrected tool call to websearch/fetch_content (input: websearch_fetch_contnt).",
			]);
			expect(reports[0]?.[1]).toMatchObject({
				kind: "corrected",
				reason: "distance",
			});
			const after = peer.sent.slice(peer.sent.indexOf("tools/call"));
			expect(after).toEqual(["tools/call", "tools/list", "tools/call"]);
		});

		it("routes a wire name called before any listTools() the first time, as after a host restart", async () => {
			const reports: string[] = [];
			const handle = serve(serverKit);
			const peer = await connect(clientKit, handle, {
				onCorrection: (message) => reports.push(message),
			});
			const outcome = await peer.call("websearch_fetch_content", { q: "c" });
			expect(outcome).toMatchObject({
				kind: "ok",
				text: "websearch/fetch_content:c",
			});
			expect(handle.calls).toEqual(["websearch/fetch_content"]);
			// Not a correction: the name is the one this client hands out for that tool.
			expect(reports).toEqual([]);
			expect((await peer.call("websearch_fetch_content")).kind).toBe("ok");
		});

		it("never auto-corrects onto an unannotated tool with protection unless-read-only", async () => {
			const handle = serve(serverKit);
			const peer = await connect(clientKit, handle, {
				protection: "unless-read-only",
			});
			const outcome = await peer.call("fetch_content");
			expect(outcome.text).toMatch(/Did you mean websearch_fetch_content\?$/);
			expect(handle.calls).toEqual([]);
		});

		it("surfaces the original failure with the hint when the name is too far", async () => {
			const expected = await unwrapped(clientKit, serverKit, "websearch_fetch");
			expect(expected.kind).not.toBe("ok");
			const handle = serve(serverKit);
			const peer = await connect(clientKit, handle);
			const outcome = await peer.call("websearch_fetch");
			expect(outcome).toEqual({
				...expected,
				text: `${expected.text}. Did you mean websearch_fetch_content?`,
			});
			expect(handle.calls).toEqual([]);
		});

		it("hints, and calls no other tool, when a wire name it handed out names a tool the server removed", async () => {
			const handle = serve(serverKit, [{ name: "a/list_item" }]);
			const gone = handle.add({ name: "a/list_items" });
			const peer = await connect(clientKit, handle);
			expect(await peer.names()).toContain("a_list_items");
			gone.remove();
			const outcome = await peer.call("a_list_items");
			expect(outcome.kind).not.toBe("ok");
			expect(outcome.text).toMatch(
				/Tool a\/list_items not found\. Did you mean a_list_item\?$/,
			);
			expect(handle.calls).toEqual([]);
		});

		it("keeps the shape of the failure the SDK produced", async () => {
			const peer = await connect(clientKit, serve(serverKit));
			const failure = await peer.client
				.callTool({ name: "websearch_fetch", arguments: {} })
				.catch((caught: unknown) => caught);
			const hinted = /not found\. Did you mean websearch_fetch_content\?$/;
			if (serverKit.notFound === "result") {
				expect(failure).toMatchObject({
					isError: true,
					content: [{ type: "text" }],
				});
				expect(failure.content[0].text).toMatch(hinted);
			} else {
				expect(failure).toBeInstanceOf(clientKit.errorClass);
				expect(failure).toMatchObject({ code: -32602 });
				expect((failure as Error).message).toMatch(hinted);
			}
		});

		it("never auto-corrects onto a destructive tool", async () => {
			const reports: string[] = [];
			const expected = await unwrapped(clientKit, serverKit, "delete_all");
			const handle = serve(serverKit);
			const peer = await connect(clientKit, handle, {
				onCorrection: (message) => reports.push(message),
			});
			const outcome = await peer.call("delete_all");
			expect(outcome).toEqual({
				...expected,
				text: `${expected.text}. Did you mean files_delete_all?`,
			});
			expect(handle.calls).toEqual([]);
			expect(reports).toEqual([]);
		});

		it("leaves the failure untouched when nothing is close", async () => {
			const expected = await unwrapped(clientKit, serverKit, "zzzz_qqqq_wwww");
			const peer = await connect(clientKit, serve(serverKit));
			expect(await peer.call("zzzz_qqqq_wwww")).toEqual(expected);
		});

		it("leaves other errors untouched and does not list", async () => {
			const args = { q: 42 };
			const expected = await unwrapped(clientKit, serverKit, "echo", args);
			expect(expected.kind).not.toBe("ok");
			const peer = await connect(clientKit, serve(serverKit));
			expect(await peer.call("echo", args)).toEqual(expected);
			expect(peer.sent.filter((method) => method === "tools/list")).toEqual([]);
		});

		it("neither corrects nor hints when listing fails", async () => {
			const expected = await unwrapped(clientKit, serverKit, "fetch_content");
			const handle = serve(serverKit);
			handle.server.server.removeRequestHandler("tools/list");
			const peer = await connect(clientKit, handle);
			expect(await peer.call("fetch_content")).toEqual(expected);
			expect(peer.sent).toContain("tools/list");
			expect(handle.calls).toEqual([]);
		});

		it("hints without retrying when autoCorrect is false", async () => {
			const expected = await unwrapped(clientKit, serverKit, "fetch_content");
			const handle = serve(serverKit);
			const peer = await connect(clientKit, handle, { autoCorrect: false });
			expect(await peer.call("fetch_content")).toEqual({
				...expected,
				text: `${expected.text}. Did you mean websearch_fetch_content?`,
			});
			expect(handle.calls).toEqual([]);
		});

		it("hands out canonical names and corrects to them when wire is false", async () => {
			const reports: string[] = [];
			const handle = serve(serverKit);
			const peer = await connect(clientKit, handle, {
				wire: false,
				onCorrection: (message) => reports.push(message),
			});
			expect(await peer.names()).toContain("websearch/fetch_content");
			expect((await peer.call("fetch_content")).kind).toBe("ok");
			expect(reports).toEqual([
				"[mcp-tool-names] Auto-corrected tool call to websearch/fetch_content (input: fetch_content).",
			]);
		});
	});

	it("keeps the SDK's output-schema validators working with wire names", async () => {
		const handle = serve(clientKit.lowLevel, [
			{ name: "weather/current", output: true },
			{ name: "weather/broken", output: true, badOutput: true },
		]);
		const peer = await connect(clientKit, handle);
		expect(await peer.names()).toEqual(["weather_current", "weather_broken"]);
		expect(await peer.call("weather_current")).toMatchObject({
			kind: "ok",
			structured: { temp: 21 },
		});
		const broken = await peer.call("weather_broken");
		expect(broken.kind).toBe("error");
		expect(broken.text).toMatch(/does not match the tool's output schema/);
	});

	it("walks every page of a paginated server to resolve a name", async () => {
		const handle = serve(clientKit.lowLevel, [
			{ name: "a" },
			{ name: "b" },
			{ name: "c" },
			{ name: "websearch/fetch_content" },
		]);
		const peer = await connect(clientKit, handle);
		expect((await peer.call("websearch_fetch_contnt")).kind).toBe("ok");
		expect(handle.calls).toEqual(["websearch/fetch_content"]);
	});
});

describe("wrapClient", () => {
	const kit = CLIENT_KITS[0] as ClientKit;

	/**
	 * A hand-written low-level server with one tool, `websearch/fetch_content`, that throws a
	 * plain `Error` with the not-found text for any other name, and a wrapped client on it.
	 */
	async function handWritten(nextCursor?: string) {
		const server = new Server(
			{ name: "hand-written", version: "1.0.0" },
			{ capabilities: { tools: {} } },
		);
		const calls: string[] = [];
		let pages = 0;
		server.setRequestHandler(ListToolsRequestSchema, () => {
			pages++;
			return {
				tools: [
					{ name: "websearch/fetch_content", inputSchema: { type: "object" } },
				],
				...(nextCursor === undefined ? {} : { nextCursor }),
			};
		});
		server.setRequestHandler(CallToolRequestSchema, (request) => {
			if (request.params.name !== "websearch/fetch_content")
				throw new Error(`Tool ${request.params.name} not found`);
			calls.push(request.params.name);
			return { content: [{ type: "text", text: "ok" }] };
		});
		const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
		const client = wrapClient(new Client({ name: "host", version: "1.0.0" }));
		await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
		return {
			client,
			calls,
			pages: () => pages,
			close: async () => {
				await client.close();
				await server.close();
			},
		};
	}

	it("treats a hand-written server's plain Error (JSON-RPC -32603) with the not-found text as not found", async () => {
		const peer = await handWritten();
		try {
			const result = await peer.client.callTool({ name: "fetch_content" });
			expect(result.content).toEqual([{ type: "text", text: "ok" }]);
			expect(peer.calls).toEqual(["websearch/fetch_content"]);
		} finally {
			await peer.close();
		}
	});

	it("corrects nothing against a listing whose cursors repeat: the not-found failure stays", async () => {
		const peer = await handWritten("again");
		try {
			await expect(
				peer.client.callTool({ name: "fetch_content" }),
			).rejects.toThrow("Tool fetch_content not found");
			expect(peer.pages()).toBe(2);
			expect(peer.calls).toEqual([]);
		} finally {
			await peer.close();
		}
	});

	it("returns the same instance", () => {
		const client = kit.create();
		expect(wrapClient(client)).toBe(client);
	});

	it("throws McpToolNamesError for a value that is not an SDK client", () => {
		expect(failureOf(() => wrapClient({} as never))).toEqual({
			code: "invalid-argument",
			message:
				"wrapClient expects client to be a Client from @modelcontextprotocol/sdk 1.x or @modelcontextprotocol/client 2.x (with listTools and callTool), got an object",
		});
		expect(failureOf(() => wrapClient(undefined as never)).message).toMatch(
			/^wrapClient expects client to be a Client .*, got undefined$/,
		);
	});

	it("refuses a client whose properties throw when read, naming the argument", () => {
		const failure = failureOf(() => wrapClient(trap as never));
		expect(failure.code).toBe("invalid-argument");
		expect(failure.message).toMatch(
			/^wrapClient expects client to be a Client .*, got an object that throws when read: hostile getter$/,
		);
		// Listing works, the wrapped marker throws: still refused at the entry, not later.
		const halfway = new Proxy(kit.create(), {
			get(target, key, receiver) {
				if (typeof key === "symbol") throw new Error("no symbols here");
				return Reflect.get(target, key, receiver);
			},
		});
		expect(failureOf(() => wrapClient(halfway)).message).toMatch(
			/^wrapClient expects client to be .*: no symbols here$/,
		);
	});

	it("refuses to wrap a client twice", () => {
		const client = wrapClient(kit.create());
		expect(() => wrapClient(client)).toThrow(/already wrapped/);
	});

	it("checks its options", () => {
		expect(() => wrapClient(kit.create(), { wire: 1 as never })).toThrow(
			/option wire must be a boolean/,
		);
		expect(() =>
			wrapClient(kit.create(), { autoCorrect: "no" as never }),
		).toThrow(expect.objectContaining({ code: "invalid-option" }));
		expect(() => wrapClient(kit.create(), [] as never)).toThrow(
			/options must be an object/,
		);
		expect(() =>
			wrapClient(kit.create(), {
				codec: new WireNameCodec(),
				profile: "gemini",
			}),
		).toThrow(/codec and profile cannot be combined/);
		expect(() =>
			wrapClient(kit.create(), { protection: "spec" as never }),
		).toThrow(
			'wrapClient option protection must be one of "destructive-hint", "unless-read-only", got "spec"',
		);
	});
});
