import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
	NameIndex,
	normalizeName,
	type Resolution,
	type ResolveOptions,
	resolveName,
	suggest,
} from "../../src/index.js";
import { catalog, PROPERTY, toolName } from "../_support/fast-check.js";
import {
	deepFreeze,
	referenceLevenshtein,
	referenceNormalize,
} from "./_reference.js";

/** What a model makes of a tool name: case, punctuation, typos, prefixes added or dropped. */
const mangle = (name: string, how: number, at: number): string => {
	const i = name.length === 0 ? 0 : at % name.length;
	switch (how) {
		case 0:
			return name.toUpperCase();
		case 1:
			return name.replace(/[_\-./:]+(.)/g, (_, c: string) => c.toUpperCase());
		case 2:
			return `${name.slice(0, i)}${name.slice(i + 1)}`;
		case 3:
			return `${name.slice(0, i)}x${name.slice(i + 1)}`;
		case 4:
			return `functions.${name}`;
		case 5:
			return `mcp__server__${name}`;
		case 6:
			return (
				name
					.split(/[/.:]|__/)
					.slice(1)
					.join("_") || name
			);
		default:
			return name;
	}
};

const scenario = catalog(10).chain((candidates) =>
	fc.record({
		candidates: fc.constant(candidates),
		input:
			candidates.length === 0
				? toolName
				: fc.oneof(
						toolName,
						fc
							.tuple(
								fc.constantFrom(...candidates),
								fc.nat({ max: 7 }),
								fc.nat(),
							)
							.map(([name, how, at]) => mangle(name, how, at)),
					),
		mode: fc.constantFrom<"safe" | "mcporter">("safe", "safe", "mcporter"),
		limit: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
		verbs: fc.option(
			fc.array(fc.constantFrom("frob", "issue", "x", "content")),
			{ nil: undefined },
		),
		protectedMask: fc.nat(),
	}),
);

type Scenario = {
	candidates: string[];
	input: string;
	mode: "safe" | "mcporter";
	limit: number | undefined;
	verbs: string[] | undefined;
	protectedMask: number;
};

const optionsOf = (
	s: Scenario,
): ResolveOptions & { protectedNames: Set<string> } => {
	const protectedNames = new Set(
		s.candidates.filter((_, i) => (s.protectedMask >> i) & 1),
	);
	const options: ResolveOptions & { protectedNames: Set<string> } = {
		protectedNames,
		mode: s.mode,
		isProtected: (name) => protectedNames.has(name),
	};
	if (s.limit !== undefined) options.limit = s.limit;
	if (s.verbs !== undefined) options.verbs = s.verbs;
	return options;
};

const checkShape = (
	r: Resolution,
	s: Scenario,
	protectedNames: Set<string>,
): void => {
	expect(r.input).toBe(s.input);
	if (r.kind === "exact") expect(r.name).toBe(s.input);
	if (r.kind === "exact" || r.kind === "corrected")
		expect(s.candidates).toContain(r.name);
	if (r.kind === "corrected") {
		if (s.mode === "safe") expect(protectedNames.has(r.name)).toBe(false);
		const expected =
			r.reason === "normalized"
				? 0
				: referenceLevenshtein(normalizeName(s.input), normalizeName(r.name));
		if (s.mode === "safe") expect(r.distance).toBe(expected);
	}
	if (r.kind === "suggest") {
		expect(r.suggestions.length).toBeGreaterThan(0);
		expect(r.suggestions.length).toBeLessThanOrEqual(s.limit ?? 3);
		expect(new Set(r.suggestions).size).toBe(r.suggestions.length);
		for (const name of r.suggestions) expect(s.candidates).toContain(name);
	}
};

