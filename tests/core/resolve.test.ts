import { describe, expect, it } from "vitest";
import {
	isMcpToolNamesError,
	MAX_INPUT_LENGTH,
	NameIndex,
	normalizeName,
	type Resolution,
	resolveName,
} from "../../src/index.js";
import catalogs from "../fixtures/tool-catalogs.json" with { type: "json" };
import {
	type ExpectedResolution,
	labelOf,
	MCPORTER_CASES,
	optionsOf,
	RESOLVE_CASES,
	type ResolveCase,
} from "./_cases.js";
import { referenceLevenshtein, thrown } from "./_reference.js";

interface Catalog {
	server: string;
	tools: string[];
	destructive: string[];
}

const CATALOGS = catalogs as Catalog[];

/** Words of an ASCII snake_case or dotted tool name. */
const wordsOf = (name: string): string[] =>
	name
		.split(/[^A-Za-z0-9]+/)
		.filter((w) => w !== "")
		.map((w) => w.toLowerCase());

const camel = (name: string): string =>
	name.replace(/[_.]+([a-z])/g, (_, c: string) => c.toUpperCase());

/** The normalised tails of a name after each separator run (rule 3). */
const tailsOf = (name: string): string[] => {
	const words = wordsOf(name);
	return words.slice(1).map((_, i) => words.slice(i + 1).join(""));
};

const expectResolution = (actual: Resolution, c: ResolveCase): void => {
	const expected: ExpectedResolution = c.expected;
	expect(actual.kind).toBe(expected.kind);
	expect(actual.input).toBe(c.input);
	if (actual.kind === "exact" || actual.kind === "corrected") {
		expect(actual.name).toBe(expected.name);
	}
	if (actual.kind === "corrected") {
		if (expected.reason !== undefined)
			expect(actual.reason).toBe(expected.reason);
		if (expected.distance !== undefined)
			expect(actual.distance).toBe(expected.distance);
	}
	if (actual.kind === "suggest") {
		if (expected.reason !== undefined)
			expect(actual.reason).toBe(expected.reason);
		expect(actual.suggestions).toEqual(expected.suggestions);
	}
};

const DESTRUCTIVE = [
	"delete",
	"remove",
	"rm",
	"drop",
	"purge",
	"reset",
	"kill",
	"wipe",
	"truncate",
	"revoke",
	"destroy",
];

const VERBS = [
	"get",
	"set",
	"list",
	"create",
	"update",
	"delete",
	"remove",
	"rm",
	"add",
	"put",
	"post",
	"patch",
	"read",
	"write",
	"fetch",
	"search",
	"find",
	"run",
	"exec",
	"start",
	"stop",
	"kill",
	"restart",
	"open",
	"close",
	"enable",
	"disable",
	"lock",
	"unlock",
	"show",
	"hide",
	"move",
	"copy",
	"rename",
	"upload",
	"download",
	"send",
	"sync",
	"merge",
	"push",
	"pull",
	"grant",
	"revoke",
	"approve",
	"reject",
];

/** One letter of the verb changed, so the distance is 1 and the word no longer a verb. */
const misspell = (verb: string): string =>
	`${verb.slice(0, -1)}${verb.endsWith("q") ? "x" : "q"}`;

