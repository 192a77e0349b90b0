import { describe, expect, it } from "vitest";
import { idsOf, isId } from "../../src/adapters/jsonrpc-base.js";

describe("isId", () => {
	it("accepts strings and numbers and nothing else", () => {
		expect([isId("1"), isId(1), isId(0), isId("")]).toEqual([
			true,
			true,
			true,
			true,
		]);
		expect([isId(null), isId(undefined), isId({}), isId([1])]).toEqual([
			false,
			false,
			false,
			false,
		]);
	});
});

describe("idsOf", () => {
	const batch = [
		{ jsonrpc: "2.0", id: 1, method: "tools/call" },
		{ jsonrpc: "2.0", id: "a", result: {} },
		{ jsonrpc: "2.0", method: "notifications/initialized" },
		{ jsonrpc: "2.0", id: 2, method: 5 },
		{ jsonrpc: "2.0", id: "x".repeat(1025), method: "ping" },
		"no message",
	];

	it("lists the trackable ids of the requests, in order", () => {
		expect(idsOf(batch, "requests")).toEqual([1]);
		expect(idsOf(batch[0], "requests")).toEqual([1]);
	});

	it("lists the ids of the elements without a method as responses", () => {
		expect(idsOf(batch, "responses")).toEqual(["a"]);
		expect(idsOf("no message", "responses")).toEqual([]);
	});
});
