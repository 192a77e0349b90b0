// Rule 7 through the AI SDK: the repair hook weighs the call's input against the JSON Schema
// the SDK derives for each MCP tool (its `inputSchema` callback).
import { createMCPClient } from "@ai-sdk/mcp";
import { generateText, NoSuchToolError, stepCountIs, type ToolSet } from "ai";
import { repairToolCall, wireToolSet } from "mcp-tool-names/ai";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ARGUMENT_CATALOG, catalogServer } from "../_hosts/catalog-server.js";
import { quietToolNameWarnings } from "../sdk/_quiet.js";
import { modelCalling } from "./_model.js";

beforeAll(quietToolNameWarnings);

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map((close) => close()));
});

async function callWith(sent: string, input: Record<string, unknown>) {
	const server = catalogServer(ARGUMENT_CATALOG);
	const client = await createMCPClient({ transport: await server.connect() });
	open.push(async () => {
		await client.close();
		await server.close();
	});
	const tools: ToolSet = wireToolSet(await client.tools());
	const result = await generateText({
		model: modelCalling(sent, input),
		tools,
		stopWhen: stepCountIs(2),
		experimental_repairToolCall: repairToolCall(),
		prompt: "go",
	});
	const invalid = result.steps.flatMap((step) =>
		step.content.flatMap((part) =>
			part.type === "tool-call" && part.invalid === true ? [part.error] : [],
		),
	);
	return { calls: server.calls, invalid };
}

describe("repairToolCall with arguments", () => {
	it("corrects send_mesage to send_message: send_messages cannot take {channel, text}", async () => {
		const { calls } = await callWith("send_mesage", {
			channel: "c1",
			text: "hi",
		});
		expect(calls).toEqual(["send_message"]);
	});

	it("leaves remove_users {user_ids} unrepaired: remove_user cannot take it", async () => {
		const { calls, invalid } = await callWith("remove_users", {
			user_ids: ["u1"],
		});
		expect(calls).toEqual([]);
		expect(NoSuchToolError.isInstance(invalid[0])).toBe(true);
		// The same name with arguments remove_user takes is a plural slip: corrected.
		expect((await callWith("remove_users", { user_id: "u1" })).calls).toEqual([
			"remove_user",
		]);
	});
});
