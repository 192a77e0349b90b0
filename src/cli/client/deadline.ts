/**
 * One time budget for a whole run against a server (start, initialize, every page of
 * `tools/list`, shutdown), and the phase it is in, so a timeout says where it happened.
 *
 * @module
 */

/**
 * Thrown into the running step when the budget is spent.
 *
 * @example
 * ```ts
 * if (error instanceof DeadlineExpired) stderr.write(`timed out during ${error.phase}\n`);
 * ```
 */
export class DeadlineExpired extends Error {
	/** What the run was doing: `spawn`, `initialize`, `tools/list (page 2)`, `shutdown`. */
	readonly phase: string;

	/** @param phase - the phase that ran out of time */
	constructor(phase: string) {
		super(`Deadline expired during ${phase}`);
		this.name = "DeadlineExpired";
		this.phase = phase;
	}
}

/**
 * A budget of `timeoutMs` from now; see {@link Deadline.run}.
 *
 * @example
 * ```ts
 * const deadline = new Deadline(15_000);
 * const result = await deadline.run("initialize", session.request("initialize", params));
 * deadline.dispose();
 * ```
 */
export class Deadline {
	/** The budget, for messages. */
	readonly timeoutMs: number;
	/** Epoch ms when it ends. */
	readonly end: number;
	readonly #controller = new AbortController();
	readonly #timer: ReturnType<typeof setTimeout>;
	#phase = "spawn";
	#reject: (error: Error) => void = () => {};
	readonly #expired: Promise<never>;

	/** @param timeoutMs - the whole budget, in milliseconds */
	constructor(timeoutMs: number) {
		this.timeoutMs = timeoutMs;
		this.end = Date.now() + timeoutMs;
		this.#expired = new Promise<never>((_, reject) => {
			this.#reject = reject;
		});
		this.#expired.catch(() => {});
		this.#timer = setTimeout(() => {
			this.#reject(new DeadlineExpired(this.#phase));
			this.#controller.abort(new DeadlineExpired(this.#phase));
		}, timeoutMs);
	}

	/** The phase the run is in. */
	get phase(): string {
		return this.#phase;
	}

	/** Aborts when the budget is spent: for `fetch`. */
	get signal(): AbortSignal {
		return this.#controller.signal;
	}

	/** Whether the budget is spent. */
	get expired(): boolean {
		return this.#controller.signal.aborted;
	}

	/**
	 * Enters `phase` and races `step` against the end of the budget.
	 *
	 * @param phase - what the step is, for a timeout message
	 * @param step - the work
	 * @returns what the step resolves to
	 * @throws DeadlineExpired when the budget ends first
	 */
	run<T>(phase: string, step: Promise<T>): Promise<T> {
		this.#phase = phase;
		step.catch(() => {});
		if (this.expired) return Promise.reject(new DeadlineExpired(phase));
		return Promise.race([step, this.#expired]);
	}

	/** Stops the timer; the run is over. */
	dispose(): void {
		clearTimeout(this.#timer);
	}
}
