/**
 * Rule 7 measured on real catalogs with their schemas (tests/fixtures/schema-catalogs.json):
 * each tool's name slipped (a letter swapped or dropped, a number changed) and called with
 * arguments its own schema takes. Zero wrong corrections with and without arguments; the
 * slips fixed both ways are recorded in docs/resolution.md.
 */
import { describe, expect, it } from "vitest";
import { NameIndex, resolveName, type ToolCandidate } from "../../src/index.js";
import corpus from "../fixtures/schema-catalogs.json" with { type: "json" };

interface Schema {
	properties?: Record<string, { type?: string | string[] }>;
	required?: string[];
}

const SAMPLE: Record<string, unknown> = {
	string: "x",
	number: 1.5,
	integer: 2,
	boolean: true,
	array: [],
	object: {},
	null: null,
};

/** Arguments the tool's own schema takes: each required property, a value of its type. */
function argumentsFor(schema: Schema): Record<string, unknown> {
	const args: Record<string, unknown> = {};
	for (const name of schema.required ?? []) {
		const type = schema.properties?.[name]?.type;
		const first = Array.isArray(type) ? type[0] : type;
		args[name] = SAMPLE[first ?? "string"] ?? "x";
	}
	return args;
}

/** Slips of a name: two letters of its longest word swapped, one dropped, its number changed. */
function slipsOf(name: string): string[] {
	const words = name.split(/([_-])/);
	let at = 0;
	words.forEach((word, i) => {
		if (word.length > (words[at] as string).length) at = i;
	});
	const word = words[at] as string;
	const mid = Math.floor(word.length / 2);
	const swapped =
		word.slice(0, mid) + word[mid + 1] + word[mid] + word.slice(mid + 2);
	const dropped = word.slice(0, mid) + word.slice(mid + 1);
	const withWord = (w: string) =>
		words.map((part, i) => (i === at ? w : part)).join("");
	const number = name.endsWith("s") ? name.slice(0, -1) : `${name}s`;
	return [withWord(swapped), withWord(dropped), number];
}

describe("rule 7 on real catalogs with their schemas", () => {
	const tally = { slips: 0, fixed: 0, fixedWithArguments: 0, wrong: 0 };
	for (const catalog of corpus.catalogs) {
		it(`${catalog.package}: no wrong correction, with or without arguments`, () => {
			const tools = catalog.tools as ToolCandidate[];
			const names = tools.map((tool) => tool.name);
			const index = new NameIndex(tools);
			for (const tool of catalog.tools) {
				const args = argumentsFor(tool.inputSchema as Schema);
				for (const input of slipsOf(tool.name)) {
					if (names.includes(input)) continue;
					tally.slips++;
					const without = resolveName(input, names);
					const withArgs = resolveName(input, index, { arguments: args });
					expect(resolveName(input, tools, { arguments: args })).toEqual(
						withArgs,
					);
					for (const [r, key] of [
						[without, "fixed"],
						[withArgs, "fixedWithArguments"],
					] as const) {
						if (r.kind !== "corrected") continue;
						if (r.name === tool.name) tally[key]++;
						else tally.wrong++;
					}
				}
			}
			expect(tally.wrong).toBe(0);
		});
	}
	it("fixes more slips with arguments than without", () => {
		console.info(`rule 7 on schema-catalogs.json: ${JSON.stringify(tally)}`);
		expect(tally.slips).toBeGreaterThan(100);
		expect(tally.fixedWithArguments).toBeGreaterThan(tally.fixed);
		expect(tally.wrong).toBe(0);
	});
});
