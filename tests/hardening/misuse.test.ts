/**
 * Misuse from JavaScript, where no compiler stands guard: a misspelt option, a string where a
 * list belongs, a client where a server belongs. Each is a typed McpToolNamesError whose
 * message names the function the caller called (never an internal one) and what was wrong,
 * never a silent default.
 */

import { Client as ClientV2 } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { Server as ServerV1 } from "@modelcontextprotocol/sdk/server/index.js";
import { McpServer as McpServerV1 } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
	McpServer as McpServerV2,
	Server as ServerV2,
} from "@modelcontextprotocol/server";
import {
	auditNames,
	CodecRegistry,
	formatResolution,
	isMcpToolNamesError,
	NameIndex,
	resolveName,
	suggest,
	WireNameCodec,
} from "mcp-tool-names";
import {
	repairToolCall as repairAiToolCall,
	wireToolSet,
} from "mcp-tool-names/ai";
import {
	LineSplitter,
	rewriteEventStream,
	WireRewriter,
	wrapTransport,
} from "mcp-tool-names/jsonrpc";
import {
	repairToolCall as repairLangChainToolCall,
	wireTools,
} from "mcp-tool-names/langchain";
import { repairModel, wrapMcpServer } from "mcp-tool-names/openai-agents";
import {
	MemoryCodecStore,
	RedisCodecStore,
	SharedCodec,
} from "mcp-tool-names/redis";
import {
	silenceNameWarnings,
	wrapClient,
	wrapServer,
} from "mcp-tool-names/sdk";
import {
	assertResolves,
	assertRoundTrip,
	assertWireSafe,
} from "mcp-tool-names/testing";
import { describe, expect, it } from "vitest";

/** The error `run` throws; fails the test when it throws none, or another kind. */
function errorOf(run: () => unknown): { code: string; message: string } {
	try {
		run();
	} catch (error) {
		expect(isMcpToolNamesError(error), String(error)).toBe(true);
		return error as { code: string; message: string };
	}
	throw new Error("expected an McpToolNamesError, nothing was thrown");
}

type Loose = any;
const INFO = { name: "s", version: "1.0.0" };
const transport = {
	send: async () => {},
	start: async () => {},
	close: async () => {},
};
const redis = { sendCommand: async () => null };

/** [function called, call with one misspelt option, the option meant]. */
const MISSPELT: Array<[string, () => unknown, string]> = [
	[
		"WireNameCodec",
		() => new WireNameCodec({ profle: "gemini" } as Loose),
		"profile",
	],
	[
		"CodecRegistry",
		() => new CodecRegistry({ maxScope: 3 } as Loose),
		"maxScopes",
	],
	[
		"resolveName",
		() => resolveName("x", ["y"], { protected: () => true } as Loose),
		"isProtected",
	],
	["suggest", () => suggest("x", ["y"], { limt: 2 } as Loose), "limit"],
	[
		"formatResolution",
		() =>
			formatResolution({ kind: "none", input: "x" }, { prefx: "" } as Loose),
		"prefix",
	],
	[
		"auditNames",
		() => auditNames(["a"], { profiel: "openai" } as Loose),
		"profile",
	],
	[
		"WireRewriter",
		() => new WireRewriter({ resolv: true } as Loose),
		"resolve",
	],
	[
		"WireRewriter.prime",
		() => new WireRewriter().prime([], { apend: true } as Loose),
		"append",
	],
	[
		"wrapTransport",
		() =>
			wrapTransport(
				transport as Loose,
				{ side: "server", resolv: true } as Loose,
			),
		"resolve",
	],
	[
		"rewriteEventStream",
		() => rewriteEventStream((m) => m, { maxEventLen: 9 } as Loose),
		"maxEventLength",
	],
	[
		"LineSplitter",
		() => new LineSplitter({ maxLineLenght: 9 } as Loose),
		"maxLineLength",
	],
	[
		"wrapServer",
		() => wrapServer(new McpServerV1(INFO), { resolv: true } as Loose),
		"resolve",
	],
	[
		"wrapClient",
		() => wrapClient(new ClientV1(INFO), { autocorrect: false } as Loose),
		"autoCorrect",
	],
	[
		"SharedCodec",
		() =>
			new SharedCodec({
				store: new MemoryCodecStore(),
				scope: "s",
				timeout: 9,
			} as Loose),
		"timeoutMs",
	],
	[
		"RedisCodecStore",
		() => new RedisCodecStore({ client: redis, prefx: "p:" } as Loose),
		"prefix",
	],
	[
		"wireToolSet",
		() =>
			wireToolSet({}, { namespce: { name: "n", description: "" } } as Loose),
		"namespace",
	],
	[
		"repairToolCall",
		() => repairAiToolCall({ onCorection: console.warn } as Loose),
		"onCorrection",
	],
	["wireTools", () => wireTools([], { reserv: 20 } as Loose), "reserve"],
	[
		"repairToolCall",
		() =>
			repairLangChainToolCall({ name: "a", args: {} }, [], {
				isProtect: () => false,
			} as Loose),
		"isProtected",
	],
	[
		"wrapMcpServer",
		() =>
			wrapMcpServer(
				{
					name: "s",
					listTools: async () => [],
					callTool: async () => [],
				} as Loose,
				{ profil: "openai" } as Loose,
			),
		"profile",
	],
	[
		"repairModel",
		() =>
			repairModel(
				{ getResponse: async () => ({}) } as Loose,
				{
					server: [],
				} as Loose,
			),
		"servers",
	],
	[
		"assertResolves",
		() => assertResolves({}, ["a"], { mdoe: "safe" } as Loose),
		"mode",
	],
	[
		"assertRoundTrip",
		() => assertRoundTrip(["a"], { profle: "openai" } as Loose),
		"profile",
	],
	[
		"assertWireSafe",
		() => assertWireSafe(["a"], { profle: "openai" } as Loose),
		"profile",
	],
];

