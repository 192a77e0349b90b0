import type {
	AgentOptions,
	MCPServer,
	MCPServerSSE,
	MCPServerStdio,
	MCPServerStreamableHttp,
	Model,
	OpenAIResponsesModel,
} from "@openai/agents";
import { repairModel, wrapMcpServer } from "mcp-tool-names/openai-agents";
import { describe, expectTypeOf, it } from "vitest";

describe("wrapMcpServer", () => {
	it("gives back the server class it was given, fit for an agent's mcpServers", () => {
		expectTypeOf(
			wrapMcpServer<MCPServerStdio>,
		).returns.toEqualTypeOf<MCPServerStdio>();
		expectTypeOf(
			wrapMcpServer<MCPServerStreamableHttp>,
		).returns.toEqualTypeOf<MCPServerStreamableHttp>();
		expectTypeOf(
			wrapMcpServer<MCPServerSSE>,
		).returns.toEqualTypeOf<MCPServerSSE>();
		expectTypeOf<ReturnType<typeof wrapMcpServer<MCPServer>>>().toExtend<
			NonNullable<AgentOptions["mcpServers"]>[number]
		>();
	});
});

describe("repairModel", () => {
	it("takes the SDK's own models and gives a Model an agent takes", () => {
		expectTypeOf<OpenAIResponsesModel>().toExtend<
			Parameters<typeof repairModel>[0]
		>();
		expectTypeOf(repairModel).returns.toEqualTypeOf<Model>();
		expectTypeOf<Model>().toExtend<NonNullable<AgentOptions["model"]>>();
	});
});
