import { fileURLToPath } from "node:url";
import { Agent, MCPServerStdio, Runner } from "@openai/agents";
import { isWireSafe, McpToolNamesError, WireNameCodec } from "mcp-tool-names";
import { wrapMcpServer } from "mcp-tool-names/openai-agents";
import { afterEach, describe, expect, it } from "vitest";
import { failureOf, trap } from "../../_support/hostile.js";
import { ScriptedModel } from "./_model.js";

const CATALOG = fileURLToPath(
	new URL("../_hosts/stdio-catalog.ts", import.meta.url),
);

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map((close) => close()));
});

/** The host catalog as a real MCP server over stdio, through the SDK's own MCPServerStdio. */
async function stdioServer(
	options: Partial<ConstructorParameters<typeof MCPServerStdio>[0]> = {},
): Promise<MCPServerStdio> {
	const server = new MCPServerStdio({
		name: "catalog",
		command: process.execPath,
		args: ["--import", "tsx", CATALOG],
		...options,
	});
	await server.connect();
	open.push(() => server.close());
	return server;
}

const runner = new Runner({ tracingDisabled: true });

describe("wrapMcpServer", () => {
	it("offers the model wire names, and a call by wire name reaches the canonical tool", async () => {
		const server = wrapMcpServer(await stdioServer());
		const model = new ScriptedModel("websearch_fetch_content");
		const agent = new Agent({ name: "helper", model, mcpServers: [server] });
		const result = await runner.run(agent, "go");
		expect(model.offered[0]).toEqual([
			"linear_list_issues",
			"get_user",
			"websearch_fetch_content",
			"files_delete_all",
		]);
		expect(model.offered[0]?.every((name) => isWireSafe(name))).toBe(true);
		expect(
			JSON.stringify(result.newItems.map((item) => item.toJSON())),
		).toContain("websearch/fetch_content ran with");
		expect(result.finalOutput).toBe("done");
	});

	it("is the same server underneath: its class, name and own listing are untouched", async () => {
		const inner = await stdioServer();
		const server = wrapMcpServer(inner);
		expect(server).toBeInstanceOf(MCPServerStdio);
		expect(server.name).toBe("catalog");
		const wired = await server.listTools();
		expect(wired[3]).toMatchObject({
			name: "files_delete_all",
			annotations: { destructiveHint: true },
		});
		expect((await inner.listTools()).map((tool) => tool.name)).toContain(
			"files/delete_all",
		);
		const content = await server.callTool("linear_list_issues", { q: "y" });
		expect(JSON.stringify(content)).toContain(
			'linear.list_issues ran with {\\"q\\":\\"y\\"}',
		);
	});

	it("keeps a static tool filter written with the server's own names working", async () => {
		const server = wrapMcpServer(
			await stdioServer({
				toolFilter: { blockedToolNames: ["files/delete_all"] },
			}),
		);
		const model = new ScriptedModel("get_user");
		await runner.run(
			new Agent({ name: "a", model, mcpServers: [server] }),
			"go",
		);
		expect(model.offered[0]).toEqual([
			"linear_list_issues",
			"get_user",
			"websearch_fetch_content",
		]);
	});

	it("hands a callable tool filter each tool under its canonical name", async () => {
		const seen: string[] = [];
		const server = wrapMcpServer(
			await stdioServer({
				toolFilter: async (_context, tool) => {
					seen.push(tool.name);
					return tool.name.startsWith("websearch/");
				},
			}),
		);
		const model = new ScriptedModel("websearch_fetch_content");
		await runner.run(
			new Agent({ name: "b", model, mcpServers: [server] }),
			"go",
		);
		expect(seen).toContain("linear.list_issues");
		expect(model.offered[0]).toEqual(["websearch_fetch_content"]);
	});

	it("refuses codec and profile together, and what is not an MCPServer", () => {
		expect(() => wrapMcpServer({} as MCPServerStdio)).toThrow(
			McpToolNamesError,
		);
		expect(() =>
			wrapMcpServer(
				{
					listTools: async () => [],
					callTool: async () => [],
				} as unknown as MCPServerStdio,
				{ codec: new WireNameCodec(), profile: "mcp" },
			),
		).toThrow("wrapMcpServer options codec and profile cannot be combined");
	});

	it("refuses a server whose properties throw when read, naming the argument", () => {
		expect(failureOf(() => wrapMcpServer(null as never))).toEqual({
			code: "invalid-argument",
			message:
				"wrapMcpServer expects server to be an MCPServer (with listTools and callTool), got null",
		});
		expect(failureOf(() => wrapMcpServer(trap as MCPServerStdio))).toEqual({
			code: "invalid-argument",
			message:
				"wrapMcpServer expects server to be an MCPServer (with listTools and callTool), got an object that throws when read: hostile getter",
		});
		const server = {
			listTools: async () => [],
			callTool: async () => [],
		} as unknown as MCPServerStdio;
		expect(failureOf(() => wrapMcpServer(server, trap as never)).code).toBe(
			"invalid-argument",
		);
	});
});
