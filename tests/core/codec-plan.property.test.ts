import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { WireNameCodec } from "../../src/index.js";
import { catalog, PROPERTY } from "../_support/fast-check.js";

describe("WireNameCodec.plan (properties)", () => {
	it("agrees with what encodeAll then assigns, whatever was held before", () => {
		fc.assert(
			fc.property(catalog(), catalog(), (held, batch) => {
				const codec = new WireNameCodec();
				codec.encodeAll(held);
				const plan = codec.plan(batch);
				const twin = WireNameCodec.fromJSON(codec.toJSON());
				twin.encodeAll(batch);
				for (const [canonical, wire] of plan)
					expect(twin.wireNameOf(canonical)).toBe(wire);
				const fresh = new Set(batch.filter((n) => !held.includes(n)));
				expect(plan.length).toBe(fresh.size);
			}),
			PROPERTY,
		);
	});

	it("plans the same set of pairs for any order of the names", () => {
		fc.assert(
			fc.property(
				catalog(),
				catalog().chain((names) =>
					fc.tuple(
						fc.constant(names),
						fc.shuffledSubarray(names, {
							minLength: names.length,
							maxLength: names.length,
						}),
					),
				),
				(held, [batch, shuffled]) => {
					const codec = new WireNameCodec();
					codec.encodeAll(held);
					const sorted = (pairs: [string, string][]) =>
						[...pairs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
					expect(sorted(codec.plan(shuffled))).toEqual(
						sorted(codec.plan(batch)),
					);
				},
			),
			PROPERTY,
		);
	});

	it("adopting a plan leaves the codec as encodeAll would", () => {
		fc.assert(
			fc.property(catalog(), catalog(), (held, batch) => {
				const codec = new WireNameCodec();
				codec.encodeAll(held);
				const twin = WireNameCodec.fromJSON(codec.toJSON());
				codec.adopt(codec.plan(batch));
				twin.encodeAll(batch);
				expect(new Map(codec.toJSON().names)).toEqual(
					new Map(twin.toJSON().names),
				);
			}),
			PROPERTY,
		);
	});
});