describe("an unknown option", () => {
	it.each(MISSPELT)(
		"is refused by %s, naming it and the option meant",
		(fn, call, meant) => {
			const error = errorOf(call);
			expect(error.code).toBe("invalid-option");
			expect(error.message).toMatch(
				new RegExp(
					`^Unknown ${fn.replace(".", "\\.")} option "[^"]+" \\(did you mean ${meant}\\?\\); expected one of .*\\b${meant}\\b`,
				),
			);
		},
	);

	it("with no known option near it, lists the known ones without a guess", () => {
		const error = errorOf(() => new WireNameCodec({ zzzzzzzz: 1 } as Loose));
		expect(error.message).toBe(
			'Unknown WireNameCodec option "zzzzzzzz"; expected one of onChange, onDiagnostic, profile, reserve',
		);
	});

	it("holding undefined is no option at all, as an optional property left out", () => {
		expect(
			() => new WireNameCodec({ profle: undefined } as Loose),
		).not.toThrow();
		expect(() =>
			wrapServer(new McpServerV1(INFO), { resolve: undefined } as Loose),
		).not.toThrow();
	});
});

describe("a string where a list belongs", () => {
	const CALLS: Array<[string, () => unknown, RegExp]> = [
		[
			"resolveName",
			() => resolveName("x", "abc" as Loose),
			/^resolveName expects candidates to be an iterable/,
		],
		[
			"suggest",
			() => suggest("x", "abc" as Loose),
			/^suggest expects candidates to be an iterable/,
		],
		[
			"NameIndex",
			() => new NameIndex("abc" as Loose),
			/^NameIndex expects names to be an iterable/,
		],
		[
			"auditNames",
			() => auditNames("abc" as Loose),
			/^auditNames expects names to be an iterable/,
		],
		[
			"encodeAll",
			() => new WireNameCodec().encodeAll("abc" as Loose),
			/^encodeAll expects an array/,
		],
		[
			"WireRewriter.prime",
			() => new WireRewriter().prime("abc" as Loose),
			/^WireRewriter\.prime expects tools to be an array/,
		],
		[
			"WireRewriter.addServers",
			() => new WireRewriter().addServers("abc"),
			/^WireRewriter\.addServers expects names to be an iterable/,
		],
		[
			"assertWireSafe",
			() => assertWireSafe("abc" as Loose),
			/^assertWireSafe /,
		],
	];

	it.each(CALLS)(
		"is refused by %s, which the message names",
		(_fn, call, message) => {
			const error = errorOf(call);
			expect(error.code).toBe("invalid-argument");
			expect(error.message).toMatch(message);
			expect(error.message).toContain('got "abc"');
		},
	);
});

describe("one side's SDK object where the other belongs", () => {
	const CLIENTS: Array<[string, () => object]> = [
		["SDK 1.32 Client", () => new ClientV1(INFO)],
		["SDK 2.4 Client", () => new ClientV2(INFO)],
	];
	const SERVERS: Array<[string, () => object, string]> = [
		["SDK 1.32 McpServer", () => new McpServerV1(INFO), "an McpServer"],
		[
			"SDK 1.32 Server",
			() => new ServerV1(INFO, { capabilities: { tools: {} } }),
			"a Server",
		],
		["SDK 2.4 McpServer", () => new McpServerV2(INFO), "an McpServer"],
		[
			"SDK 2.4 Server",
			() => new ServerV2(INFO, { capabilities: { tools: {} } }),
			"a Server",
		],
	];

	it.each(CLIENTS)(
		"wrapServer refuses an %s and points to wrapClient",
		(_label, create) => {
			const client = create();
			const error = errorOf(() => wrapServer(client as Loose));
			expect(error.code).toBe("invalid-argument");
			expect(error.message).toMatch(
				/^wrapServer expects server to be an McpServer or Server from .*, got a Client: wrap it with wrapClient$/,
			);
			// and the client is left as it was: wrapClient still takes it
			expect(wrapClient(client as Loose)).toBe(client);
		},
	);

	it.each(SERVERS)(
		"wrapClient refuses an %s and points to wrapServer",
		(_label, create, found) => {
			const server = create();
			const error = errorOf(() => wrapClient(server as Loose));
			expect(error.code).toBe("invalid-argument");
			expect(error.message).toBe(
				`wrapClient expects client to be a Client from @modelcontextprotocol/sdk 1.x or @modelcontextprotocol/client 2.x, got ${found}: wrap it with wrapServer`,
			);
			expect(wrapServer(server as Loose)).toBe(server);
		},
	);

	it("silenceNameWarnings refuses anything but a function", () => {
		const error = errorOf(() => silenceNameWarnings("register" as Loose));
		expect(error.message).toBe(
			'silenceNameWarnings expects register to be a function, got "register"',
		);
	});
});