describe("resolveName", () => {
	describe("safe mode (tests/fixtures/resolve-cases.json)", () => {
		it.each(RESOLVE_CASES.map((c) => [labelOf(c), c] as const))(
			"resolves %s as the rules say",
			(_label, c) => {
				expectResolution(resolveName(c.input, c.candidates, optionsOf(c)), c);
			},
		);
	});

	describe("mode mcporter (tests/fixtures/mcporter-cases.json)", () => {
		it.each(MCPORTER_CASES.map((c) => [labelOf(c), c] as const))(
			"decides %s exactly as mcporter does",
			(_label, c) => {
				expectResolution(resolveName(c.input, c.candidates, optionsOf(c)), c);
			},
		);
	});

	it("returns exact for a name among the candidates", () => {
		expect(resolveName("list_issues", ["create_issue", "list_issues"])).toEqual(
			{
				kind: "exact",
				input: "list_issues",
				name: "list_issues",
			},
		);
	});

	it("reports the Levenshtein distance of the normal forms", () => {
		const cases: Array<[string, string[]]> = [
			["vercek", ["vercel"]],
			["read_wiki_structur", ["read_wiki_structure"]],
			["fetch_content", ["websearch/fetch_content"]],
			["functions.list_issues", ["list_issues"]],
			["execute_sq", ["execute_sql"]],
			["list_tag", ["list_tags", "get_tag"]],
			["linear.listIssues", ["linear.list_issues"]],
		];
		for (const [input, candidates] of cases) {
			const r = resolveName(input, candidates);
			expect(r.kind).toBe("corrected");
			if (r.kind !== "corrected") continue;
			const expected =
				r.reason === "normalized"
					? 0
					: referenceLevenshtein(normalizeName(input), normalizeName(r.name));
			expect([input, r.distance]).toEqual([input, expected]);
		}
	});

	it("accepts any iterable of candidates", () => {
		function* names(): Generator<string> {
			yield "firecrawl";
			yield "vercel";
		}
		for (const candidates of [
			new Set(["firecrawl", "vercel"]),
			names(),
			new NameIndex(["vercel"]),
		]) {
			expect(resolveName("vercek", candidates)).toMatchObject({
				kind: "corrected",
				name: "vercel",
			});
		}
	});

	it("bounds the input at MAX_INPUT_LENGTH = 256 characters", () => {
		expect(MAX_INPUT_LENGTH).toBe(256);
		const at = "a".repeat(256);
		expect(resolveName(at, ["a".repeat(255)])).toMatchObject({
			kind: "corrected",
			distance: 1,
		});
		const over = "a".repeat(257);
		expect(resolveName(over, ["a".repeat(256)])).toEqual({
			kind: "none",
			input: over,
		});
	});

	it("counts the raw input, not its normal form, against the bound", () => {
		const input = `${"_".repeat(300)}list_isues`;
		expect(resolveName(input, ["list_issues"]).kind).toBe("none");
	});

	it("never throws on any string", () => {
		for (const input of ["x".repeat(100_000), "\u0000", "\ud800", "___"]) {
			const r = resolveName(input, ["list_issues", "a"]);
			expect(r.kind).toBe("none");
		}
	});

	it("refuses an input that is not a string with invalid-argument", () => {
		for (const input of [undefined, null, 42, {}, [], Symbol("s")]) {
			expect(() =>
				resolveName(input as unknown as string, ["list_issues", "a"]),
			).toThrow(
				expect.objectContaining({
					code: "invalid-argument",
					message: expect.stringMatching(
						/^resolveName expects input to be a string, got /,
					),
				}),
			);
		}
	});

	it("answers a 100 kB input without routing it", () => {
		const resolution = resolveName(
			"list_issues".repeat(10_000),
			Array.from({ length: 500 }, (_, i) => `tool_${i}`),
		);
		expect(resolution.kind).toBe("none");
	});

	it("treats prototype keys as ordinary names", () => {
		expect(resolveName("constructor", ["constructor"]).kind).toBe("exact");
		expect(resolveName("__proto__", ["proto"])).toMatchObject({
			kind: "corrected",
			name: "proto",
		});
		expect(resolveName("toString", ["list_issues"]).kind).not.toBe("exact");
		expect({} as Record<string, unknown>).not.toHaveProperty("polluted");
	});

	it.each(DESTRUCTIVE)(
		"never corrects onto a name with the destructive word %j the input lacks",
		(word) => {
			// Two tools share the word, but a destructive word is never a namespace to drop.
			const candidate = `${word}_files_cache`;
			const r = resolveName("files_cache", [candidate, `${word}_logs_cache`]);
			expect(r.kind).toBe("suggest");
			expect(r.kind === "suggest" && r.suggestions).toContain(candidate);
		},
	);

	it.each(DESTRUCTIVE.filter((w) => w.length > 4))(
		"never corrects a typo onto a name that gains the destructive word %j",
		(word) => {
			// the destructive word with two letters swapped: a typo inside one word (rule 4)
			const typo = `${word[1]}${word[0]}${word.slice(2)}`;
			const candidate = `${word}_files_cache`;
			expect(resolveName(`${typo}_files_cache`, [candidate])).toMatchObject({
				kind: "suggest",
				reason: "protected",
				suggestions: [candidate],
			});
		},
	);

	it.each(DESTRUCTIVE.filter((w) => w.length > 3))(
		"corrects within names that keep the destructive word %j",
		(word) => {
			const r = resolveName(`${word}_fles_cache`, [`${word}_files_cache`]);
			expect(r).toMatchObject({
				kind: "corrected",
				name: `${word}_files_cache`,
				distance: 1,
			});
		},
	);

	it.each(VERBS)(
		"treats a changed action verb %j as a different action, not a typo",
		(verb) => {
			const input = `${verb}_widget_config`;
			const candidate = `${misspell(verb)}_widget_config`;
			const r = resolveName(input, [candidate]);
			expect(r).toMatchObject({
				kind: "suggest",
				reason: "too-far",
				suggestions: [candidate],
			});
		},
	);

	it("still corrects the same names in mcporter mode, without the verb guard", () => {
		for (const verb of VERBS) {
			const candidate = `${misspell(verb)}_widget_config`;
			expect(
				resolveName(`${verb}_widget_config`, [candidate], { mode: "mcporter" }),
			).toMatchObject({
				kind: "corrected",
				name: candidate,
			});
		}
	});

	it("extends the verb list with options.verbs, also for camelCase words", () => {
		expect(resolveName("frobWidget", ["grobWidget"]).kind).toBe("corrected");
		expect(
			resolveName("frobWidget", ["grobWidget"], { verbs: ["frob"] }),
		).toMatchObject({
			kind: "suggest",
			reason: "too-far",
		});
		expect(
			resolveName("frobWidget", ["grobWidget"], { verbs: new Set(["frob"]) })
				.kind,
		).toBe("suggest");
	});

	it("never substitutes a letter of another script", () => {
		// Greek omicron for Latin o, Cyrillic о (U+043E) for Latin o
		for (const input of ["b\u03bfok_search", "b\u043eok_search"]) {
			expect(resolveName(input, ["book_search"])).toMatchObject({
				kind: "suggest",
				reason: "protected",
				suggestions: ["book_search"],
			});
		}
	});

	it("consults isProtected for every kind of correction and never for an exact match", () => {
		const protectedNames = new Set([
			"delete_repository",
			"websearch/fetch_content",
			"list_issues",
		]);
		const isProtected = (name: string): boolean => protectedNames.has(name);
		expect(
			resolveName("delete_repository", ["delete_repository"], { isProtected })
				.kind,
		).toBe("exact");
		for (const [input, candidate] of [
			["deleteRepository", "delete_repository"],
			["delete_repositry", "delete_repository"],
			["fetch_content", "websearch/fetch_content"],
			["functions.list_issues", "list_issues"],
			["list_isues", "list_issues"],
		] as const) {
			expect(resolveName(input, [candidate], { isProtected })).toMatchObject({
				kind: "suggest",
				reason: "protected",
				suggestions: [candidate],
			});
		}
	});

	it("still corrects onto an unprotected candidate next to a protected one", () => {
		const r = resolveName("vercek", ["vercel", "delete_all"], {
			isProtected: (n) => n === "delete_all",
		});
		expect(r).toMatchObject({ kind: "corrected", name: "vercel" });
	});

	it("treats a repeated candidate as one candidate, not as a tie", () => {
		expect(resolveName("vercek", ["vercel", "vercel"])).toMatchObject({
			kind: "corrected",
			name: "vercel",
		});
	});

	it("applies the verb guard to camelCase and digit-separated words", () => {
		expect(resolveName("getUser", ["setUser"])).toMatchObject({
			kind: "suggest",
			reason: "too-far",
		});
		expect(resolveName("get2fa_token", ["set2fa_token"])).toMatchObject({
			kind: "suggest",
			reason: "too-far",
		});
	});

	it("rejects a limit that is not a positive integer as a programmer error", () => {
		for (const limit of [0, -1, 1.5, Number.NaN]) {
			expect(
				isMcpToolNamesError(thrown(() => resolveName("a", ["b"], { limit }))),
			).toBe(true);
		}
	});

	it("limits suggestions with options.limit", () => {
		const candidates = ["abcdexyq", "abcdexyz", "abcdwxyz"];
		for (const limit of [1, 2, 3]) {
			const r = resolveName("abcdefgh", candidates, { limit });
			expect(r.kind === "suggest" ? r.suggestions : []).toEqual(
				candidates.slice(0, limit),
			);
		}
	});

	it("never returns a name that is not a candidate", () => {
		const candidates = ["list_issues", "create_issue", "get_me"];
		for (const input of [
			"listIssues",
			"functions.get_me",
			"creat_issue",
			"zzz",
			"搜索",
		]) {
			const r = resolveName(input, candidates);
			if (r.kind === "exact" || r.kind === "corrected")
				expect(candidates).toContain(r.name);
			if (r.kind === "suggest")
				for (const s of r.suggestions) expect(candidates).toContain(s);
		}
	});

	it("does not mutate the candidate array", () => {
		const candidates = ["b", "list_issues", "a"];
		const before = [...candidates];
		resolveName("listIssues", candidates);
		resolveName("zzz", candidates);
		expect(candidates).toEqual(before);
	});

	describe("over real tool catalogs (tests/fixtures/tool-catalogs.json)", () => {
		it.each(CATALOGS.map((c) => [c.server, c] as const))(
			"finds every %s tool exactly",
			(_server, c) => {
				for (const tool of c.tools)
					expect(resolveName(tool, c.tools)).toMatchObject({
						kind: "exact",
						name: tool,
					});
			},
		);

		it.each(CATALOGS.map((c) => [c.server, c] as const))(
			"corrects a camelCased %s tool name by normalisation",
			(_server, c) => {
				for (const tool of c.tools) {
					const input = camel(tool);
					if (input === tool) continue;
					expect(resolveName(input, c.tools)).toMatchObject({
						kind: "corrected",
						name: tool,
						reason: "normalized",
						distance: 0,
					});
				}
			},
		);

		it.each(CATALOGS.map((c) => [c.server, c] as const))(
			"never corrects onto a destructive %s tool when the adapter marks it protected",
			(_server, c) => {
				const isProtected = (name: string): boolean =>
					c.destructive.includes(name);
				for (const tool of c.destructive) {
					const r = resolveName(
						camel(tool) === tool ? tool.toUpperCase() : camel(tool),
						c.tools,
						{
							isProtected,
						},
					);
					expect(r).toMatchObject({ kind: "suggest", reason: "protected" });
					expect(r.kind === "suggest" && r.suggestions).toContain(tool);
				}
			},
		);

		it.each(CATALOGS.map((c) => [c.server, c] as const))(
			"strips a client prefix from %s tool names (rule 3b)",
			(_server, c) => {
				for (const tool of c.tools) {
					const words = wordsOf(tool);
					if (words.length < 2) continue;
					const input = `functions.${tool}`;
					const inputWords = ["functions", ...words];
					const matches = c.tools.filter((other) => {
						const w = wordsOf(other);
						return (
							w.length >= 2 &&
							w.join(" ") === inputWords.slice(-w.length).join(" ")
						);
					});
					const r = resolveName(input, c.tools);
					if (matches.length === 1) {
						expect(r).toMatchObject({
							kind: "corrected",
							name: tool,
							reason: "suffix",
						});
					} else {
						expect(r).toMatchObject({ kind: "suggest", reason: "ambiguous" });
					}
				}
			},
		);

		it("restores a server prefix the model dropped from a proxy's namespaced catalog (rule 3)", () => {
			const proxied = CATALOGS.flatMap((c) =>
				c.tools.map((tool) => `${c.server}/${tool}`),
			);
			let corrected = 0;
			let ambiguous = 0;
			for (const c of CATALOGS) {
				for (const tool of c.tools) {
					const norm = wordsOf(tool).join("");
					const matches = proxied.filter((p) => tailsOf(p).includes(norm));
					const eligible = wordsOf(tool).length >= 2;
					if (!eligible) continue;
					const r = resolveName(tool, proxied);
					if (matches.length === 1) {
						corrected++;
						expect(r).toMatchObject({
							kind: "corrected",
							name: `${c.server}/${tool}`,
							reason: "suffix",
						});
					} else {
						ambiguous++;
						expect(r).toMatchObject({ kind: "suggest", reason: "ambiguous" });
						const suggestions = r.kind === "suggest" ? r.suggestions : [];
						for (const name of suggestions) expect(matches).toContain(name);
						expect(suggestions).toHaveLength(Math.min(3, matches.length));
					}
				}
			}
			// the fixture holds both outcomes: e.g. search_issues is in github and in linear
			expect(corrected).toBeGreaterThan(100);
			expect(ambiguous).toBeGreaterThan(0);
		});
	});
});

