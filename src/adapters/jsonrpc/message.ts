// Shape guards and copy helpers for untrusted JSON-RPC values. Every reader here checks
// types before it trusts a value, so nothing a peer can send makes them throw.

/** A JSON object as seen from the outside: any keys, unknown values. */
export type JsonRecord = Record<string, unknown>;

/** A JSON-RPC request id this package tracks; `1` and `"1"` are different ids. */
export type MessageId = string | number;

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
