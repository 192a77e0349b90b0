const SEGMENT = /[\p{L}\p{N}]+/gu;
// Word boundaries inside a segment: `listIssues`, `HTTPServer`, `v2beta`.
const WORD =
	/\p{Lu}+(?!\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|[^\p{Lu}\p{Ll}\p{N}]+|\p{N}+/gu;

/** Where each run of letters and digits starts. */
export function segmentStarts(name: string): number[] {
	const starts: number[] = [];
	for (const match of name.matchAll(SEGMENT)) starts.push(match.index);
	return starts;
}

/** Runs of letters and digits, as written (`"all/web search"` → `["all", "web", "search"]`). */
export function segmentsOf(name: string): string[] {
	return name.match(SEGMENT) ?? [];
}

/**
 * Lowercase words of a name: split at separators, camelCase and letter/digit boundaries.
 * `"linear.listIssues"` → `["linear", "list", "issues"]`.
 */
export function wordsOf(name: string): string[] {
	const words: string[] = [];
	for (const segment of segmentsOf(name)) {
		for (const word of segment.match(WORD) ?? [segment])
			words.push(word.toLowerCase());
	}
	return words;
}

/**
 * Action verbs: a differing verb means a different action, not a typo (`get_user` is not a
 * misspelling of `set_user`). Words that are as often nouns (`view`, `test`, `tag`, `filter`,
 * `query`, `release`) are left out, so `get_view` still corrects to `get_views`.
 */
export const ACTION_VERBS: ReadonlySet<string> = new Set(
	`accept activate add allow approve archive assign attach ban cancel clear clone close commit compress connect convert copy cp create deactivate decline decrypt del delete deny deploy describe destroy detach disable disconnect dismiss download drop edit enable encrypt erase exec execute export extract fetch find flush follow fork generate get grant hide import insert install invite kill list load lock login logout ls merge modify move mute mv open parse patch pause pin post publish pull purge push put read rebase reboot refresh refund reject reload remove rename reopen replace reply reset restart restore resume retry revert revoke rm run save search send set show shutdown start stop submit subscribe suspend sync terminate truncate unarchive unassign unban uninstall unlink unlock unmute unpin unpublish unsubscribe unwatch update upload upsert validate verify watch wipe write`.split(
		" ",
	),
);

/** Words that make a tool destructive: never corrected onto when the input lacks them. */
export const DESTRUCTIVE_WORDS: ReadonlySet<string> = new Set(
	`delete del remove rm rmdir drop purge reset kill wipe truncate revoke destroy erase terminate uninstall unlink clear flush shutdown overwrite nuke evict expunge force ban deactivate cancel unpublish`.split(
		" ",
	),
);

const SCRIPTS =
	"Latin Cyrillic Greek Armenian Hebrew Arabic Han Hiragana Katakana Hangul Thai Devanagari"
		.split(" ")
		.map((script) => new RegExp(`\\p{Script=${script}}`, "u"));
const LETTER = /\p{L}/u;

/** Bit set of the scripts the letters of a name are written in (other letters: bit 31). */
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
