/**
 * An agent on the Vercel AI SDK: MCP tools from `@ai-sdk/mcp` under wire names, and the
 * name the model gets wrong repaired, never onto the destructive tool.
 *
 * Run: `npx tsx examples/ai-sdk.ts`. It runs with the AI SDK's own mock model; for a real
 * one, pass e.g. `openai("gpt-5")` from `@ai-sdk/openai` as `model`.
 */
import { pathToFileURL } from "node:url";
import { createMCPClient } from "@ai-sdk/mcp";
import { generateText, type LanguageModel, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { repairToolCall, wireToolSet } from "mcp-tool-names/ai";
import { trackerServer } from "./_tracker-server.js";

/** A stand-in model: calls `linear_listIssues` (camelCased), then answers. */
function mockModel(): LanguageModel {
	const usage = {
		inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
		outputTokens: { total: 1, text: 1, reasoning: 0 },
	};
	return new MockLanguageModelV3({
		doGenerate: [
			{
				content: [
					{
						type: "tool-call",
						toolCallId: "1",
						toolName: "linear_listIssues",
						input: '{"team":"core"}',
					},
				],
				finishReason: { unified: "tool-calls", raw: undefined },
				usage,
				warnings: [],
			},
			{
				content: [{ type: "text", text: "Two open issues." }],
				finishReason: { unified: "stop", raw: undefined },
				usage,
				warnings: [],
			},
		],
	});
}

/**
 * Lists the server's tools for the model, runs one turn and logs what happened.
 *
 * @param model - the language model; default: the mock above
 * @param log - where the lines go
 * @returns when the MCP client is closed
 * @example
 * ```ts
 * await main(openai("gpt-5"));
 * ```
 */
export async function main(
	model: LanguageModel = mockModel(),
	log: (line: string) => void = console.log,
): Promise<void> {
	const tracker = trackerServer();
	const mcp = await createMCPClient({ transport: await tracker.connect() });
	try {
		const tools = wireToolSet(await mcp.tools());
		log(`Tools for the model: ${Object.keys(tools).join(", ")}`);
		const result = await generateText({
			model,
			tools,
			stopWhen: stepCountIs(2),
			experimental_repairToolCall: repairToolCall({
				onCorrection: (message) => log(message),
			}),
			prompt: "Which issues are open for the core team?",
		});
		log(`Ran on the server: ${tracker.ran.join(", ")}`);
		log(`Answer: ${result.text}`);
	} finally {
		await mcp.close();
		await tracker.server.close();
	}
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
	await main();
}
