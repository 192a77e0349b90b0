import { createMCPClient } from "@ai-sdk/mcp";
import {
	generateText,
	NoSuchToolError,
	stepCountIs,
	type ToolSet,
	tool,
} from "ai";
import { isMcpToolNamesError, type Resolution } from "mcp-tool-names";
import { repairToolCall, wireToolSet } from "mcp-tool-names/ai";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import { failureOf, trap } from "../../_support/hostile.js";
import {
	type CatalogServer,
	type CatalogTool,
	catalogServer,
} from "../_hosts/catalog-server.js";
import { quietToolNameWarnings } from "../sdk/_quiet.js";
import { modelCalling } from "./_model.js";

beforeAll(quietToolNameWarnings);

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map((close) => close()));
});

/** The MCP server's tools as `@ai-sdk/mcp` gives them, keyed by wire names. */
async function mcpTools(
	tools?: readonly CatalogTool[],
): Promise<{ server: CatalogServer; tools: ToolSet }> {
	const server = catalogServer(tools);
	const client = await createMCPClient({ transport: await server.connect() });
	open.push(async () => {
		await client.close();
		await server.close();
	});
	return { server, tools: wireToolSet(await client.tools()) };
}

async function run(
	tools: ToolSet,
	sent: string,
	onCorrection?: (message: string, resolution: Resolution) => void,
) {
	return generateText({
		model: modelCalling(sent, { q: "x" }),
		tools,
		stopWhen: stepCountIs(2),
		experimental_repairToolCall: repairToolCall(
			onCorrection === undefined ? {} : { onCorrection },
		),
		prompt: "go",
	});
}

/** The errors of the calls the SDK could not parse, as it records them. */
const errorsOf = (result: Awaited<ReturnType<typeof run>>): unknown[] =>
	result.steps.flatMap((step) =>
		step.content.flatMap((part) =>
			part.type === "tool-call" && part.invalid === true ? [part.error] : [],
		),
	);

