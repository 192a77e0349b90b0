/**
 * The codec and resolver invariants at volume: many cheap properties over catalogs built
 * to collide, well over 100,000 generated cases per run (the last test adds them up).
 * Every property uses the suite's fixed seed; fast-check prints seed, path and the shrunk
 * counterexample on failure, and `FC_RUNS` / `FC_SEED` scale and replay them. Checks in
 * hot loops are plain conditions: `expect` costs microseconds, which add up to minutes here.
 */
import fc from "fast-check";
import {
	isWireSafe,
	NameIndex,
	type NameProfile,
	type ProfileName,
	type ResolveOptions,
	resolveName,
	suggest,
	WireNameCodec,
} from "mcp-tool-names";
import { afterAll, describe, expect, it } from "vitest";
import {
	hostileCatalog,
	hostileName,
	mangle,
	params,
	permutedCatalog,
	runs,
	SCALE,
} from "./_arbitraries.js";

const TIGHT: NameProfile = {
	name: "tight",
	maxLength: 12,
	allowed: /[a-z0-9_]/,
	leading: /[a-z]/,
};
const DOTTED: NameProfile = {
	name: "dotted",
	maxLength: 20,
	allowed: /[A-Za-z0-9_.]/,
};
const PROFILES: Array<ProfileName | NameProfile> = [
	"openai",
	"anthropic",
	"gemini",
	"portable",
	"mcp",
	TIGHT,
	DOTTED,
];
const profile = fc.constantFrom(...PROFILES);
const CHURN_CYCLES = 1000;
/** The slowest property takes 10 to 17 s alone; twice that and more on a loaded machine. */
const VOLUME_TIMEOUT_MS = 120_000;

/** Configured runs per property, and the predicate runs that actually happened. */
const configured = new Map<string, number>();
let executed = 0;

/** Registers a property as a test, with the suite's seed and a scaled run count. */
function property<Ts extends [unknown, ...unknown[]]>(
	title: string,
	base: number,
	arbitraries: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> },
	predicate: (...args: Ts) => void,
	extra: fc.Parameters<Ts> = {},
): void {
	configured.set(title, runs(base));
	it(
		title,
		() => {
			fc.assert(
				fc.property(...arbitraries, (...args: Ts) => {
					executed++;
					predicate(...args);
				}),
				{ ...(params(base) as fc.Parameters<Ts>), ...extra },
			);
		},
		VOLUME_TIMEOUT_MS,
	);
}

function check(condition: boolean, message: () => string): void {
	if (!condition) throw new Error(message());
}

const show = (value: unknown): string => JSON.stringify(value);

function nth<T>(values: Iterable<T>, pick: number): T | undefined {
	const list = [...values];
	return list.length === 0 ? undefined : list[pick % list.length];
}

type Op =
	| { kind: "add"; name: string }
	| { kind: "remove"; pick: number }
	| { kind: "rename"; pick: number; how: number }
	| { kind: "squat"; pick: number };

/** One `list_changed` cycle: a tool added, removed, renamed, or named like a wire name. */
const op: fc.Arbitrary<Op> = fc.oneof(
	{
		weight: 3,
		arbitrary: hostileName.map((name): Op => ({ kind: "add", name })),
	},
	{
		weight: 2,
		arbitrary: fc.nat().map((pick): Op => ({ kind: "remove", pick })),
	},
	{
		weight: 2,
		arbitrary: fc
			.tuple(fc.nat(), fc.nat({ max: 8 }))
			.map(([pick, how]): Op => ({ kind: "rename", pick, how })),
	},
	{
		weight: 1,
		arbitrary: fc.nat().map((pick): Op => ({ kind: "squat", pick })),
	},
);

