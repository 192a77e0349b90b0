// The client requests a session sent upstream and not yet answered: when the upstream goes
// away, each gets an error, so no client waits for ever.
import {
	CONNECTION_CLOSED,
	errorLine,
	type Frame,
	type Id,
} from "./_messages.js";

/** Most requests remembered; the oldest is forgotten beyond it. */
const MAX_PENDING = 100_000;

/** A session's unanswered requests. */
export class PendingRequests {
	readonly #ids = new Map<Id, true>();
	#gone: string | undefined;

	/** Why the upstream went away, once it has. */
	get gone(): string | undefined {
		return this.#gone;
	}

	/** A request went up. */
	add(id: Id): void {
		if (this.#ids.size >= MAX_PENDING) {
			const oldest = this.#ids.keys().next();
			if (oldest.done !== true) this.#ids.delete(oldest.value);
		}
		this.#ids.set(id, true);
	}

	/** The upstream answered it (or it was answered otherwise). */
	settle(id: Id): void {
		this.#ids.delete(id);
	}

	/**
	 * The upstream is gone: error answers for every request pending and for `more` (requests
	 * that never went up).
	 */
	fail(reason: string, more: readonly Id[]): Frame[] {
		this.#gone = reason;
		for (const id of more) this.#ids.set(id, true);
		const frames = [...this.#ids.keys()].map((id) => this.closed(id));
		this.#ids.clear();
		return frames;
	}

	/** The error answer for a request the gone upstream will never answer. */
	closed(id: Id): Frame {
		return errorLine(id, CONNECTION_CLOSED, `MCP server closed: ${this.#gone}`);
	}
}