describe("repairToolCall", () => {
	it("routes a camelCased name the model sent to the MCP tool behind its wire name", async () => {
		const { server, tools } = await mcpTools();
		const corrections: string[] = [];
		const result = await run(tools, "linear_listIssues", (message) =>
			corrections.push(message),
		);
		expect(server.calls).toEqual(["linear.list_issues"]);
		expect(result.steps[0]?.toolCalls.map((call) => call.toolName)).toEqual([
			"linear_list_issues",
		]);
		expect(JSON.stringify(result.steps[0]?.toolResults[0]?.output)).toContain(
			'linear.list_issues ran with {\\"q\\":\\"x\\"}',
		);
		expect(corrections).toEqual([
			"[mcp-tool-names] Auto-corrected tool call to linear.list_issues (input: linear_listIssues).",
		]);
		expect(result.text).toBe("done");
	});

	it("hands the resolution of the correction to onCorrection", async () => {
		const { tools } = await mcpTools();
		const seen: Resolution[] = [];
		await run(tools, "fetch_content", (_, resolution) => seen.push(resolution));
		expect(seen).toEqual([
			{
				kind: "corrected",
				input: "fetch_content",
				name: "websearch/fetch_content",
				reason: "suffix",
				distance: expect.any(Number),
			},
		]);
	});

	it("sees the namespace a wire name flattened: fetch_content reaches websearch/fetch_content", async () => {
		const { server, tools } = await mcpTools();
		await run(tools, "fetch_content");
		expect(server.calls).toEqual(["websearch/fetch_content"]);
		// Keys renamed by hand stand for themselves: websearch_ is no namespace there.
		const renamed: ToolSet = {
			websearch_fetch_content_v2:
				tools.websearch_fetch_content as ToolSet[string],
			get_user: tools.get_user as ToolSet[string],
		};
		const result = await run(renamed, "fetch_content");
		expect(server.calls).toEqual(["websearch/fetch_content"]);
		expect(NoSuchToolError.isInstance(errorsOf(result)[0])).toBe(true);
	});

	it("maps a canonical name the model echoed to its wire name, without calling it a correction", async () => {
		const { server, tools } = await mcpTools();
		const told: string[] = [];
		await run(tools, "linear.list_issues", (message) => told.push(message));
		expect(server.calls).toEqual(["linear.list_issues"]);
		expect(told).toEqual([]);
	});

	it("asks isProtected about the key and the canonical name behind it", async () => {
		const { server, tools } = await mcpTools([{ name: "files/delete_all" }]);
		const asked: string[] = [];
		await generateText({
			model: modelCalling("file_delete_all", { q: "x" }),
			tools,
			experimental_repairToolCall: repairToolCall({
				isProtected: (name) => {
					asked.push(name);
					return name === "files/delete_all";
				},
			}),
			prompt: "go",
		});
		expect(asked).toEqual(["files_delete_all", "files/delete_all"]);
		expect(server.calls).toEqual([]);
	});

	it("does not turn set_user into get_user: a different verb is a different tool", async () => {
		const { server, tools } = await mcpTools();
		const result = await run(tools, "set_user");
		expect(server.calls).toEqual([]);
		const errors = errorsOf(result);
		expect(errors).toHaveLength(1);
		expect(NoSuchToolError.isInstance(errors[0])).toBe(true);
	});

	it("never corrects onto a tool the MCP server marks destructive", async () => {
		const { server, tools } = await mcpTools();
		const result = await run(tools, "file_delete_all");
		expect(server.calls).toEqual([]);
		expect(NoSuchToolError.isInstance(errorsOf(result)[0])).toBe(true);
	});

	it("corrects the same near miss when the server does not mark the tool destructive", async () => {
		const { server, tools } = await mcpTools([{ name: "files/delete_all" }]);
		await run(tools, "file_delete_all");
		expect(server.calls).toEqual(["files/delete_all"]);
	});

	it("protects the tools isProtected names, also hand-written ones", async () => {
		const ran: string[] = [];
		const tools = {
			files_delete_all: tool({
				inputSchema: z.object({ q: z.string() }),
				execute: async () => {
					ran.push("files_delete_all");
					return "gone";
				},
			}),
		};
		const repair = (isProtected?: (name: string) => boolean) =>
			generateText({
				model: modelCalling("file_delete_all", { q: "x" }),
				tools,
				experimental_repairToolCall: repairToolCall(
					isProtected === undefined ? {} : { isProtected },
				),
				prompt: "go",
			});
		await repair((name) => name.includes("delete"));
		expect(ran).toEqual([]);
		await repair();
		expect(ran).toEqual(["files_delete_all"]);
	});

	it("leaves invalid input for a known tool to the SDK", async () => {
		const { tools } = await mcpTools();
		const repair = repairToolCall();
		const toolCall = {
			type: "tool-call" as const,
			toolCallId: "1",
			toolName: "linear_list_issue",
			input: "{",
		};
		const options = {
			system: undefined,
			messages: [],
			tools,
			inputSchema: async () => ({}),
		};
		expect(
			await repair({
				...options,
				toolCall,
				error: new Error("bad input") as NoSuchToolError,
			}),
		).toBeNull();
		expect(
			await repair({
				...options,
				toolCall,
				error: new NoSuchToolError({ toolName: "linear_list_issue" }),
			}),
		).toEqual({ ...toolCall, toolName: "linear_list_issues" });
	});

	it("rejects malformed options with the library's error when the hook is made", () => {
		expect(() => repairToolCall({ mode: "loose" as "safe" })).toThrow(
			'Unknown resolve mode "loose"; expected safe or mcporter',
		);
		expect(() =>
			repairToolCall({ protection: "never" as "destructive-hint" }),
		).toThrow(/repairToolCall.*protection/);
		for (const bad of [{ onCorrection: 1 }, { isProtected: "x" }, []]) {
			try {
				repairToolCall(bad as never);
				expect.unreachable();
			} catch (error) {
				expect(isMcpToolNamesError(error)).toBe(true);
			}
		}
	});

	it("refuses options whose properties throw when read, and names a callback of the wrong kind", () => {
		expect(failureOf(() => repairToolCall(trap as never))).toEqual({
			code: "invalid-argument",
			message:
				"repairToolCall could not read options (an object): hostile ownKeys",
		});
		expect(
			failureOf(() => repairToolCall({ isProtected: 1 } as never)),
		).toEqual({
			code: "invalid-option",
			message:
				"repairToolCall option isProtected must be a function, got number 1",
		});
	});

	it("protects every tool not marked read-only under protection unless-read-only", async () => {
		const { server, tools } = await mcpTools([{ name: "files/delete_all" }]);
		await generateText({
			model: modelCalling("file_delete_all", { q: "x" }),
			tools,
			experimental_repairToolCall: repairToolCall({
				protection: "unless-read-only",
			}),
			prompt: "go",
		});
		expect(server.calls).toEqual([]);
	});
});
