/** The guards that keep a close name from being a correction (see the resolution rules). */
import { ACTION_VERBS, DESTRUCTIVE_WORDS } from "./_words.js";

const verbCache = new WeakMap<Iterable<string>, ReadonlySet<string>>();

/** The built-in action verbs plus `extra` (ResolveOptions.verbs), lowercased, cached per iterable. */
export function verbsOf(
	extra: Iterable<string> | undefined,
): ReadonlySet<string> {
	if (extra === undefined) return ACTION_VERBS;
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

/** Whether the candidate names a destructive action the input does not. */
export function addsDestructiveWord(
	inputWords: readonly string[],
	candidateWords: readonly string[],
): boolean {
	return candidateWords.some(
		(word) => DESTRUCTIVE_WORDS.has(word) && !inputWords.includes(word),
	);
}

/**
 * The verb and short-word guards: a changed word that is a known verb in the input (or a
 * verb the candidate adds), a different leading verb, or a changed word of three letters or
 * fewer means a different name, not a typo.
 */
export function changesAction(
	inputWords: readonly string[],
	candidateWords: readonly string[],
	verbs: ReadonlySet<string>,
): boolean {
	for (const [from, to] of changedWords(inputWords, candidateWords)) {
		if (from !== undefined && verbs.has(from)) return true;
		if (from === undefined && to !== undefined && verbs.has(to)) return true;
		if ((from?.length ?? 0) <= 3 && (to?.length ?? 0) <= 3) return true;
	}
	const fromVerb = leadingVerb(inputWords[0], verbs);
	const toVerb = leadingVerb(candidateWords[0], verbs);
	return fromVerb !== undefined && toVerb !== undefined && fromVerb !== toVerb;
}

/** Pairs of words that differ: by position when the counts match, else what each side lacks. */
function changedWords(
	a: readonly string[],
	b: readonly string[],
): Array<[string | undefined, string | undefined]> {
	const pairs: Array<[string | undefined, string | undefined]> = [];
	if (a.length === b.length) {
		a.forEach((word, i) => {
			if (word !== b[i]) pairs.push([word, b[i]]);
		});
		return pairs;
	}
	const remaining = [...b];
	const removed: string[] = [];
	for (const word of a) {
		const at = remaining.indexOf(word);
		if (at === -1) removed.push(word);
		else remaining.splice(at, 1);
	}
	const count = Math.max(removed.length, remaining.length);
	for (let i = 0; i < count; i++) pairs.push([removed[i], remaining[i]]);
	return pairs;
}

/** The verb a word is or starts with (`getuser` → `get`), the longest one. */
function leadingVerb(
	word: string | undefined,
	verbs: ReadonlySet<string>,
): string | undefined {
	if (word === undefined) return undefined;
	if (verbs.has(word)) return word;
	// Longest prefix first: one set lookup per length instead of a pass over every verb.
	for (let length = word.length - 1; length >= 3; length--) {
		const prefix = word.slice(0, length);
		if (verbs.has(prefix)) return prefix;
	}
	return undefined;
}
