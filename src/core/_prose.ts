import { compareCodeUnits } from "./_order.js";

// Names longer than this are not looked for in prose: nobody writes them there, and a
// pattern of a few megabytes would exceed what regular-expression engines accept.
const MAX_PROSE_NAME_LENGTH = 1024;
const WORD_CHAR = "A-Za-z0-9_-";
// A name in prose must not touch a word character, nor a `/`, `.` or `:` that itself
// touches one (`a/b/c` must not match inside `a/b/cd` or `x/a/b/c`).
const BEFORE = `(?<![${WORD_CHAR}])(?<![${WORD_CHAR}][/.:])`;
const AFTER = `(?![${WORD_CHAR}])(?![/.:][${WORD_CHAR}])`;

/**
 * The pattern matching every renamed canonical name in prose, longest first; `null` when
 * no name was renamed.
 */
export function prosePattern(
	forward: ReadonlyMap<string, string>,
): RegExp | null {
	const renamed: string[] = [];
	for (const [canonical, wire] of forward)
		if (canonical !== wire && canonical.length <= MAX_PROSE_NAME_LENGTH)
			renamed.push(canonical);
	if (renamed.length === 0) return null;
	renamed.sort((a, b) => b.length - a.length || compareCodeUnits(a, b));
	const alternatives = renamed.map(escapeRegExp).join("|");
	return new RegExp(`${BEFORE}(?:${alternatives})${AFTER}`, "g");
}

function escapeRegExp(text: string): string {
	return text.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");
}
