/**
 * Rules 7 and 8 as properties, on real catalogs (tests/fixtures/real-catalogs.json) given
 * generated schemas and arguments: arguments never create a correction the same input would
 * not get without them unless they removed a rival; a candidate that cannot take the call is
 * never the answer; a NameIndex of the tools answers as the plain call; and a catalog that
 * uses both numbers of a noun never corrects a number change of it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NameIndex, resolveName, type ToolCandidate } from "../../src/index.js";
import { PROPERTY, PROPERTY_SLOW } from "../_support/fast-check.js";
import catalogs from "../fixtures/real-catalogs.json" with { type: "json" };

const PROPS = ["id", "ids", "name", "text", "items", "query", "count"];
const TYPES = ["string", "integer", "array", "object", "boolean"];

interface Schema {
	properties: Record<string, { type: string }>;
	required: string[];
	additionalProperties?: boolean;
}

const schemaArb: fc.Arbitrary<Schema | undefined> = fc.option(
	fc
		.tuple(
			fc.subarray(PROPS, { minLength: 0, maxLength: 4 }),
			fc.array(fc.constantFrom(...TYPES), { minLength: 4, maxLength: 4 }),
			fc.nat(),
			fc.boolean(),
		)
		.map(([props, types, mask, closed]) => ({
			properties: Object.fromEntries(
				props.map((p, i) => [p, { type: types[i] as string }]),
			),
			required: props.filter((_, i) => (mask >> i) & 1),
			...(closed ? { additionalProperties: false } : {}),
		})),
	{ nil: undefined },
);

const SAMPLE_VALUES: Record<string, unknown> = {
	string: "x",
	integer: 3,
	array: [1],
	object: {},
	boolean: true,
};
const argsArb = fc.dictionary(
	fc.constantFrom(...PROPS),
	fc.constantFrom(...Object.values(SAMPLE_VALUES)),
	{ maxKeys: 3 },
);

/** The reference reading of rule 7, written from DESIGN.md's words. */
function canTake(
	schema: Schema | undefined,
	args: Record<string, unknown>,
): boolean {
	if (schema === undefined) return true;
	if (schema.required.some((p) => !(p in args))) return false;
	return Object.entries(args).every(([key, value]) => {
		const declared = schema.properties[key];
		if (declared === undefined) return schema.additionalProperties !== false;
		const type = Array.isArray(value)
			? "array"
			: Number.isInteger(value)
				? "integer"
				: typeof value;
		return type === declared.type;
	});
}

/** A slip of a name: a letter dropped, doubled or swapped, a plural, or the name itself. */
const slipArb = (name: string): fc.Arbitrary<string> =>
	fc.tuple(fc.nat({ max: name.length }), fc.nat({ max: 4 })).map(([at, op]) => {
		if (op === 0) return `${name}s`;
		if (op === 1) return name.endsWith("s") ? name.slice(0, -1) : name;
		if (op === 2) return name.slice(0, at) + name.slice(at + 1);
		if (op === 3) return name.slice(0, at) + (name[at] ?? "") + name.slice(at);
		return (
			name.slice(0, at) +
			(name[at + 1] ?? "") +
			(name[at] ?? "") +
			name.slice(at + 2)
		);
	});

const caseArb = fc.constantFrom(...catalogs).chain((catalog) =>
	fc
		.tuple(
			fc.array(schemaArb, {
				minLength: catalog.tools.length,
				maxLength: catalog.tools.length,
			}),
			fc.constantFrom(...catalog.tools).chain(slipArb),
			argsArb,
		)
		.map(([schemas, input, args]) => ({
			tools: catalog.tools.map((name, i) => ({
				name,
				...(schemas[i] === undefined ? {} : { inputSchema: schemas[i] }),
			})) as ToolCandidate[],
			schemas,
			names: catalog.tools,
			input,
			args,
		})),
);

describe("rule 7 on real catalogs with generated schemas", () => {
	it("never corrects to a candidate that cannot take the call, nor to one the name alone would not reach", () => {
		fc.assert(
			fc.property(caseArb, ({ tools, schemas, names, input, args }) => {
				const options = { arguments: args };
				const withArgs = resolveName(input, tools, options);
				expect(resolveName(input, new NameIndex(tools), options)).toEqual(
					withArgs,
				);
				const without = resolveName(input, names);
				expect(resolveName(input, tools)).toEqual(without);
				if (withArgs.kind !== "corrected") return;
				const at = names.indexOf(withArgs.name);
				expect(canTake(schemas[at], args)).toBe(true);
				if (without.kind === "corrected") {
					expect(without.name).toBe(withArgs.name);
					expect(without.reason).toBe(withArgs.reason);
				} else {
					// Only a rival removed turns a hint into a correction.
					expect(without).toMatchObject({
						kind: "suggest",
						reason: "ambiguous",
					});
				}
			}),
			PROPERTY_SLOW,
		);
	});
});

describe("rule 8 on generated catalogs", () => {
	const NOUNS = ["record", "invoice", "entry", "box", "issue", "label"];
	const VERBS = ["update", "archive", "delete", "export", "tag", "sync"];
	const plural = (w: string) =>
		w.endsWith("y")
			? `${w.slice(0, -1)}ies`
			: w.endsWith("x")
				? `${w}es`
				: `${w}s`;

	it("never corrects a number change of a noun the catalog uses in both numbers", () => {
		fc.assert(
			fc.property(
				fc.constantFrom(...NOUNS),
				fc.uniqueArray(fc.constantFrom(...VERBS), {
					minLength: 2,
					maxLength: 4,
				}),
				fc.subarray(NOUNS),
				fc.boolean(),
				(noun, verbs, others, askPlural) => {
					const [both, ...rest] = verbs as [string, ...string[]];
					const catalog = [`${both}_${noun}`, `${both}_${plural(noun)}`];
					for (const verb of rest)
						catalog.push(`${verb}_${askPlural ? noun : plural(noun)}`);
					for (const other of others)
						if (other !== noun) catalog.push(`${rest[0]}_${other}`);
					for (const verb of rest) {
						const input = `${verb}_${askPlural ? plural(noun) : noun}`;
						const r = resolveName(input, catalog);
						expect(r.kind).not.toBe("corrected");
					}
				},
			),
			PROPERTY,
		);
	});
});
