/**
 * NameIndex and the plain call share their search, so comparing them cannot catch a
 * pruning mistake. Here both are compared with the naive scan of bench/naive.ts: every
 * candidate normalised, `fastest-levenshtein` to each, the same rules.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { naiveBoth } from "../../bench/naive.js";
import {
	NameIndex,
	type ResolveOptions,
	resolveName,
	suggest,
} from "../../src/index.js";
import { catalog, PROPERTY, toolName } from "../_support/fast-check.js";
import realCatalogs from "../fixtures/real-catalogs.json" with { type: "json" };

const REAL = (realCatalogs as Array<{ server: string; tools: string[] }>).map(
	(c) => ({ ...c, index: new NameIndex(c.tools) }),
);

/** What models make of a real tool name: every slip and every trap, mixed. */
const mangled = (
	tool: string,
	how: number,
	at: number,
	word: string,
): string => {
	const parts = tool.split(/(?=[A-Z])|[_.\-/]+/).filter((p) => p !== "");
	const i = at % parts.length;
	switch (how % 9) {
		case 0:
			return `${tool.slice(0, -1)}`;
		case 1:
			return `${tool}s`;
		case 2:
			return parts.filter((_, j) => j !== i).join("_");
		case 3:
			return [...parts.slice(0, i), word, ...parts.slice(i)].join("_");
		case 4:
			return `${word}__${tool}`;
		case 5:
			return `mcp__${word}__${tool}`;
		case 6:
			return (
				tool.slice(0, i) +
				tool.slice(i + 1, i + 2) +
				tool.slice(i, i + 1) +
				tool.slice(i + 2)
			);
		case 7:
			return parts.map((p, j) => (j === i ? word : p)).join("-");
		default:
			return tool.toUpperCase();
	}
};

/** Names close to each other: shared prefixes, one length, a few letters. */
const crowded: fc.Arbitrary<string[]> = fc
	.tuple(
		fc.constantFrom("", "srv/", "srv.", "mcp__a__"),
		fc.array(
			// Mostly two letters, so many names are one or two edits from each other (ties).
			fc.string({
				unit: fc.constantFrom("a", "a", "b", "b", "c", "_", "é", "🔥"),
				minLength: 2,
				maxLength: 9,
			}),
			{ minLength: 1, maxLength: 40 },
		),
	)
	.map(([prefix, stems]) => [...new Set(stems.map((s) => prefix + s))]);

const nearInput = (names: string[]): fc.Arbitrary<string> =>
	fc
		.tuple(
			fc.constantFrom(...names),
			fc.nat(),
			fc.constantFrom("", "a", "b", "x", "_", "ab"),
			fc.nat({ max: 2 }),
		)
		.map(([name, at, text, cut]) => {
			const i = name.length === 0 ? 0 : at % name.length;
			return name.slice(0, i) + text + name.slice(i + cut);
		});

const scenario = fc.oneof(catalog(15), crowded, crowded).chain((names) =>
	fc.record({
		names: fc.constant(names),
		// Several queries per catalog, most near a name: where ties and guards live.
		inputs: fc.array(
			names.length === 0
				? toolName
				: fc.oneof(
						{ weight: 1, arbitrary: toolName },
						{ weight: 4, arbitrary: nearInput(names) },
					),
			{ minLength: 1, maxLength: 8 },
		),
		limit: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
		protectedMask: fc.nat(),
	}),
);

describe("resolveName", () => {
	it("answers like the naive scan on real catalogs, with servers and verbs", () => {
		fc.assert(
			fc.property(
				fc.constantFrom(...REAL),
				fc.array(
					fc.tuple(
						fc.nat(),
						fc.nat(),
						fc.nat(),
						fc.constantFrom(
							"github",
							"jira",
							"browser",
							"get",
							"items",
							"s",
							"batch",
							"mcp",
							"functions",
						),
					),
					{ minLength: 1, maxLength: 6 },
				),
				fc.option(
					fc.constantFrom(["jira"], ["github", "linear"], ["browser"]),
					{ nil: undefined },
				),
				fc.option(fc.constantFrom(["swipe"], ["issue"]), { nil: undefined }),
				(c, edits, servers, verbs) => {
					const options: ResolveOptions = {
						isProtected: (name) => name.length % 7 === 0,
					};
					if (servers !== undefined) options.servers = servers;
					if (verbs !== undefined) options.verbs = verbs;
					for (const [pick, how, at, word] of edits) {
						const input = mangled(
							c.tools[pick % c.tools.length] as string,
							how,
							at,
							word,
						);
						expect({
							input,
							resolution: resolveName(input, c.index, options),
						}).toEqual({
							input,
							resolution: naiveBoth(input, c.tools, options).resolution,
						});
					}
				},
			),
			PROPERTY,
		);
	});

	it("answers like the naive scan, through a NameIndex and as a plain call", () => {
		fc.assert(
			fc.property(scenario, ({ names, inputs, limit, protectedMask }) => {
				const options: ResolveOptions = {
					isProtected: (name) => ((protectedMask >> name.length) & 1) === 1,
				};
				if (limit !== undefined) options.limit = limit;
				const suggestOptions = limit === undefined ? {} : { limit };
				const index = new NameIndex(names);
				for (const input of inputs) {
					const expected = naiveBoth(input, names, options);
					expect({
						input,
						resolution: resolveName(input, index, options),
						suggestions: suggest(input, index, suggestOptions),
					}).toEqual({ input, ...expected });
					expect({
						input,
						resolution: resolveName(input, names, options),
						suggestions: suggest(input, names, suggestOptions),
					}).toEqual({ input, ...expected });
				}
			}),
			PROPERTY,
		);
	});
});
