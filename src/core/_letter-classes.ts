/**
 * Letter classes for the lower bound of the ranking's scan (`_distance.ts`): 32 classes, so
 * a text's classes fit one 32-bit mask.
 */

/**
 * The class of a unit, 0–31: a–z their own, digits five by five, any other unit one class.
 * Units of one class count as alike, which only ever weakens the bound of the scan.
 */
export function classOf(unit: number): number {
	if (unit >= 97 && unit <= 122) return unit - 97;
	if (unit >= 48 && unit <= 57) return 26 + ((unit - 48) % 5);
	return 31;
}

/** The number of bits set in a 32-bit integer. */
export function bits(v: number): number {
	let x = v - ((v >>> 1) & 0x55555555);
	x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
	return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * The classes of `query` as a mask, and its units per class summed by byte of a class mask:
 * `counts[k * 256 + v]` counts the query's units whose class is a bit of byte k of a mask
 * whose byte k is v.
 */
export function classCounts(query: string): {
	classes: number;
	counts: Uint8Array;
} {
	// Each sum is the one without the lowest bit plus that bit's count.
	const perClass = new Uint8Array(32);
	let mask = 0;
	for (let i = 0; i < query.length; i++) {
		const at = classOf(query.charCodeAt(i));
		perClass[at] = Math.min(255, (perClass[at] as number) + 1);
		mask |= 1 << at;
	}
	const counts = new Uint8Array(4 * 256);
	for (let k = 0; k < 4; k++) {
		for (let v = 1; v < 256; v++) {
			const low = 31 - Math.clz32(v & -v);
			counts[k * 256 + v] = Math.min(
				255,
				(counts[k * 256 + (v & (v - 1))] as number) +
					(perClass[k * 8 + low] as number),
			);
		}
	}
	return { classes: mask, counts };
}
