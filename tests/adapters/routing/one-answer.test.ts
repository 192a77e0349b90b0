// One answer per slip, whichever entry: the README's slips, the doubled names and the shapes a
// dropped or glued namespace leaves are sent through every entry, each through its real
// package, against the same catalog (TABLE_CATALOG), and each must make the same decision:
// run the same canonical tool, or leave the call to fail with the same hint where the caller
// or model reads errors. Namespaced calls themselves (Responses API `namespace`) are in the
// namespaces tests of the entries that receive them.
import { fileURLToPath } from "node:url";
import { createMCPClient } from "@ai-sdk/mcp";
import { AIMessage, type ToolMessage } from "@langchain/core/messages";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { loadMcpTools } from "@langchain/mcp-adapters";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import * as agents014 from "@openai/agents";
import { generateText, stepCountIs, type ToolSet } from "ai";
import { repairToolCall as aiRepair, wireToolSet } from "mcp-tool-names/ai";
import { wrapTransport } from "mcp-tool-names/jsonrpc";
import {
	repairToolCall as langchainRepair,
	wireTools,
} from "mcp-tool-names/langchain";
import { repairModel, wrapMcpServer } from "mcp-tool-names/openai-agents";
import { wrapClient, wrapServer } from "mcp-tool-names/sdk";
import * as agents020 from "openai-agents-v0-20";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogServer, TABLE_CATALOG } from "../_hosts/catalog-server.js";
import { modelCalling } from "../ai/_model.js";
import { ScriptedModel } from "../openai-agents/_model.js";
import {
	CLIENT_KITS,
	type Peer,
	quietToolNameWarnings,
	SERVER_KITS,
	type ServerHandle,
	type ServerKit,
} from "../sdk/_kits.js";

beforeAll(quietToolNameWarnings);

/** What the caller or model reads after one call, and the canonical tool that ran, if any. */
interface Outcome {
	ran: string | undefined;
	said: string;
	/** What the entry logged, shown when a row fails. */
	log?: string;
}

interface Entry {
	label: string;
	/** Whether the entry's framework lets an error text reach the model (LangGraph's ToolNode does not let anyone add to it). */
	hints: boolean;
	start(): Promise<void>;
	call(sent: string): Promise<Outcome>;
	stop(): Promise<void>;
}

/**
 * The decision each slip gets. `runs`: the canonical tool that must run; `hint`: the call
 * fails and what the caller reads ends with this sentence.
 */
const ROWS: { sent: string; runs?: string; hint?: string }[] = [
	{ sent: "fetch_content", runs: "websearch/fetch_content" },
	{ sent: "linear.listIssues", runs: "linear.list_issues" },
	{ sent: "linear_listIssues", runs: "linear.list_issues" },
	{ sent: "execute_sq", runs: "execute_sql" },
	{ sent: "set_user", runs: "users/set_user" },
	{ sent: "websearch/fetch_content", runs: "websearch/fetch_content" },
	{ sent: "get_user", hint: "Did you mean users_set_user?" },
	{ sent: "file_delete_all", hint: "Did you mean files_delete_all?" },
	{ sent: "delete_all", hint: "Did you mean files_delete_all?" },
	{
		sent: "linear_list_issue",
		hint: "Did you mean linear_list_issues or linear_list_issue_statuses?",
	},
	// Written twice (resolution rule 9): a tool's wire name, glued or joined.
	{
		sent: "websearch_fetch_content.websearch_fetch_content",
		runs: "websearch/fetch_content",
	},
	{ sent: "exec_commandexec_command", runs: "exec_command" },
	// A part of a name written twice is no tool written twice: a hint.
	{
		sent: "fetch_contentfetch_content",
		hint: "Did you mean websearch_fetch_content?",
	},
];

const SPECS = TABLE_CATALOG.map((tool) => ({
	name: tool.name,
	...(tool.destructive === undefined ? {} : { destructive: tool.destructive }),
}));

