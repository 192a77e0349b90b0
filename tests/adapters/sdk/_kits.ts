/**
 * One kit per real SDK server kind and client line, so every behaviour runs against each of
 * them over the SDK's own in-memory transport. Nothing here is faked: the servers are the
 * SDKs' `McpServer` and low-level `Server`, the failures are the ones they produce.
 */
import {
	ProtocolError as ClientProtocolError,
	Client as ClientV2,
	InMemoryTransport as MemoryV2,
} from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport as MemoryV1 } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server as ServerV1 } from "@modelcontextprotocol/sdk/server/index.js";
import { McpServer as McpServerV1 } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
	CallToolRequestSchema,
	ErrorCode,
	ListToolsRequestSchema,
	McpError,
	ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import {
	McpServer as McpServerV2,
	ProtocolError,
	ProtocolErrorCode,
	Server as ServerV2,
} from "@modelcontextprotocol/server";
import { InMemoryTransport as MemoryV120 } from "sdk-v1-20/inMemory.js";
import { McpServer as McpServerV120 } from "sdk-v1-20/server/mcp.js";
import * as z from "zod";
import * as z3 from "zod/v3";

export { quietToolNameWarnings } from "./_quiet.js";

export const INFO = { name: "kit-server", version: "1.0.0" };

/** A tool the kits register; every handler records the canonical name it was called as. */
export interface ToolSpec {
	name: string;
	destructive?: boolean;
	/** Declare an output schema `{ temp: number }` and return structured content. */
	output?: boolean;
	/** With `output`: return content that breaks the schema. */
	badOutput?: boolean;
	/** Required string properties, instead of the optional `q` (resolution rule 7). */
	requires?: string[];
}

/** The input shape of a spec, with `string` the zod of the kit's line. */
function shapeOf<T, O>(
	spec: ToolSpec,
	string: () => T,
	optional: () => O,
): Record<string, T | O> {
	if (spec.requires === undefined) return { q: optional() };
	return Object.fromEntries(spec.requires.map((name) => [name, string()]));
}

export interface ServerHandle {
	/** The SDK object to wrap. */
	server: any;
	add(spec: ToolSpec): { remove(): void };
	/** Canonical names of the tools whose handlers ran, in order. */
	calls: string[];
}

/** A normalised `tools/call` outcome: success, `isError` result, or thrown error. */
export interface Outcome {
	kind: "ok" | "result" | "error";
	text: string;
	code?: number;
	errorName?: string;
	structured?: unknown;
}

/** An unwrapped SDK client of the kit's line, connected to a server. */
export interface Peer {
	client: any;
	list(): Promise<any[]>;
	names(): Promise<string[]>;
	call(name: string, args?: Record<string, unknown>): Promise<Outcome>;
	listChanged(): Promise<void>;
	close(): Promise<void>;
	/** Methods of the requests the client sent, in order. */
	sent: string[];
}

export interface ServerKit {
	label: string;
	line: "v1" | "v2";
	/** A low-level `Server` with a hand-written, paginated (two per page) tool catalog. */
	lowLevel: boolean;
	/** How it answers an unknown tool: a JSON-RPC error, or an `isError` result (1.21+). */
	notFound: "thrown" | "result";
	create(): ServerHandle;
	/** Links a client; `wrap` stands between the server and its side of the transport. */
	connect(server: any, wrap?: (transport: any) => any): Promise<Peer>;
}

export function textOf(result: any): string {
	const item = Array.isArray(result?.content)
		? result.content.find((c: any) => c?.type === "text")
		: undefined;
	return typeof item?.text === "string" ? item.text : "";
}

export async function outcomeOf(run: () => Promise<any>): Promise<Outcome> {
	try {
		const result = await run();
		const outcome: Outcome = {
			kind: result?.isError === true ? "result" : "ok",
			text: textOf(result),
		};
		if (result?.structuredContent !== undefined)
			outcome.structured = result.structuredContent;
		return outcome;
	} catch (error: any) {
		return {
			kind: "error",
			text: String(error?.message),
			code: error?.code,
			errorName: error?.constructor?.name,
		};
	}
}

function reply(spec: ToolSpec, args: any): any {
	const text = `${spec.name}:${args?.q ?? ""}`;
	if (!spec.output) return { content: [{ type: "text", text }] };
	const structuredContent = spec.badOutput ? { temp: "warm" } : { temp: 21 };
	return {
		content: [{ type: "text", text: JSON.stringify(structuredContent) }],
		structuredContent,
	};
}

const INPUT_JSON = {
	type: "object" as const,
	properties: { q: { type: "string" } },
};
const OUTPUT_JSON = {
	type: "object" as const,
	properties: { temp: { type: "number" } },
	required: ["temp"],
};

