/**
 * Every trap class of the resolution rules, generated on real catalogs
 * (tests/fixtures/real-catalogs.json): a word added, dropped or changed, a namespace changed,
 * a verb put in front, another server, a sibling that fits as well. Zero wrong corrections.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NameIndex, normalizeName, resolveName } from "../../src/index.js";
import { PROPERTY } from "../_support/fast-check.js";
import catalogs from "../fixtures/real-catalogs.json" with { type: "json" };
import { referenceOsa, referenceWords } from "./_reference.js";

interface Catalog {
	server: string;
	tools: string[];
	index: NameIndex;
	words: Set<string>;
	norms: Set<string>;
	/** Words far from every word of the catalog: no slip can turn one into a catalog word. */
	far: string[];
}

const POOL =
	"pdf items archived draft summary bulk batch stale async recent quota zebra export nightly orphaned weekly mirror preview legacy".split(
		" ",
	);
const OTHER_SERVERS = "jira gitlab notion asana zendesk hubspot figma".split(
	" ",
);
const VERBS =
	"get set list create update delete remove rm add put post patch read write fetch search find run exec start stop kill restart open close enable disable lock unlock show hide move copy rename upload download send sync merge push pull grant revoke approve reject cancel resolve validate clear".split(
		" ",
	);
const SAME_KIND = ["get", "list", "fetch", "read", "search", "find", "show"];

const numbers = (w: string): string[] => [
	`${w}s`,
	`${w}es`,
	...(w.endsWith("y") ? [`${w.slice(0, -1)}ies`] : []),
	...(w.endsWith("s") ? [w.slice(0, -1)] : []),
	...(w.endsWith("es") ? [w.slice(0, -2)] : []),
	...(w.endsWith("ies") ? [`${w.slice(0, -3)}y`] : []),
];

const isFar = (word: string, words: Set<string>): boolean =>
	[...words].every(
		(w) =>
			referenceOsa(word, w) > 2 &&
			!w.startsWith(word) &&
			!numbers(word).includes(w),
	);

const CATALOGS: Catalog[] = (
	catalogs as Array<{ server: string; tools: string[] }>
).map(({ server, tools }) => {
	const words = new Set(tools.flatMap(referenceWords));
	return {
		server,
		tools,
		index: new NameIndex(tools),
		words,
		norms: new Set(tools.map(normalizeName)),
		far: [...POOL, ...OTHER_SERVERS].filter((w) => isFar(w, words)),
	};
});

/** A catalog and one of its tools. */
const toolOf = fc.constantFrom(...CATALOGS).chain((catalog) =>
	fc.record({
		catalog: fc.constant(catalog),
		tool: fc.constantFrom(...catalog.tools),
	}),
);

const join = (words: readonly string[]): string => words.join("_");

/** Asserts the input is not a catalog name and is never corrected. */
const neverCorrected = (
	catalog: Catalog,
	input: string,
	options: { servers?: string[] } = {},
): void => {
	fc.pre(!catalog.norms.has(normalizeName(input)));
	const r = resolveName(input, catalog.index, options);
	expect([catalog.server, input, r.kind]).not.toEqual([
		catalog.server,
		input,
		"corrected",
	]);
	expect(r.kind).not.toBe("exact");
};

