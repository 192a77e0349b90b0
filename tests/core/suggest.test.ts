import { describe, expect, it } from "vitest";
import { resolveName, suggest } from "../../src/index.js";
import { RESOLVE_CASES } from "./_cases.js";

const CANDIDATES = ["abcdwxyz", "abcdexyz", "zzzz", "abcdexyq", "abcxwxyz"];

describe("suggest", () => {
	it("ranks by distance, then by name, and returns three by default", () => {
		// distances from "abcdefgh": abcdexyq 3, abcdexyz 3, abcdwxyz 4, abcxwxyz 5, zzzz 8
		expect(suggest("abcdefgh", CANDIDATES)).toEqual([
			"abcdexyq",
			"abcdexyz",
			"abcdwxyz",
		]);
	});

	it("honours options.limit", () => {
		expect(suggest("abcdefgh", CANDIDATES, { limit: 1 })).toEqual(["abcdexyq"]);
		expect(suggest("abcdefgh", CANDIDATES, { limit: 2 })).toEqual([
			"abcdexyq",
			"abcdexyz",
		]);
	});

	it("leaves out candidates beyond max(3, floor(0.6 × L))", () => {
		// abcxwxyz (5) and zzzz (8) are beyond max(3, floor(0.6 × 8)) = 4
		expect(suggest("abcdefgh", CANDIDATES, { limit: 10 })).toEqual([
			"abcdexyq",
			"abcdexyz",
			"abcdwxyz",
		]);
	});

	it("ranks equal distances by UTF-16 code-unit order, not by locale", () => {
		// "B" (0042) sorts before "a" (0061) in code units; a locale collation would say otherwise
		expect(suggest("c_tool", ["a_tool", "B_tool"])).toEqual([
			"B_tool",
			"a_tool",
		]);
	});

	it("compares normal forms, so case and punctuation cost nothing", () => {
		expect(
			suggest("List-Issues", ["list_issue_statuses", "list_issues"]),
		).toEqual(["list_issues", "list_issue_statuses"]);
	});

	it("gives the same ranking as resolveName's too-far suggestions, which fall back on the one rival", () => {
		let fallbacks = 0;
		for (const c of RESOLVE_CASES) {
			if (c.options !== undefined || c.expected.kind !== "suggest") continue;
			const r = resolveName(c.input, c.candidates);
			if (r.kind !== "suggest" || r.reason !== "too-far") continue;
			const ranked = suggest(c.input, c.candidates);
			if (ranked.length === 0) {
				// nothing within max(3, floor(0.6 × L)): the candidate a slip came close to
				fallbacks++;
				expect(r.suggestions).toHaveLength(1);
				continue;
			}
			expect([c.input, ranked]).toEqual([c.input, r.suggestions]);
		}
		expect(fallbacks).toBeGreaterThan(0);
	});

	it("returns an empty list when there are no candidates", () => {
		expect(suggest("list_issues", [])).toEqual([]);
	});

	it("returns an empty list for an input without letters or digits", () => {
		for (const input of ["", "___", "🔥"]) {
			expect(suggest(input, ["a", "ab"])).toEqual([]);
		}
	});

	it("refuses an input that is not a string with invalid-argument", () => {
		for (const input of [undefined, null, 42]) {
			expect(() => suggest(input as unknown as string, ["a"])).toThrow(
				expect.objectContaining({ code: "invalid-argument" }),
			);
		}
	});

	it("does not mutate its candidate list", () => {
		const candidates = ["zeta", "alpha", "beta"];
		const before = [...candidates];
		suggest("alpah", candidates);
		expect(candidates).toEqual(before);
	});
});
