// The WireNameCodec: its options, the checks of what enters it, and the table of its
// assignments. Which wire name a name gets is decided in _wire-name.ts (one name alone) and
// _assignment.ts (a batch against the names held); the snapshot format is _snapshot.ts.

import {
	checkAdoption,
	type PlannedName,
	planNames,
	report,
} from "./_assignment.js";
import { plannedProfile, reserveOption } from "./_reserve.js";
import { type CodecSnapshot, readSnapshot, snapshotOf } from "./_snapshot.js";
import type { Diagnostic } from "./diagnostics.js";
import { describeValue, McpToolNamesError } from "./errors.js";
import {
	checkOptions,
	functionOption,
	invalidOption,
	optionKeys,
} from "./guards.js";
import {
	type NameProfile,
	type ProfileName,
	resolveProfile,
} from "./profiles.js";

export type { CodecSnapshot, SnapshotProfile } from "./_snapshot.js";

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
	/**
	 * Characters the host puts before each name (its prefix, e.g. `mcp__github__`): wire names
	 * are planned within the profile's `maxLength` less this, so prefix and name together stay
	 * within the provider's limit. Default 0; `hostReserve` computes it for known hosts.
	 */
	reserve?: number;
	/** Called for every rename, truncation, collision and refusal. */
	onDiagnostic?: (diagnostic: Diagnostic) => void;
	/**
	 * Called after every change of the assignments (new names assigned or adopted), with the
	 * codec, so a snapshot can be saved on change; `version` counts the changes.
	 */
	onChange?: (codec: WireNameCodec) => void;
}

/**
 * Codecs that take their names from a shared store (a `SharedCodec` holds them): they plan
 * and adopt, and never assign on their own.
 */
export const STORE_BOUND: WeakSet<object> = new WeakSet<object>();

/** The error of a store-bound codec asked to assign on its own. */
function unassigned(planned: readonly PlannedName[]): McpToolNamesError {
	const first = planned[0] as PlannedName;
	return new McpToolNamesError(
		"unassigned",
		`Tool ${describeValue(first.canonical)} has no wire name yet, and this codec takes its names from a shared store; sync the names through the store first`,
	);
}

/**
 * A deterministic, reversible mapping between canonical MCP tool names and names a provider
 * accepts. Assignment is sticky: a canonical name keeps its wire name, and a wire name once
 * handed out never starts to mean another tool. See the wire-name rules in the guides.
 *
 * @example
 * ```ts
 * const codec = new WireNameCodec({ profile: "openai" });
 * codec.encode("websearch/fetch_content"); // "websearch_fetch_content"
 * codec.decode("websearch_fetch_content"); // "websearch/fetch_content"
 * codec.decode("begin_session"); // "begin_session": never issued, passes through
 * ```
 */
export class WireNameCodec {
	readonly #profile: NameProfile;
	readonly #reserve: number;
	/** The profile names are planned against: `#profile` with `maxLength - reserve`. */
	readonly #planning: NameProfile;
	readonly #onDiagnostic: ((diagnostic: Diagnostic) => void) | undefined;
	readonly #onChange: ((codec: WireNameCodec) => void) | undefined;
	readonly #table = new NameTable();

	/**
	 * @param options - profile, reserve and diagnostics callback
	 * @throws McpToolNamesError `invalid-profile` for an unknown or unusable profile;
	 * `invalid-option` for a reserve that leaves too little room for the hash
	 */
	constructor(options: WireNameCodecOptions = {}) {
		const opts = checkCodecOptions(options);
		this.#profile = resolveProfile(opts.profile);
		this.#reserve = reserveOption(FN, opts.reserve);
		this.#planning = plannedProfile(FN, this.#profile, this.#reserve);
		this.#onDiagnostic = opts.onDiagnostic;
		this.#onChange = opts.onChange;
	}

	/** The profile every wire name of this codec satisfies. */
	get profile(): NameProfile {
		return this.#profile;
	}

