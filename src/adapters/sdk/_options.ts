import {
	McpToolNamesError,
	type Resolution,
	WireNameCodec,
	type WireNameCodecOptions,
} from "../../index.js";

type Callback = (message: string, resolution: Resolution) => void;

function describe(value: unknown): string {
	if (value === null) return "null";
	if (Array.isArray(value)) return "an array";
	return typeof value === "object"
		? "an object"
		: `${typeof value} ${String(value)}`;
}

/** Throws the library's error for an option of the wrong type. */
export function invalidOption(
	fn: string,
	name: string,
	expected: string,
	value: unknown,
): McpToolNamesError {
	return new McpToolNamesError(
		"invalid-option",
		`${fn} option ${name} must be ${expected}, got ${describe(value)}`,
	);
}

/** The options object, or a clear error when it is not one. */
export function checkOptions<T extends object>(
	fn: string,
	options: T | undefined,
): T {
	if (options === undefined) return {} as T;
	if (
		typeof options !== "object" ||
		options === null ||
		Array.isArray(options)
	) {
		throw new McpToolNamesError(
			"invalid-option",
			`${fn} options must be an object, got ${describe(options)}`,
		);
	}
	return options;
}

/** A boolean option with its default. */
export function booleanOption(
	fn: string,
	name: string,
	value: unknown,
	fallback: boolean,
): boolean {
	if (value === undefined) return fallback;
	if (typeof value !== "boolean")
		throw invalidOption(fn, name, "a boolean", value);
	return value;
}

/** The `onCorrection` callback, checked. */
export function callbackOption(
	fn: string,
	value: unknown,
): Callback | undefined {
	if (value === undefined) return undefined;
	if (typeof value !== "function")
		throw invalidOption(fn, "onCorrection", "a function", value);
	return value as Callback;
}

/**
 * The codec the options name, or a new one built from `profile` and `onDiagnostic`. A codec
 * is recognised by its methods, never by class, so one from another copy of the library
 * (ESM next to CJS) works as well.
 */
export function codecOption(
	fn: string,
	options: WireNameCodecOptions & { codec?: WireNameCodec },
): WireNameCodec {
	const { codec } = options;
	if (codec === undefined) {
		const own: WireNameCodecOptions = {};
		if (options.profile !== undefined) own.profile = options.profile;
		if (options.onDiagnostic !== undefined)
			own.onDiagnostic = options.onDiagnostic;
		return new WireNameCodec(own);
	}
	const methods = [
		"encodeAll",
		"encodeTools",
		"decode",
		"lookup",
		"wireNameOf",
	] as const;
	if (
		typeof codec !== "object" ||
		codec === null ||
		methods.some((method) => typeof codec[method] !== "function")
	) {
		throw invalidOption(fn, "codec", "a WireNameCodec", codec);
	}
	return codec;
}
