import { fileURLToPath } from "node:url";
import { AIMessage, type ToolMessage } from "@langchain/core/messages";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { loadMcpTools, MultiServerMCPClient } from "@langchain/mcp-adapters";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { isWireSafe, McpToolNamesError, WireNameCodec } from "mcp-tool-names";
import { wireTools } from "mcp-tool-names/langchain";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { failureOf, trap } from "../../_support/hostile.js";
import { catalogServer } from "../_hosts/catalog-server.js";
import { quietToolNameWarnings } from "../sdk/_quiet.js";

beforeAll(quietToolNameWarnings);

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map((close) => close()));
});

async function loaded(options?: Parameters<typeof loadMcpTools>[2]) {
	const server = catalogServer();
	const client = new Client({ name: "langchain-test", version: "1.0.0" });
	await client.connect(await server.connect());
	open.push(async () => {
		await client.close();
		await server.close();
	});
	return { server, tools: await loadMcpTools("catalog", client, options) };
}

async function runToolNode(
	tools: ConstructorParameters<typeof ToolNode>[0],
	name: string,
): Promise<ToolMessage> {
	const node = new ToolNode(tools);
	const message = new AIMessage({
		content: "",
		tool_calls: [{ id: "call-1", name, args: { q: "x" }, type: "tool_call" }],
	});
	const { messages } = (await node.invoke({ messages: [message] })) as {
		messages: ToolMessage[];
	};
	return messages[0] as ToolMessage;
}

describe("wireTools", () => {
	it("renames the tools loadMcpTools loads, and LangGraph's ToolNode reaches the canonical tool by wire name", async () => {
		const { server, tools } = await loaded();
		const wired = wireTools(tools);
		expect(wired.map((tool) => tool.name)).toEqual([
			"linear_list_issues",
			"get_user",
			"websearch_fetch_content",
			"files_delete_all",
		]);
		expect(wired.every((tool) => isWireSafe(tool.name))).toBe(true);
		const reply = await runToolNode(wired, "linear_list_issues");
		expect(reply.status).toBe("success");
		expect(JSON.stringify(reply.content)).toContain(
			"linear.list_issues ran with",
		);
		expect(server.calls).toEqual(["linear.list_issues"]);
	});

	it("copies the tools: same class and schema, the loaded ones keep their names", async () => {
		const { tools } = await loaded();
		const wired = wireTools(tools);
		const [before, after] = [tools[0], wired[0]];
		expect(after).not.toBe(before);
		expect(Object.getPrototypeOf(after)).toBe(Object.getPrototypeOf(before));
		expect(after?.schema).toBe(before?.schema);
		expect(after?.metadata).toEqual({
			annotations: { readOnlyHint: true },
		});
		expect(tools.map((tool) => tool.name)).toContain("linear.list_issues");
		expect(wired[1]).toBe(tools[1]);
	});

	it("works on top of the adapters' own server prefix", async () => {
		const { server, tools } = await loaded({
			prefixToolNameWithServerName: true,
		});
		const wired = wireTools(tools);
		expect(wired[0]?.name).toBe("catalog__linear_list_issues");
		await runToolNode(wired, "catalog__websearch_fetch_content");
		expect(server.calls).toEqual(["websearch/fetch_content"]);
	});

	it("renames the tools of a MultiServerMCPClient over real stdio", async () => {
		const client = new MultiServerMCPClient({
			mcpServers: {
				catalog: {
					transport: "stdio",
					command: process.execPath,
					args: [
						"--import",
						"tsx",
						fileURLToPath(
							new URL("../_hosts/stdio-catalog.ts", import.meta.url),
						),
					],
					stderr: "ignore",
				},
			},
		});
		open.push(() => client.close());
		const wired = wireTools(await client.getTools());
		expect(wired.map((tool) => tool.name)).toContain("websearch_fetch_content");
		const reply = await runToolNode(wired, "websearch_fetch_content");
		expect(JSON.stringify(reply.content)).toContain(
			"websearch/fetch_content ran with",
		);
	});

	it("gives the names a shared codec already handed out", async () => {
		const codec = new WireNameCodec();
		codec.encode("linear_list_issues");
		const { tools } = await loaded();
		expect(wireTools(tools, { codec })[0]?.name).toBe("linear_list_issues_2");
	});

	it("refuses codec and profile together, and tools without names", () => {
		expect(() =>
			wireTools([], { codec: new WireNameCodec(), profile: "gemini" }),
		).toThrow("wireTools options codec and profile cannot be combined");
		expect(() => wireTools([{} as { name: string }])).toThrow(
			McpToolNamesError,
		);
	});

	it("refuses tools that throw when read, naming the argument", () => {
		expect(failureOf(() => wireTools(trap as never))).toEqual({
			code: "invalid-argument",
			message:
				"wireTools expects tools to be an array of tools with a string name, got an object",
		});
		expect(failureOf(() => wireTools([{ name: "a" }, null] as never))).toEqual({
			code: "invalid-argument",
			message:
				"wireTools expects tools[1] to be a tool with a string name, got null",
		});
		expect(failureOf(() => wireTools([trap] as never)).message).toMatch(
			/^wireTools expects tools to be .*, got an array that throws when read: hostile getter$/,
		);
		// The name reads fine; copying the renamed tool reads a property that throws.
		const tool = Object.defineProperty({ name: "a/b" }, "schema", {
			enumerable: true,
			get(): never {
				throw new Error("no schema");
			},
		});
		expect(failureOf(() => wireTools([tool])).message).toMatch(
			/^wireTools expects tools to be .*: no schema$/,
		);
	});
});
