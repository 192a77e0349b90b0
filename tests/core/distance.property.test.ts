import fc from "fast-check";
import { distance } from "fastest-levenshtein";
import { describe, expect, it } from "vitest";
import {
	bucketOf,
	prepare,
	type Sink,
	scan,
	within,
} from "../../src/core/_distance.js";
import { PROPERTY } from "../_support/fast-check.js";
import { referenceLevenshtein } from "./_reference.js";

// A few letters, so strings come out close to each other, plus CJK, accents, astral
// characters (two UTF-16 units, sharing high surrogates) and a lone surrogate.
// Digits 0 and 5 share a letter class of the scan's lower bound, z is the last letter class.
const UNITS = [
	"a",
	"b",
	"c",
	"z",
	"0",
	"5",
	"_",
	"é",
	"搜",
	"索",
	"🔥",
	"😀",
	"\uD83D",
	"\0",
];
/** Normal forms as catalogs have them: lowercase letters and digits. */
const normal = (maxLength: number): fc.Arbitrary<string> =>
	fc
		.array(fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789"), {
			maxLength,
		})
		.map((parts) => parts.join(""));
const close = (maxLength: number): fc.Arbitrary<string> =>
	fc
		.array(fc.constantFrom(...UNITS), { maxLength })
		.map((parts) => parts.join(""));
const anyString: fc.Arbitrary<string> = fc.oneof(
	close(24),
	close(80),
	normal(40),
	fc.string({ unit: "binary", maxLength: 40 }),
	fc.string({ unit: "grapheme", maxLength: 20 }),
);

/** A string and edits of it: pairs near the bound as well as far apart. */
const pair: fc.Arbitrary<[string, string]> = fc.oneof(
	fc.tuple(anyString, anyString),
	fc
		.tuple(anyString, fc.array(fc.tuple(fc.nat(), close(2)), { maxLength: 4 }))
		.map(([a, edits]): [string, string] => {
			let b = a;
			for (const [at, text] of edits) {
				const i = b.length === 0 ? 0 : at % (b.length + 1);
				b = b.slice(0, i) + text + b.slice(i + (at % 2));
			}
			return [a, b];
		}),
);

describe("within", () => {
	it("equals the reference Levenshtein distance within the bound, and bound + 1 above it", () => {
		fc.assert(
			fc.property(pair, fc.nat({ max: 90 }), ([a, b], bound) => {
				const exact = referenceLevenshtein(a, b);
				expect(distance(a, b)).toBe(exact);
				expect(within(a, b, bound)).toBe(exact <= bound ? exact : bound + 1);
				expect(within(b, a, bound)).toBe(exact <= bound ? exact : bound + 1);
			}),
			PROPERTY,
		);
	});
});

describe("scan", () => {
	it("reports exactly the texts within the bound in force, as the sink tightens it", () => {
		const scenario = fc
			.tuple(
				anyString,
				fc.oneof(close(30), normal(30)),
				fc.array(fc.tuple(fc.nat(), fc.oneof(close(30), normal(30))), {
					minLength: 1,
					maxLength: 30,
				}),
				fc.nat({ max: 40 }),
				fc.array(fc.integer({ min: -1, max: 3 }), { maxLength: 30 }),
			)
			.map(([query, base, variants, bound, tightenings]) => {
				// Texts of one length that share prefixes of every length with a base.
				const length = base.length;
				const texts = [
					...new Set(
						variants.map(([keep, tail]) =>
							(
								base.slice(0, keep % (length + 1)) +
								tail +
								base.repeat(2)
							).slice(0, length),
						),
					),
				].filter((text) => text.length === length);
				return { query, texts, bound, tightenings };
			})
			.filter(({ texts }) => texts.length > 0);
		fc.assert(
			fc.property(scenario, ({ query, texts, bound, tightenings }) => {
				const next = (d: number, hit: number): number =>
					Math.min(
						d + (tightenings[hit % Math.max(1, tightenings.length)] ?? 0),
						bound,
					);
				const reported: Array<[string, number]> = [];
				let current = bound;
				const sink: Sink = {
					found(text, d) {
						reported.push([text, d]);
						current = Math.min(current, next(d, reported.length));
						return current;
					},
				};
				const bucket = bucketOf([...texts]);
				scan(prepare(query), bucket, bound, sink);
				// The same walk, text by text, with the reference distance.
				const expected: Array<[string, number]> = [];
				let inForce = bound;
				for (const text of bucket.norms) {
					const d = referenceLevenshtein(query, text);
					if (d > inForce) continue;
					expected.push([text, d]);
					inForce = Math.min(inForce, next(d, expected.length));
				}
				expect(reported).toEqual(expected);
			}),
			PROPERTY,
		);
	});
});
