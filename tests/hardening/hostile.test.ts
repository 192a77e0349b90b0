/**
 * Hostile input through the rewriter, the HTTP helpers and the SDK adapters: random and
 * malformed JSON-RPC never throws and leaves messages without tool names as they were; a
 * tool named like another tool's wire name cannot capture its calls; Cyrillic look-alikes
 * never collapse onto Latin tools; auto-correction never lands on a destructive tool.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import fc from "fast-check";
import { normalizeName, resolveName, WireNameCodec } from "mcp-tool-names";
import {
	refuseJsonBody,
	rewriteEventStream,
	rewriteJsonBody,
	syncMcpNameHeader,
	WireRewriter,
	wrapTransport,
} from "mcp-tool-names/jsonrpc";
import { wrapClient } from "mcp-tool-names/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quietToolNameWarnings } from "../adapters/sdk/_quiet.js";
import {
	hostileCatalog,
	latinName,
	mangle,
	params,
	withHomoglyphs,
} from "./_arbitraries.js";
import {
	addTool,
	type CallLog,
	callText,
	catalogServer,
	connectClient,
	listen,
	type ToolSpec,
} from "./_servers.js";

beforeAll(quietToolNameWarnings);

// ---------------------------------------------------------------------------------------
// Shared hostile values: built once, frozen, picked by reference (cheap to generate).

/** Freezes a value and everything in it, without recursion (some values nest 20,000 deep). */
function freezeAll<T>(value: T): T {
	const stack: unknown[] = [value];
	while (stack.length > 0) {
		const item = stack.pop();
		if (typeof item !== "object" || item === null || Object.isFrozen(item))
			continue;
		Object.freeze(item);
		for (const key of Reflect.ownKeys(item))
			stack.push((item as Record<PropertyKey, unknown>)[key]);
	}
	return value;
}

const MB10 = "x/".repeat(5_000_000);
const KB100 = "n/".repeat(50_000);
const DEPTH = 20_000;
const DEEP_OBJECT: unknown = freezeAll(
	JSON.parse(`${'{"a":'.repeat(DEPTH)}1${"}".repeat(DEPTH)}`),
);
const DEEP_ARRAY: unknown = freezeAll(
	JSON.parse(`${"[".repeat(DEPTH)}${"]".repeat(DEPTH)}`),
);
const PROTO: unknown = freezeAll(
	JSON.parse(
		'{"__proto__":{"name":"a_b","method":"tools/call","tools":[{"name":"x/y"}]},"constructor":{"prototype":{"name":"a_b"}},"toString":"a_b","hasOwnProperty":1}',
	),
);

