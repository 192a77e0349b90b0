import { describe, expect, it } from "vitest";
import { assertResolves, checkResolutions } from "../../src/testing/index.js";
import { thrown } from "../core/_reference.js";

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
		) as Error;
		expect(error.message).toContain("1 name(s) did not resolve as expected:");
		expect(error.message).toContain(
			"vercek | firecrawl | corrected (distance) to vercel",
		);
	});
});
