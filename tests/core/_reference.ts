/**
 * Independent reference implementations the core tests check the library against.
 * Written from DESIGN.md only, on purpose without any import from src/.
 */
import { Buffer } from "node:buffer";

export { osa as referenceOsa } from "../../bench/_osa.js";

const FNV_OFFSET_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a 32-bit over the UTF-8 bytes (Node's Buffer does the encoding). */
export function referenceFnv1a32(text: string): number {
	let hash = FNV_OFFSET_BASIS;
	for (const byte of Buffer.from(text, "utf8")) {
		hash ^= byte;
		hash = Number((BigInt(hash) * BigInt(FNV_PRIME)) & 0xffffffffn);
	}
	return hash >>> 0;
}

/** base36 lowercase, left-padded with "0" to 7 characters. */
export function referenceHash(text: string): string {
	return referenceFnv1a32(text).toString(36).padStart(7, "0");
}

/** Textbook Levenshtein distance over UTF-16 code units (the resolver's normal forms). */
export function referenceLevenshtein(a: string, b: string): number {
	const x = a.split("");
	const y = b.split("");
	let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
	for (let i = 1; i <= x.length; i++) {
		const current = [i];
		for (let j = 1; j <= y.length; j++) {
			current[j] = Math.min(
				(previous[j] ?? 0) + 1,
				(current[j - 1] ?? 0) + 1,
				(previous[j - 1] ?? 0) + (x[i - 1] === y[j - 1] ? 0 : 1),
			);
		}
		previous = current;
	}
	return previous[y.length] ?? 0;
}

/** DESIGN's normalizeName: NFC, lowercase, then keep only \p{L}, \p{M} and \p{N}. */
export function referenceNormalize(name: string): string {
	return name
		.normalize("NFC")
		.toLowerCase()
		.replace(/[^\p{L}\p{M}\p{N}]/gu, "");
}

/** Freezes a value and everything reachable from it. */
export function deepFreeze<T>(value: T): T {
	if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
		Object.freeze(value);
		for (const key of Reflect.ownKeys(value)) {
			deepFreeze((value as Record<PropertyKey, unknown>)[key]);
		}
	}
	return value;
}

/** Runs `fn` and returns what it threw (or fails the caller with a clear message). */
export function thrown(fn: () => unknown): unknown {
	try {
		fn();
	} catch (error) {
		return error;
	}
	throw new Error("expected the call to throw, but it returned");
}

/** Property names every plain object inherits; used to prove nothing was polluted. */
export function prototypeSnapshot(): string[] {
	return Reflect.ownKeys(Object.prototype).map(String).sort();
}

/** Lowercase words of an ASCII tool name: separators and camelCase boundaries. */
export function referenceWords(name: string): string[] {
	return name
		.replace(/([a-z0-9])([A-Z])/g, "$1 $2")
		.split(/[^A-Za-z0-9]+/)
		.filter((w) => w !== "")
		.map((w) => w.toLowerCase());
}
