import { AIMessage, type ToolMessage } from "@langchain/core/messages";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { loadMcpTools } from "@langchain/mcp-adapters";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Resolution } from "mcp-tool-names";
import { repairToolCall, wireTools } from "mcp-tool-names/langchain";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { failureOf, trap } from "../../_support/hostile.js";
import { type CatalogTool, catalogServer } from "../_hosts/catalog-server.js";
import { quietToolNameWarnings } from "../sdk/_quiet.js";

beforeAll(quietToolNameWarnings);

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map((close) => close()));
});

async function wired(catalog?: readonly CatalogTool[]) {
	const server = catalogServer(catalog);
	const client = new Client({ name: "langchain-test", version: "1.0.0" });
	await client.connect(await server.connect());
	open.push(async () => {
		await client.close();
		await server.close();
	});
	return { server, tools: wireTools(await loadMcpTools("catalog", client)) };
}

/** The model's message, repaired, then run by LangGraph's ToolNode. */
async function callThrough(
	tools: Awaited<ReturnType<typeof wired>>["tools"],
	name: string,
	onCorrection?: (message: string, resolution: Resolution) => void,
): Promise<ToolMessage> {
	const message = new AIMessage({
		content: "",
		tool_calls: [{ id: "call-1", name, args: { q: "x" }, type: "tool_call" }],
	});
	const repaired = new AIMessage({
		content: message.content,
		tool_calls: (message.tool_calls ?? []).map(
			(call) =>
				repairToolCall(
					call,
					tools,
					onCorrection === undefined ? {} : { onCorrection },
				) ?? call,
		),
	});
	const { messages } = (await new ToolNode(tools).invoke({
		messages: [repaired],
	})) as { messages: ToolMessage[] };
	return messages[0] as ToolMessage;
}

describe("repairToolCall", () => {
	it("sends a camelCased name to the MCP tool behind its wire name", async () => {
		const { server, tools } = await wired();
		const messages: string[] = [];
		const reply = await callThrough(tools, "linear_listIssues", (message) =>
			messages.push(message),
		);
		expect(reply.status).toBe("success");
		expect(server.calls).toEqual(["linear.list_issues"]);
		expect(messages).toEqual([
			"[mcp-tool-names] Auto-corrected tool call to linear.list_issues (input: linear_listIssues).",
		]);
	});

	it("sees the namespace a wire name flattened, and maps an echoed canonical name", async () => {
		const { server, tools } = await wired();
		await callThrough(tools, "fetch_content");
		await callThrough(tools, "linear.list_issues");
		expect(server.calls).toEqual([
			"websearch/fetch_content",
			"linear.list_issues",
		]);
		// Tools renamed by hand carry no codec: websearch_ is then no namespace.
		expect(
			repairToolCall(
				{ name: "fetch_content" },
				tools.map((tool) => ({ name: tool.name })),
			),
		).toBeNull();
	});

	it("routes tools of several wireTools calls and tools of your own together, on canonical names", async () => {
		const first = await wired();
		const second = await wired([{ name: "github/create_issue" }]);
		const tools = [
			...first.tools,
			...second.tools,
			{ name: "my_tool", metadata: {} },
		];
		const told: string[] = [];
		const onCorrection = (message: string) => told.push(message);
		expect(
			repairToolCall({ name: "fetch_content" }, tools, { onCorrection }),
		).toEqual({ name: "websearch_fetch_content" });
		expect(
			repairToolCall({ name: "create_issue" }, tools, { onCorrection }),
		).toEqual({ name: "github_create_issue" });
		expect(told).toEqual([
			"[mcp-tool-names] Auto-corrected tool call to websearch/fetch_content (input: fetch_content).",
			"[mcp-tool-names] Auto-corrected tool call to github/create_issue (input: create_issue).",
		]);
	});

	it("does not turn set_user into get_user", async () => {
		const { server, tools } = await wired();
		const reply = await callThrough(tools, "set_user");
		expect(reply.status).toBe("error");
		expect(String(reply.content)).toContain('Tool "set_user" not found.');
		expect(server.calls).toEqual([]);
	});

	it("never corrects onto a tool the MCP server marks destructive", async () => {
		const { server, tools } = await wired();
		expect(
			repairToolCall({ name: "file_delete_all", args: {} }, tools),
		).toBeNull();
		expect((await callThrough(tools, "file_delete_all")).status).toBe("error");
		expect(server.calls).toEqual([]);
	});

	it("corrects the same near miss when the server does not mark the tool destructive", async () => {
		const { server, tools } = await wired([{ name: "files/delete_all" }]);
		await callThrough(tools, "file_delete_all");
		expect(server.calls).toEqual(["files/delete_all"]);
	});

	it("leaves a call that names a tool alone, and honours isProtected", async () => {
		const { tools } = await wired();
		expect(repairToolCall({ name: "get_user", args: {} }, tools)).toBeNull();
		expect(
			repairToolCall({ name: "get_users", args: {} }, tools, {
				isProtected: (name) => name === "get_user",
			}),
		).toBeNull();
		expect(repairToolCall({ name: "get_users", id: "7" }, tools)).toEqual({
			name: "get_user",
			id: "7",
		});
	});

	it("refuses tools that are not an array of named tools, naming the argument", () => {
		const call = { name: "get_usr", args: {}, id: "1" };
		expect(failureOf(() => repairToolCall(call, undefined as never))).toEqual({
			code: "invalid-argument",
			message:
				"repairToolCall expects tools to be an array of tools with a string name, got undefined",
		});
		expect(
			failureOf(() => repairToolCall(call, [{ name: "get_user" }, 7] as never)),
		).toEqual({
			code: "invalid-argument",
			message:
				"repairToolCall expects tools[1] to be a tool with a string name, got number 7",
		});
		expect(
			failureOf(() => repairToolCall(call, [trap] as never)).message,
		).toMatch(
			/^repairToolCall expects tools to be an array of tools .*, got an array that throws when read: hostile getter$/,
		);
	});

	it("refuses a tool call without a string name, naming the argument", () => {
		const tools = [{ name: "get_user" }];
		expect(failureOf(() => repairToolCall("get_usr" as never, tools))).toEqual({
			code: "invalid-argument",
			message:
				'repairToolCall expects toolCall to be a tool call with a string name, got "get_usr"',
		});
		expect(failureOf(() => repairToolCall(trap as never, tools)).code).toBe(
			"invalid-argument",
		);
	});
});
