// Calls that carry a Responses API namespace, through LangChain's own OpenAI chat model
// (`@langchain/openai` 1.6.0 with `useResponsesApi`): it turns a `function_call` into a tool
// call of the bare `name` and drops `namespace`, so what reaches the repair is the shape
// "namespace dropped".
import { AIMessage, type ToolMessage } from "@langchain/core/messages";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { loadMcpTools } from "@langchain/mcp-adapters";
import { ChatOpenAI } from "@langchain/openai";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { repairToolCall, wireTools } from "mcp-tool-names/langchain";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { catalogServer } from "../_hosts/catalog-server.js";
import {
	callsOnce,
	type FunctionCallItem,
	responsesApi,
} from "../_hosts/responses-api.js";
import { quietToolNameWarnings } from "../sdk/_quiet.js";

beforeAll(quietToolNameWarnings);

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map((close) => close()));
});

/** The model's reply to one scripted call, repaired, then run by LangGraph's ToolNode. */
async function run(call: FunctionCallItem) {
	const server = catalogServer();
	const client = new Client({ name: "langchain-test", version: "1.0.0" });
	await client.connect(await server.connect());
	const api = await responsesApi(callsOnce(call));
	open.push(async () => {
		await client.close();
		await server.close();
		await api.close();
	});
	const tools = wireTools(await loadMcpTools("catalog", client));
	const llm = new ChatOpenAI({
		model: "gpt-5",
		apiKey: "test",
		useResponsesApi: true,
		configuration: { baseURL: api.base },
	}).bindTools(tools);
	const reply = (await llm.invoke("go")) as AIMessage;
	const calls = reply.tool_calls ?? [];
	const repaired = calls.map((toolCall) => repairToolCall(toolCall, tools));
	const { messages } = (await new ToolNode(tools).invoke({
		messages: [
			new AIMessage({
				content: reply.content,
				tool_calls: calls.map((toolCall, i) => repaired[i] ?? toolCall),
			}),
		],
	})) as { messages: ToolMessage[] };
	return {
		names: calls.map((toolCall) => toolCall.name),
		repaired: repaired.map((toolCall) => toolCall?.name ?? null),
		ran: server.calls,
		replies: messages.map((message) => String(message.content)),
	};
}

describe("repairToolCall with @langchain/openai, namespaced calls", () => {
	it("sees the bare name of a namespaced call, and corrects a slip in it", async () => {
		const outcome = await run({
			namespace: "catalog",
			name: "linear_listIssues",
		});
		expect(outcome.names).toEqual(["linear_listIssues"]);
		expect(outcome.repaired).toEqual(["linear_list_issues"]);
		expect(outcome.ran).toEqual(["linear.list_issues"]);
	});

	it("reaches websearch/fetch_content from fetch_content, on the canonical names", async () => {
		const outcome = await run({ namespace: "catalog", name: "fetch_content" });
		expect(outcome.ran).toEqual(["websearch/fetch_content"]);
	});

	it("cannot tell another server's namespace: LangChain drops it before anyone looks", async () => {
		const outcome = await run({
			namespace: "other",
			name: "linear_list_issues",
		});
		expect(outcome.names).toEqual(["linear_list_issues"]);
		expect(outcome.ran).toEqual(["linear.list_issues"]);
	});

	it("corrects a name written twice (a namespace glued to a name equal to it)", async () => {
		const outcome = await run({ name: "get_userget_user" });
		expect(outcome.repaired).toEqual(["get_user"]);
		expect(outcome.ran).toEqual(["get_user"]);
	});
});
