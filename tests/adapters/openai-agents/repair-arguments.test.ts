// Rule 7 through the OpenAI Agents SDK: the repaired model weighs the call's arguments against
// the JSON Schema (`parameters`) the agent hands the model for each MCP tool.
import { fileURLToPath } from "node:url";
import { Agent, MCPServerStdio, Runner } from "@openai/agents";
import { repairModel, wrapMcpServer } from "mcp-tool-names/openai-agents";
import { afterEach, describe, expect, it } from "vitest";
import { ScriptedModel } from "./_model.js";

const CATALOG = fileURLToPath(
	new URL("../_hosts/stdio-catalog.ts", import.meta.url),
);

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map((close) => close()));
});

const runner = new Runner({ tracingDisabled: true });

async function run(sent: string, args: Record<string, unknown>) {
	const server = wrapMcpServer(
		new MCPServerStdio({
			name: "catalog",
			command: process.execPath,
			args: ["--import", "tsx", CATALOG, "arguments"],
		}),
	);
	await server.connect();
	open.push(() => server.close());
	const model = repairModel(new ScriptedModel(sent, args), {
		servers: [server],
	});
	const agent = new Agent({ name: "helper", model, mcpServers: [server] });
	try {
		const result = await runner.run(agent, "go");
		return JSON.stringify(result.newItems.map((item) => item.toJSON()));
	} catch (error) {
		return `failed: ${(error as Error).message}`;
	}
}

describe("repairModel with arguments", () => {
	it("corrects send_mesage to send_message: send_messages cannot take {channel, text}", async () => {
		expect(await run("send_mesage", { channel: "c1", text: "hi" })).toContain(
			"send_message ran with",
		);
	});

	it("leaves remove_users {user_ids} alone: remove_user cannot take it", async () => {
		const output = await run("remove_users", { user_ids: ["u1"] });
		expect(output).not.toContain("ran with");
		expect(output).toContain("remove_users");
	});
});
