/** Option sets prepared once per iterable, and the word guards every correction passes. */
import { ACTION_VERBS, DESTRUCTIVE_WORDS } from "./_word-lists.js";
import { wordsOf } from "./_words.js";

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
