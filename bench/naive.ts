/**
 * The oracle: the resolution rules of DESIGN.md written the straightforward way, one pass over
 * every candidate per query (normalise it, split it into words, test every rule on it,
 * `fastest-levenshtein` to it). It takes the same decisions as `resolveName` and `suggest` in
 * the default `safe` mode and shares only the word-level helpers (words, word lists, scripts)
 * with them, none of the tables or the search.
 */
import { distance } from "fastest-levenshtein";
import {
	ACTION_VERBS,
	CLIENT_PREFIXES,
	DESTRUCTIVE_WORDS,
	NEVER_NAMESPACES,
	SAME_KIND_VERBS,
} from "../src/core/_word-lists.js";
import {
	JOINED,
	NAMESPACE,
	PLAIN,
	parseName,
	scriptsOf,
} from "../src/core/_words.js";
import {
	MAX_INPUT_LENGTH,
	normalizeName,
	type Resolution,
	type ResolveOptions,
} from "../src/index.js";
import { osa } from "./_osa.js";

/** A candidate with its normal form, words, separators and word keys. */
export interface Candidate {
	name: string;
	norm: string;
	words: string[];
	seps: number[];
	/** Its words concatenated. */
	key: string;
	/** The same for each proper word suffix (words 1.., 2.., …). */
	tails: string[];
}

/** Every distinct candidate, prepared: the first step of every naive query. */
export function normaliseAll(names: readonly string[]): Candidate[] {
	const seen = new Set<string>();
	const out: Candidate[] = [];
	for (const name of names) {
		if (seen.has(name)) continue;
		seen.add(name);
		const { words, seps } = parseName(name);
		out.push({
			name,
			norm: normalizeName(name),
			words: [...words],
			seps: [...seps],
			key: words.join(""),
			tails: words.slice(1).map((_, k) => words.slice(k + 1).join("")),
		});
	}
	return out;
}

/** `resolveName` the naive way; `prepared` saves the checks preparing the catalog per query. */
export function naiveResolve(
	input: string,
	names: readonly string[],
	options: ResolveOptions = {},
	prepared?: readonly Candidate[],
): Resolution {
	return decide(input, prepared ?? normaliseAll(names), options);
}

/** `resolveName` and `suggest` (with the same `limit`) at once: what the checks compare. */
export function naiveBoth(
	input: string,
	names: readonly string[],
	options: ResolveOptions = {},
	prepared?: readonly Candidate[],
): { resolution: Resolution; suggestions: string[] } {
	const candidates = prepared ?? normaliseAll(names);
	return {
		resolution: decide(input, candidates, options),
		suggestions: naiveSuggest(input, names, options, candidates),
	};
}

/**
 * The cost floor of any naive far miss, and what 0.1's baseline paid for one: normalise every
 * candidate and rank it by `fastest-levenshtein`, no rule at all. A stricter baseline for the
 * far-miss stream than the oracle, which also splits every candidate into words.
 */
export function naiveRanking(
	input: string,
	names: readonly string[],
): string[] {
	const norm = normalizeName(input);
	const ranked: Array<{ name: string; d: number }> = [];
	const seen = new Set<string>();
	for (const name of names) {
		if (seen.has(name)) continue;
		seen.add(name);
		const other = normalizeName(name);
		if (other === "") continue;
		const d = distance(norm, other);
		if (
			d >
			Math.max(3, Math.floor((6 * Math.max(norm.length, other.length)) / 10))
		)
			continue;
		let at = ranked.length;
		while (
			at > 0 &&
			before(d, name, ranked[at - 1] as { name: string; d: number })
		)
			at--;
		if (at >= 3) continue;
		ranked.splice(at, 0, { name, d });
		if (ranked.length > 3) ranked.pop();
	}
	return ranked.map((r) => r.name);
}

/** `suggest` the naive way. */
export function naiveSuggest(
	input: string,
	names: readonly string[],
	options: { limit?: number } = {},
	prepared?: readonly Candidate[],
): string[] {
	if (input.length > MAX_INPUT_LENGTH) return [];
	const norm = normalizeName(input);
	if (norm === "") return [];
	return rankAll(norm, prepared ?? normaliseAll(names), options.limit ?? 3);
}

const join = (words: readonly string[]): string => words.join("");
const same = (a: readonly string[], b: readonly string[]): boolean =>
	a.length === b.length && a.every((w, i) => w === b[i]);