describe("WireNameCodec at volume", () => {
	property(
		"hands out only names valid for the profile, and keeps names valid as they are",
		25_000,
		[profile, hostileCatalog(8)],
		(profile, names) => {
			const codec = new WireNameCodec({ profile });
			const wires = codec.encodeAll(names);
			for (const [i, wire] of wires.entries()) {
				const name = names[i] as string;
				check(isWireSafe(wire, profile), () => `${show(wire)} is not valid`);
				check(
					!isWireSafe(name, profile) || wire === name,
					() => `${show(name)} is valid but became ${show(wire)}`,
				);
			}
		},
	);

	property(
		"is injective and decodes every wire name back, whatever was encoded before",
		15_000,
		[
			profile,
			hostileCatalog(6),
			fc.array(hostileName, { maxLength: 3 }),
			hostileCatalog(4),
		],
		(profile, first, singles, tools) => {
			const codec = new WireNameCodec({ profile });
			codec.encodeAll(first);
			for (const name of singles) codec.encode(name);
			codec.encodeTools(tools.map((name) => ({ name })));
			const names = [...new Set([...first, ...singles, ...tools])];
			const wires = names.map((name) => codec.wireNameOf(name));
			check(new Set(wires).size === names.length, () => "a shared wire name");
			check(codec.size === names.length, () => `size ${codec.size}`);
			for (const [i, name] of names.entries()) {
				const wire = wires[i] as string;
				check(
					codec.decode(wire) === name &&
						codec.lookup(wire) === name &&
						codec.encode(name) === wire,
					() => `${show(name)} ⇄ ${show(wire)} does not round-trip`,
				);
			}
		},
	);

	property(
		"derives the same names from the same catalog in any order, in every replica",
		12_000,
		[profile, hostileCatalog(4), permutedCatalog],
		(profile, history, [names, shuffled]) => {
			const a = new WireNameCodec({ profile });
			const b = new WireNameCodec({ profile });
			a.encodeAll(history);
			b.encodeAll([...history].reverse());
			a.encodeAll(names);
			b.encodeAll(shuffled);
			for (const name of names) {
				check(
					a.wireNameOf(name) === b.wireNameOf(name),
					() =>
						`${show(name)}: ${show(a.wireNameOf(name))} ≠ ${show(b.wireNameOf(name))}`,
				);
			}
		},
	);

	property(
		`never re-targets a wire name over ${CHURN_CYCLES} list_changed cycles of churn`,
		10,
		[
			profile,
			hostileCatalog(20),
			fc.array(op, { minLength: CHURN_CYCLES, maxLength: CHURN_CYCLES }),
		],
		(profile, start, ops) => {
			const codec = new WireNameCodec({ profile });
			const issued = new Map<string, string>(); // wire → the canonical it was issued for
			const catalog = new Set(start);
			const list = (): void => {
				const names = [...catalog];
				const wires = codec.encodeAll(names);
				check(new Set(wires).size === names.length, () => "a shared wire name");
				for (const [i, wire] of wires.entries()) {
					const name = names[i] as string;
					const first = issued.get(wire);
					if (first === undefined) {
						issued.set(wire, name);
						check(isWireSafe(wire, profile), () => `${show(wire)} is invalid`);
					} else {
						check(
							first === name,
							() => `${show(wire)} meant ${show(first)}, now ${show(name)}`,
						);
					}
				}
			};
			list();
			for (const step of ops) {
				if (step.kind === "add") {
					catalog.add(step.name);
				} else if (step.kind === "squat") {
					// A newcomer named exactly like a wire name another tool holds.
					const wire = nth(issued.keys(), step.pick);
					if (wire !== undefined) catalog.add(wire);
				} else {
					const name = nth(catalog, step.pick);
					if (name === undefined) continue;
					catalog.delete(name);
					if (step.kind === "rename")
						catalog.add(mangle(name, step.how, step.pick) || name);
				}
				list();
			}
			for (const [wire, name] of issued)
				check(codec.decode(wire) === name, () => `${show(wire)} re-targeted`);
		},
		// 1,000 steps take long to shrink: report the first failure, seed and path.
		{ endOnFailure: true },
	);

	property(
		"round-trips through a JSON snapshot with every assignment and promise intact",
		10_000,
		[profile, hostileCatalog(8), hostileCatalog(4)],
		(profile, names, next) => {
			const codec = new WireNameCodec({ profile });
			codec.encodeAll(names);
			const copy = WireNameCodec.fromJSON(JSON.parse(JSON.stringify(codec)));
			check(copy.size === codec.size, () => `size ${copy.size}`);
			for (const name of names) {
				const wire = codec.wireNameOf(name) as string;
				check(
					copy.wireNameOf(name) === wire && copy.lookup(wire) === name,
					() => `${show(name)} lost its wire name ${show(wire)}`,
				);
			}
			check(
				show(copy.encodeAll(next)) === show(codec.encodeAll(next)),
				() => `the copy assigns ${show(next)} differently`,
			);
		},
	);

	property(
		"passes a name it never issued through decode unchanged",
		16_000,
		[hostileCatalog(8), hostileName],
		(names, other) => {
			const codec = new WireNameCodec();
			fc.pre(!codec.encodeAll(names).includes(other));
			check(
				codec.decode(other) === other && codec.lookup(other) === undefined,
				() => `${show(other)} was never issued but decodes`,
			);
		},
	);
});

