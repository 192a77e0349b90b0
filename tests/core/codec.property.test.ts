import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
	isWireSafe,
	type NameProfile,
	type ProfileName,
	profiles,
	WireNameCodec,
} from "../../src/index.js";
import {
	catalog,
	catalogWithRepeats,
	PROPERTY,
	PROPERTY_SLOW,
	toolName,
} from "../_support/fast-check.js";

const CUSTOM: NameProfile = {
	name: "custom",
	maxLength: 24,
	allowed: /[a-z0-9_]/,
	leading: /[a-z]/,
};

const ALL_PROFILES: Array<ProfileName | NameProfile> = [
	"openai",
	"anthropic",
	"gemini",
	"portable",
	"mcp",
	CUSTOM,
];

const profileArb = fc.constantFrom(...ALL_PROFILES);

/** A list and one permutation of it. */
const withPermutation = catalogWithRepeats().chain((names) =>
	fc
		.shuffledSubarray(names, {
			minLength: names.length,
			maxLength: names.length,
		})
		.map((shuffled) => [names, shuffled] as const),
);

/** A sequence of encode / encodeAll calls over a shared pool of names. */
const churn = fc
	.tuple(catalog(16), fc.array(toolName, { maxLength: 8 }))
	.chain(([pool, extra]) => {
		const all = [...pool, ...extra];
		const pick =
			all.length === 0 ? fc.constant("x/y") : fc.constantFrom(...all);
		const op = fc.oneof(
			pick.map((name) => ({ kind: "encode" as const, names: [name] })),
			fc
				.array(pick, { maxLength: 8 })
				.map((names) => ({ kind: "encodeAll" as const, names })),
			fc
				.array(pick, { maxLength: 8 })
				.map((names) => ({ kind: "encodeTools" as const, names })),
		);
		return fc.array(op, { minLength: 1, maxLength: 12 });
	});

type Op = { kind: "encode" | "encodeAll" | "encodeTools"; names: string[] };

const apply = (codec: WireNameCodec, op: Op): string[] => {
	if (op.kind === "encode") return op.names.map((n) => codec.encode(n));
	if (op.kind === "encodeAll") return codec.encodeAll(op.names);
	return codec
		.encodeTools(op.names.map((name) => ({ name })))
		.map((t) => t.name);
};

