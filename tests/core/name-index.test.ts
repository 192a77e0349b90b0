import { describe, expect, it } from "vitest";
import { NameIndex, resolveName, suggest } from "../../src/index.js";
import catalogs from "../fixtures/tool-catalogs.json" with { type: "json" };
import { labelOf, MCPORTER_CASES, optionsOf, RESOLVE_CASES } from "./_cases.js";

const GITHUB = (catalogs as Array<{ server: string; tools: string[] }>).find(
	(c) => c.server === "github",
)?.tools as string[];

describe("NameIndex", () => {
	it("counts its names", () => {
		expect(new NameIndex(["a", "b", "c"]).size).toBe(3);
		expect(new NameIndex([]).size).toBe(0);
		expect(new NameIndex(GITHUB).size).toBe(GITHUB.length);
	});

	it.each(
		[...RESOLVE_CASES, ...MCPORTER_CASES].map((c) => [labelOf(c), c] as const),
	)("answers %s exactly like the plain call", (_label, c) => {
		const index = new NameIndex(c.candidates);
		const options = optionsOf(c);
		expect(resolveName(c.input, index, options)).toEqual(
			resolveName(c.input, c.candidates, options),
		);
		expect(suggest(c.input, index)).toEqual(suggest(c.input, c.candidates));
		expect(suggest(c.input, index, { limit: 1 })).toEqual(
			suggest(c.input, c.candidates, { limit: 1 }),
		);
	});

	it("answers like the plain call over a real catalog, call after call", () => {
		const index = new NameIndex(GITHUB);
		const inputs = [
			"listIssues",
			"functions.list_issues",
			"mcp__github__create_pull_request",
			"create_pul_request",
			"get_user",
			"pull_request",
			"delete_repo",
			"merge_pr",
			"search",
			"搜索",
		];
		for (const input of inputs) {
			for (const mode of ["safe", "mcporter"] as const) {
				expect([input, mode, resolveName(input, index, { mode })]).toEqual([
					input,
					mode,
					resolveName(input, GITHUB, { mode }),
				]);
			}
			expect(suggest(input, index)).toEqual(suggest(input, GITHUB));
		}
	});

	it("is not affected by later changes to the array it was built from", () => {
		const names = ["vercel", "firecrawl"];
		const index = new NameIndex(names);
		names.push("vercek");
		expect(index.size).toBe(2);
		expect(resolveName("vercek", index)).toMatchObject({
			kind: "corrected",
			name: "vercel",
		});
	});

	it("accepts any iterable, a frozen array included", () => {
		expect(new NameIndex(new Set(["a", "b"])).size).toBe(2);
		expect(new NameIndex(Object.freeze(["a", "b"])).size).toBe(2);
	});

	it("keeps candidate order for mcporter's first-candidate-wins ties", () => {
		const first = new NameIndex(["abce", "abcf"]);
		const second = new NameIndex(["abcf", "abce"]);
		expect(resolveName("abcd", first, { mode: "mcporter" })).toMatchObject({
			name: "abce",
		});
		expect(resolveName("abcd", second, { mode: "mcporter" })).toMatchObject({
			name: "abcf",
		});
	});
});
