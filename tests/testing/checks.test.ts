import { describe, expect, it } from "vitest";
import { isMcpToolNamesError } from "../../src/index.js";
import {
	assertResolves,
	assertRoundTrip,
	assertWireSafe,
	checkResolutions,
	checkRoundTrip,
	checkWireSafe,
} from "../../src/testing/index.js";

function thrown(run: () => unknown): Error {
	try {
		run();
	} catch (error) {
		return error as Error;
	}
	throw new Error("expected a throw");
}

describe("checkWireSafe", () => {
	it("reports each name the profile would rewrite, with the reason", () => {
		const failures = checkWireSafe(["begin_session", "linear.list_issues"]);
		expect(failures).toHaveLength(1);
		expect(failures[0]?.name).toBe("linear.list_issues");
		expect(failures[0]?.actual).toContain('"."');
	});

	it("reads tool objects and tools/list results", () => {
		expect(
			checkWireSafe({ tools: [{ name: "a.b" }, { name: "ok" }] }),
		).toHaveLength(1);
		expect(checkWireSafe([{ name: "a.b" }], { profile: "gemini" })).toEqual([]);
	});
});

describe("assertWireSafe", () => {
	it("passes for valid names", () => {
		expect(() => assertWireSafe(["get_user", "list-issues"])).not.toThrow();
	});

	it("throws a policy-violation error with a readable table", () => {
		const error = thrown(() =>
			assertWireSafe(["websearch/fetch_content", "ok"], {
				profile: "portable",
			}),
		);
		expect(isMcpToolNamesError(error)).toBe(true);
		expect((error as { code?: string }).code).toBe("policy-violation");
		expect(error.message).toMatch(
			/^1 tool name\(s\) are not wire-safe for portable:\nname/,
		);
		expect(error.message).toContain(
			"websearch/fetch_content | valid for portable",
		);
	});
});

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

describe("checkResolutions", () => {
	const catalog = ["websearch_fetch_content", "set_user", "delete_all_files"];

	it("is empty when every input routes as expected", () => {
		expect(
			checkResolutions(
				{
					websearch_fetch_contnt: "websearch_fetch_content",
					get_user: null,
					all_files: null,
				},
				catalog,
			),
		).toEqual([]);
	});

	it("reports a miss with what happened instead", () => {
		const failures = checkResolutions([["get_user", "set_user"]], catalog);
		expect(failures).toEqual([
			{
				name: "get_user",
				expected: "set_user",
				actual: "suggest (too-far): set_user",
			},
		]);
	});

	it("reports an unwanted correction", () => {
		const failures = checkResolutions({ get_user: null }, catalog, {
			mode: "mcporter",
		});
		expect(failures[0]?.actual).toBe("corrected (distance) to set_user");
	});
});

describe("assertResolves", () => {
	it("throws with a table listing each miss", () => {
		const error = thrown(() =>
			assertResolves({ vercek: "firecrawl" }, ["vercel", "firecrawl"]),
		);
		expect(error.message).toContain("1 name(s) did not resolve as expected:");
		expect(error.message).toContain(
			"vercek | firecrawl | corrected (distance) to vercel",
		);
	});
});
