/**
 * Rules 3 (a dropped namespace) and 3b (an added client prefix), and what a namespace is:
 * what precedes a namespace separator, a leading word run two candidates share before `_` or
 * `-`, or a server name the caller passed; never one holding a verb, a destructive word,
 * `bulk` or `batch`.
 */

import { isActionWord, type Query, type Slip } from "./_slip.js";
import {
	CLIENT_PREFIXES,
	MCP_PREFIX,
	NEVER_NAMESPACES,
} from "./_word-lists.js";
import {
	endsWithWords,
	JOINED,
	keyOf,
	NAMESPACE,
	type Parsed,
	PLAIN,
	parseName,
	sameWords,
} from "./_words.js";
import {
	type IndexData,
	keyOfName,
	namesOf,
	namesWithKey,
	prefixRange,
} from "./name-index.js";

/** Rule 3: `fetch_content` → `websearch_fetch_content`. */
export const DROPPED_NAMESPACE: Slip = {
	rule: "3",
	reason: "suffix",
	// Every candidate that ends with the input's words, whatever precedes them.
	rivals: (q) => namesOf(q.data.byTail.get(keyOf(q.words))),
	matches(q, name, parsed) {
		const { words } = parsed;
		const kept = q.words.length;
		return (
			kept >= 2 &&
			endsWithWords(words, q.words) &&
			isNamespace(q, name, parsed, words.length - kept)
		);
	},
};

/** Rule 3b: `functions.list_issues`, `mcp__github__list_issues` → `list_issues`. */
export const ADDED_PREFIX: Slip = {
	rule: "3b",
	reason: "suffix",
	// Every candidate the input ends with.
	rivals(q) {
		const out: string[] = [];
		for (let k = 1; k < q.words.length; k++)
			out.push(...namesWithKey(q.data, keyOf(q.words.slice(k))));
		return out;
	},
	matches(q, name, parsed) {
		const { words } = parsed;
		if (!endsWithWords(q.words, words)) return false;
		const prefix = q.words.slice(0, q.words.length - words.length);
		if (prefix.some((word) => isActionWord(word, q.verbs))) return false;
		if (CLIENT_PREFIXES.some((client) => sameWords(prefix, client)))
			return true;
		const namespaces: Array<readonly string[]> = [...q.servers];
		for (let k = 1; k < words.length; k++)
			if (isNamespace(q, name, parsed, k)) namespaces.push(words.slice(0, k));
		return namespaces.some(
			(ns) =>
				sameWords(prefix, ns) ||
				sameWords(prefix, [MCP_PREFIX, ...ns]) ||
				sameWords(prefix, [...ns, ...ns]),
		);
	},
};

/** Whether the first `k` words of a candidate are a namespace of it. */
function isNamespace(
	q: Query,
	name: string,
	parsed: Parsed,
	k: number,
): boolean {
	const { words, seps } = parsed;
	if (k < 1 || k >= words.length) return false;
	const run = words.slice(0, k);
	const after = seps[k] as number;
	if (after !== JOINED && q.servers.some((server) => sameWords(run, server)))
		return true;
	if (
		run.some(
			(word) => isActionWord(word, q.verbs) || NEVER_NAMESPACES.has(word),
		)
	)
		return false;
	if (after === NAMESPACE) return true;
	return after === PLAIN && isRun(parsed, k) && sharesRun(q.data, name, run);
}

/** Whether the first `k` words are followed by `_`/`-` or a namespace separator and none is inside them. */
function isRun(parsed: Parsed, k: number): boolean {
	const { words, seps } = parsed;
	if (k >= words.length) return false;
	const after = seps[k];
	if (after !== PLAIN && after !== NAMESPACE) return false;
	for (let j = 1; j < k; j++) if (seps[j] === NAMESPACE) return false;
	return true;
}

/** Whether another candidate starts with the same leading word run. */
function sharesRun(
	data: IndexData,
	name: string,
	run: readonly string[],
): boolean {
	const shares = (other: string): boolean => {
		if (other === name) return false;
		const parsed = parseName(other);
		return (
			isRun(parsed, run.length) &&
			sameWords(parsed.words.slice(0, run.length), run)
		);
	};
	// Most names' words concatenate to their normal form, so they share its prefix; the few
	// others are listed in `keys`.
	const [from, to] = prefixRange(data, keyOf(run));
	for (let i = from; i < to; i++) {
		for (const other of namesOf(data.byNorm.get(data.sorted[i] as string)))
			if (keyOfName(data, other) === data.norms.get(other) && shares(other))
				return true;
	}
	for (const other of data.keys.keys()) if (shares(other)) return true;
	return false;
}
