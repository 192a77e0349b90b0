// Room for a host's prefix (DESIGN.md, "Room for the host's prefix"): a codec with
// `reserve: n` plans its names within `maxLength - n` of its profile, with the hash and
// collision rules unchanged. The planning is done against a copy of the profile whose only
// difference is that shorter `maxLength`.

import { McpToolNamesError } from "./errors.js";
import { invalidOption } from "./guards.js";
import type { NameProfile } from "./profiles.js";

/** Shortest budget that still fits `tool_` plus the seven-character hash (as profiles.ts). */
const MIN_ROOM = 12;

/**
 * The `reserve` option: a whole number of characters, 0 when left out.
 *
 * @throws McpToolNamesError `invalid-option` for anything but a non-negative safe integer
 */
export function reserveOption(owner: string, value: unknown): number {
	if (value === undefined) return 0;
	if (!Number.isSafeInteger(value) || (value as number) < 0)
		throw invalidOption(owner, "reserve", "a whole number, 0 or more", value);
	return value as number;
}

/**
 * The profile names are planned against: `profile` itself for a reserve of 0, else a copy
 * with `maxLength - reserve`.
 *
 * @throws McpToolNamesError `invalid-option` when the reserve leaves less room than the hash needs
 */
export function plannedProfile(
	owner: string,
	profile: NameProfile,
	reserve: number,
): NameProfile {
	const maxLength = profile.maxLength - reserve;
	if (reserve === 0) return profile;
	if (maxLength < MIN_ROOM)
		throw new McpToolNamesError(
			"invalid-option",
			`${owner} option reserve ${reserve} leaves ${Math.max(maxLength, 0)} of profile ${profile.name}'s ${profile.maxLength} characters; at most ${profile.maxLength - MIN_ROOM} leaves room for the hash (use a shorter server key)`,
		);
	return { ...profile, maxLength };
}

/** How a limit reads in messages: `64` or `50 (64 less a reserve of 14 for the host's prefix)`. */
export function describeLimit(profile: NameProfile, reserve: number): string {
	return reserve === 0
		? `${profile.maxLength}`
		: `${profile.maxLength - reserve} (${profile.maxLength} less a reserve of ${reserve} for the host's prefix)`;
}