function decide(
	input: string,
	all: readonly Candidate[],
	options: ResolveOptions,
): Resolution {
	const limit = options.limit ?? 3;
	const isProtected = options.isProtected ?? (() => false);
	const hint = (
		list: readonly string[],
		reason: "too-far" | "ambiguous" | "protected",
	): Resolution => ({
		kind: "suggest",
		input,
		suggestions: list.slice(0, limit),
		reason,
	});
	// 1, bounds, 2.
	if (input !== "" && all.some((c) => c.name === input))
		return { kind: "exact", input, name: input };
	if (input.length > MAX_INPUT_LENGTH) return { kind: "none", input };
	const norm = normalizeName(input);
	if (norm === "") return { kind: "none", input };
	const equal = all
		.filter((c) => c.norm === norm)
		.map((c) => c.name)
		.sort();
	if (equal.length > 1) return hint(equal, "ambiguous");
	if (equal.length === 1) {
		const name = equal[0] as string;
		if (isProtected(name)) return hint(equal, "protected");
		return {
			kind: "corrected",
			input,
			name,
			reason: "normalized",
			distance: 0,
		};
	}

	const I = parseName(input).words;
	const m = I.length;
	const verbs = new Set(ACTION_VERBS);
	for (const v of options.verbs ?? []) verbs.add(v.toLowerCase());
	const action = (w: string): boolean =>
		verbs.has(w) || DESTRUCTIVE_WORDS.has(w);
	const servers = [...(options.servers ?? [])]
		.filter((s) => typeof s === "string" && s.length <= 256)
		.map((s) => [...parseName(s).words])
		.filter((w) => w.length > 0);
	const live = all.filter((c) => c.norm !== "");
	const catalogWords = wordsOfCatalog(all);
	const numbers = (w: string): { plural: string[]; singular: string[] } => {
		const plural = [`${w}s`, `${w}es`];
		const singular: string[] = [];
		if (w.length > 1 && w.endsWith("s")) singular.push(w.slice(0, -1));
		if (w.length > 2 && w.endsWith("es")) singular.push(w.slice(0, -2));
		if (w.length > 1 && w.endsWith("y")) plural.push(`${w.slice(0, -1)}ies`);
		if (w.length > 3 && w.endsWith("ies")) singular.push(`${w.slice(0, -3)}y`);
		return { plural, singular };
	};
	const numberOfCatalogWord = (w: string): boolean => {
		const { plural, singular } = numbers(w);
		return [...plural, ...singular].some((x) => catalogWords.has(x));
	};

	// Namespaces: before a namespace separator; a leading run two candidates share before
	// `_`/`-`; a configured server. Never with a verb, a destructive word, bulk or batch.
	const isRun = (c: Candidate, k: number): boolean =>
		k < c.words.length &&
		(c.seps[k] === PLAIN || c.seps[k] === NAMESPACE) &&
		c.seps.slice(1, k).every((s) => s !== NAMESPACE);
	const isNamespace = (c: Candidate, k: number): boolean => {
		if (k < 1 || k >= c.words.length) return false;
		const run = c.words.slice(0, k);
		if (c.seps[k] !== JOINED && servers.some((s) => same(s, run))) return true;
		if (run.some((w) => action(w) || NEVER_NAMESPACES.has(w))) return false;
		if (c.seps[k] === NAMESPACE) return true;
		return (
			c.seps[k] === PLAIN &&
			isRun(c, k) &&
			live.some(
				(d) =>
					d.name !== c.name && isRun(d, k) && same(d.words.slice(0, k), run),
			)
		);
	};
	const isClientPrefix = (prefix: string[], c: Candidate): boolean => {
		if (prefix.some(action)) return false;
		if (CLIENT_PREFIXES.some((p) => same(prefix, p))) return true;
		const namespaces = [...servers];
		for (let k = 1; k < c.words.length; k++)
			if (isNamespace(c, k)) namespaces.push(c.words.slice(0, k));
		return namespaces.some(
			(ns) =>
				same(prefix, ns) ||
				same(prefix, ["mcp", ...ns]) ||
				same(prefix, [...ns, ...ns]),
		);
	};
	// Glued words that start with different verbs (`getuser`, `setuser`).
	const verbOf = (w: string): string | undefined => {
		for (let n = w.length; n >= 3; n--)
			if (verbs.has(w.slice(0, n))) return w.slice(0, n);
		return undefined;
	};
	const otherVerbs = (a: string, b: string): boolean => {
		const x = verbOf(a);
		const y = verbOf(b);
		return x !== undefined && y !== undefined && x !== y;
	};
	const oneDiff = (c: Candidate): number => {
		if (c.words.length !== m) return -1;
		let at = -1;
		for (let i = 0; i < m; i++) {
			if (I[i] === c.words[i]) continue;
			if (at >= 0) return -1;
			at = i;
		}
		return at;
	};
	// 8: how many words differ only in number (-1 for any other difference).
	const numberChanges = (c: Candidate): number => {
		if (c.words.length !== m) return -1;
		let changes = 0;
		for (let k = 0; k < m; k++) {
			const a = I[k] as string;
			const b = c.words[k] as string;
			if (a === b) continue;
			const { plural, singular } = numbers(a);
			if (!plural.includes(b) && !singular.includes(b)) return -1;
			changes++;
		}
		return changes;
	};
	// 8: whether two candidates are equal but for one word, `a` in one and `b` in the other.
	let wordLists: Set<string> | undefined;
	const numberMeans = (a: string, b: string): boolean => {
		wordLists ??= new Set(live.map((c) => c.words.join(" ")));
		const lists = wordLists;
		return live.some((c) =>
			c.words.some((w, k) => {
				if (w !== a) return false;
				const other = [...c.words];
				other[k] = b;
				return lists.has(other.join(" "));
			}),
		);
	};
	// The keys the input's words make: all of them, each proper suffix, each number variant.
	const key = join(I);
	const suffixKeys = new Set(I.slice(1).map((_, k) => join(I.slice(k + 1))));
	const numberKeys = new Set<string>();
	for (let j = 0; j < m; j++) {
		const { plural, singular } = numbers(I[j] as string);
		for (const other of [...plural, ...singular]) {
			const words = [...I];
			words[j] = other;
			numberKeys.add(join(words));
		}
	}

	const rivals = new Set<string>();
	const matched = new Map<string, "suffix" | "distance" | "doubled">();
	const match = (
		c: Candidate,
		reason: "suffix" | "distance" | "doubled",
	): void => {
		if (!matched.has(c.name)) matched.set(c.name, reason);
	};
	// 9: the input is a candidate written twice (exactly, else after normalisation); it names
	// the reason first and brings no normalised twin of an exact doubling.
	const doubled = doubledRivals(input, norm, live);
	for (const c of doubled) match(c, "doubled");
	let numberMatch = false;
	let pluralInput = false;
	for (const c of live) {
		const n = c.words.length;
		// 3: dropped namespace.
		if (c.tails.includes(key)) rivals.add(c.name);
		if (
			m >= 2 &&
			n > m &&
			same(c.words.slice(n - m), I) &&
			isNamespace(c, n - m)
		)
			match(c, "suffix");
		// 3b: added client prefix.
		if (suffixKeys.has(c.key)) rivals.add(c.name);
		if (
			m > n &&
			same(I.slice(m - n), c.words) &&
			isClientPrefix(I.slice(0, m - n), c)
		)
			match(c, "suffix");
		// 4: typo inside one word.
		const i = oneDiff(c);
		if (i >= 0) {
			const from = I[i] as string;
			const to = c.words[i] as string;
			const d = osa(from, to);
			if (d <= 2 && !numberOfCatalogWord(from)) {
				rivals.add(c.name);
				const shorter = Math.min([...from].length, [...to].length);
				if (
					shorter > 3 &&
					d <= (shorter >= 8 ? 2 : 1) &&
					!catalogWords.has(from) &&
					!action(from) &&
					!otherVerbs(from, to)
				)
					match(c, "distance");
			}
		}
		// 4b: cut short.
		if (c.norm.startsWith(norm)) {
			rivals.add(c.name);
			const cut = I[m - 1] as string;
			const whole = c.words[n - 1] as string;
			if (
				n === m &&
				same(I.slice(0, -1), c.words.slice(0, -1)) &&
				[...cut].length >= 2 &&
				whole.length > cut.length &&
				whole.startsWith(cut) &&
				whole !== `${cut}s` &&
				whole !== `${cut}es` &&
				!catalogWords.has(cut) &&
				!action(cut)
			)
				match(c, "distance");
		}
		// 4c: singular / plural.
		if (numberKeys.has(c.key)) rivals.add(c.name);
		// 8: the number changed on several words is a rival too.
		if (numberChanges(c) >= 2) rivals.add(c.name);
		if (i >= 0) {
			const { plural, singular } = numbers(I[i] as string);
			const to = c.words[i] as string;
			if (plural.includes(to) || singular.includes(to)) {
				numberMatch = true;
				pluralInput ||= singular.includes(to);
				// 8: not when the catalog uses both numbers of that noun.
				if (!numberMeans(I[i] as string, to)) match(c, "distance");
			}
		}
	}
	// 4c: another candidate that fits as well.
	if (numberMatch) {
		for (const c of live) {
			if (c.words.length > m && isSubsequence(I, c.words)) rivals.add(c.name);
			if (!pluralInput) continue;
			for (let j = 0; j < m; j++) {
				if (!SAME_KIND_VERBS.includes(I[j] as string)) continue;
				for (const verb of SAME_KIND_VERBS) {
					const words = [...I];
					words[j] = verb;
					if (verb !== I[j] && join(words) === c.key) rivals.add(c.name);
				}
			}
		}
	}
	// 4d: candidates equal after normalisation are rivals together.
	const rivalNorms = new Set(
		live.filter((c) => rivals.has(c.name)).map((c) => c.norm),
	);
	const field = live.filter(
		(c) => rivalNorms.has(c.norm) || doubled.includes(c),
	);
	if (field.length > 1) {
		const ranked = field
			.map((c) => ({ name: c.name, d: distance(norm, c.norm) }))
			.sort(
				(a, b) => a.d - b.d || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
			);
		return hint(
			ranked.map((r) => r.name),
			"ambiguous",
		);
	}
	const winner = field[0];
	const reason = winner === undefined ? undefined : matched.get(winner.name);
	if (winner === undefined || reason === undefined) {
		const ranked = rankAll(norm, all, limit);
		if (ranked.length > 0) return hint(ranked, "too-far");
		if (winner !== undefined) return hint([winner.name], "too-far");
		return { kind: "none", input };
	}
	// 6 and 4e.
	const said = reason === "doubled" ? winner.words : I;
	if (
		isProtected(winner.name) ||
		winner.words.some((w) => DESTRUCTIVE_WORDS.has(w) && !said.includes(w))
	)
		return hint([winner.name], "protected");
	if (reason !== "suffix" && scriptsOf(input) !== scriptsOf(winner.name))
		return hint([winner.name], "protected");
	return {
		kind: "corrected",
		input,
		name: winner.name,
		reason,
		distance: distance(norm, winner.norm),
	};
}

