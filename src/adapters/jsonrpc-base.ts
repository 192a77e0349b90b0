// The JSON-RPC 2.0 basics below every adapter and the CLI: message ids, the error codes this
// package answers with or reads, and which ids a message carries. Both the routing (its "not
// found" answers) and the jsonrpc adapters (which route through it) import this file, so it
// sits below both and imports the core only. Every reader checks types before it trusts a
// value, so nothing a peer can send makes it throw. Internal: not exported from a package entry.
import { isRecord } from "../core/guards.js";

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
