/**
 * Rule 4b, a word cut short: all words equal but the last, which is a proper prefix (two
 * letters at least) of the candidate's last word and not its singular (that is 4c), and no
 * other candidate starts with the input's normal form: `execute_sq` → `execute_sql`. A cut
 * word that is a word of its own (a catalog word, a verb, a destructive word) is that word.
 */

import { isActionWord, type Slip } from "./_slip.js";
import { PLURAL_ENDINGS } from "./_word-lists.js";
import { namesOf, prefixRange } from "./name-index.js";

/** Rule 4b as a slip: `execute_sq` → `execute_sql`. */
export const CUT_SHORT: Slip = {
	rule: "4b",
	reason: "distance",
	// Every candidate that starts with the input's normal form.
	*rivals(q) {
		const [from, to] = prefixRange(q.data, q.norm);
		for (let i = from; i < to; i++) {
			const norm = q.data.sorted[i] as string;
			if (norm !== q.norm) yield* namesOf(q.data.byNorm.get(norm));
		}
	},
	matches(q, name, { words }) {
		const n = words.length;
		if (n !== q.words.length || n === 0) return false;
		for (let i = 0; i < n - 1; i++) if (words[i] !== q.words[i]) return false;
		const cut = q.words[n - 1] as string;
		const whole = words[n - 1] as string;
		return (
			Array.from(cut).length >= 2 &&
			whole.length > cut.length &&
			whole.startsWith(cut) &&
			!PLURAL_ENDINGS.some((ending) => whole === cut + ending) &&
			!q.data.byWord.has(cut) &&
			!isActionWord(cut, q.verbs) &&
			(q.data.norms.get(name) as string).startsWith(q.norm)
		);
	},
};
