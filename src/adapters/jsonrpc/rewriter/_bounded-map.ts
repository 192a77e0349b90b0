/**
 * A `Map` that keeps at most `limit` entries and drops the oldest first. It holds the ids of
 * requests still waiting for an answer, so a peer that never answers cannot grow memory.
 */
export class BoundedMap<K, V> {
	readonly #limit: number;
	readonly #entries = new Map<K, V>();

	constructor(limit: number) {
		this.#limit = limit;
	}

	get size(): number {
		return this.#entries.size;
	}

	set(key: K, value: V): void {
		// Re-inserting moves a reused id to the young end.
		this.#entries.delete(key);
		this.#entries.set(key, value);
		while (this.#entries.size > this.#limit) {
			const oldest = this.#entries.keys().next();
			if (oldest.done === true) break;
			this.#entries.delete(oldest.value);
		}
	}

	/** Removes and returns the entry of `key`. */
	take(key: K): V | undefined {
		const value = this.#entries.get(key);
		if (value !== undefined) this.#entries.delete(key);
		return value;
	}

	has(key: K): boolean {
		return this.#entries.has(key);
	}

	delete(key: K): void {
		this.#entries.delete(key);
	}
}
