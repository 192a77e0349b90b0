/**
 * LangChain tools from `@langchain/mcp-adapters` under wire names, run by LangGraph's
 * `ToolNode`, with the name the model got wrong repaired first, never onto the destructive
 * tool.
 *
 * Run: `npx tsx examples/langchain.ts`. It feeds the `ToolNode` the message a model might
 * send; in an agent, repair the model's message the same way before the tools node.
 */
import { pathToFileURL } from "node:url";
import { AIMessage, type ToolMessage } from "@langchain/core/messages";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { loadMcpTools } from "@langchain/mcp-adapters";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { repairToolCall, wireTools } from "mcp-tool-names/langchain";
import { trackerServer } from "./_tracker-server.js";

/**
 * Loads the tracker's tools, repairs a model's tool calls and runs them.
 *
 * @param log - where the lines go
 * @returns when the client and server are closed
 * @example
 * ```ts
 * await main();
 * ```
 */
export async function main(
	log: (line: string) => void = console.log,
): Promise<void> {
	const tracker = trackerServer();
	const client = new Client({ name: "langchain-example", version: "1.0.0" });
	await client.connect(await tracker.connect());
	try {
		const tools = wireTools(await loadMcpTools("tracker", client));
		log(`Tools for the model: ${tools.map((tool) => tool.name).join(", ")}`);
		// What a model might answer: one name camelCased, one near a destructive tool.
		const message = new AIMessage({
			content: "",
			tool_calls: [
				{ id: "1", name: "linear_listIssues", args: { team: "core" } },
				{ id: "2", name: "file_delete_all", args: {} },
			],
		});
		const repaired = new AIMessage({
			content: message.content,
			tool_calls: (message.tool_calls ?? []).map(
				(call) =>
					repairToolCall(call, tools, {
						onCorrection: (line) => log(line),
					}) ?? call,
			),
		});
		const { messages } = (await new ToolNode(tools).invoke({
			messages: [repaired],
		})) as { messages: ToolMessage[] };
		for (const reply of messages)
			log(
				`${reply.name}: ${reply.status} ${String(reply.content).split("\n")[0]}`,
			);
		log(`Ran on the server: ${tracker.ran.join(", ")}`);
	} finally {
		await client.close();
		await tracker.server.close();
	}
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
	await main();
}
