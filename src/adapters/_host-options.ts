// Option checks of the host-framework entries, on top of the routing module's own, so
// `codec`, `profile`, `protection` and `mode` mean, and are refused, the same everywhere.
import {
	McpToolNamesError,
	type NameProfile,
	type ProfileName,
	type Resolution,
	type WireNameCodec,
} from "../index.js";
import { codecFromOptions, protectionOption } from "./routing/options.js";
import type { Protection } from "./routing/tool-entry.js";

/** The wire-name options every host-framework entry takes. */
export interface HostWireOptions {
	profile?: ProfileName | NameProfile;
	codec?: WireNameCodec;
}

/** The options shared by every host-framework repair. */
export interface HostRepairOptions {
	mode?: "safe" | "mcporter";
	protection?: Protection;
	isProtected?: (name: string) => boolean;
	onCorrection?: (resolution: Resolution, message: string) => void;
}

/** The repair options, checked, with the protection default filled in. */
export interface CheckedRepairOptions extends HostRepairOptions {
	protection: Protection;
}

function describe(value: unknown): string {
	if (value === null) return "null";
	if (Array.isArray(value)) return "an array";
	return typeof value === "object"
		? "an object"
		: `${typeof value} ${String(value)}`;
}

function optionsOf<T extends object>(fn: string, options: T | undefined): T {
	if (options === undefined) return {} as T;
	if (typeof options !== "object" || options === null || Array.isArray(options))
		throw new McpToolNamesError(
			"invalid-option",
			`${fn} options must be an object, got ${describe(options)}`,
		);
	return options;
}

/** The codec the options name, or a new one for `profile`; both together is an error. */
export function wireCodecOf(
	fn: string,
	options: HostWireOptions | undefined,
): WireNameCodec {
	return codecFromOptions(fn, optionsOf(fn, options));
}

/** The repair options, checked (`mode` is checked by the router it builds). */
export function repairOptionsOf(
	fn: string,
	options: HostRepairOptions | undefined,
): CheckedRepairOptions {
	const checked = optionsOf(fn, options);
	for (const key of ["isProtected", "onCorrection"] as const) {
		const value = checked[key];
		if (value !== undefined && typeof value !== "function")
			throw new McpToolNamesError(
				"invalid-option",
				`${fn} option ${key} must be a function, got ${describe(value)}`,
			);
	}
	return { ...checked, protection: protectionOption(fn, checked.protection) };
}
