// What the proxy session reads off JSON-RPC messages (parsed, possibly batches) and how it
// writes them back as lines. Nothing here throws on malformed input.

import { isId, type MessageId } from "../../adapters/jsonrpc-base.js";
import { isRecord } from "../../core/guards.js";

/** One message on its way: the bytes to write and the message they hold (when parsed). */
export interface Frame {
	/** The exact bytes: the line as it came when unchanged, else the new JSON. */
	bytes: Buffer;
	/** The parsed message or batch. */
	message: unknown;
	/**
	 * The client request this message belongs to, when the upstream tells (an HTTP upstream:
	 * the request on whose response stream it came): `proxy --listen` writes it on that
	 * request's own stream.
	 */
	related?: MessageId;
}

/** The message in a line or body, or `undefined` when it is not JSON. */
export function parse(bytes: Buffer): { value: unknown } | undefined {
	try {
		return { value: JSON.parse(bytes.toString("utf8")) };
	} catch {
		return undefined;
	}
}

/**
 * `frame` rewritten: the same bytes when `rewrite` returned the message unchanged (and
 * `trimmed` is false), else the new JSON; `undefined` when it cannot be rewritten or written.
 */
export function rewriteFrame(
	frame: Frame,
	message: unknown,
	rewrite: (message: unknown) => unknown,
	trimmed = false,
): Frame | undefined {
	let out: unknown;
	try {
		out = rewrite(message);
	} catch {
		return undefined;
	}
	const related = frame.related === undefined ? {} : { related: frame.related };
	if (out === frame.message && !trimmed)
		return { bytes: frame.bytes, message: out, ...related };
	try {
		return {
			bytes: Buffer.from(`${JSON.stringify(out)}\n`),
			message: out,
			...related,
		};
	} catch {
		return undefined;
	}
}

/** One JSON line holding a JSON-RPC error answer for `id`. */
export function errorLine(
	id: MessageId | null,
	code: number,
	message: string,
	data?: Record<string, unknown>,
): Frame {
	const reply = {
		jsonrpc: "2.0",
		id,
		error: { code, message, ...(data === undefined ? {} : { data }) },
	};
	return {
		bytes: Buffer.from(`${JSON.stringify(reply)}\n`),
		message: reply,
	};
}

/** The length of a line without its line end (`\n`, `\r\n`): a stdio line keeps its own. */
export function lengthWithoutLineEnd(bytes: Buffer): number {
	let end = bytes.length;
	while (end > 0 && (bytes[end - 1] === 0x0a || bytes[end - 1] === 0x0d))
		end -= 1;
	return end;
}

/** Whether a line holds only white space (skipped, not an error). */
export function isBlank(bytes: Buffer): boolean {
	return /^[ \t\r\n]*$/.test(bytes.toString("latin1"));
}

/** Whether `message` (not a batch) is a request or notification of `method`. */
export function isMethod(
	message: unknown,
	method: string,
): message is Record<string, unknown> {
	return isRecord(message) && message.method === method;
}

/** Whether a message, or any element of a batch, is a request or notification. */
export function hasMethod(message: unknown): boolean {
	if (Array.isArray(message)) return message.some(hasMethod);
	return isRecord(message) && typeof message.method === "string";
}

/** A request that needs the catalog: anything but `initialize` and `ping`. */
export function startsListing(message: unknown): boolean {
	if (Array.isArray(message)) return message.some(startsListing);
	return (
		isRecord(message) &&
		isId(message.id) &&
		typeof message.method === "string" &&
		message.method !== "initialize" &&
		message.method !== "ping"
	);
}

/** Whether a message or batch holds an `initialize` request: of id `id`, when given. */
export function isInitialize(message: unknown, id?: MessageId): boolean {
	if (Array.isArray(message)) return message.some((m) => isInitialize(m, id));
	return (
		isRecord(message) &&
		message.method === "initialize" &&
		(id === undefined ? isId(message.id) : message.id === id)
	);
}

/** The code and message of a failure of the shared store (an McpToolNamesError, mostly). */
export function storeErrorOf(error: unknown): {
	code: string;
	message: string;
} {
	const code =
		isRecord(error) && typeof error.code === "string"
			? error.code
			: "store-unavailable";
	const message =
		error instanceof Error
			? error.message
			: `Shared store failed: ${String(error)}`;
	return { code, message: message.slice(0, 400) };
}