describe("WireNameCodec", () => {
	it("only hands out wire names that pass the profile (five profiles and a custom one)", () => {
		fc.assert(
			fc.property(profileArb, catalogWithRepeats(), (profile, names) => {
				const codec = new WireNameCodec({ profile });
				for (const wire of codec.encodeAll(names))
					expect(isWireSafe(wire, profile)).toBe(true);
			}),
			PROPERTY,
		);
	});

	it("maps a name valid as is to itself in a fresh codec", () => {
		fc.assert(
			fc.property(profileArb, catalogWithRepeats(), (profile, names) => {
				const codec = new WireNameCodec({ profile });
				const wires = codec.encodeAll(names);
				for (const [i, name] of names.entries()) {
					if (isWireSafe(name, profile)) expect(wires[i]).toBe(name);
				}
			}),
			PROPERTY,
		);
	});

	it("is injective and exactly reversible", () => {
		fc.assert(
			fc.property(
				profileArb,
				catalogWithRepeats(),
				catalog(6),
				(profile, first, later) => {
					const codec = new WireNameCodec({ profile });
					codec.encodeAll(first);
					for (const name of later) codec.encode(name);
					const names = [...new Set([...first, ...later])];
					const wires = names.map((n) => codec.wireNameOf(n));
					expect(new Set(wires).size).toBe(names.length);
					expect(codec.size).toBe(names.length);
					for (const [i, name] of names.entries()) {
						const wire = wires[i] as string;
						expect(codec.decode(wire)).toBe(name);
						expect(codec.lookup(wire)).toBe(name);
						expect(codec.decode(codec.encode(name))).toBe(name);
					}
				},
			),
			PROPERTY,
		);
	});

	it("assigns the same names whatever the order of encodeAll's input", () => {
		fc.assert(
			fc.property(profileArb, withPermutation, (profile, [names, shuffled]) => {
				const a = new WireNameCodec({ profile });
				const b = new WireNameCodec({ profile });
				a.encodeAll(names);
				b.encodeAll(shuffled);
				for (const name of names)
					expect(b.wireNameOf(name)).toBe(a.wireNameOf(name));
			}),
			PROPERTY,
		);
	});

	it("assigns a batch independently of its order after any history", () => {
		fc.assert(
			fc.property(
				profileArb,
				churn,
				withPermutation,
				(profile, ops, [names, shuffled]) => {
					const a = new WireNameCodec({ profile });
					const b = new WireNameCodec({ profile });
					for (const op of ops) {
						apply(a, op);
						apply(b, op);
					}
					a.encodeAll(names);
					b.encodeAll(shuffled);
					for (const name of names)
						expect(b.wireNameOf(name)).toBe(a.wireNameOf(name));
				},
			),
			PROPERTY_SLOW,
		);
	});

	it("never changes an assigned wire name nor reuses it, under random churn", () => {
		fc.assert(
			fc.property(profileArb, churn, (profile, ops) => {
				const codec = new WireNameCodec({ profile });
				const first = new Map<string, string>();
				for (const op of ops) {
					const wires = apply(codec, op);
					for (const [i, name] of op.names.entries()) {
						const wire = wires[i] as string;
						const earlier = first.get(name);
						if (earlier === undefined) first.set(name, wire);
						else expect(wire).toBe(earlier);
					}
					for (const [name, wire] of first) {
						expect(codec.wireNameOf(name)).toBe(wire);
						expect(codec.decode(wire)).toBe(name);
					}
				}
				expect(new Set(first.values()).size).toBe(first.size);
			}),
			PROPERTY_SLOW,
		);
	});

	it("mutates none of its inputs (compared with copies taken before)", () => {
		fc.assert(
			fc.property(profileArb, catalogWithRepeats(), (profile, names) => {
				const input = [...names];
				const tools = names.map((name, i) => ({
					name,
					description: `tool ${i}`,
					inputSchema: { type: "object" },
				}));
				const toolsBefore = structuredClone(tools);
				const codec = new WireNameCodec({ profile });
				codec.encodeAll(input);
				const out = codec.encodeTools(tools);
				expect(tools).toEqual(toolsBefore);
				expect(input).toEqual(names);
				for (const [i, tool] of out.entries()) {
					expect(tool).toEqual({
						...tools[i],
						name: codec.wireNameOf(names[i] as string),
					});
				}
			}),
			PROPERTY,
		);
	});

	it("round-trips through toJSON / JSON / fromJSON with stickiness intact", () => {
		fc.assert(
			fc.property(
				profileArb,
				churn,
				catalogWithRepeats(6),
				(profile, ops, next) => {
					const codec = new WireNameCodec({ profile });
					for (const op of ops) apply(codec, op);
					const restored = WireNameCodec.fromJSON(
						JSON.parse(JSON.stringify(codec.toJSON())),
					);
					expect(restored.size).toBe(codec.size);
					expect(restored.toJSON()).toEqual(codec.toJSON());
					expect(restored.encodeAll(next)).toEqual(codec.encodeAll(next));
					for (const wire of restored.encodeAll(next)) {
						expect(
							isWireSafe(
								wire,
								typeof profile === "string" ? profiles[profile] : profile,
							),
						).toBe(true);
					}
				},
			),
			PROPERTY_SLOW,
		);
	});

	it("rewrites a text that is exactly one known name into its wire name", () => {
		fc.assert(
			fc.property(catalog(8), fc.nat(), (names, pick) => {
				fc.pre(names.length > 0);
				const codec = new WireNameCodec();
				codec.encodeAll(names);
				const name = names[pick % names.length] as string;
				expect(codec.rewriteText(name)).toBe(codec.wireNameOf(name));
			}),
			PROPERTY,
		);
	});

	it("leaves any text unchanged when every known name is valid as is", () => {
		fc.assert(
			fc.property(
				catalog(8),
				fc.string({ unit: "grapheme-ascii", maxLength: 80 }),
				(names, filler) => {
					const valid = names.filter((n) => isWireSafe(n));
					const codec = new WireNameCodec();
					codec.encodeAll(valid);
					const text = [filler, ...valid].join(" ");
					expect(codec.rewriteText(text)).toBe(text);
				},
			),
			PROPERTY,
		);
	});

	it("never throws on decode, lookup or wireNameOf, whatever the value", () => {
		fc.assert(
			fc.property(fc.anything(), (value) => {
				const codec = new WireNameCodec();
				codec.encode("websearch/fetch_content");
				expect(codec.decode(value as string)).toBe(value);
				if (typeof value !== "string")
					expect(codec.lookup(value as string)).toBeUndefined();
				expect(() => codec.wireNameOf(value as string)).not.toThrow();
			}),
			PROPERTY,
		);
	});
});
