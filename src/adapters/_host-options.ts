// Option checks of the host-framework entries, on top of the routing module's own, so
// `codec`, `profile`, `protection` and `mode` mean, and are refused, the same everywhere.
import { checkOptions, functionOption, optionKeys } from "../core/guards.js";
import type {
	NameProfile,
	ProfileName,
	Resolution,
	WireNameCodec,
} from "../index.js";
import { codecFromOptions, protectionOption } from "./routing/options.js";
import type { Protection } from "./routing/tool-entry.js";

/** The wire-name options every host-framework entry takes (each entry's own type names them). */
export interface HostWireOptions {
	/** The provider profile of a new codec; default `openai`. */
	profile?: ProfileName | NameProfile;
	/**
	 * Characters the host adds before each name (see `hostReserve`): a new codec plans its
	 * names within the profile's limit less this; default 0.
	 */
	reserve?: number;
	/** The codec to use instead, e.g. one per session from a `CodecRegistry`. */
	codec?: WireNameCodec;
}

/** The options shared by every host-framework repair. */
interface HostRepairOptions {
	mode?: "safe" | "mcporter";
	protection?: Protection;
	isProtected?: (name: string) => boolean;
	onCorrection?: (message: string, resolution: Resolution) => void;
}

/** The repair options, checked, with the protection default filled in. */
export interface CheckedRepairOptions extends HostRepairOptions {
	protection: Protection;
}

const WIRE_KEYS = optionKeys<HostWireOptions>({
	profile: true,
	reserve: true,
	codec: true,
});
const REPAIR_KEYS = optionKeys<HostRepairOptions>({
	mode: true,
	protection: true,
	isProtected: true,
	onCorrection: true,
});

/**
 * The codec the options name, or a new one for `profile` and `reserve`; both together is an
 * error, and so is a key the entry does not take (`extra`: the entry's own keys, read by it).
 */
export function wireCodecOf(
	fn: string,
	options: HostWireOptions | undefined,
	extra: readonly string[] = [],
): WireNameCodec {
	return codecFromOptions(
		fn,
		checkOptions(fn, options, [...WIRE_KEYS, ...extra]),
	);
}

/**
 * The repair options, checked (`mode` is checked by the router it builds); a key the entry
 * does not take is an error (`extra`: the entry's own keys, read by it).
 */
export function repairOptionsOf(
	fn: string,
	options: HostRepairOptions | undefined,
	extra: readonly string[] = [],
): CheckedRepairOptions {
	const checked = checkOptions(fn, options, [...REPAIR_KEYS, ...extra]);
	functionOption(fn, "isProtected", checked.isProtected);
	functionOption(fn, "onCorrection", checked.onCorrection);
	return { ...checked, protection: protectionOption(fn, checked.protection) };
}
