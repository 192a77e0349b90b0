import type { PlannedName } from "./_plan.js";
import { prosePattern } from "./_prose.js";

/**
 * The assignments of one codec, both ways, with a change count and the prose pattern
 * built from them (rebuilt lazily after a change).
 */
export class NameTable {
	/** canonical → wire */
	readonly forward: Map<string, string> = new Map();
	/** wire → canonical */
	readonly reverse: Map<string, string> = new Map();
	version = 0;
	#pattern: RegExp | null | undefined;

	bind(canonical: string, wire: string): void {
		this.forward.set(canonical, wire);
		this.reverse.set(wire, canonical);
	}

	/** Binds a batch as one change. */
	apply(planned: readonly PlannedName[]): void {
		for (const entry of planned) this.bind(entry.canonical, entry.wire);
		this.#pattern = undefined;
		this.version++;
	}

	/** Replaces the renamed canonical names in `text` with their wire names. */
	rewrite(text: string): string {
		if (this.#pattern === undefined) this.#pattern = prosePattern(this.forward);
		const pattern = this.#pattern;
		if (pattern === null) return text;
		pattern.lastIndex = 0;
		return text.replace(pattern, (match) => this.forward.get(match) ?? match);
	}
}
