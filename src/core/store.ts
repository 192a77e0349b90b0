import {
	invalidArgument,
	isRecord,
	readArgument,
	stringArgument,
} from "./guards.js";

/**
 * What a {@link CodecStore} holds for one scope: the assignments, the profile they were
 * made for, and the two numbers a claim must match to be accepted.
 *
 * @example
 * ```ts
 * const state: StoredNames = await store.load("github");
 * state.names; // [["github/search", "github_search"], ...]
 * ```
 */
export interface StoredNames {
	/** Set when the scope is created, so a scope lost and created again is told apart; `""` when it does not exist. */
	epoch: string;
	/** Counts the accepted claims that added names; 0 for a new scope. */
	version: number;
	/** The profile key (`SharedCodec` writes it), `""` when the scope does not exist. */
	profile: string;
	/** Every `[canonical, wire]` pair of the scope. */
	names: Array<[canonical: string, wire: string]>;
}

/**
 * A request to add assignments to a scope: accepted when the scope is the one it was planned
 * on (`epoch`) and none of its pairs contradicts what the scope holds now.
 *
 * @example
 * ```ts
 * const claim: NameClaim = { profile, epoch: state.epoch, version: state.version, names: codec.plan(names) };
 * ```
 */
export interface NameClaim {
	/** The claimant's profile key; a scope of another profile refuses the claim. */
	profile: string;
	/** The epoch the claim was planned on (`""` for a scope not seen yet). */
	epoch: string;
	/**
	 * The version the claim was planned on. Informational: replicas claiming different names
	 * at once do not make each other retry, since a pair that agrees with the scope is as
	 * good whichever claim came first.
	 */
	version: number;
	/** The pairs to add; pairs the scope holds already are accepted as they are. */
	names: Array<[canonical: string, wire: string]>;
}

/**
 * The answer to a {@link NameClaim}: `claimed` (every pair is in the scope now), `stale`
 * (the scope changed or a pair contradicts it: adopt `state` and plan again) or
 * `profile-mismatch` (the scope belongs to another profile).
 *
 * @example
 * ```ts
 * const outcome: ClaimOutcome = await store.claim("github", claim);
 * if (outcome.status === "stale") codec.adopt(outcome.state.names);
 * ```
 */
export type ClaimOutcome =
	| { status: "claimed"; epoch: string; version: number }
	| { status: "stale"; state: StoredNames }
	| { status: "profile-mismatch"; profile: string };

/**
 * Shared state of wire-name assignments, one history per scope, for many replicas. A claim
 * must be atomic: it is checked and applied as one step by {@link mergeClaim}'s rules
 * (a Redis store runs them as one server-side script), never read-then-write.
 *
 * @example
 * ```ts
 * const store: CodecStore = new MemoryCodecStore();
 * const names = new SharedCodec({ store, scope: "github" });
 * ```
 */
export interface CodecStore {
	/** Everything the scope holds; an empty state (`epoch: ""`) when it does not exist. */
	load(scope: string): Promise<StoredNames>;
	/** Adds the claimed pairs to the scope atomically, or says why not. */
	claim(scope: string, claim: NameClaim): Promise<ClaimOutcome>;
}

/**
 * The merge rules every {@link CodecStore} applies atomically: a scope of another profile
 * refuses; a claim planned on another epoch (the scope was lost and made again) is stale; so
 * is one with a pair that gives a canonical name another wire name or a wire name another
 * meaning (against the scope or within the claim). Otherwise the new pairs are added, and
 * the version grows by one when there were any.
 *
 * @param state - the scope as it is
 * @param claim - the claim
 * @param newEpoch - the epoch to give a scope created by this claim
 * @returns the outcome, and the scope's next state when the claim added names
 * @throws McpToolNamesError `invalid-argument` for a state or claim of another shape (the
 * message names the field), or a `newEpoch` that is not a string
 * @example
 * ```ts
 * const { outcome, next } = mergeClaim(state, claim, String(Date.now()));
 * ```
 */
