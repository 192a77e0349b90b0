/**
 * Levenshtein distances from one query to many candidates, each cut off at a bound.
 *
 * Myers' bit-parallel algorithm (G. Myers, "A fast bit-vector algorithm for approximate
 * string matching based on dynamic programming", J. ACM 46(3), 1999), in the block form of
 * H. Hyyrö ("A bit-vector algorithm for computing Levenshtein and Damerau edit distances",
 * Nordic J. Computing 10(1), 2003) for queries longer than 32 units. The query is the
 * pattern, so its match masks are built once; candidates are only read.
 *
 * It counts UTF-16 code units, like `fastest-levenshtein` (which reads `charCodeAt`): the two
 * agree on every pair of strings, astral characters included.
 */

// Slots 0–127 are ASCII units; 128 is a unit the query lacks (all masks zero); other units
// of the query get 129, 130, … in order of appearance.
const ABSENT = 128;

/** A query prepared for {@link scan}. */
export interface Pattern {
	readonly query: string;
	readonly length: number;
	readonly blocks: number;
	/** Non-ASCII units of the query → their slots. */
	readonly slots: ReadonlyMap<number, number>;
	/** The letter classes of the query (see {@link classOf}). */
	readonly classes: number;
	/** Its units per class, summed by byte of a class mask (see {@link scan}). */
	readonly counts: Uint8Array;
}

// Match mask of slot `s` in block `b` at `s * blocks + b`, for the pattern last scanned with.
// Shared because a typed array this size costs more to allocate than a short scan.
let peq = new Int32Array(8 * (ABSENT + 1));
let active: Pattern | undefined;

/** Puts the masks of `pattern` in `peq` (after clearing those of the one before). */
function activate(pattern: Pattern): void {
	if (active === pattern) return;
	if (active !== undefined) masks(active, 0);
	const size = (ABSENT + 1 + pattern.slots.size) * pattern.blocks;
	if (peq.length < size) peq = new Int32Array(size);
	masks(pattern, 1);
	active = pattern;
}

function masks(pattern: Pattern, set: 0 | 1): void {
	const { query, blocks, slots } = pattern;
	for (let i = 0; i < query.length; i++) {
		const unit = query.charCodeAt(i);
		const at =
			(unit > 127 ? (slots.get(unit) as number) : unit) * blocks + (i >>> 5);
		peq[at] = set * ((peq[at] as number) | (1 << (i & 31)));
	}
}

// The state of every column of the text being scanned. One scan uses it at a time (a sink
// never starts another), so it is shared and only ever grows.
let stack = new Int32Array(256);

/**
 * Texts of one length in code-unit order, with the length of the prefix each shares with the
 * one before it (capped at 255), for a scan that walks them like a trie.
 */
export interface Bucket {
	readonly norms: readonly string[];
	readonly shared: Uint8Array;
	/** The units of every text, text after text: reading them here beats `charCodeAt`. */
	readonly units: Uint16Array;
	/**
	 * Two masks a text: its letter classes (see {@link classOf}) at `2i`, the classes it has
	 * twice or more at `2i + 1`.
	 */
	readonly classes: Int32Array;
}

/** Sorts `texts` (all of one length) in place and measures their shared prefixes. */
export function bucketOf(texts: string[]): Bucket {
	texts.sort();
	const n = (texts[0] ?? "").length;
	const shared = new Uint8Array(texts.length);
	const units = new Uint16Array(texts.length * n);
	const classes = new Int32Array(2 * texts.length);
	for (let i = 0; i < texts.length; i++) {
		const text = texts[i] as string;
		let once = 0;
		let twice = 0;
		for (let j = 0; j < n; j++) {
			const unit = text.charCodeAt(j);
			units[i * n + j] = unit;
			const bit = 1 << classOf(unit);
			twice |= once & bit;
			once |= bit;
		}
		classes[2 * i] = once;
		classes[2 * i + 1] = twice;
		if (i === 0) continue;
		let k = 0;
		while (k < 255 && k < n && units[i * n + k] === units[(i - 1) * n + k]) k++;
		shared[i] = k;
	}
	return { norms: texts, shared, units, classes };
}

