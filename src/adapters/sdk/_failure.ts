import { isRecord } from "../../core/_guards.js";
import { isNotFoundText } from "./_sdk-internals.js";

/** JSON-RPC "Invalid params", the code every SDK line answers an unknown tool with. */
const INVALID_PARAMS = -32602;
/** JSON-RPC "Internal error": what a low-level server's own thrown `Error` becomes. */
const INTERNAL_ERROR = -32603;
const HINTED = "Did you mean ";

/** Tells whether a thrown value is an SDK's "Tool X not found" error. */
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

/** A copy of an `isError` result whose first text item carries the hint. */
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
	const copy = [...content];
	copy[found.index] = {
		...(content[found.index] as object),
		text: appendSentence(found.text, hint),
	};
	return { ...result, content: copy } as R;
}
