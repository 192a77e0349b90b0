// The `Did you mean …?` hint on the jsonrpc path, as wrapServer gives it: a `tools/call`
// forwarded with a name routing could not place is remembered by its id, and the upstream's
// "Tool X not found" answer for that id (a JSON-RPC error or an `isError` result) gets the
// hint added, in the same words. Every other answer passes as the same object.
import { isRecord } from "../../../core/guards.js";
import {
	type JsonRecord,
	type MessageId,
	trackable,
} from "../../jsonrpc-base.js";
import {
	appendSentence,
	isNotFoundError,
	isNotFoundResult,
	withResultHint,
} from "../../routing/not-found.js";
import type { ToolRouter } from "../../routing/router.js";
import { withEntry } from "../message.js";
import { BoundedMap } from "./_bounded-map.js";

/** The notification either side sends to cancel a request it issued. */
export const CANCELLED_METHOD = "notifications/cancelled";

/**
 * A forwarded call whose name matched no tool: the hint routing gave for it, or (when the
 * rewriter does not route unknown names) the name, to work the hint out only if it fails.
 */
type PendingCall = { hint: string } | { sent: string; args?: unknown };

/** The client's `tools/call` requests that may need a hint on their answer, by id. */
export class CallHints {
	readonly #router: ToolRouter;
	readonly #pending: BoundedMap<MessageId, PendingCall>;

	/**
	 * @param router - the rewriter's router, for hints worked out when the answer comes
	 * @param limit - how many unanswered calls to remember, oldest dropped first
	 */
	constructor(router: ToolRouter, limit: number) {
		this.#router = router;
		this.#pending = new BoundedMap(limit);
	}

	/** Remembers a forwarded call of `id` whose answer may need a hint. */
	expect(id: MessageId, call: PendingCall): void {
		this.#pending.set(id, call);
	}

	/** Forgets the call of `id` (its id now names another request). */
	forget(id: MessageId): void {
		this.#pending.delete(id);
	}

	/** Forgets the call a client's `notifications/cancelled` names. */
	cancelled(params: unknown): void {
		if (!isRecord(params)) return;
		const id = trackable(params.requestId);
		if (id !== undefined) this.#pending.delete(id);
	}

	/**
	 * Takes the answer for `id`: with the hint when it is a not-found answer to a remembered
	 * call, otherwise `message` itself; `undefined` when no call of that id was remembered.
	 */
	answer(message: JsonRecord, id: MessageId): JsonRecord | undefined {
		const call = this.#pending.take(id);
		if (call === undefined) return undefined;
		const hintOf = (): string | undefined =>
			"hint" in call ? call.hint : this.#router.hint(call.sent, call.args);
		const { error, result } = message;
		if (isNotFoundError(error)) {
			const hint = hintOf();
			if (hint === undefined) return message;
			const before = (error as { message: string }).message;
			const text = appendSentence(before, hint);
			return text === before
				? message
				: withEntry(
						message,
						"error",
						withEntry(error as JsonRecord, "message", text),
					);
		}
		if (isNotFoundResult(result)) {
			const hint = hintOf();
			const hinted = hint === undefined ? result : withResultHint(result, hint);
			return hinted === result ? message : withEntry(message, "result", hinted);
		}
		return message;
	}
}
