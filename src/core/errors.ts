/**
 * Machine-readable reason of a {@link McpToolNamesError}. `assignment-conflict` (a pair
 * contradicts one held: a wire name would change meaning), `unassigned` (a store-bound codec
 * asked to assign on its own), `store-unavailable` (the store failed or did not answer in
 * time; nothing was guessed) and `profile-mismatch` (a store scope holds names of another
 * profile) come from shared state; `reserve-mismatch` from a snapshot restored with another
 * `reserve` than the one its names were planned with.
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
	| "profile-mismatch"
	| "reserve-mismatch";

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
	// A function's String() is its whole source: never put that in a one-line message.
	if (typeof value === "function") return describeFunction(value);
	if (typeof value !== "object") return `${typeof value} ${String(value)}`;
	try {
		return Array.isArray(value) ? "an array" : "an object";
	} catch {
		// A revoked proxy.
		return "an object";
	}
}

const FUNCTION_NAME = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]{0,59}$/u;

/** `function foo` for a function named like an identifier, else `a function`. */
function describeFunction(fn: object): string {
	let name: unknown;
	try {
		// The own data property only: a getter (`static get name()`) is not run.
		name = Object.getOwnPropertyDescriptor(fn, "name")?.value;
	} catch {
		// A proxy whose descriptor trap throws.
	}
	return typeof name === "string" && FUNCTION_NAME.test(name)
		? `function ${name}`
		: "a function";
}
