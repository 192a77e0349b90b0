/** Words of a name, the separators between them, and the scripts its letters are in. */

import { FNV_OFFSET_BASIS, FNV_PRIME } from "./hash.js";
import { ASCII } from "./normalize.js";

const SEGMENT = /[\p{L}\p{M}\p{N}]+/gu;
// Word boundaries inside a segment: `listIssues`, `HTTPServer`, `v2beta`; a mark stays with
// the letter before it, so `काम` is one word.
const WORD =
	/(?:\p{Lu}\p{M}*)+(?!\p{Ll})|(?:\p{Lu}\p{M}*)?(?:\p{Ll}\p{M}*)+|(?:\p{Lu}\p{M}*)+|[^\p{Lu}\p{Ll}\p{N}]+|\p{N}+/gu;

// What separates a word from the one before it:
/** No separator: a camelCase or letter/digit boundary. */
export const JOINED = 0;
/** `_` or `-` (but not `__`). */
export const PLAIN = 1;
/** A namespace separator: `/`, `.`, `:` or `__`. */
export const NAMESPACE = 2;
/** Any other punctuation or space. */
const OTHER = 3;

/** The words of a name and, for each word after the first, what separates it from the one before. */
export interface Parsed {
	readonly words: readonly string[];
	/** `seps[j]` is the kind of boundary before word `j` (`seps[0]` is `JOINED`). */
	readonly seps: readonly number[];
}

/** The kind of a run of separator characters. */
function kindOf(separator: string): number {
	if (/[/.:]|__/.test(separator)) return NAMESPACE;
	if (/^[_-]+$/.test(separator)) return PLAIN;
	return OTHER;
}

/**
 * Lowercase words of a name: split at separators, camelCase and letter/digit boundaries,
 * after NFC. `"linear.listIssues"` → `["linear", "list", "issues"]`.
 */
export function wordsOf(name: string): string[] {
	return parseName(name).words as string[];
}

/** Words and separators of a name (see {@link Parsed}). */
export function parseName(name: string): Parsed {
	if (ASCII.test(name)) return parseAscii(name);
	const text = name.normalize("NFC");
	const words: string[] = [];
	const seps: number[] = [];
	let end = -1;
	for (const match of text.matchAll(SEGMENT)) {
		const segment = match[0];
		let first = true;
		for (const word of segment.match(WORD) ?? [segment]) {
			seps.push(
				words.length === 0 || !first
					? JOINED
					: kindOf(text.slice(end, match.index)),
			);
			words.push(word.toLowerCase());
			first = false;
		}
		end = match.index + segment.length;
	}
	return { words, seps };
}

const UPPER = 1;
const LOWER = 2;
const DIGIT = 3;

function classOf(unit: number): number {
	if (unit >= 65 && unit <= 90) return UPPER;
	if (unit >= 97 && unit <= 122) return LOWER;
	if (unit >= 48 && unit <= 57) return DIGIT;
	return 0;
}

/**
 * {@link parseName} for ASCII names by character codes, with the same words as the regular
 * expressions: an uppercase run (less its last letter when a lowercase one follows), an
 * optional capital and lowercase run, a digit run.
 */
function parseAscii(name: string): Parsed {
	const words: string[] = [];
	const seps: number[] = [];
	const n = name.length;
	let i = 0;
	let sepStart = 0;
	while (i < n) {
		const c = classOf(name.charCodeAt(i));
		if (c === 0) {
			i++;
			continue;
		}
		let end = i + 1;
		if (c === DIGIT) {
			while (end < n && classOf(name.charCodeAt(end)) === DIGIT) end++;
		} else if (c === LOWER) {
			while (end < n && classOf(name.charCodeAt(end)) === LOWER) end++;
		} else {
			while (end < n && classOf(name.charCodeAt(end)) === UPPER) end++;
			if (end < n && classOf(name.charCodeAt(end)) === LOWER) {
				if (end - 1 > i) end--;
				else while (end < n && classOf(name.charCodeAt(end)) === LOWER) end++;
			}
		}
		seps.push(
			words.length === 0
				? JOINED
				: sepStart === i
					? JOINED
					: kindOf(name.slice(sepStart, i)),
		);
		words.push(name.slice(i, end).toLowerCase());
		i = end;
		sepStart = end;
	}
	return { words, seps };
}

/** The key words are compared by: their concatenation (the normal form, for most names). */
export function keyOf(words: readonly string[]): string {
	return words.join("");
}

/** Whether two word lists are equal. */
export function sameWords(
	a: readonly string[],
	b: readonly string[],
	from: number = 0,
	to: number = a.length,
): boolean {
	if (a.length !== b.length) return false;
	for (let i = from; i < to; i++) if (a[i] !== b[i]) return false;
	return true;
}

/** Whether `a` ends with all of `b` and is longer. */
export function endsWithWords(
	a: readonly string[],
	b: readonly string[],
): boolean {
	if (a.length <= b.length) return false;
	const offset = a.length - b.length;
	for (let i = 0; i < b.length; i++) if (a[offset + i] !== b[i]) return false;
	return true;
}

const SCRIPTS =
	"Latin Cyrillic Greek Armenian Hebrew Arabic Han Hiragana Katakana Hangul Thai Devanagari"
		.split(" ")
		.map((script) => new RegExp(`\\p{Script=${script}}`, "u"));
const LETTER = /\p{L}/u;

/** Bit set of the scripts the letters of a name are written in (other letters: bit 30). */
export function scriptsOf(name: string): number {
	let bits = 0;
	for (const char of name) {
		if (char.charCodeAt(0) < 0x80) {
			if (/[A-Za-z]/.test(char)) bits |= 1;
			continue;
		}
		if (!LETTER.test(char)) continue;
		const index = SCRIPTS.findIndex((script) => script.test(char));
		bits |= index === -1 ? 1 << 30 : 1 << index;
	}
	return bits;
}

/**
 * A 31-bit hash of the words with word `masked` left out (its place kept), so names that
 * differ in that one word only share it. FNV-1a over the code units, words apart.
 */
export function maskedHash(words: readonly string[], masked: number): number {
	let hash = FNV_OFFSET_BASIS;
	for (let j = 0; j < words.length; j++) {
		if (j === masked) hash = Math.imul(hash ^ 0x1e, FNV_PRIME);
		else {
			const word = words[j] as string;
			for (let k = 0; k < word.length; k++)
				hash = Math.imul(hash ^ word.charCodeAt(k), FNV_PRIME);
		}
		hash = Math.imul(hash ^ 0x1f, FNV_PRIME);
	}
	return hash >> 1;
}
