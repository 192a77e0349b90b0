import { MockLanguageModelV3 } from "ai/test";

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3["doGenerate"]>>;

const USAGE: GenerateResult["usage"] = {
	inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
	outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/**
 * The AI SDK's own mock model, scripted to call `toolName` once and then answer "done":
 * the name is what a model sends back, right or wrong.
 */
export function modelCalling(
	toolName: string,
	input: Record<string, unknown> = {},
): MockLanguageModelV3 {
	return new MockLanguageModelV3({
		doGenerate: [
			{
				content: [
					{
						type: "tool-call",
						toolCallId: "call-1",
						toolName,
						input: JSON.stringify(input),
					},
				],
				finishReason: { unified: "tool-calls", raw: "tool_calls" },
				usage: USAGE,
				warnings: [],
			},
			{
				content: [{ type: "text", text: "done" }],
				finishReason: { unified: "stop", raw: "stop" },
				usage: USAGE,
				warnings: [],
			},
		],
	});
}