/** Receives each text within the bound and returns the bound for the rest. */
export interface Sink {
	found(text: string, distance: number): number;
}

/** Prepares `query` for scans, once per query. */
export function prepare(query: string): Pattern {
	const slots = new Map<number, number>();
	for (let i = 0; i < query.length; i++) {
		const unit = query.charCodeAt(i);
		if (unit > 127 && !slots.has(unit))
			slots.set(unit, ABSENT + 1 + slots.size);
	}
	const { classes, counts } = classCounts(query);
	return {
		query,
		length: query.length,
		blocks: (query.length + 31) >>> 5,
		slots,
		classes,
		counts,
	};
}

/**
 * Tells `sink` of every text of `bucket` whose distance from the query is at most `bound`;
 * the sink returns the bound for the rest, which may only shrink. The work for a prefix that
 * texts share is done once, as in a trie, and a prefix already out of reach skips every text
 * that starts with it.
 *
 * Out of reach: values along a diagonal of the edit-distance matrix never decrease (E.
 * Ukkonen, "Algorithms for approximate string matching", Information and Control 64, 1985),
 * so the first cell above the bound on the diagonal of the last cell settles it. That cell
 * moves one row and one column per text unit; its change is the horizontal delta of its row
 * plus the vertical delta below it, one bit each of vectors the algorithm computes anyway.
 * That change is 0 or 1, so it is 1 exactly when one delta is +1 and neither is −1.
 */
