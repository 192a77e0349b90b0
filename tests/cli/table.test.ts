import { describe, expect, it } from "vitest";
import { displayWidth, renderTable } from "../../src/cli/table.js";

describe("displayWidth", () => {
	it.each([
		["websearch/fetch_content", 23],
		["搜索/获取", 9],
		["ｆｕｌｌ", 8],
		["e\u0301", 1],
		["🔍", 2],
		["", 0],
	])("measures %j as %i columns", (text, width) => {
		expect(displayWidth(text)).toBe(width);
	});
});

describe("renderTable", () => {
	it("aligns columns by display width and styles after padding", () => {
		const lines = renderTable([
			[{ text: "搜索", style: (t) => `<${t}>` }, { text: "a" }],
			[{ text: "abcd" }, { text: "b" }],
		]);
		expect(lines).toEqual(["  <搜索>  a", "  abcd  b"]);
	});

	it("wraps a cell wider than its column and continues aligned below", () => {
		const lines = renderTable(
			[
				[{ text: "short" }, { text: "x" }],
				[{ text: "much-too-long" }, { text: "y" }],
			],
			{ maxWidths: [6] },
		);
		expect(lines).toEqual(["  short   x", "  much-too-long", "          y"]);
	});

	it("lets a spilling cell push only the rest of its row", () => {
		const lines = renderTable(
			[
				[{ text: "a" }, { text: "1" }],
				[{ text: "abcdef" }, { text: "2" }],
			],
			{ maxWidths: [3], overflow: ["spill"], indent: "" },
		);
		expect(lines).toEqual(["a    1", "abcdef  2"]);
	});

	it("trims trailing spaces when the last cells are empty", () => {
		expect(
			renderTable([[{ text: "a" }, { text: "" }]], { indent: "" }),
		).toEqual(["a"]);
	});
});
