import { describe, expect, it } from "vitest";
import { readToolList } from "../../src/cli/tool-list.js";

const schema = { type: "object" };

describe("readToolList", () => {
	it("reads valid definitions without findings, in order", () => {
		expect(
			readToolList([
				{ name: "a", inputSchema: schema },
				{
					name: "b",
					inputSchema: schema,
					outputSchema: schema,
					annotations: { destructiveHint: true },
					title: "B",
					description: "d",
				},
			]),
		).toEqual({
			// The schema is kept: resolution weighs a call's arguments against it (rule 7).
			tools: [
				{ name: "a", protected: false, inputSchema: schema },
				{ name: "b", protected: true, inputSchema: schema },
			],
			findings: [],
		});
	});

	it("audits a tool whose input schema is not an object schema by name, and reports it", () => {
		// @modelcontextprotocol/server-gitlab lists schemas without "type": "object".
		const { tools, findings } = readToolList([
			{ name: "create_issue", inputSchema: { properties: {} } },
			{ name: "search", inputSchema: { type: "string" } },
			{ name: "merge", inputSchema: [] },
			{ name: "plain" },
		]);
		expect(tools.map((tool) => tool.name)).toEqual([
			"create_issue",
			"search",
			"merge",
			"plain",
		]);
		expect(
			findings.map((f) => [f.tool, f.code, f.message.split(";")[0]]),
		).toEqual([
			["create_issue", "input-schema", 'inputSchema has no "type": "object"'],
			[
				"search",
				"input-schema",
				'inputSchema has "type": "string", not "object"',
			],
			["merge", "input-schema", "inputSchema is an array, not an object"],
			["plain", "input-schema", "no inputSchema"],
		]);
	});

	it("reports a bad output schema, annotations and text fields", () => {
		const { findings } = readToolList([
			{
				name: "t",
				inputSchema: schema,
				outputSchema: { type: "array" },
				annotations: "readOnly",
				title: 3,
				description: null,
			},
		]);
		expect(findings.map((f) => f.code)).toEqual([
			"output-schema",
			"annotations",
			"field",
			"field",
		]);
		// Worded by the one describeValue every entry's errors use.
		expect(findings.map((f) => f.message)).toEqual([
			'outputSchema has "type": "array", not "object"; MCP requires an object schema',
			'annotations is "readOnly", not an object',
			"title is number 3, not a string",
			"description is null, not a string",
		]);
	});

	it("leaves out items without a string name, and counts their position", () => {
		const { tools, findings } = readToolList([null, { name: 7 }, "bare"]);
		expect(tools).toEqual([{ name: "bare", protected: false }]);
		expect(findings.map((f) => [f.index, f.code])).toEqual([
			[0, "no-name"],
			[1, "no-name"],
		]);
	});

	it("checks names only when asked to", () => {
		expect(readToolList([{ name: "a" }], { schemas: false }).findings).toEqual(
			[],
		);
	});
});
