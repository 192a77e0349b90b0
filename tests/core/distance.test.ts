import { distance } from "fastest-levenshtein";
import { describe, expect, it } from "vitest";
import {
	bucketOf,
	prepare,
	type Sink,
	scan,
	within,
} from "../../src/core/_distance.js";

/** Every text the scan reports, with its distance, in order. */
function scanAll(
	query: string,
	texts: string[],
	bound: number,
	next: (distance: number, bound: number) => number = (_, b) => b,
): Array<[string, number]> {
	const hits: Array<[string, number]> = [];
	let current = bound;
	const sink: Sink = {
		found(text, d) {
			hits.push([text, d]);
			current = next(d, current);
			return current;
		},
	};
	scan(prepare(query), bucketOf(texts), bound, sink);
	return hits;
}

describe("within", () => {
	it.each([
		["kitten", "sitting", 3],
		["", "abc", 3],
		["abc", "", 3],
		["", "", 0],
		["flaw", "lawn", 2],
		["listissues", "listisues", 1],
		["githubcreatepullrequest", "githubcreatepulrequest", 1],
	])("gives the Levenshtein distance of %j and %j", (a, b, d) => {
		expect(within(a, b, 100)).toBe(d);
		expect(distance(a, b)).toBe(d);
	});

	it("counts UTF-16 code units, as fastest-levenshtein does", () => {
		// 🔥 is two units; 🔥 and 😀 share the high surrogate.
		expect(within("🔥", "", 10)).toBe(2);
		expect(within("a🔥", "a😀", 10)).toBe(distance("a🔥", "a😀"));
		expect(within("a🔥", "a😀", 10)).toBe(1);
		expect(within("搜索", "获取", 10)).toBe(2);
	});

	it("answers bound + 1 once the distance is above the bound", () => {
		expect(within("kitten", "sitting", 2)).toBe(3);
		expect(within("kitten", "sitting", 0)).toBe(1);
		expect(within("abc", "abc", 0)).toBe(0);
		expect(within("a", "abcdef", 3)).toBe(4);
	});

	it("handles queries longer than one 32-unit block", () => {
		const a = "all_websearch_fetch_content_with_a_long_namespace_prefix_";
		for (const length of [31, 32, 33, 64, 65, 100, 200]) {
			const query = a.repeat(4).slice(0, length);
			for (const text of [
				query,
				query.slice(1),
				`x${query}`,
				query.replace(/e/g, "E"),
				query.split("").reverse().join(""),
				"short",
			]) {
				expect([length, text, within(query, text, 1_000)]).toEqual([
					length,
					text,
					distance(query, text),
				]);
			}
		}
	});
});

describe("bucketOf", () => {
	it("sorts the texts and measures the prefix each shares with the one before", () => {
		const bucket = bucketOf(["abd", "abc", "xyz", "abe"]);
		expect(bucket.norms).toEqual(["abc", "abd", "abe", "xyz"]);
		expect([...bucket.shared]).toEqual([0, 2, 2, 0]);
	});

	it("caps shared prefixes at 255 units", () => {
		const long = "a".repeat(300);
		expect([...bucketOf([`${long}b`, `${long}c`]).shared]).toEqual([0, 255]);
	});
});

describe("scan", () => {
	it("reports every text within the bound, with its distance, in order", () => {
		const texts = ["listissuez", "listlabels", "getissues1", "listissues"];
		// Distances 3, 5, 4 and 2; visited in code-unit order.
		expect(scanAll("listisues1", texts, 4)).toEqual([
			["getissues1", 4],
			["listissues", 2],
			["listissuez", 3],
		]);
	});

	it("keeps to the bound the sink returns", () => {
		const texts = ["abbb", "aabb", "aaab", "aaaa"];
		// From "abbb" they are 3, 2, 1 and 0 away, in code-unit order aaaa, aaab, aabb, abbb.
		expect(scanAll("abbb", texts, 4, () => 1)).toEqual([
			["aaaa", 3],
			["aabb", 1],
			["abbb", 0],
		]);
		// 3 → bound 1: aaab (2) is out, aabb (1) in → bound −1: the scan ends.
		expect(scanAll("abbb", texts, 4, (d) => d - 2)).toEqual([
			["aaaa", 3],
			["aabb", 1],
		]);
	});

	it("skips texts that share a prefix already out of reach, and no others", () => {
		const texts = ["zzzzzz", "zzzzzy", "zzzzyy", "abcdef", "abcdeg"];
		expect(scanAll("abcdef", texts, 1)).toEqual([
			["abcdef", 0],
			["abcdeg", 1],
		]);
	});

	it("stops at once when the sink returns a negative bound", () => {
		expect(scanAll("abc", ["abc", "abd", "abe"], 1, () => -1)).toEqual([
			["abc", 0],
		]);
	});

	it("reports nothing when the lengths differ by more than the bound", () => {
		expect(scanAll("a", ["abcde"], 3)).toEqual([]);
		expect(scanAll("", ["abc"], 3)).toEqual([["abc", 3]]);
	});
});