describe("resolveName guards and prefix rules", () => {
	it("corrects a plural typo of a word that is as often a noun as a verb", () => {
		expect(resolveName("get_view", ["get_views"])).toMatchObject({
			kind: "corrected",
			name: "get_views",
			reason: "distance",
		});
	});

	it("does not correct when the candidate adds an action verb", () => {
		expect(
			resolveName("github.pull_request", ["github.create_pull_request"]),
		).toMatchObject({ kind: "suggest", reason: "too-far" });
	});

	it("does not correct a glued word whose leading verb differs", () => {
		expect(resolveName("getuser", ["setuser"])).toMatchObject({
			kind: "suggest",
			reason: "too-far",
		});
	});

	it("counts only separators as segments for the dropped-prefix rule", () => {
		// `v2` is one segment and shorter than half of `apiv2`: no jump to api_v2
		expect(resolveName("v2", ["api_v2"]).kind).not.toBe("corrected");
		expect(
			resolveName("fetch_content", ["websearch/fetch_content"]),
		).toMatchObject({
			kind: "corrected",
			reason: "suffix",
		});
	});

	it("is ambiguous when a dropped prefix and an extra prefix point at different tools", () => {
		expect(
			resolveName("github_list_issues", [
				"mcp_github_list_issues",
				"list_issues",
			]),
		).toEqual({
			kind: "suggest",
			input: "github_list_issues",
			// rivals by distance of the normal forms (3 and 6), then by name
			suggestions: ["mcp_github_list_issues", "list_issues"],
			reason: "ambiguous",
		});
	});
});
