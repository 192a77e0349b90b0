// Option checks every adapter shares, so `codec`, `profile`, `protection` and the resolution
// options mean, and are refused, the same everywhere.

import { CODEC_OPTION_KEYS, codecOption } from "../../core/codec.js";
import {
	choiceOption,
	invalidOption,
	isIterable,
	isRecord,
} from "../../core/guards.js";
import type { SharedCodec } from "../../core/shared-codec.js";
import {
	McpToolNamesError,
	WireNameCodec,
	type WireNameCodecOptions,
} from "../../index.js";
import type { RouterResolveOptions } from "./router.js";
import { PROTECTIONS, type Protection } from "./tool-entry.js";

/** What every SDK adapter takes beside its own options. */
type SharedAdapterKey =
	| keyof WireNameCodecOptions
	| "codec"
	| "protection"
	| "onCorrection";

/**
 * The option keys of an SDK adapter whose options are `T`: the codec's, `codec`,
 * `protection` and `onCorrection`, and `own` (every other key of `T`, checked by the compiler).
 */
export function adapterOptionKeys<T extends WireNameCodecOptions>(
	own: Record<Exclude<keyof T, SharedAdapterKey>, true>,
): readonly string[] {
	return [
		...CODEC_OPTION_KEYS,
		"codec",
		"protection",
		"onCorrection",
		...Object.keys(own),
	];
}

/**
 * The codec the options name, or a new one built from `profile`, `reserve`, `onDiagnostic`
 * and `onChange`. Passing `codec` together with any of them is an error: they configure a
 * new codec, and would otherwise be ignored without a word.
 */
export function codecFromOptions(
	owner: string,
	options: WireNameCodecOptions & { codec?: unknown; store?: unknown },
): WireNameCodec {
	const store = storeOption(owner, options.store);
	if (store !== undefined) {
		const clash = (
			["codec", "profile", "reserve", "onDiagnostic", "onChange"] as const
		).find(
			(key) =>
				options[key] !== undefined &&
				!(key === "codec" && options.codec === store.codec),
		);
		if (clash !== undefined) {
			throw new McpToolNamesError(
				"invalid-option",
				`${owner} options store and ${clash} cannot be combined: the store's SharedCodec holds the codec; set ${clash} on it instead`,
			);
		}
		return store.codec;
	}
	const codec = codecOption(owner, options.codec);
	if (codec !== undefined) {
		const clash = (
			["profile", "reserve", "onDiagnostic", "onChange"] as const
		).find((key) => options[key] !== undefined);
		if (clash !== undefined) {
			throw new McpToolNamesError(
				"invalid-option",
				`${owner} options codec and ${clash} cannot be combined: ${clash} configures a new codec; set it on the codec you pass instead`,
			);
		}
		return codec;
	}
	const own: WireNameCodecOptions = {};
	if (options.profile !== undefined) own.profile = options.profile;
	if (options.reserve !== undefined) own.reserve = options.reserve;
	if (options.onDiagnostic !== undefined)
		own.onDiagnostic = options.onDiagnostic;
	if (options.onChange !== undefined) own.onChange = options.onChange;
	return new WireNameCodec(own);
}

/**
 * The `store` option: a `SharedCodec` (checked by shape, so a copy of the library loaded
 * twice still fits), or `undefined`.
 */
export function storeOption(
	owner: string,
	value: unknown,
): SharedCodec | undefined {
	if (value === undefined) return undefined;
	const shared = value as Partial<Record<keyof SharedCodec, unknown>> | null;
	if (
		typeof value !== "object" ||
		shared === null ||
		typeof shared.sync !== "function" ||
		typeof shared.lookup !== "function" ||
		typeof shared.refresh !== "function" ||
		typeof shared.codec !== "object"
	) {
		throw invalidOption(owner, "store", "a SharedCodec", value);
	}
	return value as SharedCodec;
}

/** The `protection` option with its default. */
export function protectionOption(owner: string, value: unknown): Protection {
	return choiceOption<Protection>(
		owner,
		"protection",
		value,
		PROTECTIONS,
		"destructive-hint",
	);
}

const RESOLVE_KEYS = ["mode", "limit", "verbs", "servers"] as const;

/**
 * The resolution options (`mode`, `limit`, `verbs`, `servers`) found among an adapter's
 * options; `mode` and `limit` are checked by the router, iterables here.
 */
export function resolveOptionsOf(
	owner: string,
	options: Record<string, unknown>,
): RouterResolveOptions {
	const picked: Record<string, unknown> = {};
	if (!isRecord(options)) return picked;
	for (const key of RESOLVE_KEYS) {
		const value = options[key];
		if (value === undefined) continue;
		if ((key === "verbs" || key === "servers") && !isStrings(value))
			throw invalidOption(owner, key, "an iterable of strings", value);
		picked[key] = value;
	}
	return picked as RouterResolveOptions;
}

function isStrings(value: unknown): boolean {
	if (typeof value === "string" || !isIterable(value)) return false;
	for (const item of value) if (typeof item !== "string") return false;
	return true;
}
