/**
 * Rule 5's ranking, shared by `suggest`: the closest candidates within
 * `max(3, floor(0.6 × L))` edits of the normal forms, by distance, then by name.
 */
import { type Pattern, type Sink, scan } from "./_distance.js";
import { type IndexData, namesOf } from "./name-index.js";

/** A candidate with its distance from the input. */
export interface Ranked {
	name: string;
	norm: string;
	distance: number;
}

/**
 * The `limit` closest candidates within the suggestion bound, by distance then name. Length
 * buckets are visited by growing length difference, a lower bound of the distance; each
 * distance is cut off at the worst distance still in the list, and the walk stops once no
 * unseen candidate can enter it.
 */
export function rank(
	data: IndexData,
	pattern: Pattern,
	limit: number,
): Ranked[] {
	const length = pattern.length;
	const sink = new Ranking(data, limit);
	for (let gap = 0; gap <= sink.cutoff; gap++) {
		let reachable = false;
		for (let side = gap === 0 ? 1 : 0; side < 2; side++) {
			const other = length + (side === 0 ? -gap : gap);
			sink.most = suggestionBound(length, other);
			// Shorter names run out at 1 unit, longer ones at the longest in the index.
			if (
				gap > sink.most ||
				other < 1 ||
				(other > length && other > data.maxNormLength)
			)
				continue;
			reachable = true;
			const bucket = data.byLength.get(other);
			if (bucket !== undefined)
				scan(pattern, bucket, Math.min(sink.most, sink.cutoff), sink);
		}
		if (!reachable) break;
	}
	return sink.list;
}

class Ranking implements Sink {
	readonly list: Ranked[] = [];
	cutoff = Number.POSITIVE_INFINITY;
	most = 0;
	readonly #data: IndexData;
	readonly #limit: number;

	constructor(data: IndexData, limit: number) {
		this.#data = data;
		this.#limit = limit;
	}

	found(norm: string, distance: number): number {
		const list = this.list;
		const limit = this.#limit;
		for (const name of namesOf(this.#data.byNorm.get(norm))) {
			const entry = { name, norm, distance };
			let at = list.length;
			while (at > 0 && compareRanked(list[at - 1] as Ranked, entry) > 0) at--;
			if (at >= limit) continue;
			list.splice(at, 0, entry);
			if (list.length > limit) list.pop();
			if (list.length === limit)
				this.cutoff = (list[limit - 1] as Ranked).distance;
		}
		return Math.min(this.most, this.cutoff);
	}
}

/** Hints reach `max(3, floor(0.6 × L))` edits, L the longer normal form. */
function suggestionBound(a: number, b: number): number {
	return Math.max(3, Math.floor((6 * Math.max(a, b)) / 10));
}

/** By distance, then by UTF-16 code units of the name. */
export function compareRanked(a: Ranked, b: Ranked): number {
	return (
		a.distance - b.distance || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
	);
}
