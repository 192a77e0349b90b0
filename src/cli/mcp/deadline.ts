/**
 * One time budget for a whole run against a server (start, initialize, every page of
 * `tools/list`, shutdown), and the phase it is in, so a timeout says where it happened.
 *
 * @module
 */

/**
 * Thrown into the running step when the budget is spent.
 */
export class DeadlineExpired extends Error {
	/**
	 * What the run was doing: `spawn`, `first output` (the server had not written anything),
	 * `initialize`, `tools/list (page 2)`, `shutdown`.
	 */
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
 */
export class Deadline {
	/** The budget, for messages. */
	readonly timeoutMs: number;
	/** The bound on the wait for the first output, when the budget waits for it. */
	readonly startTimeoutMs: number | undefined;
	readonly #controller = new AbortController();
	/** Aborts when the budget is spent: for `fetch`. */
	readonly signal: AbortSignal = this.#controller.signal;
	#timer: ReturnType<typeof setTimeout>;
	#end: number;
	#waiting: boolean;
	#phase = "spawn";
	/** Rejects with the {@link DeadlineExpired} the signal aborts with. */
	readonly #expired: Promise<never>;

	/**
	 * @param timeoutMs - the whole budget, in milliseconds
	 * @param startTimeoutMs - when given, the budget starts only at {@link Deadline.started}
	 * (the server's first output), and this bounds the wait for it; the phase is then
	 * `first output`
	 */
	constructor(timeoutMs: number, startTimeoutMs?: number) {
		this.timeoutMs = timeoutMs;
		this.startTimeoutMs = startTimeoutMs;
		this.#waiting = startTimeoutMs !== undefined;
		this.#expired = new Promise<never>((_, reject) => {
			this.signal.addEventListener("abort", () => reject(this.signal.reason));
		});
		this.#expired.catch(() => {});
		const first = startTimeoutMs ?? timeoutMs;
		this.#end = Date.now() + first;
		this.#timer = this.#arm(first);
	}

	/** Epoch ms when the budget (or the wait for first output) ends. */
	get end(): number {
		return this.#end;
	}

	/** Whether the wait for the first output is still on. */
	get waiting(): boolean {
		return this.#waiting;
	}

	/** The server spoke: the budget of `timeoutMs` starts now (once; later calls do nothing). */
	started(): void {
		if (!this.#waiting || this.signal.aborted) return;
		this.#waiting = false;
		clearTimeout(this.#timer);
		this.#end = Date.now() + this.timeoutMs;
		this.#timer = this.#arm(this.timeoutMs);
	}

	#arm(ms: number): ReturnType<typeof setTimeout> {
		return setTimeout(() => {
			const phase = this.#waiting ? "first output" : this.#phase;
			this.#controller.abort(new DeadlineExpired(phase));
		}, ms);
	}

	/** The phase the run is in. */
	get phase(): string {
		return this.#phase;
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
		if (this.signal.aborted) return Promise.reject(new DeadlineExpired(phase));
		return Promise.race([step, this.#expired]);
	}

	/** Stops the timer; the run is over. */
	dispose(): void {
		clearTimeout(this.#timer);
	}
}
