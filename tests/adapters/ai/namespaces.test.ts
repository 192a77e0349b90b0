// Calls that carry a Responses API namespace, through the AI SDK's own OpenAI provider
// (`@ai-sdk/openai` 3.0.139): it sends each tool's `providerOptions.openai.namespace` as a
// `namespace` tool, and hands a call's `namespace` to the repair in
// `providerMetadata.openai.namespace`, while it looks a tool up by its bare name.
import { createMCPClient } from "@ai-sdk/mcp";
import { createOpenAI } from "@ai-sdk/openai";
import { generateText, stepCountIs, tool } from "ai";
import { repairToolCall, wireToolSet } from "mcp-tool-names/ai";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import { catalogServer } from "../_hosts/catalog-server.js";
import {
	callsOnce,
	type FunctionCallItem,
	responsesApi,
	toolOutputsOf,
} from "../_hosts/responses-api.js";
import { quietToolNameWarnings } from "../sdk/_quiet.js";

beforeAll(quietToolNameWarnings);

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map((close) => close()));
});

const NAMESPACE = { name: "catalog", description: "The catalog MCP server" };

/** One scripted call through generateText; what ran, what the model read back. */
async function run(call: FunctionCallItem) {
	const server = catalogServer();
	const client = await createMCPClient({ transport: await server.connect() });
	const api = await responsesApi(callsOnce(call));
	open.push(async () => {
		await client.close();
		await server.close();
		await api.close();
	});
	const ran: string[] = [];
	const corrections: string[] = [];
	const tools = {
		...wireToolSet(await client.tools(), { namespace: NAMESPACE }),
		// Another server's namespace beside the catalog's, with a tool of its own.
		get_contact: tool({
			description: "Get a contact",
			inputSchema: z.object({ q: z.string().optional() }),
			providerOptions: {
				openai: { namespace: { name: "crm", description: "The CRM server" } },
			},
			execute: async () => "get_contact ran",
		}),
		exec_command: tool({
			description: "Run a command",
			inputSchema: z.object({ q: z.string().optional() }),
			execute: async () => {
				ran.push("exec_command");
				return "exec_command ran";
			},
		}),
	};
	const result = await generateText({
		model: createOpenAI({ apiKey: "test", baseURL: api.base }).responses(
			"gpt-5",
		),
		tools,
		stopWhen: stepCountIs(2),
		experimental_repairToolCall: repairToolCall({
			onCorrection: (message) => corrections.push(message),
		}),
		prompt: "go",
	});
	expect(result.text).toBe("done");
	return {
		ran: [...server.calls, ...ran],
		outputs: toolOutputsOf(api.requests[1]),
		corrections,
		firstRequest: api.requests[0],
	};
}

describe("repairToolCall with @ai-sdk/openai, namespaced calls", () => {
	it("sends the server as a namespace tool with wire names inside, beside a top-level tool", async () => {
		const { firstRequest } = await run({
			namespace: "catalog",
			name: "get_user",
		});
		const [namespace, , top] = firstRequest?.tools ?? [];
		expect(namespace).toMatchObject({ type: "namespace", name: "catalog" });
		expect(
			((namespace?.tools ?? []) as { name: string }[]).map(
				(inner) => inner.name,
			),
		).toEqual([
			"linear_list_issues",
			"get_user",
			"websearch_fetch_content",
			"files_delete_all",
		]);
		expect(top).toMatchObject({ type: "function", name: "exec_command" });
	});

	it("corrects a slip inside the namespace, naming the canonical tool", async () => {
		const outcome = await run({
			namespace: "catalog",
			name: "linear_listIssues",
		});
		expect(outcome.ran).toEqual(["linear.list_issues"]);
		expect(outcome.corrections).toEqual([
			"[mcp-tool-names] Auto-corrected tool call to catalog/linear.list_issues (input: catalog/linear_listIssues).",
		]);
	});

	it("runs a call whose namespace equals its name: the SDK looks the tool up by name", async () => {
		const outcome = await run({
			namespace: "exec_command",
			name: "exec_command",
		});
		expect(outcome.ran).toEqual(["exec_command"]);
		expect(outcome.corrections).toEqual([]);
	});

	it("reaches the namespaced tool of a call that dropped the namespace, on the canonical names", async () => {
		expect((await run({ name: "linear_list_issues" })).ran).toEqual([
			"linear.list_issues",
		]);
		expect((await run({ name: "fetch_content" })).ran).toEqual([
			"websearch/fetch_content",
		]);
	});

	it("never corrects a slip under another server's namespace; the model reads the hint", async () => {
		const outcome = await run({
			namespace: "crm",
			name: "linear_listIssues",
		});
		expect(outcome.ran).toEqual([]);
		expect(outcome.outputs).toHaveLength(1);
		expect(outcome.outputs[0]).toMatch(
			/^Model tried to call unavailable tool 'linear_listIssues'\. .* Did you mean linear_list_issues\?$/,
		);
	});

	it("leaves to the SDK a right name under another server's namespace: it runs the tool of that name", async () => {
		// The AI SDK keys tools by bare name and never asks the repair about a name it has;
		// docs/hosts.md says so.
		const outcome = await run({
			namespace: "crm",
			name: "linear_list_issues",
		});
		expect(outcome.ran).toEqual(["linear.list_issues"]);
	});

	it("corrects a name written twice (a namespace glued to a name equal to it)", async () => {
		const outcome = await run({ name: "exec_commandexec_command" });
		expect(outcome.ran).toEqual(["exec_command"]);
	});
});
