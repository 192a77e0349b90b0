// Option checks of the host-framework entries, on top of the routing module's own, so
// `codec`, `profile`, `protection` and `mode` mean, and are refused, the same everywhere.
import { checkOptions, functionOption } from "../core/guards.js";
import type {
	NameProfile,
	ProfileName,
	Resolution,
	WireNameCodec,
} from "../index.js";
import { codecFromOptions, protectionOption } from "./routing/options.js";
import type { Protection } from "./routing/tool-entry.js";

/** The wire-name options every host-framework entry takes. */
interface HostWireOptions {
	profile?: ProfileName | NameProfile;
	reserve?: number;
	codec?: WireNameCodec;
}

/** The options shared by every host-framework repair. */
interface HostRepairOptions {
	mode?: "safe" | "mcporter";
	protection?: Protection;
	isProtected?: (name: string) => boolean;
	onCorrection?: (resolution: Resolution, message: string) => void;
}

/** The repair options, checked, with the protection default filled in. */
export interface CheckedRepairOptions extends HostRepairOptions {
	protection: Protection;
}

/** The codec the options name, or a new one for `profile` and `reserve`; both together is an error. */
export function wireCodecOf(
	fn: string,
	options: HostWireOptions | undefined,
): WireNameCodec {
	return codecFromOptions(fn, checkOptions(fn, options));
}

/** The repair options, checked (`mode` is checked by the router it builds). */
export function repairOptionsOf(
	fn: string,
	options: HostRepairOptions | undefined,
): CheckedRepairOptions {
	const checked = checkOptions(fn, options);
	functionOption(fn, "isProtected", checked.isProtected);
	functionOption(fn, "onCorrection", checked.onCorrection);
	return { ...checked, protection: protectionOption(fn, checked.protection) };
}
