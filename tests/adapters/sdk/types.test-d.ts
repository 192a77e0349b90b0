import {
	Client as ClientV2,
	type StreamableHTTPClientTransport as HttpClientV2,
	type InMemoryTransport as MemoryV2,
} from "@modelcontextprotocol/client";
import type { StdioClientTransport as StdioClientV2 } from "@modelcontextprotocol/client/stdio";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import type { StdioClientTransport as StdioClientV1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { StreamableHTTPClientTransport as HttpClientV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { InMemoryTransport as MemoryV1 } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Server as ServerV1 } from "@modelcontextprotocol/sdk/server/index.js";
import { McpServer as McpServerV1 } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { StdioServerTransport as StdioServerV1 } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { StreamableHTTPServerTransport as HttpServerV1 } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import {
	type WebStandardStreamableHTTPServerTransport as HttpServerV2,
	McpServer as McpServerV2,
	Server as ServerV2,
} from "@modelcontextprotocol/server";
import type { StdioServerTransport as StdioServerV2 } from "@modelcontextprotocol/server/stdio";
import type {
	ClientLike,
	ServerLike,
	TransportLike,
	WrapClientOptions,
	WrapServerOptions,
} from "mcp-tool-names/sdk";
import { wrapClient, wrapServer } from "mcp-tool-names/sdk";
import type { McpServer as McpServerV120 } from "sdk-v1-20/server/mcp.js";
import { describe, expectTypeOf, it } from "vitest";

describe("ServerLike", () => {
	it("accepts the McpServer and Server of both SDK lines", () => {
		expectTypeOf<McpServerV1>().toExtend<ServerLike>();
		expectTypeOf<ServerV1>().toExtend<ServerLike>();
		expectTypeOf<McpServerV2>().toExtend<ServerLike>();
		expectTypeOf<ServerV2>().toExtend<ServerLike>();
		expectTypeOf<McpServerV120>().toExtend<ServerLike>();
	});

	it("rejects a client", () => {
		expectTypeOf<{ listTools(): Promise<void> }>().not.toExtend<ServerLike>();
	});
});

describe("ClientLike", () => {
	it("accepts the Client of both SDK lines", () => {
		expectTypeOf<ClientV1>().toExtend<ClientLike>();
		expectTypeOf<ClientV2>().toExtend<ClientLike>();
	});

	it("rejects a server", () => {
		expectTypeOf<McpServerV1>().not.toExtend<ClientLike>();
		expectTypeOf<ServerV2>().not.toExtend<ClientLike>();
	});
});

describe("TransportLike", () => {
	it("accepts the in-memory, stdio and Streamable HTTP transports of both lines", () => {
		expectTypeOf<MemoryV1>().toExtend<TransportLike>();
		expectTypeOf<StdioServerV1>().toExtend<TransportLike>();
		expectTypeOf<StdioClientV1>().toExtend<TransportLike>();
		expectTypeOf<HttpServerV1>().toExtend<TransportLike>();
		expectTypeOf<HttpClientV1>().toExtend<TransportLike>();
		expectTypeOf<MemoryV2>().toExtend<TransportLike>();
		expectTypeOf<StdioServerV2>().toExtend<TransportLike>();
		expectTypeOf<StdioClientV2>().toExtend<TransportLike>();
		expectTypeOf<HttpServerV2>().toExtend<TransportLike>();
		expectTypeOf<HttpClientV2>().toExtend<TransportLike>();
	});
});

describe("wrapServer", () => {
	it("returns the exact type it was given", () => {
		expectTypeOf(
			wrapServer(new McpServerV1({ name: "s", version: "1" })),
		).toEqualTypeOf<McpServerV1>();
		expectTypeOf(
			wrapServer(new ServerV2({ name: "s", version: "1" })),
		).toEqualTypeOf<ServerV2>();
	});

	it("takes WrapServerOptions", () => {
		expectTypeOf(wrapServer)
			.parameter(1)
			.toEqualTypeOf<WrapServerOptions | undefined>();
		expectTypeOf<{
			resolve: true;
			profile: "gemini";
		}>().toExtend<WrapServerOptions>();
		// @ts-expect-error a client is not a server
		wrapServer(new ClientV1({ name: "c", version: "1" }));
	});
});

describe("wrapClient", () => {
	it("returns the exact type it was given", () => {
		expectTypeOf(
			wrapClient(new ClientV1({ name: "c", version: "1" })),
		).toEqualTypeOf<ClientV1>();
		expectTypeOf(
			wrapClient(new ClientV2({ name: "c", version: "1" })),
		).toEqualTypeOf<ClientV2>();
	});

	it("takes WrapClientOptions", () => {
		expectTypeOf(wrapClient)
			.parameter(1)
			.toEqualTypeOf<WrapClientOptions | undefined>();
		expectTypeOf<{
			wire: false;
			autoCorrect: false;
		}>().toExtend<WrapClientOptions>();
		// @ts-expect-error a server is not a client
		wrapClient(new McpServerV2({ name: "s", version: "1" }));
	});
});
