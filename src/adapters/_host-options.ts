import {
	McpToolNamesError,
	type NameProfile,
	type ProfileName,
	type Resolution,
	WireNameCodec,
} from "../index.js";

/** The wire-name options every host-framework entry takes. */
export interface HostWireOptions {
	profile?: ProfileName | NameProfile;
	codec?: WireNameCodec;
}

/** The options shared by every host-framework repair. */
export interface HostRepairOptions {
	mode?: "safe" | "mcporter";
	isProtected?: (name: string) => boolean;
	onCorrection?: (resolution: Resolution, message: string) => void;
}

function describe(value: unknown): string {
	if (value === null) return "null";
	if (Array.isArray(value)) return "an array";
	return typeof value === "object"
		? "an object"
		: `${typeof value} ${String(value)}`;
}

function invalid(fn: string, what: string, value: unknown): McpToolNamesError {
	return new McpToolNamesError(
		"invalid-option",
		`${fn} ${what}, got ${describe(value)}`,
	);
}

function optionsOf<T extends object>(fn: string, options: T | undefined): T {
	if (options === undefined) return {} as T;
	if (typeof options !== "object" || options === null || Array.isArray(options))
		throw invalid(fn, "options must be an object", options);
	return options;
}

/**
 * The codec the options name, or a new one for `profile`. A codec is recognised by its
 * methods, not its class, so one from another copy of the library (ESM beside CJS) works.
 */
export function wireCodecOf(
	fn: string,
	options: HostWireOptions | undefined,
): WireNameCodec {
	const { codec, profile } = optionsOf(fn, options);
	if (codec === undefined)
		return new WireNameCodec(profile === undefined ? {} : { profile });
	if (profile !== undefined) {
		throw new McpToolNamesError(
			"invalid-option",
			`${fn} takes codec or profile, not both; set the profile on the codec you pass`,
		);
	}
	const methods = ["encodeAll", "decode", "lookup", "wireNameOf"] as const;
	if (
		typeof codec !== "object" ||
		codec === null ||
		methods.some((method) => typeof codec[method] !== "function")
	) {
		throw invalid(fn, "option codec must be a WireNameCodec", codec);
	}
	return codec;
}

/** The repair options, checked. */
export function repairOptionsOf(
	fn: string,
	options: HostRepairOptions | undefined,
): HostRepairOptions {
	const checked = optionsOf(fn, options);
	const { mode, isProtected, onCorrection } = checked;
	if (mode !== undefined && mode !== "safe" && mode !== "mcporter")
		throw invalid(fn, 'option mode must be "safe" or "mcporter"', mode);
	if (isProtected !== undefined && typeof isProtected !== "function")
		throw invalid(fn, "option isProtected must be a function", isProtected);
	if (onCorrection !== undefined && typeof onCorrection !== "function")
		throw invalid(fn, "option onCorrection must be a function", onCorrection);
	return checked;
}
