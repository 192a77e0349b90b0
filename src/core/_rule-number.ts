/**
 * Rule 4c, singular or plural of one word (`s`, `es`, `y` ↔ `ies`), unless another candidate
 * fits as well: for a plural input, the same words under another verb of the same kind
 * (`get_invoices` beside `get_invoice` and `list_invoices`); for any input, one with all its
 * words in order plus more (`get_order` beside `get_orders` and `get_order_details`).
 * Rule 8 narrows it: no number change of a noun whose two numbers the catalog uses, and every
 * candidate that differs only in the number of several words is a rival too.
 */

import type { Query, Slip } from "./_slip.js";
import { PLURAL_ENDINGS, SAME_KIND_VERBS } from "./_word-lists.js";
import { keyOf, parseName, sameWords } from "./_words.js";
import { type IndexData, namesOf, namesWithKey } from "./name-index.js";

/** The other number of a word: plurals (the word is singular) and singulars (it is plural). */
function numbersOf(word: string): {
	plural: string[];
	singular: string[];
} {
	const plural = PLURAL_ENDINGS.map((ending) => word + ending);
	const singular: string[] = [];
	for (const ending of PLURAL_ENDINGS)
		if (word.length > ending.length && word.endsWith(ending))
			singular.push(word.slice(0, -ending.length));
	if (word.length > 1 && word.endsWith("y"))
		plural.push(`${word.slice(0, -1)}ies`);
	if (word.length > 3 && word.endsWith("ies"))
		singular.push(`${word.slice(0, -3)}y`);
	return { plural, singular };
}

/** Whether a word is the singular or plural of a word some candidate has. */
export function isNumberOfCatalogWord(q: Query, word: string): boolean {
	const { plural, singular } = numbersOf(word);
	return [...plural, ...singular].some((other) => q.data.byWord.has(other));
}

/** Whether `words` are the input's with one word in the other number; `plural` if the input's is. */
export function numberChange(
	input: readonly string[],
	words: readonly string[],
): "singular" | "plural" | undefined {
	if (input.length !== words.length) return undefined;
	let at = -1;
	for (let i = 0; i < input.length; i++) {
		if (input[i] === words[i]) continue;
		if (at !== -1) return undefined;
		at = i;
	}
	if (at === -1) return undefined;
	const { plural, singular } = numbersOf(input[at] as string);
	const word = words[at] as string;
	if (plural.includes(word)) return "singular";
	if (singular.includes(word)) return "plural";
	return undefined;
}

/** Rule 4c as a slip, with rule 8's exceptions: `get_invoice` → `get_invoices`. */
export const NUMBER: Slip = {
	rule: "4c",
	reason: "distance",
	rivals(q) {
		const out: string[] = [];
		q.words.forEach((word, i) => {
			const { plural, singular } = numbersOf(word);
			for (const other of [...plural, ...singular]) {
				const words = [...q.words];
				words[i] = other;
				out.push(...namesWithKey(q.data, keyOf(words)));
			}
		});
		out.push(...numberRivals(q));
		return out;
	},
	matches(q, _name, { words }) {
		if (numberChange(q.words, words) === undefined) return false;
		// Rule 8: not when the catalog uses both numbers of this noun.
		const at = q.words.findIndex((word, i) => word !== words[i]);
		return !numberMeans(q.data, q.words[at] as string, words[at] as string);
	},
};

/**
 * The candidates that fit as well as a 4c match: `plural` when the input's word is the
 * plural in some match.
 */
export function fitsAsWell(q: Query, plural: boolean): string[] {
	const out: string[] = [];
	if (plural) {
		q.words.forEach((word, j) => {
			if (!SAME_KIND_VERBS.includes(word)) return;
			for (const verb of SAME_KIND_VERBS) {
				if (verb === word) continue;
				const words = [...q.words];
				words[j] = verb;
				out.push(...namesWithKey(q.data, keyOf(words)));
			}
		});
	}
	// Longer siblings: they hold every word of the input, so they are among the names of its
	// rarest word.
	let rarest: readonly string[] | undefined;
	for (const word of q.words) {
		const names = namesOf(q.data.byWord.get(word));
		if (rarest === undefined || names.length < rarest.length) rarest = names;
	}
	for (const name of rarest ?? [])
		if (extendsWords(parseName(name).words, q.words)) out.push(name);
	return out;
}

