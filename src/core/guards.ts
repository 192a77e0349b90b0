// The one home of the shape guards and option checks every entry shares, so that a value is
// described, and an option refused, in the same words everywhere:
// `WireRewriter option maxPending must be a positive integer, got number 0`.

import { distance } from "fastest-levenshtein";
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
	cause?: unknown,
): McpToolNamesError {
	return new McpToolNamesError(
		"invalid-argument",
		`${owner} expects ${name} to be ${expected}, got ${describeValue(value)}`,
		cause === undefined ? undefined : { cause },
	);
}

/**
 * The keys of an options type, listed once where its owner checks them: the compiler
 * refuses a list that misses a key of `T` or names one it lacks, so the list cannot drift
 * from the type.
 *
 * @example
 * ```ts
 * const KEYS = optionKeys<{ limit?: number; mode?: string }>({ limit: true, mode: true });
 * ```
 */
export function optionKeys<T extends object>(
	keys: Record<keyof T, true>,
): readonly string[] {
	return Object.keys(keys);
}

/**
 * The options object as a plain copy of its enumerable keys (`{}` when left out), or the
 * error for anything else: read once here, so a getter or Proxy of the caller's that throws
 * is an `invalid-argument` at the entry, not a foreign error from deep inside. With `known`,
 * a key outside it that holds a value is an `invalid-option` naming the closest known key:
 * from JavaScript, a misspelt option (`resolv: true`) would otherwise be ignored silently.
 */
export function checkOptions<T extends object>(
	owner: string,
	options: T | undefined,
	known?: readonly string[],
): T {
	if (options === undefined) return {} as T;
	if (!isRecord(options)) {
		throw new McpToolNamesError(
			"invalid-option",
			`${owner} options must be an object, got ${describeValue(options)}`,
		);
	}
	const copy = readArgument(owner, "options", options, () => {
		const copy: Record<string, unknown> = {};
		for (const key in options) {
			const item = (options as Record<string, unknown>)[key];
			if (item !== undefined) copy[key] = item;
		}
		return copy as T;
	});
	if (known !== undefined) refuseUnknownKeys(owner, copy, known);
	return copy;
}

/** Refuses the first key of `options` that `known` lacks, with the closest known key. */
function refuseUnknownKeys(
	owner: string,
	options: object,
	known: readonly string[],
): void {
	for (const key of Object.keys(options)) {
		if (known.includes(key)) continue;
		let closest: string | undefined;
		let best = Math.max(2, Math.floor(key.length / 3)) + 1;
		for (const candidate of known) {
			const d = distance(key.toLowerCase(), candidate.toLowerCase());
			if (d < best) {
				best = d;
				closest = candidate;
			}
		}
		const hint = closest === undefined ? "" : ` (did you mean ${closest}?)`;
		throw new McpToolNamesError(
			"invalid-option",
			`Unknown ${owner} option ${describeValue(key)}${hint}; expected one of ${[...known].sort().join(", ")}`,
		);
	}
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

/**
 * Runs `read` (which reads `value`), turning anything it throws but a McpToolNamesError into
 * one: a getter or iterator of the caller's that throws is a bad argument, not our crash.
 * With `expected`, the message says what the argument should have been, as
 * {@link invalidArgument} does.
 */
export function readArgument<T>(
	fn: string,
	argument: string,
	value: unknown,
	read: () => T,
	expected?: string,
): T {
	try {
		return read();
	} catch (error) {
		if (error instanceof McpToolNamesError) throw error;
		throw new McpToolNamesError(
			"invalid-argument",
			expected === undefined
				? `${fn} could not read ${argument} (${describeValue(value)}): ${messageOf(error)}`
				: `${fn} expects ${argument} to be ${expected}, got ${describeValue(value)} that throws when read: ${messageOf(error)}`,
			{ cause: error },
		);
	}
}

/** A string argument, or the error naming it. */
export function stringArgument(
	fn: string,
	argument: string,
	value: unknown,
): string {
	if (typeof value !== "string")
		throw invalidArgument(fn, argument, "a string", value);
	return value;
}

/**
 * An options bag as a plain copy of the listed keys: `undefined` is `{}`; anything but an
 * object is an error, and so are a key that throws when read and a key not listed.
 */
export function optionsArgument<K extends string>(
	fn: string,
	value: unknown,
	keys: readonly K[],
): Partial<Record<K, unknown>> {
	const options = checkOptions(fn, value as object | undefined, keys);
	return readArgument(fn, "options", options, () => {
		const copy: Partial<Record<K, unknown>> = {};
		for (const key of keys) {
			const item = (options as Record<string, unknown>)[key];
			if (item !== undefined) copy[key] = item;
		}
		return copy;
	});
}

/** The items of an iterable argument, read once into an array. */
export function listArgument(
	fn: string,
	argument: string,
	value: unknown,
	expected = "an iterable",
): unknown[] {
	const iterable = readArgument(
		fn,
		argument,
		value,
		() =>
			typeof value === "object" &&
			value !== null &&
			typeof (value as Partial<Iterable<unknown>>)[Symbol.iterator] ===
				"function",
	);
	if (!iterable) throw invalidArgument(fn, argument, expected, value);
	return readArgument(fn, argument, value, () => [
		...(value as Iterable<unknown>),
	]);
}

function messageOf(error: unknown): string {
	if (error instanceof Error) return error.message;
	return describeValue(error);
}
