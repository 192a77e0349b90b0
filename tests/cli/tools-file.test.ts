import { describe, expect, it } from "vitest";
import { parseToolsJson } from "../../src/cli/tools-file.js";

describe("parseToolsJson", () => {
	it("reads a tools/list result, keeping destructiveHint and checking each definition", () => {
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
		).toEqual({
			tools: [
				{ name: "a/b", protected: false, inputSchema: { type: "object" } },
				{ name: "rm", protected: true },
			],
			findings: [expect.objectContaining({ tool: "rm", code: "input-schema" })],
		});
	});

	it("reads a JSON-RPC response, an array of tools and an array of names", () => {
		const tools = [{ name: "x.y", protected: false }];
		expect(
			parseToolsJson(
				'{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"x.y","inputSchema":{"type":"object"}}]}}',
				"f",
			),
		).toEqual({
			tools: [{ ...tools[0], inputSchema: { type: "object" } }],
			findings: [],
		});
		expect(parseToolsJson('[{"name":"x.y"}]', "f")).toEqual({
			tools,
			findings: [],
		});
		expect(parseToolsJson('\uFEFF["x.y"]', "f")).toEqual({
			tools,
			findings: [],
		});
	});

	it("keeps empty names for the audit to flag", () => {
		expect(parseToolsJson('[""]', "f").tools).toEqual([
			{ name: "", protected: false },
		]);
	});

	it("leaves out an item without a name, with a finding", () => {
		expect(parseToolsJson('[{"title": "x"}, "ok"]', "f")).toEqual({
			tools: [{ name: "ok", protected: false }],
			findings: [
				{
					index: 0,
					tool: null,
					code: "no-name",
					message:
						'tools[0] has no string "name"; no client can call it, so it is left out',
				},
			],
		});
	});

	it.each([
		["", "f is empty"],
		["{", "f is not valid JSON"],
		['{"tools": {}}', "f holds no tool list"],
		["42", "f holds no tool list"],
	])("rejects %j with a target CliFailure", (text, message) => {
		expect(() => parseToolsJson(text, "f")).toThrowError(message);
	});
});
