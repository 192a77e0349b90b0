// One direction of a proxy session with a shared store: a message may wait for the store (a
// claim before a listing goes out, a read before an unknown name is decoded), and the messages
// behind it wait too, so nothing is ever reordered.

/** Why a message could not be made ready: the store failed or did not answer in time. */
export interface StoreFailure {
	error: unknown;
}

/**
 * Runs tasks in the order they were handed in, each once its wait settled. A task with
 * nothing to wait for while nothing is queued runs at once: without a store, or for a known
 * name, a message costs no promise turn.
 */
export class OrderedQueue {
	#tail: Promise<void> | undefined;

	/**
	 * @param waiting - what the task must wait for, or `undefined`
	 * @param task - called with the failure of `waiting`, if it failed
	 */
	run(
		waiting: Promise<void> | undefined,
		task: (failure: StoreFailure | undefined) => void,
	): void {
		if (waiting === undefined && this.#tail === undefined) {
			task(undefined);
			return;
		}
		const ready = (waiting ?? Promise.resolve()).then(
			() => undefined,
			(error: unknown): StoreFailure => ({ error }),
		);
		const tail = (this.#tail ?? Promise.resolve())
			.then(() => ready)
			.then(task)
			.catch(() => {});
		this.#tail = tail;
		void tail.then(() => {
			if (this.#tail === tail) this.#tail = undefined;
		});
	}
}