function mcpServerHandle(
	server: any,
	shape: (spec: ToolSpec) => { inputSchema: unknown; outputSchema?: unknown },
): ServerHandle {
	const calls: string[] = [];
	return {
		server,
		calls,
		add(spec) {
			const registered = server.registerTool(
				spec.name,
				{
					description: `The ${spec.name} tool`,
					...shape(spec),
					...(spec.destructive
						? { annotations: { destructiveHint: true } }
						: {}),
				},
				async (args: any) => {
					calls.push(spec.name);
					return reply(spec, args);
				},
			);
			return { remove: () => registered.remove() };
		},
	};
}

/** A hand-written catalog served by low-level handlers, two tools per page. */
function lowLevelCatalog(onChange: () => void) {
	const tools = new Map<string, ToolSpec>();
	const calls: string[] = [];
	const list = (cursor: string | undefined) => {
		const all = [...tools.values()];
		const start = cursor === undefined ? 0 : Number(cursor);
		const page = all.slice(start, start + 2).map((spec) => ({
			name: spec.name,
			description: `The ${spec.name} tool`,
			inputSchema:
				spec.requires === undefined
					? INPUT_JSON
					: {
							type: "object" as const,
							properties: shapeOf(
								spec,
								() => ({ type: "string" }),
								() => ({}),
							),
							required: spec.requires,
						},
			...(spec.output ? { outputSchema: OUTPUT_JSON } : {}),
			...(spec.destructive ? { annotations: { destructiveHint: true } } : {}),
		}));
		return start + 2 < all.length
			? { tools: page, nextCursor: String(start + 2) }
			: { tools: page };
	};
	const call = (name: string, args: unknown) => {
		const spec = tools.get(name);
		if (spec === undefined) return undefined;
		calls.push(name);
		return reply(spec, args);
	};
	const add = (spec: ToolSpec) => {
		tools.set(spec.name, spec);
		onChange();
		return {
			remove: () => {
				tools.delete(spec.name);
				onChange();
			},
		};
	};
	return { list, call, add, calls };
}

function peerV1(client: any): Peer {
	return {
		client,
		sent: [],
		async list() {
			const tools: any[] = [];
			let cursor: string | undefined;
			do {
				const page: any = await client.listTools(
					cursor === undefined ? undefined : { cursor },
				);
				tools.push(...page.tools);
				cursor = page.nextCursor;
			} while (cursor !== undefined);
			return tools;
		},
		async names() {
			return (await this.list()).map((tool) => tool.name);
		},
		call: (name, args = {}) =>
			outcomeOf(() => client.callTool({ name, arguments: args })),
		listChanged: () =>
			new Promise<void>((resolve) =>
				client.setNotificationHandler(ToolListChangedNotificationSchema, () =>
					resolve(),
				),
			),
		close: () => client.close(),
	};
}

function peerV2(client: any): Peer {
	return {
		...peerV1(client),
		client,
		async list() {
			return (await client.listTools()).tools;
		},
		listChanged: () =>
			new Promise<void>((resolve) =>
				client.setNotificationHandler("notifications/tools/list_changed", () =>
					resolve(),
				),
			),
	};
}

async function link(
	memory: any,
	server: any,
	client: any,
	peer: (client: any) => Peer,
	wrap: (transport: any) => any = (transport) => transport,
): Promise<Peer> {
	const [serverSide, clientSide] = memory.createLinkedPair();
	const sent: string[] = [];
	const send = clientSide.send.bind(clientSide);
	clientSide.send = (message: any, ...rest: unknown[]) => {
		if (typeof message?.method === "string" && message.id !== undefined)
			sent.push(message.method);
		return send(message, ...rest);
	};
	await server.connect(wrap(serverSide));
	await client.connect(clientSide);
	const connected = peer(client);
	return {
		...connected,
		sent,
		close: async () => {
			await client.close();
			await server.close();
		},
	};
}

const CLIENT_INFO = { name: "kit-client", version: "1.0.0" };

