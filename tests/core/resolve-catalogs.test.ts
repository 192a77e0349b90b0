/**
 * Slips that must be fixed and traps that must not be, on real tool catalogs
 * (tests/fixtures/real-catalogs.json, sources in tests/fixtures/README.md). The adapters mark
 * a tool protected when its `annotations.destructiveHint` is true; the test does the same.
 */
import { describe, expect, it } from "vitest";
import { NameIndex, resolveName } from "../../src/index.js";
import catalogs from "../fixtures/real-catalogs.json" with { type: "json" };
import cases from "../fixtures/slip-cases.json" with { type: "json" };

interface Catalog {
	server: string;
	tools: string[];
	destructive: string[];
}

interface SlipCase {
	catalog: string;
	input: string;
	expected: string | null;
	rule: string;
}

const CATALOGS = new Map(
	(catalogs as Catalog[]).map((c) => [c.server, c] as const),
);
const CASES = cases as SlipCase[];

const catalogOf = (name: string): Catalog => {
	const catalog = CATALOGS.get(name);
	if (catalog === undefined) throw new Error(`no catalog ${name}`);
	return catalog;
};

describe("resolveName", () => {
	it.each(
		CASES.filter((c) => c.expected !== null).map(
			(c) => [c.input, c.catalog, c] as const,
		),
	)("fixes the slip %j in the %s catalog", (_input, _catalog, c) => {
		const { tools, destructive } = catalogOf(c.catalog);
		const r = resolveName(c.input, new NameIndex(tools), {
			isProtected: (name) => destructive.includes(name),
		});
		expect([c.rule, r.kind === "suggest" ? r : r.kind]).toEqual([
			c.rule,
			c.input === c.expected ? "exact" : "corrected",
		]);
		expect(r).toMatchObject({ name: c.expected });
	});

	it.each(
		CASES.filter((c) => c.expected === null).map(
			(c) => [c.input, c.catalog, c] as const,
		),
	)("does not route the trap %j in the %s catalog", (_input, _catalog, c) => {
		const { tools, destructive } = catalogOf(c.catalog);
		const r = resolveName(c.input, tools, {
			isProtected: (name) => destructive.includes(name),
		});
		expect([c.rule, r.kind]).toEqual([
			c.rule,
			r.kind === "none" ? "none" : "suggest",
		]);
	});

	it("holds slips and traps for every catalog, ten of each at least overall", () => {
		for (const server of CATALOGS.keys()) {
			expect(CASES.filter((c) => c.catalog === server).length).toBeGreaterThan(
				2,
			);
		}
		expect(CASES.filter((c) => c.expected !== null).length).toBeGreaterThan(10);
		expect(CASES.filter((c) => c.expected === null).length).toBeGreaterThan(10);
	});

	it("corrects onto a catalog of configured servers' tools only with the server named", () => {
		const { tools } = catalogOf("filesystem");
		expect(resolveName("mcp__filesystem__read_file", tools).kind).toBe(
			"suggest",
		);
		expect(
			resolveName("mcp__filesystem__read_file", tools, {
				servers: ["filesystem"],
			}),
		).toMatchObject({ kind: "corrected", name: "read_file", reason: "suffix" });
		expect(
			resolveName("mcp__gitlab__read_file", tools, { servers: ["filesystem"] })
				.kind,
		).toBe("suggest");
	});
});
