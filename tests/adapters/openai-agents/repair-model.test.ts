import { fileURLToPath } from "node:url";
import {
	Agent,
	MCPServerStdio,
	ModelBehaviorError,
	Runner,
	tool,
} from "@openai/agents";
import { isMcpToolNamesError } from "mcp-tool-names";
import { repairModel, wrapMcpServer } from "mcp-tool-names/openai-agents";
import { afterEach, describe, expect, it } from "vitest";
import * as z from "zod";
import { failureOf, trap } from "../../_support/hostile.js";
import { HintFollowingModel, ScriptedModel } from "./_model.js";

const CATALOG = fileURLToPath(
	new URL("../_hosts/stdio-catalog.ts", import.meta.url),
);

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map((close) => close()));
});

async function catalog(): Promise<MCPServerStdio> {
	const server = wrapMcpServer(
		new MCPServerStdio({
			name: "catalog",
			command: process.execPath,
			args: ["--import", "tsx", CATALOG],
		}),
	);
	await server.connect();
	open.push(() => server.close());
	return server;
}

const runner = new Runner({ tracingDisabled: true });

const outputOf = (result: { newItems: { toJSON(): unknown }[] }): string =>
	JSON.stringify(result.newItems.map((item) => item.toJSON()));

describe("repairModel", () => {
	it("corrects a camelCased name onto the MCP tool's wire name, and the tool runs", async () => {
		const server = await catalog();
		const messages: string[] = [];
		const model = repairModel(new ScriptedModel("linear_listIssues"), {
			servers: [server],
			onCorrection: (message) => messages.push(message),
		});
		const agent = new Agent({ name: "helper", model, mcpServers: [server] });
		const result = await runner.run(agent, "go");
		expect(outputOf(result)).toContain("linear.list_issues ran with");
		expect(messages).toEqual([
			"[mcp-tool-names] Auto-corrected tool call to linear.list_issues (input: linear_listIssues).",
		]);
		expect(result.finalOutput).toBe("done");
	});

	it("routes on the canonical names: fetch_content reaches websearch/fetch_content", async () => {
		const server = await catalog();
		const messages: string[] = [];
		const model = repairModel(new ScriptedModel("fetch_content"), {
			servers: [server],
			onCorrection: (message) => messages.push(message),
		});
		const agent = new Agent({ name: "helper", model, mcpServers: [server] });
		expect(outputOf(await runner.run(agent, "go"))).toContain(
			"websearch/fetch_content ran with",
		);
		expect(messages).toEqual([
			"[mcp-tool-names] Auto-corrected tool call to websearch/fetch_content (input: fetch_content).",
		]);
	});

	it("puts Did you mean after Tool 'x' not found., and a model that follows it succeeds", async () => {
		const server = await catalog();
		const scripted = new HintFollowingModel("set_user");
		const agent = new Agent({
			name: "helper",
			model: repairModel(scripted, { servers: [server] }),
			mcpServers: [server],
		});
		const result = await new Runner({
			tracingDisabled: true,
			toolNotFoundBehavior: "return_error_to_model",
		}).run(agent, "go");
		expect(scripted.read[0]).toBe(
			"Tool 'set_user' not found. Did you mean get_user?",
		);
		expect(outputOf(result)).toContain("get_user ran with");
		expect(result.finalOutput).toBe("done");
	});

	it("repairs streamed responses too", async () => {
		const server = await catalog();
		const model = repairModel(new ScriptedModel("websearch_fetchContent"), {
			servers: [server],
		});
		const agent = new Agent({ name: "helper", model, mcpServers: [server] });
		const result = await runner.run(agent, "go", { stream: true });
		await result.completed;
		expect(outputOf(result)).toContain("websearch/fetch_content ran with");
	});

	it("without it, the same call fails in the runner", async () => {
		const server = await catalog();
		const agent = new Agent({
			name: "helper",
			model: new ScriptedModel("linear_listIssues"),
			mcpServers: [server],
		});
		await expect(runner.run(agent, "go")).rejects.toThrow(ModelBehaviorError);
	});

	it("does not turn set_user into get_user", async () => {
		const server = await catalog();
		const model = repairModel(new ScriptedModel("set_user"), {
			servers: [server],
		});
		const agent = new Agent({ name: "helper", model, mcpServers: [server] });
		await expect(runner.run(agent, "go")).rejects.toThrow(
			"Tool set_user not found in agent helper.",
		);
	});

	it("never corrects onto a tool its wrapped server lists as destructive", async () => {
		const server = await catalog();
		const guarded = new Agent({
			name: "guarded",
			model: repairModel(new ScriptedModel("file_delete_all"), {
				servers: [server],
			}),
			mcpServers: [server],
		});
		await expect(runner.run(guarded, "go")).rejects.toThrow(ModelBehaviorError);
		// Without the server's annotations only the name rules guard it, and they allow it.
		const blind = new Agent({
			name: "blind",
			model: repairModel(new ScriptedModel("file_delete_all")),
			mcpServers: [server],
		});
		expect(outputOf(await runner.run(blind, "go"))).toContain(
			"files/delete_all ran with",
		);
	});

	it("keeps the destructive guard when the agent prefixes MCP tool names with the server's", async () => {
		const server = await catalog();
		const agentWith = (model: ScriptedModel, servers: MCPServerStdio[]) =>
			new Agent({
				name: "prefixed",
				model: repairModel(model, { servers }),
				mcpServers: [server],
				mcpConfig: { includeServerInToolNames: true },
			});
		const guarded = new ScriptedModel("mcp_catalog__file_delete_all");
		await expect(
			runner.run(agentWith(guarded, [server]), "go"),
		).rejects.toThrow(ModelBehaviorError);
		expect(guarded.offered[0]).toContain("mcp_catalog__files_delete_all");
		const blind = new ScriptedModel("mcp_catalog__file_delete_all");
		expect(outputOf(await runner.run(agentWith(blind, []), "go"))).toContain(
			"files/delete_all ran with",
		);
	});

	it("corrects onto the agent's own function tools, guarded by isProtected", async () => {
		const ran: string[] = [];
		const purge = tool({
			name: "purge_cache",
			description: "Purge the cache",
			parameters: z.object({ q: z.string() }),
			execute: async () => {
				ran.push("purge_cache");
				return "purged";
			},
		});
		const agentWith = (isProtected?: (name: string) => boolean) =>
			new Agent({
				name: "local",
				model: repairModel(
					new ScriptedModel("purge_caches"),
					isProtected === undefined ? {} : { isProtected },
				),
				tools: [purge],
			});
		await expect(
			runner.run(
				agentWith((name) => name === "purge_cache"),
				"go",
			),
		).rejects.toThrow(ModelBehaviorError);
		await runner.run(agentWith(), "go");
		expect(ran).toEqual(["purge_cache"]);
	});

	it("refuses a server that wrapMcpServer did not wrap", () => {
		const raw = new MCPServerStdio({ command: "unused" });
		expect(() =>
			repairModel(new ScriptedModel("x"), { servers: [raw] }),
		).toThrow(
			"repairModel option servers[0] is not a server from wrapMcpServer; wrap it first, so its annotations are known",
		);
		try {
			repairModel({} as ScriptedModel);
		} catch (error) {
			expect(isMcpToolNamesError(error)).toBe(true);
		}
		expect.assertions(2);
	});

	it("refuses a model that is not a Model, or whose properties throw when read, naming the argument", () => {
		expect(failureOf(() => repairModel({} as ScriptedModel))).toEqual({
			code: "invalid-argument",
			message:
				"repairModel expects model to be a Model (with getResponse), got an object",
		});
		expect(failureOf(() => repairModel(trap as ScriptedModel))).toEqual({
			code: "invalid-argument",
			message:
				"repairModel expects model to be a Model (with getResponse), got an object that throws when read: hostile getter",
		});
	});

	it("refuses options and servers that throw when read, and servers that are not an array", () => {
		const model = new ScriptedModel("x");
		expect(failureOf(() => repairModel(model, trap as never)).code).toBe(
			"invalid-argument",
		);
		expect(
			failureOf(() => repairModel(model, { servers: {} as never })),
		).toEqual({
			code: "invalid-option",
			message:
				"repairModel option servers must be an array of servers from wrapMcpServer, got an object",
		});
		const servers = new Proxy([], {
			get(): never {
				throw new Error("no servers");
			},
		});
		expect(failureOf(() => repairModel(model, { servers }))).toEqual({
			code: "invalid-argument",
			message:
				"repairModel expects options.servers to be an array of servers from wrapMcpServer, got an array that throws when read: no servers",
		});
	});
});
