// Calls that carry a Responses API namespace, through the Agents SDK's own OpenAI model and
// runner, on the tested 0.14 line and the current 0.x (whose MCP client is SDK 2.x), side by
// side. The host puts the MCP server's tools in one namespace (`toolNamespace`), as DESIGN's
// "Calls that carry a namespace" describes, and keeps `exec_command` top-level.
import { fileURLToPath } from "node:url";
import * as v014 from "@openai/agents";
import { repairModel, wrapMcpServer } from "mcp-tool-names/openai-agents";
import * as v020 from "openai-agents-v0-20";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import {
	callsOnce,
	type FunctionCallItem,
	type ResponsesApi,
	responsesApi,
	toolOutputsOf,
} from "../_hosts/responses-api.js";

const CATALOG = fileURLToPath(
	new URL("../_hosts/stdio-catalog.ts", import.meta.url),
);

type Agents = typeof v014;

const LINES: { label: string; agents: Agents }[] = [
	{ label: "@openai/agents 0.14.3", agents: v014 },
	{ label: "@openai/agents 0.20.0", agents: v020 as unknown as Agents },
];

/** What a run made of one scripted call: the tool that ran, or the text the model read. */
interface Outcome {
	ran: string[];
	/** The tool outputs the model was sent back, in order. */
	outputs: string[];
	corrections: string[];
}

describe.each(LINES)(
	"repairModel with $label, namespaced calls",
	({ agents }) => {
		let server: v014.MCPServerStdio;
		let namespaced: v014.Tool[];
		beforeAll(async () => {
			server = wrapMcpServer(
				new agents.MCPServerStdio({
					name: "catalog",
					command: process.execPath,
					args: ["--import", "tsx", CATALOG],
				}),
			);
			await server.connect();
			const listed = await server.listTools();
			namespaced = agents.toolNamespace({
				name: "catalog",
				description: "The catalog MCP server",
				tools: listed.map((tool) =>
					agents.mcpToFunctionTool(tool, server, false),
				),
			});
		}, 60_000);
		afterAll(() => server?.close());

		async function run(
			call: FunctionCallItem,
			repair = true,
		): Promise<Outcome> {
			const api: ResponsesApi = await responsesApi(callsOnce(call));
			const ran: string[] = [];
			const corrections: string[] = [];
			try {
				const provider = new agents.OpenAIProvider({
					apiKey: "test",
					baseURL: api.base,
					useResponses: true,
				});
				const model = await provider.getModel("gpt-5");
				const exec = agents.tool({
					name: "exec_command",
					description: "Run a command",
					parameters: z.object({ q: z.string().optional() }),
					execute: async () => {
						ran.push("exec_command");
						return "exec_command ran";
					},
				});
				// Another server's namespace beside the catalog's, with a tool of its own.
				const crm = agents.toolNamespace({
					name: "crm",
					description: "The CRM server",
					tools: [
						agents.tool({
							name: "get_contact",
							description: "Get a contact",
							parameters: z.object({ q: z.string().optional() }),
							execute: async () => "get_contact ran",
						}),
					],
				});
				const agent = new agents.Agent({
					name: "helper",
					model: repair
						? repairModel(model, {
								servers: [server],
								onCorrection: (message) => corrections.push(message),
							})
						: model,
					tools: [...namespaced, ...crm, exec],
				});
				const runner = new agents.Runner({
					tracingDisabled: true,
					toolNotFoundBehavior: "return_error_to_model",
				});
				const result = await runner.run(agent, "go");
				expect(result.finalOutput).toBe("done");
				const outputs = toolOutputsOf(api.requests[1]);
				for (const output of outputs) {
					const canonical = /^(.+) ran with/.exec(output)?.[1];
					if (canonical !== undefined) ran.push(canonical);
				}
				return { ran, outputs, corrections };
			} finally {
				await api.close();
			}
		}

		it("sends the server as a namespace tool with wire names inside", async () => {
			const api = await responsesApi(callsOnce());
			try {
				const provider = new agents.OpenAIProvider({
					apiKey: "test",
					baseURL: api.base,
					useResponses: true,
				});
				const agent = new agents.Agent({
					name: "helper",
					model: await provider.getModel("gpt-5"),
					tools: namespaced,
				});
				await new agents.Runner({ tracingDisabled: true }).run(agent, "go");
				const [tool] = api.requests[0]?.tools ?? [];
				expect(tool?.type).toBe("namespace");
				expect(tool?.name).toBe("catalog");
				expect(
					((tool?.tools ?? []) as { name: string }[])
						.map((inner) => inner.name)
						.sort(),
				).toEqual([
					"files_delete_all",
					"get_user",
					"linear_list_issues",
					"websearch_fetch_content",
				]);
			} finally {
				await api.close();
			}
		});

		it("lets the SDK run a call with the right namespace and name", async () => {
			const outcome = await run({
				namespace: "catalog",
				name: "linear_list_issues",
			});
			expect(outcome.ran).toEqual(["linear.list_issues"]);
			expect(outcome.corrections).toEqual([]);
		});

		it("corrects a slip inside the namespace", async () => {
			const outcome = await run({
				namespace: "catalog",
				name: "linear_listIssues",
			});
			expect(outcome.ran).toEqual(["linear.list_issues"]);
			expect(outcome.corrections).toEqual([
				"[mcp-tool-names] Auto-corrected tool call to catalog/linear.list_issues (input: catalog/linear_listIssues).",
			]);
		});

		it("reads a namespace equal to the name as the top-level tool, which the SDK alone does not find", async () => {
			const call = { namespace: "exec_command", name: "exec_command" };
			expect((await run(call, false)).outputs).toEqual([
				"Tool 'exec_command' not found.",
			]);
			const outcome = await run(call);
			expect(outcome.ran).toEqual(["exec_command"]);
			expect(outcome.corrections).toEqual([]);
		});

		it("puts back a namespace the model dropped", async () => {
			const call = { name: "linear_list_issues" };
			expect((await run(call, false)).ran).toEqual([]);
			expect((await run(call)).ran).toEqual(["linear.list_issues"]);
			// …and the namespace a wire name flattened, on the canonical names.
			expect((await run({ name: "fetch_content" })).ran).toEqual([
				"websearch/fetch_content",
			]);
		});

		it("never routes a call under another server's namespace to this server's tool: it hints", async () => {
			const outcome = await run({
				namespace: "crm",
				name: "linear_list_issues",
			});
			expect(outcome.ran).toEqual([]);
			expect(outcome.outputs).toEqual([
				"Tool 'crm.linear_list_issues' not found. Did you mean catalog.linear_list_issues?",
			]);
		});

		it("corrects a name written twice (a namespace glued to a name equal to it)", async () => {
			const outcome = await run({ name: "exec_commandexec_command" });
			expect(outcome.ran).toEqual(["exec_command"]);
		});
	},
);