/** Whether `words` hold all of `input`, in order, and more. */
function extendsWords(
	words: readonly string[],
	input: readonly string[],
): boolean {
	if (words.length <= input.length) return false;
	let i = 0;
	for (const word of words) if (word === input[i]) i++;
	return i >= input.length;
}

// Rule 8, the number of a word means something in a catalog that uses both numbers: where the
// catalog holds a singular and a plural of the same words under one verb (`update_record` and
// `update_records`: one and many), a number change (4c) is no slip for that noun under any
// verb (`archive_records` is not `archive_record` there). And every candidate that differs
// from the input only in the number of its words, on any word and on more than one, is a
// rival of 4c: `flag_comment_as_spams` beside `flag_comment_as_spam` and the bulk
// `flag_comments_as_spam` is ambiguous.

/**
 * Whether the catalog holds two names equal but for the number of one word, `a` in one and
 * `b` in the other (the two forms of one noun): then a change between them is no slip.
 * Computed once per pair and catalog.
 */
function numberMeans(data: IndexData, a: string, b: string): boolean {
	const pair = a < b ? `${a} ${b}` : `${b} ${a}`;
	const known = data.numberMeaning.get(pair);
	if (known !== undefined) return known;
	// Walk the names of the rarer form; the other form must be a candidate too.
	const [from, to] =
		namesOf(data.byWord.get(a)).length <= namesOf(data.byWord.get(b)).length
			? [a, b]
			: [b, a];
	let means = false;
	search: for (const name of namesOf(data.byWord.get(from))) {
		const words = parseName(name).words;
		for (let i = 0; i < words.length; i++) {
			if (words[i] !== from) continue;
			const other = [...words];
			other[i] = to;
			for (const candidate of namesWithKey(data, keyOf(other))) {
				if (sameWords(parseName(candidate).words, other)) {
					means = true;
					break search;
				}
			}
		}
	}
	data.numberMeaning.set(pair, means);
	return means;
}

/**
 * The candidates that differ from the input only in the number of two or more of its words
 * (one word is rule 4c's own rival list).
 */
function numberRivals(q: Query): string[] {
	const n = q.words.length;
	if (n < 2) return [];
	// Each position's forms (the word and its other numbers); a name that qualifies has one
	// of them at every position, so the rarest position's names hold every such name.
	let changeable = 0;
	let rarest: string[] | undefined;
	let rarestCount = Number.POSITIVE_INFINITY;
	for (const word of q.words) {
		const { plural, singular } = numbersOf(word);
		const forms = [word];
		for (const other of [...plural, ...singular])
			if (q.data.byWord.has(other)) forms.push(other);
		if (forms.length > 1) changeable++;
		let count = 0;
		for (const form of forms) count += namesOf(q.data.byWord.get(form)).length;
		if (count < rarestCount) {
			rarestCount = count;
			rarest = forms;
		}
	}
	if (changeable < 2 || rarest === undefined) return [];
	const out: string[] = [];
	for (const form of rarest)
		for (const name of namesOf(q.data.byWord.get(form)))
			if (numberChanges(q.words, parseName(name).words) >= 2) out.push(name);
	return out;
}

/** How many words differ only in number; -1 when any other difference. */
function numberChanges(
	input: readonly string[],
	words: readonly string[],
): number {
	if (input.length !== words.length) return -1;
	let changes = 0;
	for (let i = 0; i < input.length; i++) {
		const a = input[i] as string;
		const b = words[i] as string;
		if (a === b) continue;
		const { plural, singular } = numbersOf(a);
		if (!plural.includes(b) && !singular.includes(b)) return -1;
		changes++;
	}
	return changes;
}
