/**
 * Machine-readable reason of a {@link McpToolNamesError}. The last four come from shared
 * state: `assignment-conflict` (a pair contradicts one held: a wire name would change
 * meaning), `unassigned` (a store-bound codec asked to assign on its own), `store-unavailable`
 * (the store failed or did not answer in time; nothing was guessed), `profile-mismatch` (a
 * store scope holds names of another profile).
 */
export type McpToolNamesErrorCode =
	| "invalid-argument"
	| "invalid-profile"
	| "invalid-snapshot"
	| "invalid-option"
	| "missing-dependency"
	| "policy-violation"
	| "unprocessable-message"
	| "assignment-conflict"
	| "unassigned"
	| "store-unavailable"
	| "profile-mismatch";

const BRAND = Symbol.for("mcp-tool-names.error");

/**
 * The one error this library throws, and only for programmer errors: bad arguments, an
 * unknown profile, a snapshot of the wrong version, a missing SDK in the CLI, a failed
 * name-policy assertion. Data (unknown names, malformed JSON-RPC) never throws.
 *
 * @example
 * ```ts
 * try {
 *   new WireNameCodec({ profile: "opanai" as "openai" });
 * } catch (error) {
 *   if (isMcpToolNamesError(error)) console.error(error.code, error.message);
 * }
 * ```
 */
export class McpToolNamesError extends Error {
	/** Why it was thrown. */
	readonly code: McpToolNamesErrorCode;

	/**
	 * Creates the error; the library throws it, users rarely need to.
	 *
	 * @param code - machine-readable reason
	 * @param message - one line naming the subject, the offending value and what would be valid
	 * @param options - the underlying `cause`, if any
	 */
	constructor(
		code: McpToolNamesErrorCode,
		message: string,
		options?: { cause?: unknown },
	) {
		super(message, options);
		this.name = "McpToolNamesError";
		this.code = code;
		Object.defineProperty(this, BRAND, { value: true });
	}
}

/**
 * Tells whether a value is a {@link McpToolNamesError}, also when it comes from another
 * copy of the library (ESM and CJS side by side): the check uses a `Symbol.for` brand.
 *
 * @param value - anything caught
 * @returns `true` for errors thrown by this library
 * @example
 * ```ts
 * if (isMcpToolNamesError(error) && error.code === "invalid-profile") usage();
 * ```
 */
export function isMcpToolNamesError(
	value: unknown,
): value is McpToolNamesError {
	if (typeof value !== "object" || value === null) return false;
	try {
		return (value as { [BRAND]?: unknown })[BRAND] === true;
	} catch {
		// A proxy whose getter throws is not one of ours.
		return false;
	}
}

/** Printable form of any value for an error message, never throwing. */
export function describeValue(value: unknown): string {
	if (typeof value === "string") {
		const shown = value.length > 60 ? `${value.slice(0, 57)}...` : value;
		return JSON.stringify(shown);
	}
	if (value === null) return "null";
	if (value === undefined) return "undefined";
	if (Array.isArray(value)) return "an array";
	return typeof value === "object"
		? "an object"
		: `${typeof value} ${String(value)}`;
}
