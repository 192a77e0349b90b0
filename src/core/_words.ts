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
 * misspelling of `set_user`).
 */
export const ACTION_VERBS: ReadonlySet<string> = new Set(
	`accept activate add allow append apply approve archive assign attach ban block book build call cancel charge check clear clone close commit compare compress connect convert copy count cp create deactivate decline decrypt del delete deny deploy describe destroy detach disable disconnect dismiss download drop duplicate edit enable encrypt end erase exec execute export extract fetch fill filter find flush follow fork format generate get grant hide import insert install invite join kill leave like link list load lock login logout ls merge modify mount move mute mv open parse patch pause pin post publish pull purge push put query read rebase reboot refresh refund reject release reload remove rename reopen replace reply reset resolve restart restore resume retry revert revoke rm run save scan schedule search send set share show shutdown sort start stop submit subscribe suspend sync tag terminate test transfer truncate unarchive unassign unban unblock uninstall unlink unlock unmute unpin unpublish unsubscribe untag unwatch update upload upsert validate verify view watch wipe write`.split(
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