	/**
	 * Characters kept free for the host's prefix: every wire name is at most
	 * `profile.maxLength - reserve` long.
	 */
	get reserve(): number {
		return this.#reserve;
	}

	/** How many canonical names have a wire name. */
	get size(): number {
		return this.#table.forward.size;
	}

	/** How many times the assignments changed; `onChange` is called after each change. */
	get version(): number {
		return this.#table.version;
	}

	/**
	 * Returns the wire name of a canonical name, assigning it on first use.
	 *
	 * @param canonical - the server-side tool name
	 * @returns a name valid for the profile
	 * @throws McpToolNamesError `invalid-argument` when `canonical` is not a non-empty string
	 * @example
	 * ```ts
	 * new WireNameCodec().encode("all/websearch/fetch_content"); // "all_websearch_fetch_content"
	 * ```
	 */
	encode(canonical: string): string {
		checkName(canonical, "encode");
		const known = this.#table.forward.get(canonical);
		if (known !== undefined) return known;
		this.#assign([canonical]);
		return this.#table.forward.get(canonical) as string;
	}

	/**
	 * Encodes several names at once. The names assigned depend only on the set of names (and
	 * on what this codec assigned before), never on their order, so every replica derives the
	 * same names from the same catalog.
	 *
	 * @param canonicals - server-side tool names; repeats get one wire name
	 * @returns the wire names, in input order
	 * @throws McpToolNamesError `invalid-argument` when an entry is not a non-empty string
	 * @example
	 * ```ts
	 * new WireNameCodec().encodeAll(["a/b", "a.b"]); // ["a_b_2", "a_b"]: "a.b" sorts first
	 * ```
	 */
	encodeAll(canonicals: readonly string[]): string[] {
		checkNames(canonicals, "encodeAll");
		this.#assign(canonicals);
		return canonicals.map((name) => this.#table.forward.get(name) as string);
	}

	/**
	 * Returns copies of tool definitions with wire names; the input array and objects are
	 * never mutated. Entries without a non-empty string `name` are returned as they are.
	 *
	 * @param tools - tool definitions, e.g. a `tools/list` result's `tools`
	 * @returns a new array of shallow copies carrying wire names
	 * @throws McpToolNamesError `invalid-argument` when `tools` is not an array
	 * @example
	 * ```ts
	 * codec.encodeTools([{ name: "linear.list_issues", inputSchema }]);
	 * // [{ name: "linear_list_issues", inputSchema }]
	 * ```
	 */
	encodeTools<T extends { name: string }>(tools: readonly T[]): T[] {
		checkArray(tools, "encodeTools", "tools");
		this.#assign(namesOf(tools));
		return tools.map((tool) => {
			const name = nameOf(tool);
			return name === undefined
				? tool
				: { ...tool, name: this.#table.forward.get(name) as string };
		});
	}

	/**
	 * Maps a wire name back to its canonical name. A name this codec never issued comes back
	 * unchanged (legacy clients sending canonical names, virtual tools), and so does a
	 * non-string.
	 *
	 * @param wire - a name a client sent
	 * @returns the canonical name, or `wire` itself
	 * @example
	 * ```ts
	 * codec.decode("websearch_fetch_content"); // "websearch/fetch_content"
	 * codec.decode("websearch/fetch_content"); // "websearch/fetch_content"
	 * ```
	 */
	decode(wire: string): string {
		return this.#table.reverse.get(wire) ?? wire;
	}

	/**
	 * The canonical name of a wire name this codec issued, and nothing else.
	 *
	 * @param wire - a wire name
	 * @returns the canonical name, or `undefined` for a name never issued (or a non-string)
	 * @example
	 * ```ts
	 * codec.lookup("begin_session"); // undefined
	 * ```
	 */
	lookup(wire: string): string | undefined {
		return this.#table.reverse.get(wire);
	}

	/**
	 * The wire name already assigned to a canonical name, without assigning one.
	 *
	 * @param canonical - a server-side tool name
	 * @returns its wire name, or `undefined` when it has none yet
	 * @example
	 * ```ts
	 * codec.wireNameOf("linear.list_issues"); // undefined until encoded
	 * ```
	 */
	wireNameOf(canonical: string): string | undefined {
		return this.#table.forward.get(canonical);
	}

	/**
	 * What {@link WireNameCodec.encodeAll} would assign to the names that have no wire name
	 * yet, without assigning anything: the same rules, against the assignments held now.
	 *
	 * @param canonicals - server-side tool names; known ones and repeats are skipped
	 * @returns the new `[canonical, wire]` pairs, in a deterministic order
	 * @throws McpToolNamesError `invalid-argument` when an entry is not a non-empty string
	 * @example
	 * ```ts
	 * codec.plan(["a/b", "a.b"]); // [["a.b", "a_b"], ["a/b", "a_b_2"]], nothing assigned
	 * ```
	 */
	plan(
		canonicals: readonly string[],
	): Array<[canonical: string, wire: string]> {
		checkNames(canonicals, "plan");
		const planned = planNames(canonicals, this.#table, this.#planning);
		return planned.map(({ canonical, wire }) => [canonical, wire]);
	}

	/**
	 * Takes in assignments made elsewhere (another replica, a shared store), keeping the
	 * sticky rule: pairs already held are skipped, and a pair that would give a canonical name
	 * another wire name, or a wire name another meaning, rejects the whole batch.
	 *
	 * @param names - `[canonical, wire]` pairs, e.g. a store's or a snapshot's `names`
	 * @returns how many pairs were new
	 * @throws McpToolNamesError `assignment-conflict` naming the contradicting pairs;
	 * `invalid-argument` for a malformed pair or a wire name the profile does not accept
	 * (within `maxLength - reserve`)
	 * @example
	 * ```ts
	 * codec.adopt([["github/search", "github_search_2"]]);
	 * codec.decode("github_search_2"); // "github/search"
	 * ```
	 */
	adopt(names: Iterable<readonly [string, string]>): number {
		const planned = checkAdoption(names, this.#table, this.#planning);
		if (planned.length > 0) this.#apply(planned);
		return planned.length;
	}

	/**
	 * Replaces the canonical names this codec knows in prose (server instructions, tool
	 * descriptions) with their wire names: longest name first, never inside a longer name.
	 * Names over 1024 characters are left as they are.
	 *
	 * @param text - any text; a non-string comes back unchanged
	 * @returns the text with wire names
	 * @example
	 * ```ts
	 * codec.encodeAll(["a/b/c"]);
	 * codec.rewriteText("use a/b/c, not a/b/cd"); // "use a_b_c, not a/b/cd"
	 * ```
	 */
	rewriteText(text: string): string {
		if (typeof text !== "string" || text === "") return text;
		return this.#table.rewrite(text);
	}

	/**
	 * Every assignment as a `[canonical, wire]` pair, in the order they were assigned: the
	 * pairs {@link WireNameCodec.toJSON} writes, without copying them into a snapshot.
	 *
	 * @returns an iterator of the pairs; one that runs while names are assigned sees them too
	 * @example
	 * ```ts
	 * codec.encodeAll(["a/b", "c"]);
	 * [...codec.entries()]; // [["c", "c"], ["a/b", "a_b"]]
	 * ```
	 */
	entries(): IterableIterator<[canonical: string, wire: string]> {
		return this.#table.forward.entries();
	}

	/**
	 * The codec's state as plain JSON (versioned), for {@link WireNameCodec.fromJSON}.
	 *
	 * @returns a snapshot of the profile, the reserve and every assignment
	 * @example
	 * ```ts
	 * await writeFile("names.json", JSON.stringify(codec));
	 * ```
	 */
	toJSON(): CodecSnapshot {
		return snapshotOf(this.#profile, this.#table.forward, this.#reserve);
	}

	/**
	 * Rebuilds a codec from {@link WireNameCodec.toJSON}'s snapshot, with every assignment
	 * (and so every stickiness promise) intact.
	 *
	 * @param snapshot - a parsed snapshot
	 * @param options - diagnostics callback; a `profile` here replaces the snapshot's; a
	 * `reserve`, when given, must be the snapshot's
	 * @returns a codec that encodes and decodes as the original did, with its reserve
	 * @throws McpToolNamesError `invalid-snapshot` for another version, a malformed snapshot, or
	 * names that break the profile or are not one-to-one; `reserve-mismatch` for a `reserve`
	 * other than the one the snapshot's names were planned with
	 * @example
	 * ```ts
	 * const copy = WireNameCodec.fromJSON(JSON.parse(JSON.stringify(codec)));
	 * WireNameCodec.fromJSON(snapshot, { reserve: 14 }); // throws unless planned with 14
	 * ```
	 */
	static fromJSON(
		snapshot: CodecSnapshot,
		options: WireNameCodecOptions = {},
	): WireNameCodec {
		const { profile, names, reserve } = readSnapshot(snapshot, options.profile);
		const asked = reserveOption(FN, options.reserve);
		if (options.reserve !== undefined && asked !== reserve)
			throw new McpToolNamesError(
				"reserve-mismatch",
				`Codec snapshot was planned with a reserve of ${reserve}, not ${asked}; restore it without reserve, or start a new snapshot`,
			);
		const codec = new WireNameCodec({ ...options, profile, reserve });
		for (const [canonical, wire] of names(codec.#planning))
			codec.#table.bind(canonical, wire);
		return codec;
	}

	/** Assigns wire names to every name not assigned yet, independently of their order. */
	#assign(names: readonly string[]): void {
		const planned = planNames(names, this.#table, this.#planning);
		if (planned.length === 0) return;
		if (STORE_BOUND.has(this)) throw unassigned(planned);
		this.#apply(planned);
	}

	#apply(planned: readonly PlannedName[]): void {
		this.#table.apply(planned);
		if (this.#onDiagnostic !== undefined)
			report(
				planned,
				this.#onDiagnostic,
				this.#profile,
				this.#table.reverse,
				this.#reserve,
			);
		this.#onChange?.(this);
	}
}

// What enters a codec: a codec passed as an option, the options, names and tool lists.

const FN = "WireNameCodec";

const CODEC_METHODS = [
	"encodeAll",
	"encodeTools",
	"decode",
	"lookup",
	"wireNameOf",
	"toJSON",
] as const;

/**
 * Whether a value is a {@link WireNameCodec}, recognised by its methods rather than its
 * class: one from another copy of the library (ESM next to CJS) has another class object.
 */
function isCodec(value: unknown): value is WireNameCodec {
	if (typeof value !== "object" || value === null) return false;
	const codec = value as Partial<Record<string, unknown>>;
	return CODEC_METHODS.every((method) => typeof codec[method] === "function");
}

/** A codec option, checked by shape; `undefined` when left out. */
export function codecOption(
	owner: string,
	value: unknown,
): WireNameCodec | undefined {
	if (value === undefined) return undefined;
	if (!isCodec(value))
		throw invalidOption(owner, "codec", "a WireNameCodec", value);
	return value;
}

/** The keys of {@link WireNameCodecOptions}: any other is refused (adapters add their own). */
export const CODEC_OPTION_KEYS: readonly string[] =
	optionKeys<WireNameCodecOptions>({
		profile: true,
		onDiagnostic: true,
		onChange: true,
		reserve: true,
	});

/**
 * Checks the shape of codec options (the profile is checked when it is resolved) and
 * returns them as a plain copy, read once.
 */
function checkCodecOptions(options: unknown): WireNameCodecOptions {
	const opts = checkOptions(
		FN,
		options as WireNameCodecOptions | undefined,
		CODEC_OPTION_KEYS,
	);
	functionOption(FN, "onDiagnostic", opts.onDiagnostic);
	functionOption(FN, "onChange", opts.onChange);
	return opts;
}

function checkName(name: unknown, method: string): asserts name is string {
	if (typeof name !== "string" || name === "") {
		throw new McpToolNamesError(
			"invalid-argument",
			`${method} expects a non-empty string tool name, got ${describeValue(name)}`,
		);
	}
}

/** Checks that `names` is an array of non-empty strings, naming `method` when it is not. */
export function checkNames(names: unknown, method: string): void {
	checkArray(names, method, "tool names");
	for (const name of names as unknown[]) checkName(name, method);
}

function checkArray(value: unknown, method: string, what: string): void {
	if (!Array.isArray(value)) {
		throw new McpToolNamesError(
			"invalid-argument",
			`${method} expects an array of ${what}, got ${describeValue(value)}`,
		);
	}
}

/** The name of a tool definition, when it is a non-empty string. */
function nameOf(tool: unknown): string | undefined {
	if (typeof tool !== "object" || tool === null) return undefined;
	const name = (tool as { name?: unknown }).name;
	return typeof name === "string" && name !== "" ? name : undefined;
}

/** The names of those tool definitions that have one. */
function namesOf(tools: readonly unknown[]): string[] {
	const names: string[] = [];
	for (const tool of tools) {
		const name = nameOf(tool);
		if (name !== undefined) names.push(name);
	}
	return names;
}

// The assignments and the rewriting of names in prose.

/**
 * The assignments of one codec, both ways, with a change count and the prose pattern
 * built from them (rebuilt lazily after a change).
 */
class NameTable {
	/** canonical → wire */
	readonly forward: Map<string, string> = new Map();
	/** wire → canonical */
	readonly reverse: Map<string, string> = new Map();
	version = 0;
	#pattern: RegExp | null | undefined;

	bind(canonical: string, wire: string): void {
		this.forward.set(canonical, wire);
		this.reverse.set(wire, canonical);
	}

	/** Binds a batch as one change. */
	apply(planned: readonly PlannedName[]): void {
		for (const entry of planned) this.bind(entry.canonical, entry.wire);
		this.#pattern = undefined;
		this.version++;
	}

	/** Replaces the renamed canonical names in `text` with their wire names. */
	rewrite(text: string): string {
		if (this.#pattern === undefined) this.#pattern = prosePattern(this.forward);
		const pattern = this.#pattern;
		if (pattern === null) return text;
		pattern.lastIndex = 0;
		return text.replace(pattern, (match) => this.forward.get(match) ?? match);
	}
}

// Names longer than this are not looked for in prose: nobody writes them there, and a
// pattern of a few megabytes would exceed what regular-expression engines accept.
const MAX_PROSE_NAME_LENGTH = 1024;
const WORD_CHAR = "A-Za-z0-9_-";
// A name in prose must not touch a word character, nor a `/`, `.` or `:` that itself
// touches one (`a/b/c` must not match inside `a/b/cd` or `x/a/b/c`).
const BEFORE = `(?<![${WORD_CHAR}])(?<![${WORD_CHAR}][/.:])`;
const AFTER = `(?![${WORD_CHAR}])(?![/.:][${WORD_CHAR}])`;

/**
 * The pattern matching every renamed canonical name in prose, longest first; `null` when
 * no name was renamed.
 */
function prosePattern(forward: ReadonlyMap<string, string>): RegExp | null {
	const renamed: string[] = [];
	for (const [canonical, wire] of forward)
		if (canonical !== wire && canonical.length <= MAX_PROSE_NAME_LENGTH)
			renamed.push(canonical);
	if (renamed.length === 0) return null;
	// Longest first, then UTF-16 order (names are distinct keys, never equal).
	renamed.sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
	const alternatives = renamed.map(escapeRegExp).join("|");
	return new RegExp(`${BEFORE}(?:${alternatives})${AFTER}`, "g");
}

function escapeRegExp(text: string): string {
	return text.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");
}