const CATALOG = fileURLToPath(
	new URL("../_hosts/stdio-catalog.ts", import.meta.url),
);
const CLI = fileURLToPath(new URL("../../../src/cli/bin.ts", import.meta.url));

/** `X ran with …`, the catalog server's answer, names the canonical tool that ran. */
const ranIn = (text: string): string | undefined =>
	/(?:^|")([^"\s]+) ran with/.exec(text)?.[1];

function kit(label: string): ServerKit {
	return SERVER_KITS.find((kit) => kit.label === label) as ServerKit;
}

/** An SDK entry over the SDK's in-memory transport, with the kits' servers and clients. */
function sdkEntry(
	label: string,
	serverKit: ServerKit,
	connect: (kit: ServerKit, handle: ServerHandle) => Promise<Peer>,
): Entry {
	let handle: ServerHandle;
	let peer: Peer;
	return {
		label,
		hints: true,
		async start() {
			handle = serverKit.create();
			for (const spec of SPECS) handle.add(spec);
			peer = await connect(serverKit, handle);
		},
		async call(sent) {
			const before = handle.calls.length;
			const outcome = await peer.call(sent, { q: "x" });
			return { ran: handle.calls[before], said: outcome.text };
		},
		stop: () => peer.close(),
	};
}

const wrappedServer = (label: string): Entry =>
	sdkEntry(`wrapServer, ${label}`, kit(label), (serverKit, handle) => {
		wrapServer(handle.server, { resolve: true });
		return serverKit.connect(handle.server);
	});

const ENTRIES: Entry[] = [
	wrappedServer("SDK 1.32 McpServer"),
	wrappedServer("SDK 2.4 McpServer"),
	...CLIENT_KITS.map((clientKit) =>
		sdkEntry(
			`wrapClient, ${clientKit.label}`,
			kit(clientKit.line === "v1" ? "SDK 1.32 McpServer" : "SDK 2.4 McpServer"),
			(_, handle) => {
				const client = clientKit.create();
				wrapClient(client);
				return clientKit.link(handle.server, client);
			},
		),
	),
	sdkEntry(
		"WireRewriter (wrapTransport), SDK 1.32 McpServer",
		kit("SDK 1.32 McpServer"),
		async (serverKit, handle) => {
			const peer = await serverKit.connect(handle.server, (transport) =>
				wrapTransport(transport, { side: "server", resolve: true }),
			);
			// A bare rewriter learns the catalog from a listing that passes it (the proxy
			// primes its own, see its row): list first, as clients do.
			await peer.list();
			return peer;
		},
	),
	proxyEntry(),
	aiEntry(),
	agentsEntry("0.14.3", agents014),
	agentsEntry("0.20.0", agents020 as unknown as typeof agents014),
	langchainEntry(),
];

/** `mcp-tool-names proxy` over real stdio, with the catalog over real stdio behind it. */
function proxyEntry(): Entry {
	let client: Client;
	let log = "";
	return {
		label: "mcp-tool-names proxy (stdio)",
		hints: true,
		async start() {
			client = new Client({ name: "one-answer", version: "1.0.0" });
			const transport = new StdioClientTransport({
				command: process.execPath,
				args: [
					"--import",
					"tsx",
					CLI,
					"proxy",
					"--",
					process.execPath,
					"--import",
					"tsx",
					CATALOG,
					"table",
				],
				stderr: "pipe",
			});
			transport.stderr?.on("data", (chunk: Buffer) => {
				log += chunk.toString();
			});
			// No tools/list first: the proxy lists for itself, so a call before any list routes.
			await client.connect(transport);
		},
		async call(sent) {
			try {
				const result = await client.callTool({
					name: sent,
					arguments: { q: "x" },
				});
				const said = JSON.stringify(result.content);
				return { ran: ranIn(said), said, log };
			} catch (error) {
				return { ran: undefined, said: (error as Error).message, log };
			}
		},
		stop: () => client.close(),
	};
}