/** Rule 9's candidates: written twice, exactly with one joint, else after normalisation. */
function doubledRivals(
	input: string,
	norm: string,
	live: readonly Candidate[],
): Candidate[] {
	const same = live.filter(
		(c) =>
			norm.length === 2 * c.norm.length &&
			norm.startsWith(c.norm) &&
			norm.endsWith(c.norm),
	);
	const exact = same.filter((c) =>
		["", ".", "_", "-", "/", ":", "__"].some(
			(joint) => input === c.name + joint + c.name,
		),
	);
	return exact.length > 0 ? exact : same;
}

const catalogWordsCache = new WeakMap<readonly Candidate[], Set<string>>();

/** Every word of every candidate (with a normal form), once per prepared catalog. */
function wordsOfCatalog(all: readonly Candidate[]): Set<string> {
	let words = catalogWordsCache.get(all);
	if (words === undefined) {
		words = new Set(all.filter((c) => c.norm !== "").flatMap((c) => c.words));
		catalogWordsCache.set(all, words);
	}
	return words;
}

function isSubsequence(
	short: readonly string[],
	long: readonly string[],
): boolean {
	let i = 0;
	for (const word of long) if (i < short.length && word === short[i]) i++;
	return i === short.length;
}

/**
 * Rule 5: the `limit` closest candidates within `max(3, floor(0.6 × L))` edits, by distance,
 * then name.
 */
function rankAll(
	norm: string,
	candidates: readonly Candidate[],
	limit: number,
): string[] {
	const ranked: Array<{ name: string; d: number }> = [];
	for (const c of candidates) {
		if (c.norm === "") continue;
		const d = distance(norm, c.norm);
		const longer = Math.max(norm.length, c.norm.length);
		if (d > Math.max(3, Math.floor((6 * longer) / 10))) continue;
		let at = ranked.length;
		while (
			at > 0 &&
			before(d, c.name, ranked[at - 1] as { name: string; d: number })
		)
			at--;
		if (at >= limit) continue;
		ranked.splice(at, 0, { name: c.name, d });
		if (ranked.length > limit) ranked.pop();
	}
	return ranked.map((r) => r.name);
}

function before(
	d: number,
	name: string,
	r: { name: string; d: number },
): boolean {
	return d < r.d || (d === r.d && name < r.name);
}
