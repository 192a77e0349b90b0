/** Loading of the resolution fixtures shared by resolve, suggest and NameIndex tests. */
import type { ResolveOptions } from "../../src/index.js";
import mcporterCases from "../fixtures/mcporter-cases.json" with {
	type: "json",
};
import resolveCases from "../fixtures/resolve-cases.json" with { type: "json" };

export interface ExpectedResolution {
	kind: "exact" | "corrected" | "suggest" | "none";
	name?: string;
	reason?: string;
	distance?: number;
	suggestions?: string[];
}

export interface ResolveCase {
	input: string;
	candidates: string[];
	options?: {
		protected?: string[];
		verbs?: string[];
		servers?: string[];
		mode?: "safe" | "mcporter";
		limit?: number;
	};
	expected: ExpectedResolution;
	rule?: string;
	source?: string;
}

export const RESOLVE_CASES: ResolveCase[] = resolveCases as ResolveCase[];

/** mcporter's decisions; every case must match in `mode: 'mcporter'`. */
export const MCPORTER_CASES: ResolveCase[] = (
	mcporterCases as ResolveCase[]
).map((c) => ({
	...c,
	options: { ...c.options, mode: "mcporter" },
}));

export function optionsOf(c: ResolveCase): ResolveOptions {
	const options: ResolveOptions = {};
	const o = c.options ?? {};
	if (o.protected !== undefined) {
		const set = new Set(o.protected);
		options.isProtected = (name) => set.has(name);
	}
	if (o.verbs !== undefined) options.verbs = o.verbs;
	if (o.servers !== undefined) options.servers = o.servers;
	if (o.mode !== undefined) options.mode = o.mode;
	if (o.limit !== undefined) options.limit = o.limit;
	return options;
}

/** A short printable label of a case for test titles. */
export function labelOf(c: ResolveCase): string {
	const mode = c.options?.mode === "mcporter" ? " [mcporter]" : "";
	const extra = c.options?.protected
		? " [protected]"
		: c.options?.verbs
			? " [verbs]"
			: c.options?.servers
				? ` [servers ${c.options.servers.join(",")}]`
				: "";
	return `${JSON.stringify(c.input)} among ${JSON.stringify(c.candidates)}${mode}${extra}`;
}
