import { describe, expect, it } from "vitest";
import { fnv1a32, HASH_LENGTH, hashName } from "../../src/index.js";
import { referenceFnv1a32, referenceHash } from "./_reference.js";

// Published FNV-1a 32-bit test vectors (Fowler/Noll/Vo), independent of any implementation.
const VECTORS: Array<[string, number]> = [
	["", 0x811c9dc5],
	["a", 0xe40c292c],
	["foobar", 0xbf9cf968],
];

describe("fnv1a32", () => {
	it.each(VECTORS)("hashes %j to the published FNV-1a value", (text, value) => {
		expect(fnv1a32(text)).toBe(value);
	});

	it("returns an unsigned 32-bit integer", () => {
		for (const text of ["", "a", "搜索/获取", "x".repeat(10_000)]) {
			const value = fnv1a32(text);
			expect(Number.isInteger(value)).toBe(true);
			expect(value).toBeGreaterThanOrEqual(0);
			expect(value).toBeLessThanOrEqual(0xffffffff);
		}
	});

	it("hashes the UTF-8 bytes, not the UTF-16 code units", () => {
		// "é" is one UTF-16 unit but two UTF-8 bytes; "𝐀" is two units and four bytes
		for (const text of ["é", "搜索", "𝐀", "привет", "cafe\u0301"]) {
			expect(fnv1a32(text)).toBe(referenceFnv1a32(text));
		}
	});
});

describe("hashName", () => {
	it("is written with HASH_LENGTH = 7 characters", () => {
		expect(HASH_LENGTH).toBe(7);
	});

	it.each([
		["", "0ztntfp"],
		["a", "1r9wi7g"],
		["foobar", "1h5yxyg"],
		["搜索/获取", "1oiaz9u"],
	])("writes FNV-1a of %j in base36, padded to 7 (%s)", (text, expected) => {
		expect(hashName(text)).toBe(expected);
		expect(hashName(text)).toBe(referenceHash(text));
	});

	it("left-pads with 0 when the base36 value is shorter than 7 characters", () => {
		// FNV-1a("u0") = 0x0342a660 < 36^5, so two zeros are needed
		expect(referenceFnv1a32("u0")).toBeLessThan(36 ** 5);
		expect(hashName("u0")).toBe("00wkehs");
		expect(hashName("cap")).toBe("00oilkr");
	});

	it("uses only lowercase base36 digits", () => {
		for (const text of ["", "A", "Z".repeat(50), "搜索", "🔥", "\u0000"]) {
			expect(hashName(text)).toMatch(/^[0-9a-z]{7}$/);
		}
	});

	it("gives different hashes to NFC and NFD spellings of the same word", () => {
		expect(hashName("caf\u00e9")).not.toBe(hashName("cafe\u0301"));
		expect(hashName("caf\u00e9")).toBe(referenceHash("caf\u00e9"));
		expect(hashName("cafe\u0301")).toBe(referenceHash("cafe\u0301"));
	});

	it("is pure: the same input always gives the same hash", () => {
		const name = "all/github/create_pull_request";
		expect(hashName(name)).toBe(hashName(name));
		expect(hashName(name)).toBe(referenceHash(name));
	});

	it("hashes a lone surrogate without throwing", () => {
		expect(hashName("\ud800")).toMatch(/^[0-9a-z]{7}$/);
	});
});
