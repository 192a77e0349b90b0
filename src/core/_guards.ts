// The one home of the shape guards and option checks every entry shares, so that a value is
// described, and an option refused, in the same words everywhere:
// `WireRewriter option maxPending must be a positive integer, got number 0`.

import type { WireNameCodec } from "./codec.js";
import { describeValue, McpToolNamesError } from "./errors.js";

export { describeValue };

/** Whether a value is an object that can be iterated (arrays, sets, generators). */
export function isIterable(value: unknown): value is Iterable<unknown> {
	return (
		typeof value === "object" &&
		value !== null &&
		typeof (value as Partial<Iterable<unknown>>)[Symbol.iterator] === "function"
	);
}

/** Whether a value is a plain JSON-like object: not `null`, not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A non-empty string, the only kind of tool name this package routes. */
export function isName(value: unknown): value is string {
	return typeof value === "string" && value !== "";
}

const CODEC_METHODS = [
	"encodeAll",
	"encodeTools",
	"decode",
	"lookup",
	"wireNameOf",
	"toJSON",
] as const;

/**
 * Whether a value is a {@link WireNameCodec}, recognised by its methods rather than its
 * class: one from another copy of the library (ESM next to CJS) has another class object.
 */
function isCodec(value: unknown): value is WireNameCodec {
	if (typeof value !== "object" || value === null) return false;
	const codec = value as Partial<Record<string, unknown>>;
	return CODEC_METHODS.every((method) => typeof codec[method] === "function");
}

/** The error for an option of the wrong kind, worded the same for every owner. */
export function invalidOption(
	owner: string,
	name: string,
	expected: string,
	value: unknown,
): McpToolNamesError {
	return new McpToolNamesError(
		"invalid-option",
		`${owner} option ${name} must be ${expected}, got ${describeValue(value)}`,
	);
}

/** The error for an argument of the wrong kind, worded the same for every function. */
export function invalidArgument(
	owner: string,
	name: string,
	expected: string,
	value: unknown,
): McpToolNamesError {
	return new McpToolNamesError(
		"invalid-argument",
		`${owner} expects ${name} to be ${expected}, got ${describeValue(value)}`,
	);
}

/** The options object (`{}` when left out), or the error for anything else. */
export function checkOptions<T extends object>(
	owner: string,
	options: T | undefined,
): T {
	if (options === undefined) return {} as T;
	if (!isRecord(options)) {
		throw new McpToolNamesError(
			"invalid-option",
			`${owner} options must be an object, got ${describeValue(options)}`,
		);
	}
	return options;
}

/** A boolean option with its default. */
export function booleanOption(
	owner: string,
	name: string,
	value: unknown,
	fallback: boolean,
): boolean {
	if (value === undefined) return fallback;
	if (typeof value !== "boolean")
		throw invalidOption(owner, name, "a boolean", value);
	return value;
}

/** A callback option, or `undefined` when left out. */
export function functionOption<F extends (...args: never[]) => unknown>(
	owner: string,
	name: string,
	value: unknown,
): F | undefined {
	if (value === undefined) return undefined;
	if (typeof value !== "function")
		throw invalidOption(owner, name, "a function", value);
	return value as F;
}

/** A positive safe integer option with its default. */
export function positiveIntegerOption(
	owner: string,
	name: string,
	value: unknown,
	fallback: number,
): number {
	if (value === undefined) return fallback;
	if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1)
		throw invalidOption(owner, name, "a positive integer", value);
	return value;
}

/** One of a few string values, with its default. */
export function choiceOption<T extends string>(
	owner: string,
	name: string,
	value: unknown,
	choices: readonly T[],
	fallback: T,
): T {
	if (value === undefined) return fallback;
	if (
		typeof value !== "string" ||
		!(choices as readonly string[]).includes(value)
	)
		throw invalidOption(
			owner,
			name,
			`one of ${choices.map((choice) => `"${choice}"`).join(", ")}`,
			value,
		);
	return value as T;
}

/** A codec option, checked by shape; `undefined` when left out. */
export function codecOption(
	owner: string,
	value: unknown,
): WireNameCodec | undefined {
	if (value === undefined) return undefined;
	if (!isCodec(value))
		throw invalidOption(owner, "codec", "a WireNameCodec", value);
	return value;
}
