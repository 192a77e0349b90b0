import { describe, expect, it } from "vitest";
import { createStyle, isColorEnabled } from "../../src/cli/colors.js";

const tty = { write: () => true, isTTY: true };
const pipe = { write: () => true, isTTY: false };

describe("isColorEnabled", () => {
	it.each([
		[tty, {}, true],
		[pipe, {}, false],
		[tty, { NO_COLOR: "1" }, false],
		[tty, { NO_COLOR: "" }, true],
		[tty, { TERM: "dumb" }, false],
		[pipe, { FORCE_COLOR: "1" }, true],
		[pipe, { FORCE_COLOR: "" }, true],
		[tty, { FORCE_COLOR: "0" }, false],
		[tty, { FORCE_COLOR: "false" }, false],
		[pipe, { FORCE_COLOR: "1", NO_COLOR: "1" }, true],
	])("decides %o with %o: %s", (stream, env, expected) => {
		expect(isColorEnabled(stream, env)).toBe(expected);
	});
});

describe("createStyle", () => {
	it("wraps text in SGR codes when enabled, and returns it as is otherwise", () => {
		expect(createStyle(true).red("x")).toBe("\u001b[31mx\u001b[39m");
		expect(createStyle(false).red("x")).toBe("x");
		expect(createStyle(true).bold("")).toBe("");
	});
});