const resolveScenario = hostileCatalog(8).chain((candidates) =>
	fc.record({
		candidates: fc.constant(candidates),
		input:
			candidates.length === 0
				? hostileName
				: fc.oneof(
						hostileName,
						fc
							.tuple(
								fc.constantFrom(...candidates),
								fc.nat({ max: 8 }),
								fc.nat(),
							)
							.map(([name, how, at]) => mangle(name, how, at)),
					),
		mode: fc.constantFrom<"safe" | "mcporter">("safe", "safe", "mcporter"),
		limit: fc.integer({ min: 1, max: 5 }),
		protectedMask: fc.nat(),
	}),
);

type Scenario = {
	candidates: string[];
	mode: "safe" | "mcporter";
	limit: number;
	protectedMask: number;
};

function optionsOf(s: Scenario): ResolveOptions {
	const guarded = new Set(
		s.candidates.filter((_, i) => ((s.protectedMask >> i) & 1) === 1),
	);
	return {
		mode: s.mode,
		limit: s.limit,
		isProtected: (name) => guarded.has(name),
	};
}

describe("resolveName and suggest at volume", () => {
	property(
		"answers through a NameIndex exactly as through the plain list",
		10_000,
		[resolveScenario],
		(s) => {
			const options = optionsOf(s);
			const indexed = resolveName(
				s.input,
				new NameIndex(s.candidates),
				options,
			);
			const plain = resolveName(s.input, s.candidates, options);
			check(
				show(indexed) === show(plain),
				() => `${show(indexed)} ≠ ${show(plain)}`,
			);
		},
	);

	property(
		"suggests through a NameIndex exactly as through the plain list",
		6_000,
		[resolveScenario],
		(s) => {
			const indexed = suggest(s.input, new NameIndex(s.candidates), {
				limit: s.limit,
			});
			const plain = suggest(s.input, s.candidates, { limit: s.limit });
			check(
				show(indexed) === show(plain),
				() => `${show(indexed)} ≠ ${show(plain)}`,
			);
		},
	);

	property(
		"only ever corrects to a candidate that is not protected (safe mode)",
		8_000,
		[resolveScenario],
		(s) => {
			const options = optionsOf({ ...s, mode: "safe" });
			const result = resolveName(s.input, s.candidates, options);
			if (result.kind === "exact" || result.kind === "corrected")
				check(s.candidates.includes(result.name), () => show(result));
			if (result.kind === "corrected")
				check(options.isProtected?.(result.name) === false, () => show(result));
		},
	);
});

describe("the volume of this run", () => {
	const total = (): number =>
		[...configured.values()].reduce((sum, n) => sum + n, 0);

	afterAll(() => {
		console.info(
			`[hardening] ${total()} generated cases configured in ${configured.size} properties, ${executed} predicate runs executed (FC_RUNS scale ${SCALE})`,
		);
	});

	it("configures at least 100,000 generated cases at the default FC_RUNS", () => {
		expect(total()).toBeGreaterThanOrEqual(runs(100_000));
	});
});
