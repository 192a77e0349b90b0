// wrapTransport in front of every real SDK server kind: a call whose name matched no tool
// gets the same `Did you mean …?` hint, in the same words, as through wrapServer, whether
// the server throws (1.20, 2.x, low-level), answers `isError` (1.21+), or is a low-level
// server whose own `Error("Tool X not found")` reaches the client as -32603.
import { Client as ClientV2 } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport as MemoryV1 } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server as ServerV1 } from "@modelcontextprotocol/sdk/server/index.js";
import {
	CallToolRequestSchema,
	ListToolsRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import {
	InMemoryTransport as MemoryV2,
	Server as ServerV2,
} from "@modelcontextprotocol/server";
import { wrapTransport } from "mcp-tool-names/jsonrpc";
import { wrapServer } from "mcp-tool-names/sdk";
import { afterEach, describe, expect, it } from "vitest";
import {
	type Outcome,
	outcomeOf,
	quietToolNameWarnings,
	SERVER_KITS,
} from "../sdk/_kits.js";

quietToolNameWarnings();

const TOOLS = ["websearch/fetch_content", "linear/list_issues", "a/b"];
const TYPO = "linear_list_isues";
const HINTED = /not found\. Did you mean linear_list_issues\?$/;

/** How to end everything a test connected, run in afterEach whatever happened. */
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
	for (const close of closers.splice(0).reverse()) await close();
});

const serverSide = (transport: unknown) =>
	wrapTransport(transport as never, { side: "server" });

describe.each(SERVER_KITS)("wrapTransport in front of $label", (kit) => {
	async function called(wrap: "transport" | "server"): Promise<Outcome> {
		const handle = kit.create();
		for (const name of TOOLS) handle.add({ name });
		if (wrap === "server") wrapServer(handle.server);
		const peer = await kit.connect(
			handle.server,
			wrap === "transport" ? serverSide : undefined,
		);
		closers.push(() => peer.close());
		await peer.list();
		return peer.call(TYPO);
	}

	it("adds to a not-found answer the hint wrapServer adds, in the same words", async () => {
		const through = await called("transport");
		expect(through.kind).toBe(kit.notFound === "result" ? "result" : "error");
		expect(through.text).toMatch(HINTED);
		expect(through).toEqual(await called("server"));
	});
});

/** A low-level server of either line whose unknown tools throw a plain Error. */
const PLAIN_ERROR_LINES = [
	{
		label: "1.x",
		create: () => {
			const server = new ServerV1(
				{ name: "plain", version: "1.0.0" },
				{ capabilities: { tools: {} } },
			);
			server.setRequestHandler(ListToolsRequestSchema, () => listing());
			server.setRequestHandler(CallToolRequestSchema, (request) =>
				answer(request.params.name),
			);
			return server;
		},
		pair: () => MemoryV1.createLinkedPair(),
		client: () => new ClientV1({ name: "c", version: "1.0.0" }),
	},
	{
		label: "2.x",
		create: () => {
			const server = new ServerV2(
				{ name: "plain", version: "1.0.0" },
				{ capabilities: { tools: {} } },
			);
			server.setRequestHandler("tools/list", () => listing());
			server.setRequestHandler("tools/call", (request) =>
				answer(request.params.name),
			);
			return server;
		},
		pair: () => MemoryV2.createLinkedPair(),
		client: () => new ClientV2({ name: "c", version: "1.0.0" }),
	},
] as const;

function listing() {
	return {
		tools: TOOLS.map((name) => ({
			name,
			inputSchema: { type: "object" as const },
		})),
	};
}

function answer(name: string) {
	if (!TOOLS.includes(name)) throw new Error(`Tool ${name} not found`);
	return { content: [{ type: "text" as const, text: name }] };
}

describe.each(PLAIN_ERROR_LINES)(
	"wrapTransport in front of a $label low-level server that throws Error",
	(line) => {
		async function called(wrap: "transport" | "server"): Promise<Outcome> {
			const server = line.create();
			if (wrap === "server") wrapServer(server);
			const client = line.client();
			const [clientEnd, serverEnd] = line.pair();
			await server.connect(
				(wrap === "transport" ? serverSide(serverEnd) : serverEnd) as never,
			);
			await client.connect(clientEnd as never);
			closers.push(async () => {
				await client.close();
				await server.close();
			});
			await client.listTools();
			return outcomeOf(() => client.callTool({ name: TYPO, arguments: {} }));
		}

		it("adds the hint to the -32603 answer, as wrapServer does", async () => {
			const through = await called("transport");
			expect(through).toMatchObject({ kind: "error", code: -32603 });
			expect(through.text).toMatch(HINTED);
			expect(through).toEqual(await called("server"));
		});
	},
);
