import { describe, expect, it } from "vitest";
import { parseToolsJson } from "../../src/cli/tools-file.js";

describe("parseToolsJson", () => {
	it("reads a tools/list result, keeping destructiveHint", () => {
		expect(
			parseToolsJson(
				JSON.stringify({
					tools: [
						{ name: "a/b", inputSchema: { type: "object" } },
						{ name: "rm", annotations: { destructiveHint: true } },
					],
					nextCursor: "2",
				}),
				"t.json",
			),
		).toEqual([
			{ name: "a/b", protected: false },
			{ name: "rm", protected: true },
		]);
	});

	it("reads a JSON-RPC response, an array of tools and an array of names", () => {
		const expected = [{ name: "x.y", protected: false }];
		expect(
			parseToolsJson(
				'{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"x.y"}]}}',
				"f",
			),
		).toEqual(expected);
		expect(parseToolsJson('[{"name":"x.y"}]', "f")).toEqual(expected);
		expect(parseToolsJson('\uFEFF["x.y"]', "f")).toEqual(expected);
	});

	it("keeps empty names for the audit to flag", () => {
		expect(parseToolsJson('[""]', "f")).toEqual([
			{ name: "", protected: false },
		]);
	});

	it.each([
		["", "f is empty"],
		["{", "f is not valid JSON"],
		['{"tools": {}}', "f holds no tool list"],
		["42", "f holds no tool list"],
		[
			'[{"title": "x"}]',
			'f: tools[0] is neither a name nor a tool object with a string "name"',
		],
	])("rejects %j with a target CliFailure", (text, message) => {
		expect(() => parseToolsJson(text, "f")).toThrowError(message);
	});
});
