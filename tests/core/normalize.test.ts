import { describe, expect, it } from "vitest";
import { normalizeName } from "../../src/index.js";

describe("normalizeName", () => {
	it.each([
		["linear.listIssues", "linearlistissues"],
		["linear.list_issues", "linearlistissues"],
		["LIST-ISSUES", "listissues"],
		["mcp__github__list_issues", "mcpgithublistissues"],
		["default_api:list_issues", "defaultapilistissues"],
		["linear.list issues!", "linearlistissues"],
		["v2/get_item", "v2getitem"],
	])("lowercases and strips punctuation: %j → %j", (input, expected) => {
		expect(normalizeName(input)).toBe(expected);
	});

	it.each([
		["搜索/获取", "搜索获取"],
		["Привет_Мир", "приветмир"],
		["café", "café"],
		["ΑΒΓ", "αβγ"],
		["١٢٣", "١٢٣"],
		["x²", "x²"],
	])(
		"keeps letters and numbers of every script: %j → %j",
		(input, expected) => {
			expect(normalizeName(input)).toBe(expected);
		},
	);

	it("does not collapse different CJK names into the same normal form", () => {
		expect(normalizeName("搜索")).not.toBe(normalizeName("获取"));
		expect(normalizeName("搜索")).not.toBe("");
	});

	it("composes with NFC and keeps marks, so a vowel sign or an accent stays", () => {
		expect(normalizeName("cafe\u0301")).toBe("café");
		expect(normalizeName("café")).toBe(normalizeName("cafe\u0301"));
		expect(normalizeName("काम")).toBe("काम");
		expect(normalizeName("काम")).not.toBe(normalizeName("कम"));
	});

	it("removes emoji and control characters", () => {
		expect(normalizeName("🔥fire")).toBe("fire");
		expect(normalizeName("a\u0000b\u001bc")).toBe("abc");
	});

	it("lowercases after composing, so U+0130 keeps its dot as a mark", () => {
		expect(normalizeName("\u0130")).toBe("i\u0307");
		expect(normalizeName("\u212a")).toBe("k");
	});

	it.each(["", "___", "./:-", "🔥", " \t\n"])(
		"normalises %j to the empty string",
		(input) => {
			expect(normalizeName(input)).toBe("");
		},
	);

	it("treats prototype keys as plain text", () => {
		expect(normalizeName("__proto__")).toBe("proto");
		expect(normalizeName("constructor")).toBe("constructor");
	});
});