export function mergeClaim(
	state: StoredNames,
	claim: NameClaim,
	newEpoch: string,
): { outcome: ClaimOutcome; next?: StoredNames } {
	const FN = "mergeClaim";
	return merge(
		scopeRecordArgument(FN, "state", state, STATE),
		claimArgument(FN, claim),
		stringArgument(FN, "newEpoch", newEpoch),
	);
}

const STATE = "a StoredNames ({ epoch, version, profile, names })";

/** {@link mergeClaim} on arguments already checked. */
function merge(
	state: StoredNames,
	claim: NameClaim,
	newEpoch: string,
): { outcome: ClaimOutcome; next?: StoredNames } {
	if (state.profile !== "" && state.profile !== claim.profile)
		return { outcome: { status: "profile-mismatch", profile: state.profile } };
	const stale = { outcome: { status: "stale", state } as const };
	if (state.epoch !== claim.epoch) return stale;
	const forward = new Map(state.names);
	const reverse = new Map(state.names.map(([c, w]) => [w, c] as const));
	const added: Array<[string, string]> = [];
	for (const [canonical, wire] of claim.names) {
		const held = forward.get(canonical);
		if (held === wire && reverse.get(wire) === canonical) continue;
		if (held !== undefined || reverse.has(wire)) return stale;
		forward.set(canonical, wire);
		reverse.set(wire, canonical);
		added.push([canonical, wire]);
	}
	const epoch = state.epoch === "" ? newEpoch : state.epoch;
	if (added.length === 0 && state.epoch !== "")
		return { outcome: { status: "claimed", epoch, version: state.version } };
	const version = state.version + (added.length > 0 ? 1 : 0);
	return {
		outcome: { status: "claimed", epoch, version },
		next: {
			epoch,
			version,
			profile: claim.profile,
			names: [...state.names, ...added],
		},
	};
}

/**
 * A {@link CodecStore} in memory, for one process (several servers sharing one history) and
 * for tests of code that takes a store. Claims are atomic because they run synchronously.
 *
 * @example
 * ```ts
 * const store = new MemoryCodecStore();
 * const a = new SharedCodec({ store, scope: "s" });
 * const b = new SharedCodec({ store, scope: "s" }); // a and b give the same wire names
 * ```
 */
export class MemoryCodecStore implements CodecStore {
	readonly #scopes = new Map<string, StoredNames>();
	#epochs = 0;

	/**
	 * @param scope - the scope to read
	 * @returns a copy of what it holds
	 * @throws McpToolNamesError `invalid-argument` (a rejection) when `scope` is not a string
	 */
	async load(scope: string): Promise<StoredNames> {
		return this.#read(stringArgument("MemoryCodecStore.load", "scope", scope));
	}

	/**
	 * @param scope - the scope to add names to
	 * @param claim - the names and the state they were planned on
	 * @returns the outcome of {@link mergeClaim}
	 * @throws McpToolNamesError `invalid-argument` (a rejection) for a `scope` that is not a
	 * string or a claim of another shape
	 */
	async claim(scope: string, claim: NameClaim): Promise<ClaimOutcome> {
		const FN = "MemoryCodecStore.claim";
		stringArgument(FN, "scope", scope);
		const { outcome, next } = merge(
			this.#read(scope),
			claimArgument(FN, claim),
			`${++this.#epochs}`,
		);
		if (next !== undefined) this.#scopes.set(scope, next);
		return outcome;
	}

	#read(scope: string): StoredNames {
		const state = this.#scopes.get(scope);
		if (state === undefined)
			return { epoch: "", version: 0, profile: "", names: [] };
		return { ...state, names: state.names.map(([c, w]) => [c, w]) };
	}
}

// The arguments of the CodecStore methods and of mergeClaim, checked where they enter and
// read once into plain copies: a store is handed claims and states by other code, and a
// field of the wrong kind would otherwise surface as a TypeError deep in the merge rules or
// as a Redis script error.

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
function scopeRecordArgument(
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
