import { describe, expect, it, vi } from "vitest";
import { describeValue } from "../../src/core/errors.js";
import {
	CodecRegistry,
	isMcpToolNamesError,
	McpToolNamesError,
	type ProfileName,
	WireNameCodec,
} from "../../src/index.js";
import { thrown } from "./_reference.js";

describe("McpToolNamesError", () => {
	it("is an Error with a name, a code and a message", () => {
		const error = new McpToolNamesError(
			"invalid-profile",
			'Unknown profile "x"',
		);
		expect(error).toBeInstanceOf(Error);
		expect(error).toBeInstanceOf(McpToolNamesError);
		expect(error.name).toBe("McpToolNamesError");
		expect(error.code).toBe("invalid-profile");
		expect(error.message).toBe('Unknown profile "x"');
		expect(String(error)).toBe('McpToolNamesError: Unknown profile "x"');
	});

	it("keeps the cause", () => {
		const cause = new TypeError("inner");
		const error = new McpToolNamesError("invalid-snapshot", "bad snapshot", {
			cause,
		});
		expect(error.cause).toBe(cause);
	});

	it("is what the library throws for programmer errors", () => {
		const errors = [
			thrown(() => new WireNameCodec({ profile: "opanai" as ProfileName })),
			thrown(() => new WireNameCodec().encode("")),
			thrown(() => WireNameCodec.fromJSON({ version: 2 } as never)),
			thrown(() => new CodecRegistry({ maxScopes: 0 })),
		];
		for (const error of errors) {
			expect(error).toBeInstanceOf(McpToolNamesError);
			expect(typeof (error as McpToolNamesError).code).toBe("string");
		}
	});

	it("writes the unknown-profile message in the house shape", () => {
		const error = thrown(
			() => new WireNameCodec({ profile: "opanai" as ProfileName }),
		);
		expect((error as Error).message).toBe(
			'Unknown profile "opanai"; expected one of openai, anthropic, gemini, portable, mcp',
		);
	});
});

describe("isMcpToolNamesError", () => {
	it("recognises the library's errors", () => {
		expect(
			isMcpToolNamesError(new McpToolNamesError("invalid-argument", "x")),
		).toBe(true);
	});

	it("rejects everything else without throwing", () => {
		const lookalike = Object.assign(new Error("x"), {
			name: "McpToolNamesError",
			code: "invalid-argument",
		});
		for (const value of [
			new Error("x"),
			new TypeError("x"),
			lookalike,
			{ code: "invalid-profile", message: "x" },
			"McpToolNamesError",
			null,
			undefined,
			42,
			Object.create(null),
		]) {
			expect(isMcpToolNamesError(value)).toBe(false);
		}
	});

	it("recognises an error from another copy of the library", async () => {
		vi.resetModules();
		const copy = await import("../../src/core/errors.js");
		expect(copy.McpToolNamesError).not.toBe(McpToolNamesError);
		const foreign = new copy.McpToolNamesError("invalid-argument", "x");
		expect(foreign).not.toBeInstanceOf(McpToolNamesError);
		expect(isMcpToolNamesError(foreign)).toBe(true);
		expect(
			copy.isMcpToolNamesError(new McpToolNamesError("invalid-argument", "x")),
		).toBe(true);
	});
});

describe("describeValue", () => {
	it("names a function by its name and never prints its source", () => {
		function parseToolName(): string {
			return "SECRET_BODY";
		}
		expect(describeValue(parseToolName)).toBe("function parseToolName");
		expect(describeValue(async function* stream() {})).toBe("function stream");
		expect(describeValue(class Codec {})).toBe("function Codec");
	});

	it("says a function for one without a plain name, and never reads a name getter", () => {
		let read = false;
		const getter = Object.defineProperty(() => 0, "name", {
			get: () => {
				read = true;
				return "x";
			},
		});
		const renamed = Object.defineProperty(() => 0, "name", {
			value: "() => { return SECRET_BODY }",
		});
		const hostile = new Proxy(() => 0, {
			getOwnPropertyDescriptor(): never {
				throw new Error("hostile descriptor");
			},
			get(): never {
				throw new Error("hostile getter");
			},
		});
		for (const fn of [
			(
				() => () =>
					"SECRET_BODY"
			)(),
			renamed,
			getter,
			hostile,
			parseInt.bind(null),
			Object.defineProperty(() => 0, "name", { value: "a".repeat(61) }),
		])
			expect(describeValue(fn)).toBe("a function");
		expect(read).toBe(false);
	});

	it("describes a function argument briefly in a typed error message", () => {
		const message = (
			thrown(() =>
				new WireNameCodec().encode(function lookup() {
					return "SECRET_BODY";
				} as never),
			) as Error
		).message;
		expect(message).toBe(
			"encode expects a non-empty string tool name, got function lookup",
		);
	});

	it("describes other values as before", () => {
		expect(describeValue("a/b")).toBe('"a/b"');
		expect(describeValue(null)).toBe("null");
		expect(describeValue(undefined)).toBe("undefined");
		expect(describeValue([1])).toBe("an array");
		expect(describeValue({ a: 1 })).toBe("an object");
		expect(describeValue(42)).toBe("number 42");
		expect(describeValue(Symbol("s"))).toBe("symbol Symbol(s)");
	});

	it("never throws on a revoked proxy", () => {
		const { proxy, revoke } = Proxy.revocable([], {});
		revoke();
		expect(describeValue(proxy)).toBe("an object");
	});
});
