const NOT_LETTER_MARK_OR_NUMBER = /[^\p{L}\p{M}\p{N}]+/gu;
/** Matches a string of ASCII only, whose words and normal form need no Unicode work. */
export const ASCII: RegExp = /^[\0-\x7f]*$/;

/**
 * The form names are compared in: NFC, lowercase, with every code point that is not a letter,
 * a mark or a number (`\p{L}`, `\p{M}`, `\p{N}`) removed. Unicode-aware, so CJK names keep
 * their characters and Devanagari `काम` keeps its vowel sign.
 *
 * @param name - any name
 * @returns the normal form; `""` for a non-string
 * @example
 * ```ts
 * normalizeName("linear.listIssues"); // "linearlistissues"
 * normalizeName("搜索/获取"); // "搜索获取"
 * ```
 */
export function normalizeName(name: string): string {
	if (typeof name !== "string") return "";
	const text = ASCII.test(name) ? name : name.normalize("NFC");
	return text.toLowerCase().replace(NOT_LETTER_MARK_OR_NUMBER, "");
}

// mcporter's normaliser (src/cli/identifier-helpers.ts in openclaw/mcporter): drop every
// UTF-16 unit that is not an ASCII letter or digit, then lowercase.
const NOT_ASCII_ALNUM = /[^a-z0-9]/gi;

/** mcporter's ASCII-only normal form, for `mode: 'mcporter'`. */
export function normalizeAscii(name: string): string {
	return name.replace(NOT_ASCII_ALNUM, "").toLowerCase();
}
