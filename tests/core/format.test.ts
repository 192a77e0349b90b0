import { describe, expect, it } from "vitest";
import {
	formatResolution,
	type Resolution,
	resolveName,
} from "../../src/index.js";

const corrected = (input: string, name: string): Resolution => ({
	kind: "corrected",
	input,
	name,
	reason: "distance",
	distance: 1,
});

const suggestion = (...suggestions: string[]): Resolution => ({
	kind: "suggest",
	input: "x",
	suggestions,
	reason: "too-far",
});

describe("formatResolution", () => {
	it("prints a tool-call correction in mcporter's shape by default", () => {
		expect(
			formatResolution({
				kind: "corrected",
				input: "linear.listIssues",
				name: "linear.list_issues",
				reason: "normalized",
				distance: 0,
			}),
		).toBe(
			"[mcp-tool-names] Auto-corrected tool call to linear.list_issues (input: linear.listIssues).",
		);
	});

	it("prints a server-name correction", () => {
		expect(
			formatResolution(corrected("vercek", "vercel"), {
				subject: "server name",
			}),
		).toBe(
			"[mcp-tool-names] Auto-corrected server name to vercel (input: vercek).",
		);
	});

	it("prints the same text for every correction reason", () => {
		for (const reason of [
			"normalized",
			"suffix",
			"distance",
			"doubled",
		] as const) {
			expect(
				formatResolution({
					kind: "corrected",
					input: "a",
					name: "b",
					reason,
					distance: 1,
				}),
			).toBe("[mcp-tool-names] Auto-corrected tool call to b (input: a).");
		}
	});

	it("prints one suggestion", () => {
		expect(formatResolution(suggestion("linear.list_issue_statuses"))).toBe(
			"[mcp-tool-names] Did you mean linear.list_issue_statuses?",
		);
	});

	it("joins two suggestions with 'or'", () => {
		expect(formatResolution(suggestion("a", "b"))).toBe(
			"[mcp-tool-names] Did you mean a or b?",
		);
	});

	it("joins several suggestions with commas and a final 'or'", () => {
		expect(formatResolution(suggestion("a", "b", "c"))).toBe(
			"[mcp-tool-names] Did you mean a, b or c?",
		);
		expect(formatResolution(suggestion("a", "b", "c", "d"))).toBe(
			"[mcp-tool-names] Did you mean a, b, c or d?",
		);
	});

	it("prints suggestions the same way whatever the reason", () => {
		for (const reason of ["too-far", "ambiguous", "protected"] as const) {
			expect(
				formatResolution({
					kind: "suggest",
					input: "x",
					suggestions: ["a", "b"],
					reason,
				}),
			).toBe("[mcp-tool-names] Did you mean a or b?");
		}
	});

	it("uses a configurable prefix", () => {
		expect(
			formatResolution(corrected("vercek", "vercel"), {
				prefix: "[mcporter]",
				subject: "server name",
			}),
		).toBe("[mcporter] Auto-corrected server name to vercel (input: vercek).");
		expect(formatResolution(suggestion("linear"), { prefix: "[proxy]" })).toBe(
			"[proxy] Did you mean linear?",
		);
	});

	it("returns undefined for exact and none", () => {
		expect(
			formatResolution({ kind: "exact", input: "a", name: "a" }),
		).toBeUndefined();
		expect(formatResolution({ kind: "none", input: "a" })).toBeUndefined();
	});

	it("returns undefined for a suggestion without names", () => {
		expect(formatResolution(suggestion())).toBeUndefined();
	});

	it("formats what resolveName returns", () => {
		expect(
			formatResolution(resolveName("vercek", ["firecrawl", "vercel"]), {
				subject: "server name",
			}),
		).toBe(
			"[mcp-tool-names] Auto-corrected server name to vercel (input: vercek).",
		);
		expect(
			formatResolution(resolveName("listIssues", ["list_issue_statuses"])),
		).toBe("[mcp-tool-names] Did you mean list_issue_statuses?");
		expect(
			formatResolution(resolveName("list_issues", ["list_issues"])),
		).toBeUndefined();
		expect(
			formatResolution(
				resolveName("exec_commandexec_command", [
					"exec_command",
					"write_stdin",
				]),
			),
		).toBe(
			"[mcp-tool-names] Auto-corrected tool call to exec_command (input: exec_commandexec_command).",
		);
	});

	it("prints a single line", () => {
		const text = formatResolution(suggestion("a", "b", "c"));
		expect(text).not.toContain("\n");
	});
});
