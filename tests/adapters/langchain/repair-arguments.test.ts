// Rule 7 through LangChain: the repair weighs the call's `args` against the JSON Schema
// `@langchain/mcp-adapters` sets from each MCP tool's `inputSchema`.
import { loadMcpTools } from "@langchain/mcp-adapters";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { repairToolCall, wireTools } from "mcp-tool-names/langchain";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ARGUMENT_CATALOG, catalogServer } from "../_hosts/catalog-server.js";
import { quietToolNameWarnings } from "../sdk/_quiet.js";

beforeAll(quietToolNameWarnings);

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map((close) => close()));
});

async function tools() {
	const server = catalogServer(ARGUMENT_CATALOG);
	const client = new Client({ name: "langchain-test", version: "1.0.0" });
	await client.connect(await server.connect());
	open.push(async () => {
		await client.close();
		await server.close();
	});
	return wireTools(await loadMcpTools("catalog", client));
}

const call = (name: string, args: Record<string, unknown>) => ({
	id: "call-1",
	name,
	args,
	type: "tool_call" as const,
});

describe("repairToolCall with arguments", () => {
	it("corrects send_mesage to send_message: send_messages cannot take {channel, text}", async () => {
		const loaded = await tools();
		expect(
			repairToolCall(call("send_mesage", { channel: "c1", text: "hi" }), loaded)
				?.name,
		).toBe("send_message");
		// Arguments neither tool can take: no guess.
		expect(repairToolCall(call("send_mesage", {}), loaded)).toBeNull();
	});

	it("leaves remove_users {user_ids} alone: remove_user cannot take it", async () => {
		const loaded = await tools();
		expect(
			repairToolCall(call("remove_users", { user_ids: ["u1"] }), loaded),
		).toBeNull();
		expect(
			repairToolCall(call("remove_users", { user_id: "u1" }), loaded)?.name,
		).toBe("remove_user");
	});
});
