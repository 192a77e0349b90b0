import { describe, expect, it } from "vitest";
import {
	displayUrl,
	printable,
	printableJson,
} from "../../src/cli/_printable.js";
import { commandLine } from "../../src/cli/targets.js";
import { rawControls } from "../_support/hostile.js";

describe("printable", () => {
	it.each([
		[
			"ESC and a colour sequence",
			"web\u001b[31msearch",
			"web\\u001b[31msearch",
		],
		[
			"a line break that would forge a log line",
			"a\n[mcp-tool-names] ok",
			"a\\u000a[mcp-tool-names] ok",
		],
		["CR, TAB and DEL", "a\rb\tc\u007f", "a\\u000db\\u0009c\\u007f"],
		["a C1 control (CSI)", "a\u009b2Jb", "a\\u009b2Jb"],
		[
			"bidirectional overrides and isolates",
			"\u202eexe.txt\u2066x\u2069",
			"\\u202eexe.txt\\u2066x\\u2069",
		],
		[
			"marks and separators",
			"a\u200eb\u061cc\u2028d",
			"a\\u200eb\\u061cc\\u2028d",
		],
	])("escapes %s", (_, text, expected) => {
		expect(printable(text)).toBe(expected);
	});

	it("leaves every other character as it is", () => {
		const text = "websearch/fetch_content 搜索/获取 काम café 🙂 \\u001b";
		expect(printable(text)).toBe(text);
	});
});

describe("printableJson", () => {
	it("escapes what JSON.stringify leaves raw, and parses back to the same value", () => {
		const value = { name: "a\u009bb\u202ec\u007f\u2028", text: "\u001b" };
		const json = printableJson(JSON.stringify(value));
		expect(rawControls(json)).toEqual([]);
		expect(JSON.parse(json)).toEqual(value);
	});
});

describe("displayUrl", () => {
	it.each([
		[
			"https://user:secret@example.com/mcp?token=abc#x",
			"https://example.com/mcp",
		],
		["http://127.0.0.1:8080/mcp", "http://127.0.0.1:8080/mcp"],
		["redis://:pa%2Fss%40word@10.0.0.5:6380/2", "redis://10.0.0.5:6380/2"],
		["rediss://admin:pw@cache.example", "rediss://cache.example"],
		["http://[::1]:3000/a/b", "http://[::1]:3000/a/b"],
	])("shows %s as %s", (value, expected) => {
		expect(displayUrl(value)).toBe(expected);
		expect(displayUrl(new URL(value))).toBe(expected);
	});

	it("shows no more than the scheme of a URL whose password held an unencoded / or @", () => {
		// Parsed, these read the password's start as a port, or its end as a path.
		expect(displayUrl("redis://default:pa/ss@host:6379")).toBe("redis://…");
		expect(displayUrl("https://user:12/secret@host/mcp")).toBe("https://…");
		expect(displayUrl("not a url with a secret")).toBe(
			"(a URL that cannot be read)",
		);
	});
});

describe("commandLine", () => {
	it("prints URLs in a server's arguments without their userinfo or query", () => {
		const line = commandLine("npx", [
			"mcp-tool-names",
			"proxy",
			"--store",
			"redis://:s3cret/pw@127.0.0.1:6379/2",
			"--url=https://user:pw@example.com/mcp?token=abc",
		]);
		expect(line).not.toMatch(/s3cret|pw@|token|abc/);
		expect(line).toContain("--store 'redis://…'");
		expect(line).toContain("--url=https://example.com/mcp");
	});
});
