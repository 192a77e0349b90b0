import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fnv1a32, hashName } from "../../src/index.js";
import { PROPERTY, toolName } from "../_support/fast-check.js";
import { referenceFnv1a32, referenceHash } from "./_reference.js";

describe("hashName", () => {
	it("matches an independent FNV-1a over Buffer's UTF-8 bytes for any string", () => {
		fc.assert(
			fc.property(fc.oneof(toolName, fc.string({ unit: "binary" })), (text) => {
				expect(fnv1a32(text)).toBe(referenceFnv1a32(text));
				expect(hashName(text)).toBe(referenceHash(text));
			}),
			PROPERTY,
		);
	});

	it("is always 7 lowercase base36 characters", () => {
		fc.assert(
			fc.property(fc.string({ unit: "binary" }), (text) => {
				expect(hashName(text)).toMatch(/^[0-9a-z]{7}$/);
			}),
			PROPERTY,
		);
	});
});
