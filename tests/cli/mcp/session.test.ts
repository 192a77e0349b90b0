import { describe, expect, it } from "vitest";
import { Deadline, DeadlineExpired } from "../../../src/cli/mcp/deadline.js";
import {
	type Channel,
	listServerTools,
	RpcSession,
} from "../../../src/cli/mcp/session.js";
import { RpcFailure } from "../../../src/cli/mcp/target-errors.js";

type Reply = (message: Record<string, unknown>) => unknown[];

/** A channel whose server is a function from each message to the messages it sends back. */
function channelOf(
	reply: Reply,
): Channel & { sent: Record<string, unknown>[] } {
	const sent: Record<string, unknown>[] = [];
	const channel: Channel & { sent: Record<string, unknown>[] } = {
		sent,
		send: async (message) => {
			sent.push(message);
			for (const answer of reply(message)) {
				queueMicrotask(() => channel.onmessage?.(answer));
			}
		},
	};
	return channel;
}

const quiet = { progress: { update() {}, stop() {} }, label: "the server" };

function server(pages: unknown[]): Reply {
	return (message) => {
		const { id, method } = message;
		if (method === "initialize") {
			return [
				{
					jsonrpc: "2.0",
					id,
					result: {
						protocolVersion: "2025-06-18",
						capabilities: { tools: {} },
						serverInfo: { name: "s", version: "1" },
					},
				},
			];
		}
		if (method === "tools/list") {
			const cursor = (message.params as { cursor?: string }).cursor;
			return [{ jsonrpc: "2.0", id, result: pages[Number(cursor ?? 0)] }];
		}
		return [];
	};
}

describe("listServerTools", () => {
	it("initializes, tells the server, and reads every page in order", async () => {
		const channel = channelOf(
			server([
				{ tools: [{ name: "a" }], nextCursor: "1" },
				{ tools: [{ name: "b" }, "not a tool"] },
			]),
		);
		const deadline = new Deadline(5_000);
		const listed = await listServerTools(channel, deadline, quiet);
		deadline.dispose();
		expect(listed).toEqual({
			tools: [{ name: "a" }, { name: "b" }, "not a tool"],
			server: { name: "s", version: "1" },
			pages: 2,
			noToolsCapability: false,
		});
		expect(channel.sent.map((m) => m.method)).toEqual([
			"initialize",
			"notifications/initialized",
			"tools/list",
			"tools/list",
		]);
	});

	it("stops on a repeated cursor and on a page without a tools array", async () => {
		const looping = channelOf(server([{ tools: [], nextCursor: "0" }]));
		await expect(
			listServerTools(looping, new Deadline(5_000), quiet),
		).rejects.toThrow(
			'broke the tools/list paging: page 2 repeated the cursor "0"; stopped listing',
		);
		const shapeless = channelOf(server([{ items: [] }]));
		await expect(
			listServerTools(shapeless, new Deadline(5_000), quiet),
		).rejects.toThrow(
			'broke the tools/list paging: page 1 is not a list result (no "tools" array); stopped listing',
		);
	});

	it("names the page that ran out of time", async () => {
		const channel = channelOf((message) =>
			message.method === "tools/list" &&
			(message.params as { cursor?: string }).cursor === "1"
				? []
				: server([{ tools: [], nextCursor: "1" }])(message),
		);
		const error = await listServerTools(
			channel,
			new Deadline(200),
			quiet,
		).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(DeadlineExpired);
		expect((error as DeadlineExpired).phase).toBe("tools/list (page 2)");
	});
});

describe("RpcSession", () => {
	it("answers a server's ping and refuses its other requests", async () => {
		const channel = channelOf(() => []);
		new RpcSession(channel);
		channel.onmessage?.({ jsonrpc: "2.0", id: "p", method: "ping" });
		channel.onmessage?.({ jsonrpc: "2.0", id: 7, method: "roots/list" });
		channel.onmessage?.({ jsonrpc: "2.0", method: "notifications/message" });
		await Promise.resolve();
		expect(channel.sent).toEqual([
			{ jsonrpc: "2.0", id: "p", result: {} },
			{
				jsonrpc: "2.0",
				id: 7,
				error: { code: -32601, message: "Method not found: roots/list" },
			},
		]);
	});

	it("rejects a request with the server's error, and every pending one when the channel fails", async () => {
		const failing = channelOf((m) => [
			{ jsonrpc: "2.0", id: m.id, error: { code: -32602, message: "bad" } },
		]);
		await expect(new RpcSession(failing).request("x", {})).rejects.toEqual(
			new RpcFailure(-32602, "bad"),
		);
		const silent = channelOf(() => []);
		const session = new RpcSession(silent);
		const pending = session.request("x", {});
		silent.onfail?.(new Error("gone"));
		await expect(pending).rejects.toThrow("gone");
		await expect(session.request("y", {})).rejects.toThrow("gone");
	});
});
