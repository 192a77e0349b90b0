/**
 * Rule 8, the number of a word means something in a catalog that uses both numbers: where the
 * catalog holds a singular and a plural of the same words under one verb (`update_record` and
 * `update_records`: one and many), a number change (4c) is no slip for that noun under any
 * verb (`archive_records` is not `archive_record` there). And every candidate that differs
 * from the input only in the number of its words, on any word and on more than one, is a
 * rival of 4c: `flag_comment_as_spams` beside `flag_comment_as_spam` and the bulk
 * `flag_comments_as_spam` is ambiguous.
 */
import { type IndexData, namesOf, namesWithKey } from "./_index-data.js";
import { numbersOf } from "./_rule-number.js";
import type { Query } from "./_slip.js";
import { keyOf, parseName } from "./_words.js";

/**
 * Whether the catalog holds two names equal but for the number of one word, `a` in one and
 * `b` in the other (the two forms of one noun): then a change between them is no slip.
 * Computed once per pair and catalog.
 */
export function numberMeans(data: IndexData, a: string, b: string): boolean {
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
export function numberRivals(q: Query): string[] {
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

function sameWords(a: readonly string[], b: readonly string[]): boolean {
	return a.length === b.length && a.every((word, i) => word === b[i]);
}
