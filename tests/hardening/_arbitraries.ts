/**
 * Arbitraries and run accounting for the hardening properties. Names here are built to
 * collide: the same words under every separator and case, suffixes that look like the
 * codec's own `_2`, names at the length limit, homoglyphs, prototype keys.
 */
import fc from "fast-check";
import { PROPERTY, toolName } from "../_support/fast-check.js";

/** The suite's run count relative to its default (200), so `FC_RUNS` scales these too. */
export const SCALE: number = Number(PROPERTY.numRuns) / 200;

/** A run count that follows `FC_RUNS`: `base` at the default setting. */
export function runs(base: number): number {
	return Math.max(1, Math.round(base * SCALE));
}

/** fast-check parameters with the suite's seed and a scaled run count. */
export function params(base: number): fc.Parameters<unknown> {
	return { ...PROPERTY, numRuns: runs(base) };
}

const STEMS = [
	"a",
	"b",
	"ab",
	"get",
	"user",
	"fetch_content",
	"websearch",
	"list-issues",
	"2",
	"tool",
	"__proto__",
	"constructor",
	"hasOwnProperty",
	"p\u0430yment",
	"payment",
	"搜索",
	"ｆｅｔｃｈ",
	"fetch",
	"x".repeat(30),
	"y".repeat(61),
];
const SEPARATORS = ["/", ".", "_", "-", "__", ":", " ", "", "/_", "-_"];
const TAILS = ["", "_2", "_3", "_2_2", "-2", "_tool", "_1oiaz9u"];

/** A name from a small vocabulary, so that many names of a catalog collide. */
export const collidingName: fc.Arbitrary<string> = fc
	.tuple(
		fc.constantFrom(...STEMS),
		fc.constantFrom(...SEPARATORS),
		fc.constantFrom(...STEMS),
		fc.constantFrom(...TAILS),
		fc.constantFrom("as-is", "upper", "pascal"),
	)
	.map(([head, separator, tail, suffix, style]) => {
		const name = `${head}${separator}${tail}${suffix}`;
		if (style === "upper") return name.toUpperCase();
		if (style === "pascal") return name.charAt(0).toUpperCase() + name.slice(1);
		return name;
	})
	.filter((name) => name !== "");

/** Names around the 64 and 128 character limits that differ only near their ends. */
export const longName: fc.Arbitrary<string> = fc
	.tuple(
		fc.integer({ min: 50, max: 140 }),
		fc.constantFrom("x", "a/", "a_", "é"),
		fc.string({
			unit: fc.constantFrom(..."abz_/.-9"),
			minLength: 0,
			maxLength: 4,
		}),
	)
	.map(
		([length, unit, tail]) =>
			`${unit.repeat(Math.ceil(length / unit.length)).slice(0, length)}${tail}`,
	);

/** Any tool name: realistic, random, colliding or long. */
export const hostileName: fc.Arbitrary<string> = fc.oneof(
	{ weight: 3, arbitrary: toolName },
	{ weight: 3, arbitrary: collidingName },
	{ weight: 1, arbitrary: longName },
);

/** A `tools/list` catalog of distinct names, built to collide. */
export const hostileCatalog = (maxLength = 14): fc.Arbitrary<string[]> =>
	fc.uniqueArray(hostileName, { minLength: 0, maxLength });

/** A catalog and the same names in another order (with repeats, as a sloppy server sends). */
export const permutedCatalog: fc.Arbitrary<readonly [string[], string[]]> =
	hostileCatalog().chain((names) =>
		fc
			.tuple(
				fc.shuffledSubarray(names, {
					minLength: names.length,
					maxLength: names.length,
				}),
				names.length === 0
					? fc.constant([] as string[])
					: fc.array(fc.constantFrom(...names), { maxLength: 3 }),
			)
			.map(
				([shuffled, repeats]) => [names, [...repeats, ...shuffled]] as const,
			),
	);

/** Latin letters and the Cyrillic letters that look the same. */
export const HOMOGLYPHS: ReadonlyMap<string, string> = new Map([
	["a", "\u0430"],
	["c", "\u0441"],
	["e", "\u0435"],
	["i", "\u0456"],
	["o", "\u043e"],
	["p", "\u0440"],
	["s", "\u0455"],
	["x", "\u0445"],
	["y", "\u0443"],
]);

/** Replaces the letters at the chosen positions with their Cyrillic look-alikes. */
export function withHomoglyphs(name: string, mask: number): string {
	let out = "";
	let candidate = 0;
	for (const char of name) {
		const twin = HOMOGLYPHS.get(char);
		if (twin !== undefined && ((mask >> (candidate++ % 31)) & 1) === 1)
			out += twin;
		else out += char;
	}
	return out;
}

/** A Latin tool name with at least one letter that has a Cyrillic twin. */
export const latinName: fc.Arbitrary<string> = fc
	.tuple(
		fc.array(
			fc.constantFrom(
				"pay",
				"payment",
				"send",
				"copy",
				"create",
				"issue",
				"search",
				"fetch",
				"execute",
				"process",
				"api",
				"stripe",
				"x",
			),
			{ minLength: 1, maxLength: 3 },
		),
		fc.constantFrom("_", "/", ".", "-"),
	)
	.map(([words, separator]) => words.join(separator));

/** What a model makes of a name: case, separators, typos, prefixes, homoglyphs. */
export function mangle(name: string, how: number, at: number): string {
	const i = name.length === 0 ? 0 : at % name.length;
	switch (how) {
		case 0:
			return name.toUpperCase();
		case 1:
			return name.replace(/[_\-./:]+(.)/g, (_, c: string) => c.toUpperCase());
		case 2:
			return `${name.slice(0, i)}${name.slice(i + 1)}`;
		case 3:
			return `${name.slice(0, i)}q${name.slice(i + 1)}`;
		case 4:
			return `functions.${name}`;
		case 5:
			return (
				name
					.split(/[/.:_]/)
					.slice(1)
					.join("_") || name
			);
		case 6:
			return name.replace(/[_/.:]/g, "-");
		case 7:
			return withHomoglyphs(name, at | 1);
		default:
			return `delete_${name}`;
	}
}
