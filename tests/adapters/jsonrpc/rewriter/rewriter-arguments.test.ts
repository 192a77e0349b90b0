// Rule 7 on the jsonrpc path: the rewriter keeps each listed tool's inputSchema and weighs a
// tools/call's arguments against them (what the proxy does for every client).
import { WireRewriter } from "mcp-tool-names/jsonrpc";
import { describe, expect, it } from "vitest";
import { listRequest, listResult, notFoundError, tool } from "../_messages.js";

const schema = (...required: string[]) => ({
	inputSchema: {
		type: "object",
		properties: Object.fromEntries(
			required.map((p) => [p, { type: "string" }]),
		),
		required,
	},
});

function rewriter(options: ConstructorParameters<typeof WireRewriter>[0]) {
	const made = new WireRewriter(options);
	made.clientToServer(listRequest(0));
	made.serverToClient(
		listResult(0, [
			tool("chat/send_message", {
				...schema("channel", "text"),
				annotations: { destructiveHint: false },
			}),
			tool("chat/send_messages", {
				...schema("messages"),
				annotations: { destructiveHint: false },
			}),
			tool("chat/remove_user", {
				...schema("user_id"),
				annotations: { destructiveHint: false },
			}),
		]),
	);
	return made;
}

const call = (id: number, name: string, args: Record<string, unknown>) => ({
	jsonrpc: "2.0" as const,
	id,
	method: "tools/call" as const,
	params: { name, arguments: args },
});

describe("WireRewriter weighs a call's arguments", () => {
	it("corrects chat_send_mesage {channel, text} to chat/send_message", () => {
		const told: string[] = [];
		const r = rewriter({
			resolve: true,
			onCorrection: (message) => told.push(message),
		});
		const out = r.clientToServer(
			call(1, "chat_send_mesage", { channel: "c1", text: "hi" }),
		);
		expect(out.params.name).toBe("chat/send_message");
		expect(told).toHaveLength(1);
		// Arguments neither tool takes: forwarded as sent.
		expect(r.clientToServer(call(2, "chat_send_mesage", {})).params.name).toBe(
			"chat_send_mesage",
		);
	});

	it("forwards chat_remove_users {user_ids} as sent, and hints why on the not-found answer", () => {
		const r = rewriter({ resolve: true });
		const sent = "chat_remove_users";
		expect(
			r.clientToServer(call(3, sent, { user_ids: "u1" })).params.name,
		).toBe(sent);
		const answer = r.serverToClient(notFoundError(3, sent));
		expect(answer.error.message).toMatch(
			/Did you mean chat_remove_user\? \(it does not take these arguments\)$/,
		);
		expect(r.clientToServer(call(4, sent, { user_id: "u1" })).params.name).toBe(
			"chat/remove_user",
		);
	});
});
