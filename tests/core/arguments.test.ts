/**
 * Arguments are checked where they enter: the wrong type, or a value that throws while it
 * is read, is one McpToolNamesError `invalid-argument` naming the function and the argument.
 */
import { describe, expect, it } from "vitest";
import {
	auditNames,
	CodecRegistry,
	describeProfile,
	fnv1a32,
	formatResolution,
	hashName,
	isMcpToolNamesError,
	isWireSafe,
	type Resolution,
	WireNameCodec,
	type WireNameCodecOptions,
} from "../../src/index.js";
import {
	assertResolves,
	assertWireSafe,
	checkResolutions,
	checkRoundTrip,
	checkWireSafe,
} from "../../src/testing/index.js";

const trap = new Proxy(
	{},
	{
		get(): never {
			throw new Error("boom");
		},
		ownKeys(): never {
			throw new Error("boom");
		},
		has(): never {
			throw new Error("boom");
		},
	},
);

function failure(run: () => unknown): { code: string; message: string } {
	try {
		run();
	} catch (error) {
		if (!isMcpToolNamesError(error)) throw error;
		return { code: error.code, message: error.message };
	}
	throw new Error("expected a McpToolNamesError");
}

describe("fnv1a32", () => {
	it("refuses a value that is not a string, naming the argument", () => {
		expect(failure(() => fnv1a32(null as unknown as string))).toEqual({
			code: "invalid-argument",
			message: "fnv1a32 expects text to be a string, got null",
		});
	});
});

describe("hashName", () => {
	it("refuses an array instead of a name", () => {
		expect(failure(() => hashName([1] as unknown as string)).message).toBe(
			"hashName expects canonical to be a string, got an array",
		);
	});
});

describe("formatResolution", () => {
	it("refuses null and shapes that are not a Resolution", () => {
		expect(
			failure(() => formatResolution(null as unknown as Resolution)),
		).toEqual({
			code: "invalid-argument",
			message:
				"formatResolution expects resolution to be a Resolution from resolveName, got null",
		});
		const bad = { kind: "suggest", input: "x", suggestions: [1] };
		expect(
			failure(() => formatResolution(bad as unknown as Resolution)).code,
		).toBe("invalid-argument");
	});

	it("refuses an unknown subject and a prefix that is not a string", () => {
		const r: Resolution = { kind: "none", input: "x" };
		expect(
			failure(() => formatResolution(r, { subject: "tool" as "tool call" }))
				.message,
		).toBe(
			'formatResolution: subject must be "tool call" or "server name", got "tool"',
		);
		expect(
			failure(() => formatResolution(r, { prefix: 1 as unknown as string }))
				.code,
		).toBe("invalid-option");
	});

	it("turns a throwing getter into invalid-argument", () => {
		expect(
			failure(() => formatResolution(trap as unknown as Resolution)).message,
		).toMatch(/^formatResolution could not read resolution .*boom$/);
	});
});

describe("isMcpToolNamesError", () => {
	it("answers false for a proxy whose getters throw", () => {
		expect(isMcpToolNamesError(trap)).toBe(false);
	});
});

describe("isWireSafe", () => {
	it("reports a profile object that throws when read as invalid-argument", () => {
		expect(failure(() => isWireSafe("a", trap as never)).code).toBe(
			"invalid-argument",
		);
	});
});

describe("describeProfile", () => {
	it("reports a profile object that throws when read as invalid-argument", () => {
		expect(failure(() => describeProfile(trap as never)).code).toBe(
			"invalid-argument",
		);
	});
});

describe("auditNames", () => {
	it("refuses names that are not iterable and options that are not an object", () => {
		expect(failure(() => auditNames(5 as never)).message).toBe(
			"auditNames expects names to be an iterable of tool names, got number 5",
		);
		expect(failure(() => auditNames(["a"], null as never)).message).toBe(
			"auditNames options must be an object, got null",
		);
	});

	it("reports an iterator that throws as invalid-argument", () => {
		const names = {
			*[Symbol.iterator](): Iterator<string> {
				yield "a";
				throw new Error("boom");
			},
		};
		expect(failure(() => auditNames(names)).message).toMatch(
			/^auditNames could not read names/,
		);
	});
});

describe("CodecRegistry", () => {
	it("refuses a create callback that is not a function", () => {
		expect(
			failure(() => new CodecRegistry({ create: 1 as never })).message,
		).toBe("CodecRegistry option create must be a function, got number 1");
	});
});

describe("checkWireSafe", () => {
	it("refuses names that are neither strings nor tools instead of passing", () => {
		expect(failure(() => checkWireSafe([1, null] as never)).message).toBe(
			"checkWireSafe expects names[0] to be a tool name or a tool object with a string name, got number 1",
		);
	});

	it("refuses a tools/list result whose tools are not an array", () => {
		expect(failure(() => checkWireSafe({ tools: "a" } as never)).code).toBe(
			"invalid-argument",
		);
	});
});

describe("assertWireSafe", () => {
	it("throws invalid-argument for garbage, never passes", () => {
		expect(failure(() => assertWireSafe([{ name: 3 }] as never)).code).toBe(
			"invalid-argument",
		);
	});
});

describe("checkRoundTrip", () => {
	it("refuses a throwing object as names", () => {
		expect(failure(() => checkRoundTrip(trap as never)).code).toBe(
			"invalid-argument",
		);
	});
});

describe("checkResolutions", () => {
	it("refuses a case that is not an [input, expected] pair", () => {
		expect(
			failure(() => checkResolutions([[1, "a"]] as never, ["a"])).message,
		).toBe(
			"checkResolutions expects cases[0] to be an [input, expected tool or null] pair, got an array",
		);
	});
});

describe("assertResolves", () => {
	it("refuses cases that are not an object", () => {
		expect(failure(() => assertResolves(7 as never, ["a"])).message).toBe(
			"assertResolves expects cases to be an object or an array of pairs, got number 7",
		);
	});
});

describe("WireNameCodec", () => {
	it("refuses options whose getters throw as invalid-argument naming the options", () => {
		const { code, message } = failure(
			() => new WireNameCodec(trap as WireNameCodecOptions),
		);
		expect(code).toBe("invalid-argument");
		expect(message).toMatch(/^WireNameCodec could not read options/);
	});

	it("refuses an adopt of an iterable that throws as invalid-argument", () => {
		const throwing = {
			[Symbol.iterator](): never {
				throw new Error("boom");
			},
		};
		const codec = new WireNameCodec();
		expect(failure(() => codec.adopt(throwing as never)).code).toBe(
			"invalid-argument",
		);
		expect(failure(() => codec.adopt(trap as never)).code).toBe(
			"invalid-argument",
		);
	});
});
