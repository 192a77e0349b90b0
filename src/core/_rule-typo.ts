/**
 * Rule 4, a typo inside one word: the same words but one, and that one within
 * Damerau–Levenshtein (optimal string alignment) 1 when the shorter word has 4–7 letters, 2
 * when it has 8 or more; never a word of three letters or fewer, a catalog word, a verb or a
 * destructive word (`tag` is not a typo of `tab`, `rm` not of `rn`), nor a glued word that
 * starts with another verb (`getuser` is not `setuser`).
 */

import { isNumberOfCatalogWord } from "./_rule-number.js";
import { isActionWord, type Slip } from "./_slip.js";
import { maskedHash, parseName } from "./_words.js";
import { namesOf } from "./name-index.js";

/** Rivals reach this far, whatever the word's length. */
const RIVAL_DISTANCE = 2;

/** Rule 4 as a slip: `list_isssues` → `list_issues`. */
export const TYPO: Slip = {
	rule: "4",
	reason: "distance",
	rivals(q) {
		const out: string[] = [];
		for (let i = 0; i < q.words.length; i++) {
			// A singular or plural of a catalog word is not a typo, not even as a rival (4c).
			if (isNumberOfCatalogWord(q, q.words[i] as string)) continue;
			for (const name of namesOf(q.data.byMasked.get(maskedHash(q.words, i))))
				if (changedWord(q.words, parseName(name).words) === i) out.push(name);
		}
		return out;
	},
	matches(q, _name, { words }) {
		const i = changedWord(q.words, words);
		if (i < 0) return false;
		const from = q.words[i] as string;
		const to = words[i] as string;
		if (isNumberOfCatalogWord(q, from)) return false;
		const shorter = Math.min(lengthOf(from), lengthOf(to));
		if (shorter <= 3) return false;
		if (q.data.byWord.has(from) || isActionWord(from, q.verbs)) return false;
		// A glued word that starts with another verb is another action (`getuser`, `setuser`).
		const fromVerb = leadingVerb(from, q.verbs);
		const toVerb = leadingVerb(to, q.verbs);
		if (fromVerb !== undefined && toVerb !== undefined && fromVerb !== toVerb)
			return false;
		return osa(from, to, RIVAL_DISTANCE) <= (shorter >= 8 ? 2 : 1);
	},
};

/**
 * The one position where two word lists of equal length differ, when that word is within
 * {@link RIVAL_DISTANCE}; -1 otherwise.
 */
function changedWord(a: readonly string[], b: readonly string[]): number {
	if (a.length !== b.length) return -1;
	let at = -1;
	for (let i = 0; i < a.length; i++) {
		if (a[i] === b[i]) continue;
		if (at !== -1) return -1;
		at = i;
	}
	if (at === -1) return -1;
	return osa(a[at] as string, b[at] as string, RIVAL_DISTANCE) <= RIVAL_DISTANCE
		? at
		: -1;
}

/** The longest verb of three letters or more a word starts with (`getuser` → `get`). */
function leadingVerb(
	word: string,
	verbs: ReadonlySet<string>,
): string | undefined {
	for (let length = word.length; length >= 3; length--) {
		const prefix = word.slice(0, length);
		if (verbs.has(prefix)) return prefix;
	}
	return undefined;
}

function lengthOf(word: string): number {
	let n = 0;
	for (const _ of word) n++;
	return n;
}

/**
 * Optimal string alignment distance over code points (Levenshtein plus transposition of two
 * adjacent letters, each substring edited once), or `bound + 1` once it must exceed `bound`.
 */
function osa(a: string, b: string, bound: number): number {
	const x = Array.from(a);
	const y = Array.from(b);
	if (Math.abs(x.length - y.length) > bound) return bound + 1;
	let before: number[] = [];
	let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
	for (let i = 1; i <= x.length; i++) {
		const current = [i];
		let least = i;
		for (let j = 1; j <= y.length; j++) {
			const cost = x[i - 1] === y[j - 1] ? 0 : 1;
			let d = Math.min(
				(previous[j] as number) + 1,
				(current[j - 1] as number) + 1,
				(previous[j - 1] as number) + cost,
			);
			if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
				d = Math.min(d, (before[j - 2] as number) + 1);
			current[j] = d;
			if (d < least) least = d;
		}
		if (least > bound) return bound + 1;
		before = previous;
		previous = current;
	}
	return Math.min(previous[y.length] as number, bound + 1);
}
