/**
 * Shared fast-check settings and arbitraries for the property tests.
 *
 * One seed and one run count for the whole suite, so a failure replays with
 * `FC_SEED=<seed> npx vitest run tests/core`; fast-check prints the seed and the
 * shrunk counterexample on failure.
 */
import fc from "fast-check";

/** Parameters of every `fc.assert` in the suite. */
export const PROPERTY: fc.Parameters<unknown> = {
	seed: Number(process.env.FC_SEED ?? 20261202),
	numRuns: Number(process.env.FC_RUNS ?? 200),
};

/** Parameters for the slower properties (large catalogs, many operations). */
export const PROPERTY_SLOW: fc.Parameters<unknown> = {
	...PROPERTY,
	numRuns: Math.max(1, Math.floor(Number(PROPERTY.numRuns) / 3)),
};

const WORDS = [
	"get",
	"set",
	"list",
	"create",
	"delete",
	"fetch",
	"search",
	"read",
	"write",
	"issue",
	"issues",
	"pull",
	"request",
	"content",
	"file",
	"user",
	"session",
	"begin",
	"web",
	"websearch",
	"github",
	"linear",
	"slack",
	"all",
	"api",
	"default",
	"functions",
	"mcp",
	"v2",
	"1password",
	"x",
];

const UNICODE_WORDS = [
	"搜索",
	"获取",
	"文件",
	"読み込み",
	"получить",
	"файл",
	"café",
	"cafe\u0301",
	"résumé",
	"straße",
	"ﬁle",
	"ｆｅｔｃｈ",
	"\u212aelvin",
	"İstanbul",
	"🔥",
	"١٢٣",
	"p\u0430yment",
];

const SEPARATORS = ["/", ".", ":", "_", "__", "-", " ", "::", "//"];

const camel = (words: string[]): string =>
	words
		.map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1)))
		.join("");

/** One word of a tool name: ASCII, unicode, random letters, or empty (empty segment). */
const word: fc.Arbitrary<string> = fc.oneof(
	{ weight: 6, arbitrary: fc.constantFrom(...WORDS) },
	{ weight: 2, arbitrary: fc.constantFrom(...UNICODE_WORDS) },
	{
		weight: 2,
		arbitrary: fc.string({
			unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789"),
			minLength: 1,
			maxLength: 8,
		}),
	},
	{ weight: 1, arbitrary: fc.constant("") },
);

/** A tool name as servers and proxies write them: namespaces, camelCase, unicode. */
export const realisticToolName: fc.Arbitrary<string> = fc
	.tuple(
		fc.array(word, { minLength: 1, maxLength: 5 }),
		fc.array(fc.constantFrom(...SEPARATORS), { minLength: 4, maxLength: 4 }),
		fc.constantFrom("snake", "camel", "upper", "pascal"),
		fc.nat({ max: 9 }),
	)
	.map(([words, seps, style, repeat]) => {
		let name: string;
		if (style === "camel") name = camel(words);
		else if (style === "pascal") {
			const c = camel(words);
			name = c.charAt(0).toUpperCase() + c.slice(1);
		} else {
			name = words.reduce(
				(acc, w, i) => (i === 0 ? w : `${acc}${seps[i % seps.length]}${w}`),
				"",
			);
			if (style === "upper") name = name.toUpperCase();
		}
		// now and then a name far longer than any provider allows
		return repeat === 9
			? name.repeat(1 + Math.ceil(130 / (name.length + 1)))
			: name;
	});

/** Fully random strings: any code point, ASCII with control characters, graphemes. */
export const randomName: fc.Arbitrary<string> = fc.oneof(
	fc.string({ unit: "binary", minLength: 1, maxLength: 40 }),
	fc.string({ unit: "binary-ascii", minLength: 1, maxLength: 40 }),
	fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 }),
	fc.string({ unit: "binary-ascii", minLength: 60, maxLength: 200 }),
);

/** A non-empty tool name, realistic most of the time. */
export const toolName: fc.Arbitrary<string> = fc
	.oneof(
		{ weight: 3, arbitrary: realisticToolName },
		{ weight: 1, arbitrary: randomName },
	)
	.filter((name) => name.length > 0);

/** A list of distinct tool names, as one `tools/list` returns them. */
export const catalog = (maxLength = 12): fc.Arbitrary<string[]> =>
	fc.uniqueArray(toolName, { minLength: 0, maxLength });

/** A list of tool names with repeats, to exercise "a name repeated within one call". */
export const catalogWithRepeats = (maxLength = 12): fc.Arbitrary<string[]> =>
	catalog(maxLength).chain((names) =>
		names.length === 0
			? fc.constant(names)
			: fc
					.array(fc.constantFrom(...names), { maxLength: 3 })
					.map((extra) => [...names, ...extra]),
	);
