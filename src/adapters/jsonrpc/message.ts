// The JSON-RPC plumbing every layer shares (the jsonrpc adapters and the CLI proxy): ids,
// error codes, the ordered queue of one direction, and shape guards and copy helpers for
// untrusted values. Every reader here checks types before it trusts a value, so nothing a
// peer can send makes them throw. Internal: not exported from a package entry.
import { isRecord } from "../../core/guards.js";

/** A JSON object as seen from the outside: any keys, unknown values. */
export type JsonRecord = Record<string, unknown>;

/** A JSON-RPC request id this package tracks; `1` and `"1"` are different ids. */
export type MessageId = string | number;

/** Tells whether `value` has the type of a JSON-RPC id (`null` aside). */
export function isId(value: unknown): value is MessageId {
	return typeof value === "string" || typeof value === "number";
}

// The JSON-RPC 2.0 error codes this package answers with or reads
// (https://www.jsonrpc.org/specification#error_object).
/** The message is no JSON. */
export const PARSE_ERROR = -32700;
/** The message is no valid request, or this package cannot process it as sent. */
export const INVALID_REQUEST = -32600;
/** The peer has no such method. */
export const METHOD_NOT_FOUND = -32601;
/** The params are wrong; what every MCP SDK line answers an unknown tool with. */
export const INVALID_PARAMS = -32602;
/** The peer failed; what a low-level server's own thrown `Error` becomes. */
export const INTERNAL_ERROR = -32603;
/**
 * -32000, the first implementation-defined server error: the MCP SDK's `ConnectionClosed`, and
 * what its HTTP server answers for a transport request it refuses.
 */
export const SERVER_ERROR = -32000;

// Ids longer than this are not tracked: a peer must not be able to park megabytes in the
// pending tables. Real clients send small integers or UUIDs.
const MAX_ID_LENGTH = 1024;

/** The id of a request or response, when it is one this package can track. */
export function trackableId(message: JsonRecord): MessageId | undefined {
	return trackable(message.id);
}

/** `id` itself when this package can track it (a finite number, a short string). */
export function trackable(id: unknown): MessageId | undefined {
	if (typeof id === "number") return Number.isFinite(id) ? id : undefined;
	if (typeof id === "string")
		return id.length <= MAX_ID_LENGTH ? id : undefined;
	return undefined;
}

/**
 * The trackable ids of the requests (elements with a string `method`) or of the responses
 * (elements without a `method`) in a message or batch, in order.
 */
export function idsOf(
	message: unknown,
	kind: "requests" | "responses",
): MessageId[] {
	const ids: MessageId[] = [];
	for (const element of Array.isArray(message) ? message : [message]) {
		if (!isRecord(element)) continue;
		if (
			kind === "requests"
				? typeof element.method !== "string"
				: element.method !== undefined
		)
			continue;
		const id = trackableId(element);
		if (id !== undefined) ids.push(id);
	}
	return ids;
}

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
