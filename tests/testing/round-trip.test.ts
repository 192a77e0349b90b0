import { describe, expect, it } from "vitest";
import { assertRoundTrip, checkRoundTrip } from "../../src/testing/index.js";

describe("checkRoundTrip", () => {
	it("finds nothing wrong with names that collide, lose letters or are too long", () => {
		expect(
			checkRoundTrip(["a/b", "a.b", "a_b", "搜索/获取", "x".repeat(100)]),
		).toEqual([]);
	});
});

describe("assertRoundTrip", () => {
	it("returns the codec that encoded the names", () => {
		const codec = assertRoundTrip(["websearch/fetch_content"], {
			profile: "mcp",
		});
		expect(codec.wireNameOf("websearch/fetch_content")).toBe(
			"websearch_fetch_content",
		);
	});
});
