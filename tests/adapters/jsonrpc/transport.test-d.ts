import type {
	StreamableHTTPClientTransport as HttpClientV2,
	InMemoryTransport as MemoryClientV2,
} from "@modelcontextprotocol/client";
import type { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import type { StreamableHTTPClientTransport as HttpClientV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { InMemoryTransport as MemoryV1 } from "@modelcontextprotocol/sdk/inMemory.js";
import type { StdioServerTransport as StdioV1 } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { StreamableHTTPServerTransport as HttpServerV1 } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { Transport as TransportV1 } from "@modelcontextprotocol/sdk/shared/transport.js";
import type {
	WebStandardStreamableHTTPServerTransport as HttpServerV2,
	InMemoryTransport as MemoryV2,
	Transport as TransportV2,
} from "@modelcontextprotocol/server";
import {
	type MessageRewrite,
	type MessageTransport,
	WireRewriter,
	wrapTransport,
} from "mcp-tool-names/jsonrpc";
import { describe, expectTypeOf, it } from "vitest";

describe("wrapTransport", () => {
	it("accepts the SDK 1.x Transport interface and its transports", () => {
		expectTypeOf<TransportV1>().toExtend<MessageTransport>();
		expectTypeOf<MemoryV1>().toExtend<MessageTransport>();
		expectTypeOf<HttpServerV1>().toExtend<MessageTransport>();
		expectTypeOf<HttpClientV1>().toExtend<MessageTransport>();
		expectTypeOf<StdioV1>().toExtend<MessageTransport>();
	});

	it("accepts the SDK 2.x Transport interface and its transports", () => {
		expectTypeOf<TransportV2>().toExtend<MessageTransport>();
		expectTypeOf<MemoryV2>().toExtend<MessageTransport>();
		expectTypeOf<MemoryClientV2>().toExtend<MessageTransport>();
		expectTypeOf<HttpServerV2>().toExtend<MessageTransport>();
		expectTypeOf<HttpClientV2>().toExtend<MessageTransport>();
		expectTypeOf<StdioClientTransport>().toExtend<MessageTransport>();
	});

	it("returns the type it was given, with the original's own API", () => {
		const transport = {} as HttpServerV1;
		const wrapped = wrapTransport(transport, { side: "server" });
		expectTypeOf(wrapped).toEqualTypeOf<HttpServerV1>();
		expectTypeOf(wrapped.handleRequest).toBeFunction();
		expectTypeOf(
			wrapTransport({} as TransportV2, { side: "client" }),
		).toEqualTypeOf<TransportV2>();
	});

	it("rejects objects without send and options without a side", () => {
		// @ts-expect-error: not a transport
		wrapTransport({ start: async () => {} }, { side: "server" });
		// @ts-expect-error: side is required
		wrapTransport({} as MemoryV1, {});
	});
});

describe("WireRewriter", () => {
	it("has directions that fit the HTTP helpers' rewrite callback", () => {
		const rewriter = new WireRewriter();
		expectTypeOf(rewriter.serverToClient).toExtend<MessageRewrite>();
		expectTypeOf(rewriter.clientToServer).toExtend<MessageRewrite>();
		expectTypeOf(rewriter.clientToServer({ id: 1 as const })).toEqualTypeOf<{
			id: 1;
		}>();
	});
});
