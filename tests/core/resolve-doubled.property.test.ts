/**
 * Rule 9 (a name written twice) on the real catalogs of tests/fixtures: every tool written
 * twice, in every joining, routes back to itself or stays a hint, never to another tool; and
 * the traps around it: two different tools glued, a tool glued to a part of itself, a tool
 * and its own double in one catalog.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
	NameIndex,
	normalizeName,
	type Resolution,
	resolveName,
} from "../../src/index.js";
import { PROPERTY } from "../_support/fast-check.js";
import realCatalogs from "../fixtures/real-catalogs.json" with { type: "json" };
import schemaCatalogs from "../fixtures/schema-catalogs.json" with {
	type: "json",
};
import toolCatalogs from "../fixtures/tool-catalogs.json" with { type: "json" };

interface Catalog {
	server: string;
	tools: string[];
	destructive: Set<string>;
	index: NameIndex;
	norms: Set<string>;
}

const catalogOf = (
	server: string,
	tools: readonly string[],
	destructive: readonly string[] = [],
): Catalog => ({
	server,
	tools: [...tools],
	destructive: new Set(destructive),
	index: new NameIndex(tools),
	norms: new Set(tools.map(normalizeName)),
});

const CATALOGS: Catalog[] = [
	...(
		realCatalogs as Array<{
			server: string;
			tools: string[];
			destructive: string[];
		}>
	).map((c) => catalogOf(`real/${c.server}`, c.tools, c.destructive)),
	...(
		toolCatalogs as Array<{
			server: string;
			tools: string[];
			destructive: string[];
		}>
	).map((c) => catalogOf(`tool/${c.server}`, c.tools, c.destructive)),
	...(
		schemaCatalogs as {
			catalogs: Array<{ server: string; tools: Array<{ name: string }> }>;
		}
	).catalogs.map((c) =>
		catalogOf(
			`schema/${c.server}`,
			c.tools.map((t) => t.name),
		),
	),
];

/** What hosts and streams put between the two copies (rule 9's joints), nothing included. */
const JOINTS = ["", ".", "_", "-", "/", ":", "__"];

/** The case a model or host may write a copy in. */
const STYLES = {
	same: (name: string) => name,
	upper: (name: string) => name.toUpperCase(),
	lower: (name: string) => name.toLowerCase(),
	camel: (name: string) =>
		name.replace(/[_\-.]+([a-z0-9])/g, (_, c: string) => c.toUpperCase()),
};

const protectedIn = (catalog: Catalog) => ({
	isProtected: (name: string) => catalog.destructive.has(name),
});

/** The tool a resolution routes to, or undefined for a hint or nothing. */
const routed = (r: Resolution): string | undefined =>
	r.kind === "exact" || r.kind === "corrected" ? r.name : undefined;

const toolOf = fc.constantFrom(...CATALOGS).chain((catalog) =>
	fc.record({
		catalog: fc.constant(catalog),
		tool: fc.constantFrom(...catalog.tools),
	}),
);

describe("resolveName, a name written twice (rule 9)", () => {
	it("routes every real tool written twice, in every joining, to itself or to no tool", () => {
		let toSelf = 0;
		let hints = 0;
		for (const catalog of CATALOGS) {
			for (const tool of catalog.tools) {
				for (const joint of JOINTS) {
					const input = `${tool}${joint}${tool}`;
					if (catalog.norms.has(normalizeName(input))) continue;
					const r = resolveName(input, catalog.index, protectedIn(catalog));
					expect([catalog.server, input, routed(r) ?? tool]).toEqual([
						catalog.server,
						input,
						tool,
					]);
					if (r.kind === "corrected") {
						expect(r.reason).toBe("doubled");
						toSelf++;
					} else hints++;
				}
			}
		}
		console.info(
			`rule 9 on the fixtures' catalogs: ${toSelf} to the tool itself, ${hints} hints`,
		);
		// The floor may only go up. The 413 hints are doublings of tools marked destructiveHint
		// (rule 6) and of tools another operation also reaches (`sub_issue_write` ends with
		// the words of `issue_write`: 3b).
		expect(toSelf).toBeGreaterThanOrEqual(3430);
	});

	it("routes a tool written twice in any case and joining to itself or to no tool", () => {
		fc.assert(
			fc.property(
				toolOf,
				fc.constantFrom(...JOINTS),
				fc.constantFrom(...(Object.keys(STYLES) as Array<keyof typeof STYLES>)),
				fc.constantFrom(...(Object.keys(STYLES) as Array<keyof typeof STYLES>)),
				({ catalog, tool }, joint, first, second) => {
					const input = `${STYLES[first](tool)}${joint}${STYLES[second](tool)}`;
					fc.pre(!catalog.norms.has(normalizeName(input)));
					const r = resolveName(input, catalog.index, protectedIn(catalog));
					expect([input, routed(r) ?? tool]).toEqual([input, tool]);
					expect(
						resolveName(input, catalog.tools, protectedIn(catalog)),
					).toEqual(r);
				},
			),
			PROPERTY,
		);
	});

	it("never routes two different tools glued together", () => {
		fc.assert(
			fc.property(
				toolOf,
				fc.nat(),
				fc.constantFrom(...JOINTS),
				({ catalog, tool }, pick, joint) => {
					const other = catalog.tools[pick % catalog.tools.length] as string;
					fc.pre(normalizeName(other) !== normalizeName(tool));
					const input = `${tool}${joint}${other}`;
					fc.pre(!catalog.norms.has(normalizeName(input)));
					const r = resolveName(input, catalog.index, protectedIn(catalog));
					expect([input, r.kind]).not.toEqual([input, "corrected"]);
				},
			),
			PROPERTY,
		);
	});

	it("never routes a tool glued to a part of itself", () => {
		fc.assert(
			fc.property(
				toolOf,
				fc.nat(),
				fc.boolean(),
				fc.constantFrom(...JOINTS),
				({ catalog, tool }, at, before, joint) => {
					const words = tool.split(/[_\-./:]+/).filter((w) => w !== "");
					fc.pre(words.length >= 2);
					const cut = 1 + (at % (words.length - 1));
					const part = (before ? words.slice(0, cut) : words.slice(cut)).join(
						"_",
					);
					const input = before
						? `${part}${joint}${tool}`
						: `${tool}${joint}${part}`;
					fc.pre(!catalog.norms.has(normalizeName(input)));
					const r = resolveName(input, catalog.index, protectedIn(catalog));
					expect([input, r.kind === "corrected" && r.reason]).not.toEqual([
						input,
						"doubled",
					]);
					expect([input, routed(r) ?? tool]).toEqual([input, tool]);
				},
			),
			PROPERTY,
		);
	});

	it("routes to a tool's own double, never to the tool, when the catalog holds both", () => {
		fc.assert(
			fc.property(
				toolOf,
				fc.constantFrom(...JOINTS),
				fc.constantFrom(...JOINTS),
				({ catalog, tool }, listed, sent) => {
					const double = `${tool}${listed}${tool}`;
					fc.pre(!catalog.norms.has(normalizeName(double)));
					const tools = [...catalog.tools, double];
					const input = `${tool}${sent}${tool}`;
					const r = resolveName(input, new NameIndex(tools));
					// Rule 2 (or rule 1) wins: the double is equal to the input but for punctuation.
					expect([input, routed(r)]).toEqual([input, double]);
				},
			),
			PROPERTY,
		);
	});
});
