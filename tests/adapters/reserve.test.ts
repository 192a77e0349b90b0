import { describe, expect, it } from "vitest";
import { wireToolSet } from "../../src/adapters/ai/index.js";
import { WireRewriter } from "../../src/adapters/jsonrpc/index.js";
import { wireTools } from "../../src/adapters/langchain/index.js";
import { hostReserve, WireNameCodec } from "../../src/index.js";
import { failureOf } from "../_support/hostile.js";
import { listRequest, tool } from "./jsonrpc/_messages.js";

const LONG = `analytics/${"very_long_segment_".repeat(4)}report`;

describe("reserve in the adapters", () => {
	it("WireRewriter lists names that leave room for the host's prefix", () => {
		const reserve = hostReserve("claude-code", "github");
		const rewriter = new WireRewriter({ reserve });
		rewriter.clientToServer(listRequest(1));
		const out = rewriter.serverToClient({
			jsonrpc: "2.0",
			id: 1,
			result: { tools: [tool(LONG), tool("begin_session")] },
		}) as { result: { tools: Array<{ name: string }> } };
		const [long] = out.result.tools;
		expect(long?.name.length).toBe(64 - reserve);
		expect(rewriter.codec.reserve).toBe(reserve);
		const call = rewriter.clientToServer({
			jsonrpc: "2.0",
			id: 2,
			method: "tools/call",
			params: { name: long?.name },
		}) as { params: { name: string } };
		expect(call.params.name).toBe(LONG);
	});

	it("WireRewriter restores a snapshot with its reserve, and names another one", () => {
		const rewriter = new WireRewriter({ reserve: 20 });
		rewriter.codec.encode(LONG);
		const snapshot = JSON.parse(JSON.stringify(rewriter.toJSON()));
		expect(new WireRewriter({ snapshot }).codec.reserve).toBe(20);
		expect(
			failureOf(() => new WireRewriter({ snapshot, reserve: 3 })).code,
		).toBe("reserve-mismatch");
	});

	it("wireToolSet and wireTools plan within the reserve", () => {
		const set = wireToolSet({ [LONG]: {} }, { reserve: 30 });
		expect(Object.keys(set)[0]?.length).toBe(34);
		const [copy] = wireTools([{ name: LONG }], { reserve: 30 });
		expect(copy?.name).toBe(Object.keys(set)[0]);
	});

	it("refuses reserve together with a codec, as profile is", () => {
		const { code, message } = failureOf(() =>
			wireToolSet({}, { codec: new WireNameCodec(), reserve: 3 }),
		);
		expect(code).toBe("invalid-option");
		expect(message).toContain("options codec and reserve cannot be combined");
	});
});
