import { describe, expect, it } from "vitest";
import {
	appendSentence,
	isNotFoundError,
	isNotFoundResult,
	withErrorHint,
	withResultHint,
} from "../../../src/adapters/routing/not-found.js";

const error = (message: string, code?: number) =>
	Object.assign(new Error(message), code === undefined ? {} : { code });
const result = (text: string) => ({
	content: [{ type: "text", text }],
	isError: true,
});

describe("isNotFoundError", () => {
	it.each([
		["Tool websearch/fetch_content not found", -32602],
		["MCP error -32602: Tool a_b not found", -32602],
		["MCP error -32602: MCP error -32602: Tool a_b not found", -32602],
		["MCP error -32602: Tool a_b disabled", -32602],
		["Tool a_b not found. Did you mean a_c?", -32602],
		["Tool a_b not found", undefined],
		// A hand-written low-level server's own `throw new Error("Tool X not found")`.
		["MCP error -32603: Tool a_b not found", -32603],
	])("recognises %j (code %s)", (message, code) => {
		expect(isNotFoundError(error(message, code))).toBe(true);
	});

	it.each([
		["Tool a_b not found", -32000],
		["Input validation error: Invalid arguments for tool a_b", -32602],
		["Prompt a_b not found", -32602],
		["Resource file:///x not found", -32602],
		["The tool said: Tool a_b not found", -32602],
	])("ignores %j (code %s)", (message, code) => {
		expect(isNotFoundError(error(message, code))).toBe(false);
	});

	it("ignores values that are not errors", () => {
		expect(isNotFoundError("Tool a not found")).toBe(false);
		expect(isNotFoundError(undefined)).toBe(false);
	});
});

describe("isNotFoundResult", () => {
	it("recognises the 1.21+ isError result", () => {
		expect(
			isNotFoundResult(result("MCP error -32602: Tool a_b not found")),
		).toBe(true);
	});

	it("ignores a successful result and other tool errors", () => {
		expect(
			isNotFoundResult({
				content: [{ type: "text", text: "Tool a_b not found" }],
			}),
		).toBe(false);
		expect(isNotFoundResult(result("upstream timed out"))).toBe(false);
	});
});

describe("appendSentence", () => {
	it("adds the hint as a new sentence, once", () => {
		expect(appendSentence("Tool a not found", "Did you mean b?")).toBe(
			"Tool a not found. Did you mean b?",
		);
		expect(appendSentence("Tool a not found.", "Did you mean b?")).toBe(
			"Tool a not found. Did you mean b?",
		);
		expect(
			appendSentence("Tool a not found. Did you mean b?", "Did you mean c?"),
		).toBe("Tool a not found. Did you mean b?");
	});
});

describe("withErrorHint", () => {
	it("adds the hint to a copy that keeps the class and the code, leaving the original as it was", () => {
		class ToolError extends Error {
			code = -32602;
		}
		const original = new ToolError("Tool a_b not found");
		const hinted = withErrorHint(original, "Did you mean a_c?");
		expect(hinted).not.toBe(original);
		expect(hinted).toBeInstanceOf(ToolError);
		expect(hinted.message).toBe("Tool a_b not found. Did you mean a_c?");
		expect(hinted.code).toBe(-32602);
		expect(original.message).toBe("Tool a_b not found");
	});

	it("returns an error that carries a hint already as it is", () => {
		const error = new Error("Tool a_b not found. Did you mean a_c?");
		expect(withErrorHint(error, "Did you mean a_d?")).toBe(error);
	});
});

describe("withResultHint", () => {
	it("adds the hint to the first text item of a copy", () => {
		const original = result("Tool a_b not found");
		const before = structuredClone(original);
		expect(withResultHint(original, "Did you mean a_c?")).toEqual({
			content: [
				{ type: "text", text: "Tool a_b not found. Did you mean a_c?" },
			],
			isError: true,
		});
		expect(original).toEqual(before);
	});

	it("returns a result that carries a hint already as the same object", () => {
		const hinted = result("Tool a_b not found. Did you mean a_c?");
		expect(withResultHint(hinted, "Did you mean a_d?")).toBe(hinted);
	});

	it("adds the hint as a text item to an isError result without one", () => {
		expect(
			withResultHint({ isError: true, content: [] }, "Did you mean a_c?"),
		).toEqual({
			isError: true,
			content: [{ type: "text", text: "Did you mean a_c?" }],
		});
	});
});
