/**
 * What every slip rule (3–4c, 9) is given and answers, and the word guards every correction
 * passes; see "Resolution rules" in the guides.
 */

import { ACTION_VERBS, DESTRUCTIVE_WORDS } from "./_word-lists.js";
import { type Parsed, wordsOf } from "./_words.js";
import type { IndexData } from "./name-index.js";

/** One query, prepared once for every rule. */
export interface Query {
	readonly input: string;
	/** The input's normal form. */
	readonly norm: string;
	readonly words: readonly string[];
	/** Built-in action verbs plus `ResolveOptions.verbs`. */
	readonly verbs: ReadonlySet<string>;
	/** The words of each `ResolveOptions.servers` name. */
	readonly servers: ReadonlyArray<readonly string[]>;
	readonly data: IndexData;
}

/**
 * A slip operation. `rivals` are all the candidates it could turn the input into before any
 * length rule or guard (ambiguity is judged over them); `matches` says whether it does turn
 * the input into `name`, with every condition of the rule. A match is always a rival.
 */
export interface Slip {
	/** The rule's number in the guides. */
	readonly rule: "3" | "3b" | "4" | "4b" | "4c" | "9";
	readonly reason: "suffix" | "distance" | "doubled";
	rivals(q: Query): Iterable<string>;
	matches(q: Query, name: string, parsed: Parsed): boolean;
}

// Option sets prepared once per iterable, and the word guards every correction passes.

const verbCache = new WeakMap<Iterable<string>, ReadonlySet<string>>();
const serverCache = new WeakMap<
	Iterable<string>,
	ReadonlyArray<readonly string[]>
>();

/** The built-in action verbs plus `extra` (ResolveOptions.verbs), lowercased, cached per iterable. */
export function verbsOf(
	extra: Iterable<string> | undefined,
): ReadonlySet<string> {
	if (extra === undefined || typeof extra !== "object" || extra === null)
		return ACTION_VERBS;
	let verbs = verbCache.get(extra);
	if (verbs === undefined) {
		const all = new Set(ACTION_VERBS);
		for (const verb of extra)
			if (typeof verb === "string") all.add(verb.toLowerCase());
		verbs = all;
		verbCache.set(extra, verbs);
	}
	return verbs;
}

/** The words of each server name (ResolveOptions.servers), cached per iterable. */
export function serversOf(
	servers: Iterable<string> | undefined,
): ReadonlyArray<readonly string[]> {
	if (servers === undefined || typeof servers !== "object" || servers === null)
		return [];
	let list = serverCache.get(servers);
	if (list === undefined) {
		const out: string[][] = [];
		for (const server of servers) {
			if (typeof server !== "string" || server.length > 256) continue;
			const words = wordsOf(server);
			if (words.length > 0) out.push(words);
		}
		list = out;
		serverCache.set(servers, list);
	}
	return list;
}

/** Whether the candidate names a destructive action the input does not (rule 6). */
export function addsDestructiveWord(
	inputWords: readonly string[],
	candidateWords: readonly string[],
): boolean {
	return candidateWords.some(
		(word) => DESTRUCTIVE_WORDS.has(word) && !inputWords.includes(word),
	);
}

/** Whether a word is an action verb (with the caller's extra verbs) or a destructive word. */
export function isActionWord(
	word: string,
	verbs: ReadonlySet<string>,
): boolean {
	return verbs.has(word) || DESTRUCTIVE_WORDS.has(word);
}