export function scan(
	pattern: Pattern,
	bucket: Bucket,
	bound: number,
	sink: Sink,
): void {
	const { norms: texts, shared, units, classes } = bucket;
	const m = pattern.length;
	const n = (texts[0] ?? "").length;
	const { blocks, slots } = pattern;
	// The diagonal starts at row m − n of column 0, or enters at row 0 of column n − m.
	const gap = m > n ? m - n : n - m;
	if (gap > bound) return;
	activate(pattern);
	// Per column j: the diagonal's value at [j], then Pv, Mv of each block.
	const width = 1 + 2 * blocks;
	if (stack.length < (n + 1) * width) stack = new Int32Array((n + 1) * width);
	const state = stack;
	const eqs = peq;
	state[0] = gap;
	for (let b = 0; b < blocks; b++) {
		state[1 + b] = -1;
		state[1 + blocks + b] = 0;
	}
	// Columns 0..valid hold the state of the last text; a text sharing `cut` units with it
	// is out of reach.
	let valid = 0;
	let cut = n + 1;
	// The prefix text i shares with the last text scanned: the least `shared` since then.
	let common = 0;
	// A lower bound before any column: an alignment costs at least the longer length less its
	// matches, and a class matches no more units than the side with fewer of it has. So the
	// query matches at most all its units of classes the text repeats and one of each other
	// class they share (tested first: it rejects the most), and the text at most its units
	// less one per class the query lacks (two for a class it repeats). A text that can match
	// fewer than `need` is out of reach.
	const counts = pattern.counts;
	const has = pattern.classes;
	const lacks = ~has;
	const longer = Math.max(m, n);
	let need = longer - bound;
	for (let i = 0; i < texts.length; i++) {
		const s = shared[i] as number;
		if (s < common) common = s;
		if (common >= cut) continue;
		const once = classes[2 * i] as number;
		const twice = classes[2 * i + 1] as number;
		if (
			(counts[twice & 255] as number) +
				(counts[256 + ((twice >>> 8) & 255)] as number) +
				(counts[512 + ((twice >>> 16) & 255)] as number) +
				(counts[768 + (twice >>> 24)] as number) +
				bits(once & ~twice & has) <
			need
		)
			continue;
		if (n - bits(once & lacks) - bits(twice & lacks) < need) continue;
		const at = i * n;
		let j = Math.min(common, valid);
		let diag = state[j * width] as number;
		cut = n + 1;
		// Later texts share no more of this one than the next does: columns past that are
		// computed and not kept.
		const keep = i + 1 < texts.length ? (shared[i + 1] as number) : 0;
		if (blocks === 1) {
			// The same step as below for one block, with the state kept in registers.
			let pv = state[j * 3 + 1] as number;
			let mv = state[j * 3 + 2] as number;
			for (let row = j + m - n; j < n; j++, row++) {
				if (diag > bound) break;
				const unit = units[at + j] as number;
				const eq = eqs[
					unit > 127 ? (slots.get(unit) ?? ABSENT) : unit
				] as number;
				const xv = eq | mv;
				const xh = (((eq & pv) + pv) ^ pv) | eq;
				const ph = ((mv | ~(xh | pv)) << 1) | 1;
				const mh = (pv & xh) << 1;
				pv = mh | ~(xv | ph);
				mv = ph & xv;
				if (row >= 0) diag += (((ph | pv) & ~(mh | mv)) >>> row) & 1;
				if (j < keep) {
					const to = (j + 1) * 3;
					state[to] = diag;
					state[to + 1] = pv;
					state[to + 2] = mv;
				}
			}
		} else {
			for (; j < n; j++) {
				if (diag > bound) break;
				const unit = units[at + j] as number;
				const from = j * width;
				const to = from + width;
				const eqAt = (unit > 127 ? (slots.get(unit) ?? ABSENT) : unit) * blocks;
				const row = j + m - n;
				const rowBlock = row >> 5;
				const bit = row & 31;
				// Horizontal deltas carried from block to block, +1 into the first (row 0).
				let hp = 1;
				let hm = 0;
				for (let b = 0; b < blocks; b++) {
					let pv = state[from + 1 + b] as number;
					let mv = state[from + 1 + blocks + b] as number;
					let eq = eqs[eqAt + b] as number;
					const xv = eq | mv;
					eq |= hm;
					const xh = (((eq & pv) + pv) ^ pv) | eq;
					let ph = mv | ~(xh | pv);
					let mh = pv & xh;
					const hpOut = ph >>> 31;
					const hmOut = mh >>> 31;
					ph = (ph << 1) | hp;
					mh = (mh << 1) | hm;
					pv = mh | ~(xv | ph);
					mv = ph & xv;
					state[to + 1 + b] = pv;
					state[to + 1 + blocks + b] = mv;
					if (b === rowBlock) {
						diag += (((ph | pv) & ~(mh | mv)) >>> bit) & 1;
					}
					hp = hpOut;
					hm = hmOut;
				}
				state[to] = diag;
			}
		}
		valid = Math.min(j, keep);
		common = n;
		if (diag > bound) cut = j;
		else if (j === n) {
			bound = sink.found(texts[i] as string, diag);
			need = longer - bound;
		}
	}
}

/** The distance of two strings when at most `bound`, otherwise `bound + 1`. */
export function within(a: string, b: string, bound: number): number {
	let distance = bound + 1;
	const sink: Sink = {
		found: (_, d) => {
			distance = d;
			return bound;
		},
	};
	scan(prepare(a), bucketOf([b]), bound, sink);
	return distance;
}

// Letter classes for the lower bound of the ranking's scan: 32 classes, so
// a text's classes fit one 32-bit mask.

/**
 * The class of a unit, 0–31: a–z their own, digits five by five, any other unit one class.
 * Units of one class count as alike, which only ever weakens the bound of the scan.
 */
function classOf(unit: number): number {
	if (unit >= 97 && unit <= 122) return unit - 97;
	if (unit >= 48 && unit <= 57) return 26 + ((unit - 48) % 5);
	return 31;
}

/** The number of bits set in a 32-bit integer. */
function bits(v: number): number {
	let x = v - ((v >>> 1) & 0x55555555);
	x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
	return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * The classes of `query` as a mask, and its units per class summed by byte of a class mask:
 * `counts[k * 256 + v]` counts the query's units whose class is a bit of byte k of a mask
 * whose byte k is v.
 */
function classCounts(query: string): {
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
