import type { WireNameCodec } from "./codec.js";
import type { Diagnostic } from "./diagnostics.js";
import type { NameProfile, ProfileName } from "./profiles.js";

/**
 * Options of a {@link WireNameCodec}.
 *
 * @example
 * ```ts
 * const options: WireNameCodecOptions = { profile: "gemini", onDiagnostic: (d) => log(d.message) };
 * ```
 */
export interface WireNameCodecOptions {
	/** The provider rules wire names must satisfy; default `openai`. */
	profile?: ProfileName | NameProfile;
	/** Called for every rename, truncation, collision and refusal. */
	onDiagnostic?: (diagnostic: Diagnostic) => void;
	/**
	 * Called after every change of the assignments (new names assigned or adopted), with the
	 * codec, so a snapshot can be saved on change; `version` counts the changes.
	 */
	onChange?: (codec: WireNameCodec) => void;
}