const WEIRD = [MB10, KB100, DEEP_OBJECT, DEEP_ARRAY, PROTO, "", "__proto__"];
const weird = fc.constantFrom(...WEIRD);
const value = fc.oneof(
	{ weight: 3, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
	{ weight: 2, arbitrary: weird },
	{
		weight: 1,
		// never NaN: no JSON parser produces it
		arbitrary: fc.constantFrom(undefined, -0, 1e308, true),
	},
);
const METHODS = [
	"tools/list",
	"tools/call",
	"sampling/createMessage",
	"initialize",
	"ping",
	"notifications/tools/list_changed",
	"notifications/cancelled",
	"resources/read",
	"__proto__",
	"constructor",
];
const id = fc.oneof(
	fc.integer({ min: 0, max: 4 }),
	fc.constantFrom("0", "__proto__", "constructor", MB10, null, -0, 0.5, {}),
);
const toolName = fc.oneof(
	fc.constantFrom("a/b", "a_b", "__proto__", "constructor", "搜索/获取", KB100),
	fc.string({ maxLength: 12 }),
	value,
);
const tool = fc.oneof(
	fc.record(
		{
			name: toolName,
			description: fc.oneof(fc.constant("use a/b"), value),
			annotations: fc.oneof(fc.record({ destructiveHint: value }), value),
			inputSchema: value,
		},
		{ requiredKeys: [] },
	),
	value,
);
const messageParams = fc.oneof(
	fc.record(
		{
			name: toolName,
			arguments: value,
			cursor: value,
			tools: fc.oneof(fc.array(tool, { maxLength: 3 }), value),
			messages: fc.oneof(
				fc.array(
					fc.record({
						role: fc.constantFrom("assistant", "user"),
						content: fc.oneof(
							fc.record({ type: fc.constant("tool_use"), name: toolName }),
							value,
						),
					}),
					{ maxLength: 2 },
				),
				value,
			),
			inputResponses: value,
		},
		{ requiredKeys: [] },
	),
	value,
);
const message = fc.oneof(
	{
		weight: 4,
		arbitrary: fc.record(
			{
				jsonrpc: fc.oneof(fc.constant("2.0"), value),
				id,
				method: fc.oneof(fc.constantFrom(...METHODS), value),
				params: messageParams,
				result: fc.oneof(
					fc.record(
						{
							tools: fc.oneof(fc.array(tool, { maxLength: 3 }), value),
							nextCursor: value,
							resultType: fc.constantFrom("input_required", "complete"),
							inputRequests: value,
						},
						{ requiredKeys: [] },
					),
					value,
				),
				error: value,
			},
			{ requiredKeys: [] },
		),
	},
	{ weight: 1, arbitrary: value },
);
/** A message or a batch of them, nested batches included. */
const traffic = fc.oneof(
	{ weight: 4, arbitrary: message },
	{ weight: 1, arbitrary: fc.array(message, { maxLength: 4 }) },
	{
		weight: 1,
		arbitrary: fc.array(fc.array(message, { maxLength: 2 }), { maxLength: 2 }),
	},
);

/** A JSON-RPC-shaped message of ordinary JSON values, for bodies that go through text. */
const plainMessage = fc.record(
	{
		jsonrpc: fc.constant("2.0"),
		id: fc.oneof(fc.nat({ max: 4 }), fc.string({ maxLength: 4 })),
		method: fc.constantFrom(...METHODS),
		params: fc.jsonValue({ maxDepth: 3 }),
		result: fc.jsonValue({ maxDepth: 3 }),
	},
	{ requiredKeys: ["jsonrpc"] },
);

const NAMED = new Set(["tools/call", "sampling/createMessage"]);
const isRecord = (v: unknown): v is Record<string, unknown> =>
	typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Whether a message can carry a tool name in the given direction. A request whose method
 * names no tool, a notification, or anything that is not a record carries none; a response
 * from the server carries one only when its id was asked for (none are, in the identity
 * check below).
 */
function namesNothing(m: unknown): boolean {
	// A batch is one level deep: an array inside it is just a malformed element.
	return Array.isArray(m)
		? m.every(elementNamesNothing)
		: elementNamesNothing(m);
}

function elementNamesNothing(m: unknown): boolean {
	if (!isRecord(m)) return true;
	if (typeof m.method === "string")
		return (
			!NAMED.has(m.method) &&
			!(isRecord(m.params) && isRecord(m.params.inputResponses))
		);
	return !(isRecord(m.result) && m.result.resultType === "input_required");
}

function listOnce(
	rewriter: WireRewriter,
	requestId: number | string,
	tools: readonly unknown[],
): string[] {
	rewriter.clientToServer({
		jsonrpc: "2.0",
		id: requestId,
		method: "tools/list",
	});
	const out = rewriter.serverToClient<unknown>({
		jsonrpc: "2.0",
		id: requestId,
		result: { tools },
	}) as { result: { tools: Array<{ name: string }> } };
	return out.result.tools.map((t) => t.name);
}

function routed(rewriter: WireRewriter, name: string): unknown {
	const out = rewriter.clientToServer({
		jsonrpc: "2.0",
		id: 9_999,
		method: "tools/call",
		params: { name, arguments: {} },
	}) as { params: { name: unknown } };
	return out.params.name;
}

describe("WireRewriter under random and malformed JSON-RPC", () => {
	it("never throws nor mutates, whatever the traffic, and keeps routing afterwards", () => {
		fc.assert(
			fc.property(
				fc.array(
					fc.record({
						toServer: fc.boolean(),
						message: traffic.map(freezeAll),
					}),
					{ maxLength: 10 },
				),
				fc.boolean(),
				(steps, resolve) => {
					const rewriter = new WireRewriter({
						resolve,
						rewriteDescriptions: true,
						maxPending: 4,
					});
					listOnce(rewriter, "seed", [{ name: "c.d" }]);
					for (const step of steps) {
						// frozen: a write anywhere in the input throws in strict-mode code
						if (step.toServer) rewriter.clientToServer(step.message);
						else rewriter.serverToClient(step.message);
					}
					const canonical = ["a/b", "__proto__", "constructor", "c.d"];
					const wires = listOnce(
						rewriter,
						"after",
						canonical.map((name) => ({ name })),
					);
					wires.forEach((wire, i) => {
						expect(routed(rewriter, wire)).toBe(canonical[i]);
					});
				},
			),
			params(300),
		);
	});

	it("returns the very same object for every message that carries no tool name", () => {
		fc.assert(
			fc.property(
				fc.array(traffic.filter(namesNothing), { maxLength: 10 }),
				(messages) => {
					const rewriter = new WireRewriter({ resolve: true });
					listOnce(rewriter, 0, [{ name: "a/b" }, { name: "__proto__" }]);
					for (const m of messages) {
						expect(rewriter.clientToServer(m)).toBe(m);
						expect(rewriter.serverToClient(m)).toBe(m);
					}
				},
			),
			params(300),
		);
	});
});

describe("rewriteJsonBody and rewriteEventStream under hostile bodies", () => {
	const rewriter = new WireRewriter();
	rewriter.codec.encodeAll(["a/b"]);
	const deepCall = (nested: string): string =>
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a_b","arguments":{"x":${nested}}}}`;
	const deepArray = `${"[".repeat(DEPTH)}${"]".repeat(DEPTH)}`;

	it("fails closed on a body it cannot serialise again (20,000 levels deep): never the undecoded name", () => {
		const body = deepCall(deepArray);
		let thrown: unknown;
		try {
			rewriteJsonBody(body, rewriter.clientToServer);
		} catch (error) {
			thrown = error;
		}
		expect(thrown).toMatchObject({ code: "unprocessable-message" });
		expect(JSON.parse(refuseJsonBody(body, thrown))).toMatchObject({
			jsonrpc: "2.0",
			id: 1,
			error: { code: -32600 },
		});
	});

	it("drops a request event it cannot serialise again, never passing the undecoded name, and the stream goes on", async () => {
		const deep = `data: ${deepCall(deepArray)}\n\n`;
		const next = `data: {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"a_b"}}\n\n`;
		const output = await new Response(
			new Blob([deep, next])
				.stream()
				.pipeThrough(rewriteEventStream(rewriter.clientToServer)),
		).text();
		expect(output).not.toContain('"a_b"');
		expect(
			output.endsWith(
				`data: {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"a/b"}}\n\n`,
			),
		).toBe(true);
		expect(output.split("data:")).toHaveLength(2);
	});

	it("turns a response event it cannot serialise again into an error for its id", async () => {
		const lister = new WireRewriter();
		lister.clientToServer({ jsonrpc: "2.0", id: 5, method: "tools/list" });
		const deep = `data: {"jsonrpc":"2.0","id":5,"result":{"tools":[{"name":"a/b","inputSchema":${deepArray}}]}}\n\n`;
		const output = await new Response(
			new Blob([deep])
				.stream()
				.pipeThrough(rewriteEventStream(lister.serverToClient)),
		).text();
		const data = output.slice(output.indexOf("data: ") + 6).trim();
		expect(JSON.parse(data)).toMatchObject({ id: 5, error: { code: -32600 } });
	});

	const bodies = [
		"",
		"{",
		"[]",
		"[[[]]]",
		"null",
		'"tools/call"',
		"1e400",
		'{"__proto__":{"method":"tools/call","params":{"name":"a_b"}}}',
		'{"method":"tools/call","params":{"name":"echo","__proto__":{"name":"a_b"}}}',
		'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a_b"}',
		deepArray,
		deepCall("1").replace('"a_b"', '"zzz"'),
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"${MB10}"}}`,
		'\uFEFF{"jsonrpc":"2.0","id":1,"method":"ping"}',
	];

	it("never throws on a hostile body and returns it as it was when no name changes", async () => {
		fc.assert(
			fc.property(
				fc.oneof(
					fc.constantFrom(...bodies),
					fc.string({ unit: "binary", maxLength: 40 }),
					plainMessage.filter(namesNothing).map((m) => JSON.stringify(m)),
				),
				(body) => {
					expect(rewriteJsonBody(body, rewriter.serverToClient)).toBe(body);
					expect(rewriteJsonBody(body, rewriter.clientToServer)).toBe(body);
					const headers = { "mcp-name": "zzz" };
					expect(syncMcpNameHeader(headers, body)).toBeTypeOf("object");
				},
			),
			params(200),
		);
		for (const body of bodies) {
			const output = await new Response(
				new Blob([`data: ${body}\n\n`])
					.stream()
					.pipeThrough(rewriteEventStream(rewriter.serverToClient)),
			).text();
			expect(output).toBe(`data: ${body}\n\n`);
		}
	});
});

// ---------------------------------------------------------------------------------------
// Hostile bodies against a real Streamable HTTP server: the wrapped server must answer
// exactly as the unwrapped one wherever no tool name is involved, and keep serving.

describe("a wrapped Streamable HTTP server under hostile bodies", () => {
	const CATALOG = ["websearch/fetch_content", "a/b", "a_b", "echo"];
	type Mode = "plain" | "wrapServer" | "wrapTransport";
	let http: { url: URL; close(): Promise<void> };
	// Stateless: a transport per request, so the proxy keeps its names in one shared codec.
	const codec = new WireNameCodec();

	beforeAll(async () => {
		http = await listen(async (req, res) => {
			const mode = new URL(req.url ?? "/", "http://x").searchParams.get(
				"mode",
			) as Mode;
			const server = catalogServer(CATALOG, mode === "wrapServer" ? {} : null);
			const transport = new StreamableHTTPServerTransport({
				enableJsonResponse: true,
			});
			res.on("close", () => {
				void server.close();
			});
			await server.connect(
				mode === "wrapTransport"
					? wrapTransport(transport, { side: "server", codec })
					: transport,
			);
			await transport.handleRequest(req, res);
		});
	});
	afterAll(() => http.close());

	const post = async (
		mode: Mode,
		body: string,
	): Promise<{ status: number; body: string }> => {
		const url = new URL(http.url);
		url.searchParams.set("mode", mode);
		const response = await fetch(url, {
			method: "POST",
			headers: {
				"content-type": "application/json",
				accept: "application/json, text/event-stream",
			},
			body,
		});
		return { status: response.status, body: await response.text() };
	};

	const request = (method: string, extra: string): string =>
		`{"jsonrpc":"2.0","id":1,"method":"${method}"${extra}}`;
	const HOSTILE: Array<[string, string]> = [
		["invalid JSON", "{"],
		["an empty batch", "[]"],
		["a batch of wrong types", '[1, "x", null, true, []]'],
		["a request without an id", request("ping", "").replace('"id":1,', "")],
		["a response nobody asked for", '{"jsonrpc":"2.0","id":7,"result":{}}'],
		["a method that is a number", '{"jsonrpc":"2.0","id":1,"method":5}'],
		["params that are a string", request("tools/call", ',"params":"a_b"')],
		[
			"a tool name that is a number",
			request("tools/call", ',"params":{"name":42}'),
		],
		["a missing tool name", request("tools/call", ',"params":{}')],
		[
			"prototype keys",
			request(
				"tools/call",
				',"params":{"name":"echo","__proto__":{"name":"a_b"},"constructor":{"prototype":{}},"arguments":{"__proto__":{"q":"x"}}}',
			),
		],
		[
			"a tool named __proto__",
			request("tools/call", ',"params":{"name":"__proto__"}'),
		],
		[
			"a tool named constructor",
			request("tools/call", ',"params":{"name":"constructor"}'),
		],
		[
			"a 3 MB tool name",
			request("tools/call", `,"params":{"name":"${"z".repeat(3_000_000)}"}`),
		],
		[
			"deeply nested arguments",
			request(
				"tools/call",
				`,"params":{"name":"echo","arguments":{"q":${"[".repeat(3000)}${"]".repeat(3000)}}}`,
			),
		],
		[
			"an unknown method",
			request("tools/frobnicate", ',"params":{"name":"a_b"}'),
		],
		["a ping", request("ping", "")],
	];

	it.each(HOSTILE)(
		"answers %s exactly as the unwrapped server",
		async (_, body) => {
			const plain = await post("plain", body);
			expect(await post("wrapServer", body)).toEqual(plain);
			expect(await post("wrapTransport", body)).toEqual(plain);
		},
	);

	it("keeps routing every wire name to its own tool after all of that", async () => {
		for (const mode of ["wrapServer", "wrapTransport"] as const) {
			const listed = JSON.parse(
				(await post(mode, request("tools/list", ""))).body,
			) as { result: { tools: Array<{ name: string }> } };
			const wires = listed.result.tools.map((t) => t.name);
			expect(wires).toHaveLength(CATALOG.length);
			for (const [i, wire] of wires.entries()) {
				const answer = JSON.parse(
					(
						await post(
							mode,
							request(
								"tools/call",
								`,"params":{"name":"${wire}","arguments":{}}`,
							),
						)
					).body,
				) as { result: { content: Array<{ text: string }> } };
				expect(answer.result.content[0]?.text).toBe(CATALOG[i]);
			}
		}
	});
});

// ---------------------------------------------------------------------------------------
// A newcomer named exactly like another tool's wire name.

/** Near misses of a name a model holds that keep its normal form: case and separators. */
const sameNormalForm = (wire: string): string[] => [
	wire.toUpperCase(),
	mangle(wire, 1, 0),
	wire.replaceAll("_", "-"),
];

describe("a tool named like another tool's wire name", () => {
	it("cannot capture the calls, exact or near, of the tool holding that name (WireRewriter)", () => {
		fc.assert(
			fc.property(
				hostileCatalog(8),
				fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
				fc.boolean(),
				(catalog, squats, resolve) => {
					fc.pre(catalog.length > 0);
					const rewriter = new WireRewriter({ resolve });
					const wires = listOnce(
						rewriter,
						1,
						catalog.map((name) => ({ name })),
					);
					const squatters = squats.map(
						(pick) => wires[pick % wires.length] as string,
					);
					listOnce(
						rewriter,
						2,
						[...new Set([...catalog, ...squatters])].map((name) => ({ name })),
					);
					for (const [i, wire] of wires.entries()) {
						const owner = catalog[i] as string;
						expect(routed(rewriter, wire)).toBe(owner);
						for (const near of sameNormalForm(wire)) {
							const to = routed(rewriter, near);
							// corrected to the owner, or left alone (then it is an exact name)
							expect([owner, near, rewriter.codec.lookup(near)]).toContain(to);
						}
					}
				},
			),
			params(400),
		);
	});

	const ORIGINAL = ["搜索/获取", "github/create_issue", "github.create_issue"];

	/** Lists, adds a squatter for each wire name, lists again: the model holds the first names. */
	const scenarios: Array<{
		label: string;
		connect(calls: CallLog): Promise<{
			list(): Promise<string[]>;
			add(name: string): void;
			call(name: string): Promise<{ ok: boolean; text: string }>;
			close(): Promise<void>;
		}>;
	}> = [
		{
			label: "wrapServer with resolve",
			connect: async (calls) => {
				const server = catalogServer(ORIGINAL, { resolve: true }, calls);
				const { client, close } = await connectClient(server);
				return {
					list: async () => (await client.listTools()).tools.map((t) => t.name),
					add: (name) => addTool(server, { name }, calls),
					call: (name) => callText(client, name),
					close,
				};
			},
		},
		{
			label: "wrapTransport with resolve",
			connect: async (calls) => {
				const server = catalogServer(ORIGINAL, null, calls);
				const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
				await server.connect(
					wrapTransport(serverSide, { side: "server", resolve: true }),
				);
				const client = new Client({ name: "c", version: "1.0.0" });
				await client.connect(clientSide);
				return {
					list: async () => (await client.listTools()).tools.map((t) => t.name),
					add: (name) => addTool(server, { name }, calls),
					call: (name) => callText(client, name),
					close: async () => {
						await client.close();
						await server.close();
					},
				};
			},
		},
		{
			label: "wrapClient with autoCorrect",
			connect: async (calls) => {
				const server = catalogServer(ORIGINAL, null, calls);
				const { client, close } = await connectClient(
					server,
					wrapClient(new Client({ name: "c", version: "1.0.0" })),
				);
				return {
					list: async () => (await client.listTools()).tools.map((t) => t.name),
					add: (name) => addTool(server, { name }, calls),
					call: (name) => callText(client, name),
					close,
				};
			},
		},
	];

	it.each(scenarios)(
		"never hands a held wire name's calls to the newcomer ($label)",
		async ({ connect }) => {
			const calls: CallLog = [];
			const peer = await connect(calls);
			try {
				const held = await peer.list();
				for (const wire of held) peer.add(wire);
				const now = await peer.list();
				expect(now.slice(0, held.length)).toEqual(held);
				for (const [i, wire] of held.entries()) {
					for (const near of [wire, ...sameNormalForm(wire)]) {
						const { text } = await peer.call(near);
						// the owner, or a failure; never the newcomer holding `wire` as its name
						expect(text).not.toBe(wire);
						if (near === wire) expect(text).toBe(ORIGINAL[i]);
					}
				}
				expect(calls.filter((name) => held.includes(name))).toEqual([]);
			} finally {
				await peer.close();
			}
		},
	);
});

// ---------------------------------------------------------------------------------------
// Homoglyphs.

const homoglyphPair = fc
	.tuple(
		fc.uniqueArray(latinName, { minLength: 1, maxLength: 5 }),
		fc.nat(),
		fc.nat(),
	)
	.map(([names, pick, mask]) => {
		const latin = names[pick % names.length] as string;
		return { names, latin, twin: withHomoglyphs(latin, mask | 1) };
	})
	.filter(({ latin, twin }) => latin !== twin);

describe("names with Cyrillic look-alike letters", () => {
	it("get their own wire names and never resolve onto the Latin tool, or back", () => {
		fc.assert(
			fc.property(homoglyphPair, ({ names, latin, twin }) => {
				const codec = new WireNameCodec();
				const [latinWire, twinWire] = codec.encodeAll([latin, twin]);
				expect(twinWire).not.toBe(latinWire);
				expect(codec.decode(twinWire as string)).toBe(twin);
				expect(codec.decode(latinWire as string)).toBe(latin);

				const toLatin = resolveName(twin, names);
				expect(toLatin.kind === "corrected" && toLatin.name === latin).toBe(
					false,
				);
				const others = names.filter((name) => name !== latin);
				const toTwin = resolveName(latin, [...others, twin]);
				expect(toTwin.kind === "corrected" && toTwin.name === twin).toBe(false);

				// through a proxy that auto-corrects
				const latinProxy = new WireRewriter({ resolve: true });
				listOnce(
					latinProxy,
					1,
					names.map((name) => ({ name })),
				);
				expect(routed(latinProxy, twin)).not.toBe(latin);
				const twinProxy = new WireRewriter({ resolve: true });
				listOnce(
					twinProxy,
					1,
					[...others, twin].map((name) => ({ name })),
				);
				expect(routed(twinProxy, latin)).not.toBe(twin);
			}),
			params(1000),
		);
	});

	it("never run the Latin tool through a wrapped server or client (SDK 1.32)", async () => {
		const latin = ["payment/send", "account/process", "copy_issue"];
		const twins = [
			"p\u0430yment/send",
			"\u0430ccount/pr\u043ecess",
			"c\u043epy_issue",
		];
		const calls: CallLog = [];
		const server = catalogServer(latin, { resolve: true }, calls);
		const viaServer = await connectClient(server);
		const viaClient = await connectClient(
			catalogServer(latin, null, calls),
			wrapClient(new Client({ name: "c", version: "1.0.0" })),
		);
		try {
			for (const peer of [viaServer, viaClient]) {
				await peer.client.listTools();
				for (const twin of twins) {
					for (const sent of [twin, new WireNameCodec().encode(twin)]) {
						expect(await callText(peer.client, sent)).toMatchObject({
							ok: false,
						});
					}
				}
			}
			expect(calls).toEqual([]);
		} finally {
			await viaServer.close();
			await viaClient.close();
		}
	});
});

// ---------------------------------------------------------------------------------------
// Destructive tools.

const DESTRUCTIVE = [
	"delete",
	"remove",
	"drop",
	"purge",
	"reset",
	"kill",
	"wipe",
	"truncate",
	"revoke",
	"destroy",
];
const wordsOf = (name: string): string[] =>
	name
		.replace(/([a-z0-9])([A-Z])/g, "$1 $2")
		.toLowerCase()
		.split(/[^\p{L}\p{N}]+/u)
		.filter(Boolean);

const destructiveCatalog = fc
	.tuple(
		hostileCatalog(6).filter((names) => names.length > 0),
		fc.nat(),
		fc.constantFrom(...DESTRUCTIVE),
	)
	.map(([names, mask, verb]) => {
		const tools: ToolSpec[] = names.map((name, i) => ({
			name,
			destructive: ((mask >> i) & 1) === 1,
		}));
		// unannotated tools whose names add a destructive word to a listed name
		for (const name of names.slice(0, 2))
			tools.push({ name: `${verb}_${name}` }, { name: `${name}/${verb}` });
		const seen = new Set<string>();
		return tools.filter((t) => !seen.has(t.name) && seen.add(t.name));
	});

describe("auto-correction and destructive tools", () => {
	it("never corrects onto a destructiveHint tool, nor adds a destructive word (WireRewriter)", () => {
		fc.assert(
			fc.property(
				destructiveCatalog,
				fc.array(
					fc.tuple(fc.nat(), fc.nat({ max: 8 }), fc.nat(), fc.boolean()),
					{
						minLength: 1,
						maxLength: 8,
					},
				),
				(tools, attempts) => {
					const rewriter = new WireRewriter({ resolve: true });
					const wires = listOnce(
						rewriter,
						1,
						tools.map((t) =>
							t.destructive === true
								? { name: t.name, annotations: { destructiveHint: true } }
								: { name: t.name },
						),
					);
					const destructive = new Set(
						tools.filter((t) => t.destructive === true).map((t) => t.name),
					);
					for (const [pick, how, at, fromWire] of attempts) {
						const i = pick % tools.length;
						const base = fromWire ? wires[i] : tools[i]?.name;
						const sent = mangle(base as string, how, at);
						const to = routed(rewriter, sent);
						const exact = to === sent || rewriter.codec.lookup(sent) === to;
						if (exact) continue;
						expect(destructive.has(to as string)).toBe(false);
						// The words of the name the caller was shown (a long name's wire name may
						// have lost its last words to the hash); `dropget` for `drop_get` is a
						// separator dropped, not a word added.
						const said = normalizeName(sent);
						const shown = rewriter.codec.wireNameOf(to as string) ?? "";
						for (const word of wordsOf(shown))
							if (DESTRUCTIVE.includes(word)) expect(said).toContain(word);
					}
				},
			),
			params(1000),
		);
	});

	it("never retries onto a destructive tool from a wrapped SDK client, for any catalog", async () => {
		await fc.assert(
			fc.asyncProperty(
				destructiveCatalog,
				fc.array(fc.tuple(fc.nat(), fc.nat({ max: 8 }), fc.nat()), {
					minLength: 1,
					maxLength: 4,
				}),
				async (tools, attempts) => {
					const calls: CallLog = [];
					const server = catalogServer(tools, null, calls);
					const { client, close } = await connectClient(
						server,
						wrapClient(new Client({ name: "c", version: "1.0.0" })),
					);
					try {
						const wires = (await client.listTools()).tools.map((t) => t.name);
						for (const [pick, how, at] of attempts) {
							const i = pick % tools.length;
							const sent = mangle(wires[i] as string, how, at);
							calls.length = 0;
							await callText(client, sent);
							const ran = calls[0];
							// an exact name, wire or canonical, is the caller's choice
							if (
								ran === undefined ||
								ran === sent ||
								wires[tools.findIndex((t) => t.name === ran)] === sent
							)
								continue;
							expect(tools.find((t) => t.name === ran)?.destructive).not.toBe(
								true,
							);
						}
					} finally {
						await close();
					}
				},
			),
			params(40),
		);
	});
});
