// The shapes of calls that carry a namespace, as the packages the entries read them from type
// them: the `openai` package's Responses API (6.49, which @openai/agents 0.14.3 uses, and the
// current 7.60), and the Agents SDK's own items and serialized tools (0.14.3, 0.20.0). When a
// new version moves one, this fails before an entry silently stops seeing the namespace.
import type * as Agents014 from "@openai/agents";
import type {
	NamespaceTool,
	ResponseFunctionToolCall,
} from "openai/resources/responses/responses";
import type * as Agents020 from "openai-agents-v0-20";
import type * as V7 from "openai-v7/resources/responses/responses";
import { describe, expectTypeOf, it } from "vitest";

describe("Responses API function_call", () => {
	it("carries an optional namespace beside its name, in openai 6.49 and 7.60", () => {
		expectTypeOf<ResponseFunctionToolCall["namespace"]>().toEqualTypeOf<
			string | undefined
		>();
		expectTypeOf<V7.ResponseFunctionToolCall["namespace"]>().toEqualTypeOf<
			string | undefined
		>();
		expectTypeOf<V7.ResponseFunctionToolCall["name"]>().toEqualTypeOf<string>();
	});

	it("groups function tools in a namespace tool with a name and a required description", () => {
		type Grouping = { type: "namespace"; name: string; description: string };
		expectTypeOf<NamespaceTool>().toExtend<Grouping>();
		expectTypeOf<V7.NamespaceTool>().toExtend<Grouping>();
		expectTypeOf<V7.NamespaceTool["tools"][number]>().toExtend<
			{ type: "function"; name: string } | { type: "custom"; name: string }
		>();
	});
});

type CallOf<M extends { getResponse(...args: never[]): unknown }> = Extract<
	Awaited<ReturnType<M["getResponse"]>> extends { output: (infer I)[] }
		? I
		: never,
	{ type: "function_call" }
>;

type ToolOf<R extends { tools: unknown[] }> = Extract<
	R["tools"][number],
	{ type: "function" }
>;

describe("the Agents SDK's function_call item and serialized function tool", () => {
	it("keep namespace beside name, in 0.14.3 and 0.20.0", () => {
		expectTypeOf<CallOf<Agents014.Model>["namespace"]>().toEqualTypeOf<
			string | undefined
		>();
		expectTypeOf<CallOf<Agents020.Model>["namespace"]>().toEqualTypeOf<
			string | undefined
		>();
		expectTypeOf<ToolOf<Agents014.ModelRequest>["namespace"]>().toEqualTypeOf<
			string | undefined
		>();
		expectTypeOf<ToolOf<Agents020.ModelRequest>["namespace"]>().toEqualTypeOf<
			string | undefined
		>();
	});
});