describe("resolveName on real catalogs", () => {
	it("never corrects a name with a word added", () => {
		fc.assert(
			fc.property(toolOf, fc.nat(), fc.nat(), ({ catalog, tool }, at, pick) => {
				const words = referenceWords(tool);
				const word = catalog.far[pick % catalog.far.length] as string;
				const input = [...words];
				input.splice(at % (words.length + 1), 0, word);
				neverCorrected(catalog, join(input));
			}),
			PROPERTY,
		);
	});

	it("never corrects a name with a word changed", () => {
		fc.assert(
			fc.property(toolOf, fc.nat(), fc.nat(), ({ catalog, tool }, at, pick) => {
				const input = referenceWords(tool);
				input[at % input.length] = catalog.far[
					pick % catalog.far.length
				] as string;
				neverCorrected(catalog, join(input));
			}),
			PROPERTY,
		);
	});

	it("never corrects a name to the tool it dropped a word of, unless the word was its namespace", () => {
		fc.assert(
			fc.property(toolOf, fc.nat(), ({ catalog, tool }, at) => {
				const words = referenceWords(tool);
				fc.pre(words.length >= 3);
				// the first word of every tool of a server (browser_, kubectl_) is a namespace
				const i = 1 + (at % (words.length - 1));
				const input = join(words.filter((_, j) => j !== i));
				fc.pre(!catalog.norms.has(normalizeName(input)));
				const r = resolveName(input, catalog.index);
				expect([input, r.kind === "corrected" && r.name]).not.toEqual([
					input,
					tool,
				]);
			}),
			PROPERTY,
		);
	});

	it("never corrects a name whose namespace was changed to another server's", () => {
		fc.assert(
			fc.property(
				toolOf,
				fc.constantFrom(...OTHER_SERVERS),
				({ catalog, tool }, other) => {
					const words = referenceWords(tool);
					fc.pre(words.length >= 2 && catalog.far.includes(other));
					neverCorrected(catalog, join([other, ...words.slice(1)]));
				},
			),
			PROPERTY,
		);
	});

	it("never strips a verb put in front (cancel_job_run is not job_run)", () => {
		fc.assert(
			fc.property(
				toolOf,
				fc.constantFrom(...VERBS),
				({ catalog, tool }, verb) => {
					const input = join([verb, ...referenceWords(tool)]);
					fc.pre(!catalog.norms.has(normalizeName(input)));
					const r = resolveName(input, catalog.index, {
						servers: [catalog.server],
					});
					expect([input, r.kind === "corrected" && r.name]).not.toEqual([
						input,
						tool,
					]);
				},
			),
			PROPERTY,
		);
	});

	it("never takes another server's prefix for a client prefix, configured server or not", () => {
		fc.assert(
			fc.property(
				toolOf,
				fc.constantFrom(...OTHER_SERVERS),
				fc.constantFrom("mcp__%s__", "%s__", "%s.", "%s_"),
				fc.boolean(),
				({ catalog, tool }, other, shape, configured) => {
					fc.pre(catalog.far.includes(other));
					const input = `${shape.replace("%s", other)}${tool}`;
					neverCorrected(
						catalog,
						input,
						configured ? { servers: [catalog.server] } : {},
					);
				},
			),
			PROPERTY,
		);
	});

	it("never picks one of two siblings that fit as well as a number slip", () => {
		fc.assert(
			fc.property(toolOf, fc.nat(), ({ catalog, tool }, at) => {
				const words = referenceWords(tool);
				const i = at % words.length;
				const input = [...words];
				for (const other of numbers(words[i] as string)) {
					input[i] = other;
					const name = join(input);
					if (catalog.norms.has(normalizeName(name))) continue;
					const plural =
						numbers(other).includes(words[i] as string) &&
						other.length > (words[i] as string).length;
					const fits = catalog.tools.filter((t) => {
						const w = referenceWords(t);
						if (t === tool) return false;
						// every word of the input, in order, and more
						let k = 0;
						for (const x of w) if (x === input[k]) k++;
						if (k === input.length && w.length > input.length) return true;
						// the plural under another reading verb
						return (
							plural &&
							w.length === input.length &&
							w.every(
								(x, j) =>
									x === input[j] ||
									(SAME_KIND.includes(x) &&
										SAME_KIND.includes(input[j] as string)),
							)
						);
					});
					if (fits.length === 0) continue;
					const r = resolveName(name, catalog.index);
					expect([name, fits, r.kind]).toEqual([name, fits, "suggest"]);
				}
			}),
			PROPERTY,
		);
	});
});
