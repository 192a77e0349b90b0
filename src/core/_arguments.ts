/**
 * Argument checks at the edge of every public function: a value of the wrong type, or one
 * that throws while it is read (a getter, an iterator, a proxy), becomes one
 * `McpToolNamesError` naming the function, the argument, what was expected and what came.
 */
import { describeValue, McpToolNamesError } from "./errors.js";

/** The error for an argument of the wrong shape. */
export function invalidArgument(
	fn: string,
	argument: string,
	expected: string,
	got: unknown,
	cause?: unknown,
): McpToolNamesError {
	return new McpToolNamesError(
		"invalid-argument",
		`${fn}: ${argument} must be ${expected}, got ${describeValue(got)}`,
		cause === undefined ? undefined : { cause },
	);
}

/**
 * Runs `read` (which reads `value`), turning anything it throws but a McpToolNamesError into
 * one: a getter or iterator of the caller's that throws is a bad argument, not our crash.
 */
export function readArgument<T>(
	fn: string,
	argument: string,
	value: unknown,
	read: () => T,
): T {
	try {
		return read();
	} catch (error) {
		if (error instanceof McpToolNamesError) throw error;
		throw new McpToolNamesError(
			"invalid-argument",
			`${fn}: ${argument} threw while being read (${describeValue(value)}): ${messageOf(error)}`,
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
 * object is an error, and so is a key that throws when read.
 */
export function optionsArgument<K extends string>(
	fn: string,
	value: unknown,
	keys: readonly K[],
): Partial<Record<K, unknown>> {
	if (value === undefined) return {};
	if (typeof value !== "object" || value === null || Array.isArray(value))
		throw invalidArgument(fn, "options", "an object", value);
	return readArgument(fn, "options", value, () => {
		const copy: Partial<Record<K, unknown>> = {};
		for (const key of keys) {
			const item = (value as Record<string, unknown>)[key];
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