/** The AI SDK's generateText with `@ai-sdk/mcp` tools, wired and repaired. */
function aiEntry(): Entry {
	const server = catalogServer(TABLE_CATALOG);
	let close: () => Promise<void>;
	let tools: ToolSet;
	return {
		label: "ai: wireToolSet + repairToolCall",
		hints: true,
		async start() {
			const client = await createMCPClient({
				transport: await server.connect(),
			});
			close = async () => {
				await client.close();
				await server.close();
			};
			tools = wireToolSet(await client.tools());
		},
		async call(sent) {
			const before = server.calls.length;
			const result = await generateText({
				model: modelCalling(sent, { q: "x" }),
				tools,
				stopWhen: stepCountIs(2),
				experimental_repairToolCall: aiRepair(),
				prompt: "go",
			});
			const said = result.steps
				.flatMap((step) => step.content)
				.map((part) =>
					part.type === "tool-call" && part.invalid === true
						? String((part.error as Error).message)
						: part.type === "tool-result"
							? JSON.stringify(part.output)
							: "",
				)
				.join("");
			return { ran: server.calls[before], said };
		},
		stop: () => close(),
	};
}

/** The Agents SDK's Runner with a wrapped MCPServerStdio and a repaired model. */
function agentsEntry(version: string, agents: typeof agents014): Entry {
	const { Agent, MCPServerStdio, Runner } = agents;
	let server: agents014.MCPServerStdio;
	const runner = new Runner({
		tracingDisabled: true,
		toolNotFoundBehavior: "return_error_to_model",
	});
	return {
		label: `openai-agents ${version}: wrapMcpServer + repairModel`,
		hints: true,
		async start() {
			server = wrapMcpServer(
				new MCPServerStdio({
					name: "catalog",
					command: process.execPath,
					args: ["--import", "tsx", CATALOG, "table"],
				}),
			);
			await server.connect();
		},
		async call(sent) {
			const model = new ScriptedModel(sent);
			const agent = new Agent({
				name: "helper",
				model: repairModel(model, { servers: [server] }),
				mcpServers: [server],
			});
			await runner.run(agent, "go");
			// What the model read back: the tool's output, or the runner's error with the hint.
			const said = model.read.join("");
			return { ran: ranIn(said), said };
		},
		stop: () => server.close(),
	};
}

/** LangGraph's ToolNode with `@langchain/mcp-adapters` tools, wired and repaired. */
function langchainEntry(): Entry {
	const server = catalogServer(TABLE_CATALOG);
	const client = new Client({ name: "langchain", version: "1.0.0" });
	let tools: Awaited<ReturnType<typeof loadMcpTools>>;
	return {
		label: "langchain: wireTools + repairToolCall",
		hints: false,
		async start() {
			await client.connect(await server.connect());
			tools = wireTools(await loadMcpTools("catalog", client));
		},
		async call(sent) {
			const before = server.calls.length;
			const call = { id: "call-1", name: sent, args: { q: "x" } };
			const message = new AIMessage({
				content: "",
				tool_calls: [langchainRepair(call, tools) ?? call],
			});
			const { messages } = (await new ToolNode(tools).invoke({
				messages: [message],
			})) as { messages: ToolMessage[] };
			return {
				ran: server.calls[before],
				said: String(messages[0]?.content),
			};
		},
		async stop() {
			await client.close();
			await server.close();
		},
	};
}

describe.each(ENTRIES)("$label", (entry) => {
	beforeAll(() => entry.start(), 60_000);
	afterAll(() => entry.stop());

	it.each(ROWS)("decides $sent like every other entry", async (row) => {
		const outcome = await entry.call(row.sent);
		const context = `${outcome.said}\n${outcome.log ?? ""}`;
		if (row.runs !== undefined) {
			expect(outcome.ran, context).toBe(row.runs);
			return;
		}
		expect(outcome.ran, context).toBeUndefined();
		if (entry.hints) expect(outcome.said).toContain(row.hint);
		else expect(outcome.said).toContain(`Tool "${row.sent}" not found.`);
	});
});
