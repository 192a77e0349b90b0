// The usual ways a tool set is put together, each through the AI SDK's real generateText and
// `@ai-sdk/mcp` against real MCP servers: repair must survive them, and its log must name the
// canonical MCP tool.
import { createMCPClient } from "@ai-sdk/mcp";
import {
	generateText,
	NoSuchToolError,
	stepCountIs,
	type ToolSet,
	tool,
} from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { WireNameCodec } from "mcp-tool-names";
import { repairToolCall, wireToolSet } from "mcp-tool-names/ai";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
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

const GITHUB: readonly CatalogTool[] = [
	{ name: "github/create_issue" },
	{ name: "github/list_issues", readOnly: true },
];

/** A real MCP server and its tools as `@ai-sdk/mcp` gives them (canonical keys). */
async function mcp(
	tools?: readonly CatalogTool[],
): Promise<{ server: CatalogServer; tools: ToolSet }> {
	const server = catalogServer(tools);
	const client = await createMCPClient({ transport: await server.connect() });
	open.push(async () => {
		await client.close();
		await server.close();
	});
	return { server, tools: await client.tools() };
}

const myTool = tool({
	description: "A tool of the host's own",
	inputSchema: z.object({ q: z.string().optional() }),
	execute: async () => "mine",
});

/** Runs one scripted call; the log lines of the corrections, the errors of the calls left. */
async function run(tools: ToolSet, sent: string) {
	const log: string[] = [];
	const result = await generateText({
		model: modelCalling(sent, { q: "x" }),
		tools,
		stopWhen: stepCountIs(2),
		experimental_repairToolCall: repairToolCall({
			onCorrection: (message) => log.push(message),
		}),
		prompt: "go",
	});
	const errors = result.steps.flatMap((step) =>
		step.content.flatMap((part) =>
			part.type === "tool-call" && part.invalid === true ? [part.error] : [],
		),
	);
	return { log, errors };
}

describe("repairToolCall on tool sets put together the usual ways", () => {
	it("keeps repair in a spread set with a tool of the host's own, and logs the canonical name", async () => {
		const { server, tools } = await mcp();
		const { log } = await run(
			{ ...wireToolSet(tools), my_tool: myTool },
			"fetch_content",
		);
		expect(server.calls).toEqual(["websearch/fetch_content"]);
		expect(log).toEqual([
			"[mcp-tool-names] Auto-corrected tool call to websearch/fetch_content (input: fetch_content).",
		]);
	});

	it("keeps repair across a merge of two servers' sets, each with its own codec", async () => {
		const first = await mcp();
		const second = await mcp(GITHUB);
		const merged = {
			...wireToolSet(first.tools),
			...wireToolSet(second.tools),
		};
		expect((await run(merged, "create_issue")).log).toEqual([
			"[mcp-tool-names] Auto-corrected tool call to github/create_issue (input: create_issue).",
		]);
		await run(merged, "linear_listIssues");
		expect(first.server.calls).toEqual(["linear.list_issues"]);
		expect(second.server.calls).toEqual(["github/create_issue"]);
		// list_issues is both servers' tool after a namespace: a hint, never a guess.
		const { errors } = await run(merged, "list_issues");
		expect(NoSuchToolError.isInstance(errors[0])).toBe(true);
		expect(String((errors[0] as Error).message)).toMatch(
			/Did you mean (github_list_issues or linear_list_issues|linear_list_issues or github_list_issues)\?$/,
		);
	});

	it("sees tools added to the set after it was wired, and servers sharing one codec", async () => {
		const first = await mcp();
		const second = await mcp(GITHUB);
		const codec = new WireNameCodec();
		const tools: ToolSet = { ...wireToolSet(first.tools, { codec }) };
		expect((await run(tools, "create_issue")).errors).toHaveLength(1);
		Object.assign(tools, wireToolSet(second.tools, { codec }), {
			my_tool: myTool,
		});
		expect((await run(tools, "create_issue")).log).toEqual([
			"[mcp-tool-names] Auto-corrected tool call to github/create_issue (input: create_issue).",
		]);
		expect(second.server.calls).toEqual(["github/create_issue"]);
	});
});

describe("repairToolCall hints", () => {
	it("puts Did you mean in the tool error the model reads, and a model that follows it succeeds", async () => {
		const { server, tools } = await mcp([
			{ name: "users/get_user", readOnly: true },
			{ name: "linear.list_issues", readOnly: true },
		]);
		// A model that reads the tool error and retries with the name it suggests.
		const read: string[] = [];
		let turn = 0;
		const model = new MockLanguageModelV3({
			doGenerate: async ({ prompt }) => {
				turn += 1;
				if (turn === 1) return reply({ call: "set_user" });
				if (turn === 3) return reply({ text: "done" });
				for (const message of prompt)
					if (message.role === "tool")
						for (const part of message.content)
							if (
								part.type === "tool-result" &&
								part.output.type === "error-text"
							)
								read.push(part.output.value);
				const hinted = /Did you mean ([\w.-]+)\?$/.exec(read.at(-1) ?? "");
				return reply(
					hinted?.[1] === undefined ? { text: "gave up" } : { call: hinted[1] },
				);
			},
		});
		const result = await generateText({
			model,
			tools: wireToolSet(tools),
			stopWhen: stepCountIs(4),
			experimental_repairToolCall: repairToolCall(),
			prompt: "go",
		});
		expect(read).toEqual([
			"Model tried to call unavailable tool 'set_user'. Available tools: users_get_user, linear_list_issues. Did you mean users_get_user?",
		]);
		expect(server.calls).toEqual(["users/get_user"]);
		expect(result.text).toBe("done");
	});
});

type Generated = Awaited<ReturnType<MockLanguageModelV3["doGenerate"]>>;

function reply(turn: { call: string } | { text: string }): Generated {
	const usage: Generated["usage"] = {
		inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
		outputTokens: { total: 1, text: 1, reasoning: 0 },
	};
	return "call" in turn
		? {
				content: [
					{
						type: "tool-call",
						toolCallId: `call-${turn.call}`,
						toolName: turn.call,
						input: JSON.stringify({ q: "x" }),
					},
				],
				finishReason: { unified: "tool-calls", raw: "tool_calls" },
				usage,
				warnings: [],
			}
		: {
				content: [{ type: "text", text: turn.text }],
				finishReason: { unified: "stop", raw: "stop" },
				usage,
				warnings: [],
			};
}
