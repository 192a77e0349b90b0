// A "Tool X not found" answer, and the `Did you mean …?` hint added to it: the same text on
// every path (wrapServer and wrapClient in sdk, WireRewriter in jsonrpc). SDK-free, so every
// adapter above routing can use it.
import { isRecord } from "../../core/guards.js";
import { INTERNAL_ERROR, INVALID_PARAMS } from "../jsonrpc-base.js";

const HINTED = "Did you mean ";

/**
 * The SDKs' own "unknown tool" texts, checked against @modelcontextprotocol/sdk 1.20.2 and
 * 1.32.2 and @modelcontextprotocol/server 2.4.0 (tests/adapters/sdk/sdk-internals.test.ts
 * fails, per SDK line, when a release changes them): 1.x `McpServer` throws (≤ 1.20) or
 * returns as an `isError` result (≥ 1.21) `MCP error -32602: Tool X not found` (or
 * `disabled`); a 1.x `Client` prefixes `MCP error -32602: ` once more when the error comes
 * over the wire; 2.x throws `ProtocolError` with `Tool X not found`; a hand-written low-level
 * server that throws `Error("Tool X not found")` reaches the client as -32603 with that
 * text. A hint this package appended may follow.
 */
const NOT_FOUND =
	/^(?:MCP error -?\d+: )*Tool .+ (?:not found|disabled)(?:[.!?]?(?:\s.*)?)$/su;

/** Tells whether a message is an SDK's "Tool X not found" text. */
export function isNotFoundText(text: string): boolean {
	return NOT_FOUND.test(text);
}

/**
 * Tells whether a thrown value, or the `error` of a JSON-RPC response, is an SDK's "Tool X
 * not found" error: that text, with no code or one of the codes the SDKs send it with.
 */
export function isNotFoundError(error: unknown): boolean {
	if (!isRecord(error) || typeof error.message !== "string") return false;
	if (
		typeof error.code === "number" &&
		error.code !== INVALID_PARAMS &&
		error.code !== INTERNAL_ERROR
	)
		return false;
	return isNotFoundText(error.message);
}

/** Tells whether a `tools/call` result is an SDK's "Tool X not found" `isError` result. */
export function isNotFoundResult(result: unknown): boolean {
	if (!isRecord(result) || result.isError !== true) return false;
	const text = firstText(result);
	return text !== undefined && isNotFoundText(text.text);
}

function firstText(
	result: Record<string, unknown>,
): { index: number; text: string } | undefined {
	const { content } = result;
	if (!Array.isArray(content)) return undefined;
	const index = content.findIndex(
		(item) =>
			isRecord(item) && item.type === "text" && typeof item.text === "string",
	);
	if (index < 0) return undefined;
	return { index, text: (content[index] as { text: string }).text };
}

/** `text` followed by the sentence `hint`, unless it already carries a hint. */
export function appendSentence(text: string, hint: string): string {
	if (text.includes(HINTED)) return text;
	const trimmed = text.trimEnd();
	if (trimmed === "") return hint;
	return /[.!?]$/u.test(trimmed) ? `${trimmed} ${hint}` : `${trimmed}. ${hint}`;
}

/**
 * A copy of a thrown error with the hint added to its message. The copy keeps the
 * prototype and every own property (`code`, `data`, the 2.x SDK's class brands), so callers
 * that branch on the class or the code keep working; the original is never mutated, since a
 * server may throw one shared error object for every unknown name.
 */
export function withErrorHint<E>(error: E, hint: string): E {
	if (!isRecord(error) || typeof error.message !== "string") return error;
	const message = appendSentence(error.message, hint);
	if (message === error.message) return error;
	const copy = Object.create(
		Object.getPrototypeOf(error),
		Object.getOwnPropertyDescriptors(error),
	) as E;
	Object.defineProperty(copy, "message", {
		value: message,
		writable: true,
		configurable: true,
		enumerable: false,
	});
	return copy;
}

/**
 * A copy of an `isError` result whose first text item carries the hint (or, with no text
 * item, one more item that is the hint); the result itself when it has a hint already.
 */
export function withResultHint<R>(result: R, hint: string): R {
	if (!isRecord(result) || result.isError !== true) return result;
	const found = firstText(result);
	const content = result.content as unknown[];
	if (found === undefined) {
		return {
			...result,
			content: [
				...(Array.isArray(content) ? content : []),
				{ type: "text", text: hint },
			],
		} as R;
	}
	const text = appendSentence(found.text, hint);
	if (text === found.text) return result;
	const copy = [...content];
	copy[found.index] = { ...(content[found.index] as object), text };
	return { ...result, content: copy } as R;
}

/** How a call ended when its tool was not found: the error it threw or the result it returned. */
export type NotFound =
	| { readonly error: unknown }
	| { readonly result: unknown };

/**
 * Runs a call and tells apart a "Tool X not found" ending from any other: the answer itself,
 * or the not-found error or result to recover from. Any other error is thrown on unchanged.
 */
export async function settleNotFound(
	call: () => Promise<unknown>,
): Promise<{ readonly answer: unknown } | { readonly notFound: NotFound }> {
	let result: unknown;
	try {
		result = await call();
	} catch (error) {
		if (!isNotFoundError(error)) throw error;
		return { notFound: { error } };
	}
	return isNotFoundResult(result)
		? { notFound: { result } }
		: { answer: result };
}

/**
 * The not-found ending handed back as it came (thrown again, or returned), with the hint
 * added when there is one.
 */
export function surfaceNotFound(
	failure: NotFound,
	hint: string | undefined,
): unknown {
	if ("error" in failure) {
		throw hint === undefined
			? failure.error
			: withErrorHint(failure.error, hint);
	}
	return hint === undefined
		? failure.result
		: withResultHint(failure.result, hint);
}
