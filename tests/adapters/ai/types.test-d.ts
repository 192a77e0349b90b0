import type { MCPClient } from "@ai-sdk/mcp";
import type {
	generateText,
	streamText,
	ToolCallRepairFunction,
	ToolLoopAgentSettings,
	ToolSet,
} from "ai";
import { tool } from "ai";
import { repairToolCall, wireToolSet } from "mcp-tool-names/ai";
import { describe, expectTypeOf, it } from "vitest";
import * as z from "zod";

declare const otherCopy: unique symbol;

type GenerateRepair = NonNullable<
	Parameters<typeof generateText>[0]["experimental_repairToolCall"]
>;

describe("wireToolSet", () => {
	it("takes what @ai-sdk/mcp's tools() returns and gives a ToolSet", () => {
		expectTypeOf<Awaited<ReturnType<MCPClient["tools"]>>>().toExtend<
			Parameters<typeof wireToolSet>[0]
		>();
		type McpTools = Awaited<ReturnType<MCPClient["tools"]>>;
		expectTypeOf<
			ReturnType<typeof wireToolSet<McpTools>>
		>().toExtend<ToolSet>();
		expectTypeOf<ReturnType<typeof wireToolSet<McpTools>>>().toExtend<
			NonNullable<Parameters<typeof generateText>[0]["tools"]>
		>();
	});

	it("takes a tool set typed by a second copy of @ai-sdk/provider-utils, and gives back its type", () => {
		// Two copies make two nominal Tool types (a unique symbol in each Schema): a plain
		// `npm i ai @ai-sdk/mcp` can install them. wireToolSet must not be where that breaks.
		type OtherCopyTool = { readonly [otherCopy]: true; execute(): unknown };
		const tools = {} as Record<string, OtherCopyTool>;
		expectTypeOf(wireToolSet(tools)).toEqualTypeOf<{
			[name: string]: OtherCopyTool;
		}>();
		expectTypeOf<Record<string, OtherCopyTool>>().not.toExtend<ToolSet>();
	});

	it("takes hand-written tools", () => {
		const tools = {
			"a/b": tool({ inputSchema: z.object({}), execute: async () => "x" }),
		};
		expectTypeOf(wireToolSet(tools)).toExtend<ToolSet>();
	});
});

describe("repairToolCall", () => {
	it("is the AI SDK's own ToolCallRepairFunction", () => {
		expectTypeOf(repairToolCall()).toEqualTypeOf<
			ToolCallRepairFunction<ToolSet>
		>();
		expectTypeOf(repairToolCall()).toExtend<GenerateRepair>();
	});

	it("fits generateText, streamText and ToolLoopAgent over typed tool sets", () => {
		type Tools = {
			get_user: ReturnType<typeof tool<{ id: string }, string>>;
		};
		expectTypeOf(repairToolCall()).toExtend<ToolCallRepairFunction<Tools>>();
		expectTypeOf(repairToolCall()).toExtend<
			NonNullable<
				Parameters<typeof streamText<Tools>>[0]["experimental_repairToolCall"]
			>
		>();
		expectTypeOf(repairToolCall()).toExtend<
			NonNullable<
				ToolLoopAgentSettings<never, Tools>["experimental_repairToolCall"]
			>
		>();
	});
});
