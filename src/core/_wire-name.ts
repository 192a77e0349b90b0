import { HASH_LENGTH, hashName } from "./hash.js";
import { isValidFor, type NameProfile } from "./profiles.js";

/** How the natural wire name of a canonical name was derived. */
type Derivation = "identity" | "renamed" | "lossy" | "truncated";

/** The natural wire name of one canonical name, before collisions are settled. */
export interface NaturalWireName {
	wire: string;
	derivation: Derivation;
}

const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;
const COMBINING_MARKS = /\p{M}/gu;
const EMPTY_STEM = "tool";
const LEADING_PREFIX = "tool_";
const SUFFIX_LENGTH = HASH_LENGTH + 1;
const SCAN_LIMIT = 4096;

/**
 * Derives the wire name a canonical name gets when nothing else competes for it (the rules
 * of DESIGN.md, "Wire-name rules").
 */
export function naturalWireName(
	canonical: string,
	profile: NameProfile,
): NaturalWireName {
	if (isValidFor(canonical, profile))
		return { wire: canonical, derivation: "identity" };
	const { allowed } = profile;
	let stem = "";
	let lossy = false;
	let pendingSeparator = false;
	// Only the start of a very long name can show in its wire name (the hash stands for the
	// rest), so the scan is bounded and a 10 MB name costs what a 4 kB one does.
	const limit = Math.max(SCAN_LIMIT, 4 * profile.maxLength);
	const scanned =
		canonical.length > limit ? cutStem(canonical, limit, false) : canonical;
	for (const char of scanned.normalize("NFKC")) {
		let kept: string | undefined;
		if (allowed.test(char)) {
			kept = char;
		} else {
			const lower = char.toLowerCase();
			const bare = char.normalize("NFKD").replace(COMBINING_MARKS, "");
			if (lower !== char && everyAllowed(lower, allowed)) {
				kept = lower;
				lossy = true;
			} else if (bare !== char && bare !== "" && everyAllowed(bare, allowed)) {
				// A readable stem beats a dropped letter: `é` is written `e` (the hash keeps it distinct).
				kept = bare;
				lossy = true;
			} else if (LETTER_OR_NUMBER.test(char)) {
				lossy = true;
			}
		}
		if (kept === undefined) {
			pendingSeparator = true;
			continue;
		}
		if (pendingSeparator && stem !== "") stem += "_";
		pendingSeparator = false;
		stem += kept;
	}
	stem = trimUnderscores(stem);
	if (stem === "") stem = EMPTY_STEM;
	if (
		profile.leading !== undefined &&
		!profile.leading.test(stem[0] as string)
	) {
		stem = LEADING_PREFIX + stem;
	}
	const tooLong =
		scanned !== canonical ||
		(lossy
			? stem.length + SUFFIX_LENGTH > profile.maxLength
			: stem.length > profile.maxLength);
	if (!lossy && !tooLong) return { wire: stem, derivation: "renamed" };
	const kept = tooLong
		? cutStem(stem, profile.maxLength - SUFFIX_LENGTH)
		: stem;
	return {
		wire: `${kept}_${hashName(canonical)}`,
		derivation: tooLong ? "truncated" : "lossy",
	};
}

/** `base`, cut to leave room for `_n`, then `_n`. */
export function suffixed(base: string, n: number, maxLength: number): string {
	const suffix = `_${n}`;
	const room = maxLength - suffix.length;
	return `${base.length > room ? cutStem(base, room) : base}${suffix}`;
}

function everyAllowed(text: string, allowed: RegExp): boolean {
	for (const char of text) if (!allowed.test(char)) return false;
	return true;
}

function trimUnderscores(text: string): string {
	let start = 0;
	let end = text.length;
	while (start < end && text.charCodeAt(start) === 95) start++;
	while (end > start && text.charCodeAt(end - 1) === 95) end--;
	return text.slice(start, end);
}

/** Cuts to at most `length` code units without splitting a surrogate pair, then trims `_`. */
function cutStem(stem: string, length: number, trim = true): string {
	let end = Math.max(0, length);
	const last = stem.charCodeAt(end - 1);
	if (last >= 0xd800 && last <= 0xdbff) end--;
	const cut = stem.slice(0, end);
	if (!trim) return cut;
	let trimmed = cut.length;
	while (trimmed > 1 && cut.charCodeAt(trimmed - 1) === 95) trimmed--;
	return cut.slice(0, trimmed);
}