describe("resolveName", () => {
	it("returns well-formed answers that only name candidates, never correcting onto a protected one", () => {
		fc.assert(
			fc.property(scenario, (s) => {
				const { protectedNames, ...options } = optionsOf(s);
				checkShape(
					resolveName(s.input, s.candidates, options),
					s,
					protectedNames,
				);
			}),
			PROPERTY,
		);
	});

	it("answers through a NameIndex exactly like the plain call", () => {
		fc.assert(
			fc.property(scenario, (s) => {
				const { protectedNames: _, ...options } = optionsOf(s);
				const index = new NameIndex(s.candidates);
				expect(resolveName(s.input, index, options)).toEqual(
					resolveName(s.input, s.candidates, options),
				);
			}),
			PROPERTY,
		);
	});

	it("finds an exact candidate whenever the input is one (safe mode)", () => {
		fc.assert(
			fc.property(catalog(10), fc.nat(), (candidates, pick) => {
				fc.pre(candidates.length > 0);
				const input = candidates[pick % candidates.length] as string;
				fc.pre(input.length <= 256 && normalizeName(input) !== "");
				expect(resolveName(input, candidates)).toEqual({
					kind: "exact",
					input,
					name: input,
				});
			}),
			PROPERTY,
		);
	});

	it("does not depend on the order of the candidates (safe mode)", () => {
		fc.assert(
			fc.property(
				scenario.chain((s) =>
					fc
						.shuffledSubarray(s.candidates, {
							minLength: s.candidates.length,
							maxLength: s.candidates.length,
						})
						.map((shuffled) => [s, shuffled] as const),
				),
				([s, shuffled]) => {
					const { protectedNames: _, ...options } = optionsOf({
						...s,
						mode: "safe",
					});
					expect(resolveName(s.input, shuffled, options)).toEqual(
						resolveName(s.input, s.candidates, options),
					);
				},
			),
			PROPERTY,
		);
	});

	it("mutates no input (deep-frozen candidates)", () => {
		fc.assert(
			fc.property(scenario, (s) => {
				const frozen = deepFreeze([...s.candidates]);
				const { protectedNames: _, ...options } = optionsOf(s);
				resolveName(s.input, frozen, options);
				suggest(s.input, frozen);
				new NameIndex(frozen);
				expect(frozen).toEqual(s.candidates);
			}),
			PROPERTY,
		);
	});

	it("never throws on any string", () => {
		fc.assert(
			fc.property(
				fc.string({ unit: "binary", maxLength: 300 }),
				catalog(6),
				(input, candidates) => {
					for (const mode of ["safe", "mcporter"] as const) {
						expect(() =>
							resolveName(input, candidates, { mode }),
						).not.toThrow();
					}
				},
			),
			PROPERTY,
		);
	});
});

describe("suggest", () => {
	it("answers through a NameIndex exactly like the plain call", () => {
		fc.assert(
			fc.property(scenario, (s) => {
				const options = s.limit === undefined ? {} : { limit: s.limit };
				expect(suggest(s.input, new NameIndex(s.candidates), options)).toEqual(
					suggest(s.input, s.candidates, options),
				);
			}),
			PROPERTY,
		);
	});

	it("ranks by distance of the normal forms, then by UTF-16 order of the name", () => {
		fc.assert(
			fc.property(scenario, (s) => {
				const limit = s.limit ?? 3;
				const ranked = suggest(s.input, s.candidates, { limit });
				expect(ranked.length).toBeLessThanOrEqual(limit);
				const norm = normalizeName(s.input);
				const key = (name: string): number =>
					referenceLevenshtein(norm, normalizeName(name));
				for (let i = 1; i < ranked.length; i++) {
					const a = ranked[i - 1] as string;
					const b = ranked[i] as string;
					expect(key(a) < key(b) || (key(a) === key(b) && a < b)).toBe(true);
				}
				// no candidate within its own bound max(3, floor(0.6 × L)) was left out for a worse one
				const last = ranked[ranked.length - 1];
				for (const c of s.candidates) {
					// a candidate without letters or digits is not worth suggesting (DESIGN is silent)
					if (
						ranked.includes(c) ||
						norm === "" ||
						normalizeName(c) === "" ||
						s.input.length > 256
					)
						continue;
					const L = Math.max(norm.length, normalizeName(c).length);
					if (key(c) > Math.max(3, Math.floor(0.6 * L))) continue;
					expect(last).toBeDefined();
					const worst = key(last as string);
					expect(
						key(c) > worst || (key(c) === worst && c > (last as string)),
					).toBe(true);
				}
			}),
			PROPERTY,
		);
	});
});

describe("normalizeName", () => {
	it("composes, lowercases and keeps only letters, marks and numbers, idempotently", () => {
		fc.assert(
			fc.property(fc.oneof(toolName, fc.string({ unit: "binary" })), (name) => {
				const once = normalizeName(name);
				expect(once).toBe(referenceNormalize(name));
				expect(once).toMatch(/^[\p{L}\p{M}\p{N}]*$/u);
			}),
			PROPERTY,
		);
	});
});
