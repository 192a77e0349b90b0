// The JSON-RPC plumbing of the jsonrpc adapters and the CLI proxy: copy helpers for untrusted
// values, batches, and the ordered queue of one direction. Ids and error codes live below the
// routing, in ../jsonrpc-base.ts. Internal: not exported from a package entry.
import type { JsonRecord } from "../jsonrpc-base.js";

/** A shallow copy of `record` with `key` set, safe for keys such as `__proto__`. */
export function withEntry(
	record: JsonRecord,
	key: string,
	value: unknown,
): JsonRecord {
	const copy: JsonRecord = { ...record };
	setEntry(copy, key, value);
	return copy;
}

/** Sets an own enumerable property, also for keys such as `__proto__`. */
export function setEntry(
	record: JsonRecord,
	key: string,
	value: unknown,
): void {
	Object.defineProperty(record, key, {
		value,
		writable: true,
		enumerable: true,
		configurable: true,
	});
}

/**
 * Applies `rewrite` to every element of an array (a JSON-RPC batch) or to a single value.
 * The input comes back itself when nothing changed.
 */
export function mapBatch(
	message: unknown,
	rewrite: (message: unknown) => unknown,
): unknown {
	if (!Array.isArray(message)) return rewrite(message);
	let copy: unknown[] | undefined;
	for (let i = 0; i < message.length; i++) {
		const element: unknown = message[i];
		const next = rewrite(element);
		if (next !== element) {
			copy ??= [...message];
			copy[i] = next;
		}
	}
	return copy ?? message;
}

/** Why a message could not be made ready: the store failed or did not answer in time. */
export interface StoreFailure {
	error: unknown;
}

/**
 * Runs the tasks of one direction in the order they were handed in, each once its wait
 * (a store claim or read) settled, so a message that waits holds back the ones behind it
 * and nothing is reordered. A task with nothing to wait for while nothing is queued runs at
 * once: without a store, or for a known name, a message costs no promise turn.
 */
export class OrderedQueue {
	#tail: Promise<void> | undefined;

	/**
	 * Runs `task` now, or queued behind the tasks before it.
	 *
	 * @param waiting - what the task must wait for, or `undefined`
	 * @param task - called with the failure of `waiting`, if it failed
	 * @returns what `task` returned when it ran at once, else a promise of it; a task that
	 * throws later rejects that promise only (never an unhandled rejection, nor the queue)
	 */
	run<T>(
		waiting: Promise<void> | undefined,
		task: (failure: StoreFailure | undefined) => T,
	): T | Promise<Awaited<T>> {
		if (waiting === undefined && this.#tail === undefined)
			return task(undefined);
		const ready = (waiting ?? Promise.resolve()).then(
			() => undefined,
			(error: unknown): StoreFailure => ({ error }),
		);
		const result = (this.#tail ?? Promise.resolve())
			.then(() => ready)
			.then(task) as Promise<Awaited<T>>;
		// Also marks `result` handled: a caller may ignore it.
		const tail = result.then(
			() => {},
			() => {},
		);
		this.#tail = tail;
		void tail.then(() => {
			if (this.#tail === tail) this.#tail = undefined;
		});
		return result;
	}
}
