import { stringArgument } from "./guards.js";

// FNV-1a, 32 bit: http://www.isthe.com/chongo/tech/comp/fnv/ (offset basis 2166136261,
// prime 16777619). Chosen because it is tiny, synchronous, has no dependency and is trivial
// to reproduce in any language; it is not a security boundary.
/** FNV-1a's 32-bit offset basis. */
export const FNV_OFFSET_BASIS = 0x811c9dc5;
/** FNV-1a's 32-bit prime. */
export const FNV_PRIME = 0x01000193;

/**
 * Length of {@link hashName}'s output: 36^7 > 2^32, so every 32-bit value fits.
 *
 * @example
 * ```ts
 * hashName("websearch/fetch_content").length === HASH_LENGTH; // true ("1v8q9qg")
 * ```
 */
export const HASH_LENGTH = 7;

/**
 * FNV-1a 32-bit hash of the UTF-8 bytes of a string (a lone surrogate counts as U+FFFD,
 * as `TextEncoder` would write it).
 *
 * @param text - any string
 * @returns an unsigned 32-bit integer
 * @throws McpToolNamesError `invalid-argument` when `text` is not a string
 * @example
 * ```ts
 * fnv1a32("a"); // 3826002220 (0xe40c292c)
 * ```
 */
export function fnv1a32(text: string): number {
	stringArgument("fnv1a32", "text", text);
	let hash = FNV_OFFSET_BASIS;
	const step = (byte: number): void => {
		hash = Math.imul(hash ^ byte, FNV_PRIME);
	};
	for (let i = 0; i < text.length; i++) {
		let code = text.charCodeAt(i);
		if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
			const low = text.charCodeAt(i + 1);
			if (low >= 0xdc00 && low <= 0xdfff) {
				code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
				i++;
			} else {
				code = 0xfffd;
			}
		} else if (code >= 0xd800 && code <= 0xdfff) {
			code = 0xfffd;
		}
		if (code < 0x80) {
			step(code);
		} else if (code < 0x800) {
			step(0xc0 | (code >> 6));
			step(0x80 | (code & 0x3f));
		} else if (code < 0x10000) {
			step(0xe0 | (code >> 12));
			step(0x80 | ((code >> 6) & 0x3f));
			step(0x80 | (code & 0x3f));
		} else {
			step(0xf0 | (code >> 18));
			step(0x80 | ((code >> 12) & 0x3f));
			step(0x80 | ((code >> 6) & 0x3f));
			step(0x80 | (code & 0x3f));
		}
	}
	return hash >>> 0;
}

/**
 * The hash a wire name ends with when its canonical name lost information or was too long:
 * {@link fnv1a32} of the canonical name in lowercase base36, left-padded with `0` to
 * {@link HASH_LENGTH} characters.
 *
 * @param canonical - the canonical tool name (before any normalisation)
 * @returns seven characters of `[0-9a-z]`
 * @throws McpToolNamesError `invalid-argument` when `canonical` is not a string
 * @example
 * ```ts
 * hashName("搜索/获取"); // seven base36 characters, the same in every run and language
 * ```
 */
export function hashName(canonical: string): string {
	stringArgument("hashName", "canonical", canonical);
	return fnv1a32(canonical).toString(36).padStart(HASH_LENGTH, "0");
}
