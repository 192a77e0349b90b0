import { conflictText } from "./_assignment.js";
import { describeValue, McpToolNamesError } from "./errors.js";
import {
	isValidFor,
	type NameProfile,
	type ProfileName,
	profiles,
	resolveProfile,
} from "./profiles.js";

/** A profile in a {@link CodecSnapshot}: its regular expressions as source and flags. */
export interface SnapshotProfile {
	name: string;
	maxLength: number;
	allowed: { source: string; flags: string };
	leading?: { source: string; flags: string };
}

/**
 * Plain-JSON state of a {@link WireNameCodec}: its profile, its reserve (when it has one) and
 * every `[canonical, wire]` pair in assignment order. Store it to keep wire names across
 * restarts.
 *
 * @example
 * ```ts
 * const snapshot: CodecSnapshot = JSON.parse(await readFile("names.json", "utf8"));
 * const codec = WireNameCodec.fromJSON(snapshot);
 * ```
 */
export interface CodecSnapshot {
	version: 1;
	profile: SnapshotProfile;
	names: Array<[canonical: string, wire: string]>;
	/**
	 * Characters kept free for a host's prefix (`WireNameCodecOptions.reserve`); absent for 0.
	 * The names were planned within `profile.maxLength - reserve`.
	 */
	reserve?: number;
}

const SNAPSHOT_VERSION = 1;

/** The snapshot of a codec's profile, reserve and assignments, in assignment order. */
export function snapshotOf(
	profile: NameProfile,
	names: Iterable<[string, string]>,
	reserve: number,
): CodecSnapshot {
	const snapshot: CodecSnapshot = {
		version: SNAPSHOT_VERSION,
		profile: snapshotProfile(profile),
		names: [...names],
	};
	// Written only when set, so a snapshot without a reserve reads as before.
	if (reserve > 0) snapshot.reserve = reserve;
	return snapshot;
}

/** A profile as plain JSON. */
export function snapshotProfile(profile: NameProfile): SnapshotProfile {
	const { name, maxLength, allowed, leading } = profile;
	const json: SnapshotProfile = {
		name,
		maxLength,
		allowed: { source: allowed.source, flags: allowed.flags },
	};
	if (leading !== undefined)
		json.leading = { source: leading.source, flags: leading.flags };
	return json;
}

function invalidSnapshot(detail: string): McpToolNamesError {
	return new McpToolNamesError(
		"invalid-snapshot",
		`Invalid codec snapshot: ${detail}`,
	);
}

/**
 * The profile of a snapshot (or the one that replaces it), its reserve, and a reader of its
 * names, which checks each pair against the profile the codec being restored plans with.
 */
export function readSnapshot(
	snapshot: CodecSnapshot,
	override: ProfileName | NameProfile | undefined,
): {
	profile: ProfileName | NameProfile;
	reserve: number;
	names: (profile: NameProfile) => Array<[string, string]>;
} {
	if (typeof snapshot !== "object" || snapshot === null) {
		throw invalidSnapshot(`expected an object, got ${describeValue(snapshot)}`);
	}
	if (snapshot.version !== SNAPSHOT_VERSION) {
		throw invalidSnapshot(
			`version ${describeValue(snapshot.version)} is not supported; expected ${SNAPSHOT_VERSION}`,
		);
	}
	const { reserve = 0 } = snapshot;
	if (!Number.isSafeInteger(reserve) || reserve < 0)
		throw invalidSnapshot(
			`"reserve" must be a whole number of characters, got ${describeValue(reserve)}`,
		);
	const profile = override ?? profileFromSnapshot(snapshot.profile);
	return {
		profile,
		reserve,
		names: (resolved) => snapshotNames(snapshot, resolved),
	};
}

function snapshotNames(
	snapshot: CodecSnapshot,
	profile: NameProfile,
): Array<[string, string]> {
	if (!Array.isArray(snapshot.names))
		throw invalidSnapshot(`"names" must be an array`);
	const forward = new Map<string, string>();
	const reverse = new Map<string, string>();
	for (const entry of snapshot.names) {
		const [canonical, wire] = Array.isArray(entry) ? entry : [];
		if (
			typeof canonical !== "string" ||
			canonical === "" ||
			typeof wire !== "string"
		) {
			throw invalidSnapshot(
				`every entry of "names" must be a [canonical, wire] pair of strings`,
			);
		}
		if (!isValidFor(wire, profile)) {
			throw invalidSnapshot(
				`wire name ${describeValue(wire)} of ${describeValue(canonical)} is not valid for profile ${profile.name}`,
			);
		}
		const heldWire = forward.get(canonical);
		const heldCanonical = reverse.get(wire);
		if (heldWire !== undefined || heldCanonical !== undefined) {
			throw invalidSnapshot(
				conflictText(canonical, wire, heldWire, heldCanonical),
			);
		}
		forward.set(canonical, wire);
		reverse.set(wire, canonical);
	}
	return [...forward];
}

function profileFromSnapshot(profile: unknown): NameProfile {
	if (typeof profile !== "object" || profile === null) {
		throw invalidSnapshot(`"profile" must be an object`);
	}
	const { name, maxLength, allowed, leading } =
		profile as Partial<SnapshotProfile>;
	const builtIn =
		typeof name === "string" && Object.hasOwn(profiles, name)
			? profiles[name as ProfileName]
			: undefined;
	if (
		builtIn !== undefined &&
		builtIn.maxLength === maxLength &&
		builtIn.allowed.source === allowed?.source &&
		builtIn.leading?.source === leading?.source
	) {
		return builtIn;
	}
	try {
		const custom: { -readonly [K in keyof NameProfile]: NameProfile[K] } = {
			name: name as string,
			maxLength: maxLength as number,
			allowed: new RegExp(allowed?.source as string, allowed?.flags),
		};
		if (leading !== undefined)
			custom.leading = new RegExp(leading.source, leading.flags);
		return resolveProfile(custom);
	} catch (error) {
		throw new McpToolNamesError(
			"invalid-snapshot",
			`Invalid codec snapshot: unusable profile`,
			{ cause: error },
		);
	}
}
