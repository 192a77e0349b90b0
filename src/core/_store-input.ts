// The arguments of the CodecStore methods and of mergeClaim, checked where they enter and
// read once into plain copies: a store is handed claims and states by other code, and a
// field of the wrong kind would otherwise surface as a TypeError deep in the merge rules or
// as a Redis script error.
import { invalidArgument, isRecord, readArgument } from "./_guards.js";
import type { NameClaim, StoredNames } from "./store.js";

const CLAIM = "a NameClaim ({ profile, epoch, version, names })";
const PAIRS = "an array of [canonical, wire] string pairs";

/** The fields a {@link NameClaim} and a {@link StoredNames} share. */
type ScopeRecord = NameClaim & StoredNames;

/**
 * A claim or a stored state as a plain copy, each field checked: `profile` and `epoch`
 * strings, `version` a non-negative integer, `names` string pairs.
 *
 * @throws McpToolNamesError `invalid-argument` naming the field that is wrong
 */
export function scopeRecordArgument(
	fn: string,
	argument: string,
	value: unknown,
	expected: string,
): ScopeRecord {
	if (!isRecord(value)) throw invalidArgument(fn, argument, expected, value);
	const read = readArgument(
		fn,
		argument,
		value,
		() => {
			const names: unknown = value.names;
			return {
				profile: value.profile,
				epoch: value.epoch,
				version: value.version,
				names,
				pairs: pairsOf(names),
			};
		},
		expected,
	);
	for (const key of ["profile", "epoch"] as const) {
		if (typeof read[key] !== "string")
			throw invalidArgument(fn, `${argument}.${key}`, "a string", read[key]);
	}
	const { version } = read;
	if (
		typeof version !== "number" ||
		!Number.isSafeInteger(version) ||
		version < 0
	)
		throw invalidArgument(
			fn,
			`${argument}.version`,
			"a non-negative integer",
			version,
		);
	if (read.pairs === undefined)
		throw invalidArgument(fn, `${argument}.names`, PAIRS, read.names);
	return {
		profile: read.profile as string,
		epoch: read.epoch as string,
		version,
		names: read.pairs,
	};
}

/**
 * A claim argument of a store method, checked and read once.
 *
 * @throws McpToolNamesError `invalid-argument` naming the field that is wrong
 */
export function claimArgument(fn: string, claim: unknown): NameClaim {
	return scopeRecordArgument(fn, "claim", claim, CLAIM);
}

/** A copy of string pairs, or `undefined` when `value` is anything else. */
function pairsOf(value: unknown): Array<[string, string]> | undefined {
	if (!Array.isArray(value)) return undefined;
	const pairs: Array<[string, string]> = [];
	for (const pair of value as unknown[]) {
		if (!Array.isArray(pair)) return undefined;
		const [canonical, wire] = pair as unknown[];
		if (typeof canonical !== "string" || typeof wire !== "string")
			return undefined;
		pairs.push([canonical, wire]);
	}
	return pairs;
}
