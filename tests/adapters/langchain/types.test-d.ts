import type { ToolCall } from "@langchain/core/messages/tool";
import type {
	DynamicStructuredTool,
	StructuredToolInterface,
} from "@langchain/core/tools";
import type {
	loadMcpTools,
	MultiServerMCPClient,
} from "@langchain/mcp-adapters";
import type { NamedTool } from "mcp-tool-names/langchain";
import { repairToolCall, wireTools } from "mcp-tool-names/langchain";
import { describe, expectTypeOf, it } from "vitest";

type Loaded = Awaited<ReturnType<typeof loadMcpTools>>;

describe("wireTools", () => {
	it("gives back the tool type it was given, from loadMcpTools and MultiServerMCPClient", () => {
		expectTypeOf(wireTools<Loaded[number]>).returns.toEqualTypeOf<
			DynamicStructuredTool[]
		>();
		expectTypeOf<
			Awaited<ReturnType<MultiServerMCPClient["getTools"]>>
		>().toExtend<Parameters<typeof wireTools>[0]>();
		expectTypeOf<StructuredToolInterface[]>().toExtend<
			Parameters<typeof wireTools>[0]
		>();
	});
});

describe("repairToolCall", () => {
	it("takes LangChain's ToolCall and the loaded tools, and gives a ToolCall back", () => {
		expectTypeOf<DynamicStructuredTool>().toExtend<NamedTool>();
		expectTypeOf(repairToolCall<ToolCall>)
			.parameter(0)
			.toEqualTypeOf<ToolCall>();
		expectTypeOf(
			repairToolCall<ToolCall>,
		).returns.toEqualTypeOf<ToolCall | null>();
		expectTypeOf<Loaded>().toExtend<Parameters<typeof repairToolCall>[1]>();
	});
});