export const SERVER_KITS: ServerKit[] = [
	{
		label: "SDK 1.32 McpServer",
		line: "v1",
		lowLevel: false,
		notFound: "result",
		create: () =>
			mcpServerHandle(new McpServerV1(INFO), (spec) => ({
				inputSchema: shapeOf(
					spec,
					() => z.string(),
					() => z.string().optional(),
				),
				...(spec.output ? { outputSchema: { temp: z.number() } } : {}),
			})),
		connect: (server, wrap) =>
			link(MemoryV1, server, new ClientV1(CLIENT_INFO), peerV1, wrap),
	},
	{
		label: "SDK 1.20 McpServer",
		line: "v1",
		lowLevel: false,
		notFound: "thrown",
		create: () =>
			mcpServerHandle(new McpServerV120(INFO), (spec) => ({
				inputSchema: shapeOf(
					spec,
					() => z3.string(),
					() => z3.string().optional(),
				),
				...(spec.output ? { outputSchema: { temp: z3.number() } } : {}),
			})),
		connect: (server, wrap) =>
			link(MemoryV120, server, new ClientV1(CLIENT_INFO), peerV1, wrap),
	},
	{
		label: "SDK 1.32 Server",
		line: "v1",
		lowLevel: true,
		notFound: "thrown",
		create: () => {
			const server = new ServerV1(INFO, {
				capabilities: { tools: { listChanged: true } },
			});
			const catalog = lowLevelCatalog(() => {
				server.sendToolListChanged().catch(() => {});
			});
			server.setRequestHandler(ListToolsRequestSchema, (request) =>
				catalog.list(request.params?.cursor),
			);
			server.setRequestHandler(CallToolRequestSchema, (request) => {
				const result = catalog.call(
					request.params.name,
					request.params.arguments,
				);
				if (result === undefined) {
					throw new McpError(
						ErrorCode.InvalidParams,
						`Tool ${request.params.name} not found`,
					);
				}
				return result;
			});
			return { server, add: catalog.add, calls: catalog.calls };
		},
		connect: (server, wrap) =>
			link(MemoryV1, server, new ClientV1(CLIENT_INFO), peerV1, wrap),
	},
	{
		label: "SDK 2.4 McpServer",
		line: "v2",
		lowLevel: false,
		notFound: "thrown",
		create: () =>
			mcpServerHandle(new McpServerV2(INFO), (spec) => ({
				inputSchema: z.object(
					shapeOf(
						spec,
						() => z.string(),
						() => z.string().optional(),
					),
				),
				...(spec.output
					? { outputSchema: z.object({ temp: z.number() }) }
					: {}),
			})),
		connect: (server, wrap) =>
			link(MemoryV2, server, new ClientV2(CLIENT_INFO), peerV2, wrap),
	},
	{
		label: "SDK 2.4 Server",
		line: "v2",
		lowLevel: true,
		notFound: "thrown",
		create: () => {
			const server = new ServerV2(INFO, {
				capabilities: { tools: { listChanged: true } },
			});
			const catalog = lowLevelCatalog(() => {
				server.sendToolListChanged().catch(() => {});
			});
			server.setRequestHandler("tools/list", (request) =>
				catalog.list(request.params?.cursor),
			);
			server.setRequestHandler("tools/call", (request) => {
				const result = catalog.call(
					request.params.name,
					request.params.arguments,
				);
				if (result === undefined) {
					throw new ProtocolError(
						ProtocolErrorCode.InvalidParams,
						`Tool ${request.params.name} not found`,
					);
				}
				return result;
			});
			return { server, add: catalog.add, calls: catalog.calls };
		},
		connect: (server, wrap) =>
			link(MemoryV2, server, new ClientV2(CLIENT_INFO), peerV2, wrap),
	},
];

/** A client line: how to make a client and link it to any server over memory. */
export interface ClientKit {
	label: string;
	line: "v1" | "v2";
	create(): any;
	/** Connects a client to a server; `sent` records the client's requests. */
	link(server: any, client: any): Promise<Peer>;
	/** A low-level server of the same line, for output-schema checks. */
	lowLevel: ServerKit;
	/** The class this line's client throws for a JSON-RPC error. */
	errorClass: new (
		...args: any[]
	) => Error;
}

export const CLIENT_KITS: ClientKit[] = [
	{
		label: "SDK 1.32 Client",
		line: "v1",
		create: () => new ClientV1(CLIENT_INFO),
		link: (server, client) => link(MemoryV1, server, client, peerV1),
		errorClass: McpError,
		lowLevel: SERVER_KITS.find(
			(kit) => kit.lowLevel && kit.line === "v1",
		) as ServerKit,
	},
	{
		label: "SDK 2.4 Client",
		line: "v2",
		create: () => new ClientV2(CLIENT_INFO),
		link: (server, client) => link(MemoryV2, server, client, peerV2),
		errorClass: ClientProtocolError,
		lowLevel: SERVER_KITS.find(
			(kit) => kit.lowLevel && kit.line === "v2",
		) as ServerKit,
	},
];

/** The three real "Tool X not found" shapes: 1.20 throws, 1.32 returns `isError`, 2.4 throws. */
export const NOT_FOUND_SERVERS: ServerKit[] = SERVER_KITS.filter(
	(kit) => !kit.lowLevel,
);
