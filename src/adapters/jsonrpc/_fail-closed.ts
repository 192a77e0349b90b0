// Fail closed: a message this package cannot process (a rewrite that throws, a result that
// cannot be serialised again) is never passed on as it came, since a `tools/call` with an
// undecoded wire name may reach another tool. Its peer gets a JSON-RPC error for its id.
import { invalidArgument, isRecord } from "../../core/guards.js";
import { isMcpToolNamesError } from "../../index.js";
import { INVALID_REQUEST } from "../jsonrpc-base.js";

/** A JSON-RPC error response for `id`. */
export function errorResponse(
	id: string | number | null,
	reason: string,
): Record<string, unknown> {
	return {
		jsonrpc: "2.0",
		id,
		error: {
			code: INVALID_REQUEST,
			message: `mcp-tool-names could not process this message: ${reason}`,
		},
	};
}

/** Why a value could not be processed, in a few words. */
export function reasonOf(error: unknown): string {
	// Anything can be thrown or given as a reason, a Proxy or an array holding a symbol too:
	// the words of a refusal must never be what fails.
	try {
		if (error instanceof RangeError)
			return "nested too deeply to be written again";
		const message =
			isRecord(error) && typeof error.message === "string"
				? error.message
				: String(error);
		return message.slice(0, 200);
	} catch {
		return UNSAFE;
	}
}

const UNSAFE = "it cannot be rewritten safely";

/**
 * What to throw when a rewrite failed: a callback's own error as it is, but an error from
 * reading a message that is no JSON value (a Proxy, a getter that throws) becomes
 * `invalid-argument`, so nothing foreign escapes and no call goes on half-rewritten.
 * Only the failure path pays for the check.
 */
export function unreadable(
	method: string,
	message: unknown,
	error: unknown,
): unknown {
	if (isMcpToolNamesError(error)) return error;
	try {
		JSON.stringify(message);
		return error;
	} catch {
		return invalidArgument(
			`WireRewriter.${method}`,
			"message",
			"a JSON-RPC message or batch",
			message,
			error,
		);
	}
}
