import { compareCodeUnits } from "./_order.js";
import {
	type NaturalWireName,
	naturalWireName,
	suffixed,
} from "./_wire-name.js";
import type { Diagnostic, DiagnosticCode } from "./diagnostics.js";
import { describeValue, McpToolNamesError } from "./errors.js";
import {
	isValidFor,
	type NameProfile,
	type ProfileName,
	profiles,
	resolveProfile,
} from "./profiles.js";

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
}

/** A profile in a {@link CodecSnapshot}: its regular expressions as source and flags. */
export interface SnapshotProfile {
	name: string;
	maxLength: number;
	allowed: { source: string; flags: string };
	leading?: { source: string; flags: string };
}

/**
 * Plain-JSON state of a {@link WireNameCodec}: its profile and every `[canonical, wire]`
 * pair in assignment order. Store it to keep wire names across restarts.
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
}

const SNAPSHOT_VERSION = 1;
// Names longer than this are not looked for in prose: nobody writes them there, and a
// pattern of a few megabytes would exceed what regular-expression engines accept.
const MAX_PROSE_NAME_LENGTH = 1024;
const WORD_CHAR = "A-Za-z0-9_-";
// A name in prose must not touch a word character, nor a `/`, `.` or `:` that itself
// touches one (`a/b/c` must not match inside `a/b/cd` or `x/a/b/c`).
const BEFORE = `(?<![${WORD_CHAR}])(?<![${WORD_CHAR}][/.:])`;
const AFTER = `(?![${WORD_CHAR}])(?![/.:][${WORD_CHAR}])`;

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
	readonly #onDiagnostic: ((diagnostic: Diagnostic) => void) | undefined;
	readonly #forward = new Map<string, string>();
	readonly #reverse = new Map<string, string>();
	#textPattern: RegExp | null | undefined;

	/**
	 * @param options - profile and diagnostics callback
	 * @throws McpToolNamesError `invalid-profile` for an unknown or unusable profile
	 */
	constructor(options: WireNameCodecOptions = {}) {
		if (typeof options !== "object" || options === null) {
			throw new McpToolNamesError(
				"invalid-option",
				`WireNameCodec options must be an object, got ${describeValue(options)}`,
			);
		}
		this.#profile = resolveProfile(options.profile);
		if (
			options.onDiagnostic !== undefined &&
			typeof options.onDiagnostic !== "function"
		) {
			throw new McpToolNamesError(
				"invalid-option",
				`onDiagnostic must be a function, got ${describeValue(options.onDiagnostic)}`,
			);
		}
		this.#onDiagnostic = options.onDiagnostic;
	}

	/** The profile every wire name of this codec satisfies. */
	get profile(): NameProfile {
		return this.#profile;
	}

	/** How many canonical names have a wire name. */
	get size(): number {
		return this.#forward.size;
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
		const known = this.#forward.get(canonical);
		if (known !== undefined) return known;
		this.#assign([canonical]);
		return this.#forward.get(canonical) as string;
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
		if (!Array.isArray(canonicals)) {
			throw new McpToolNamesError(
				"invalid-argument",
				`encodeAll expects an array of tool names, got ${describeValue(canonicals)}`,
			);
		}
		for (const name of canonicals) checkName(name, "encodeAll");
		this.#assign(canonicals);
		return canonicals.map((name) => this.#forward.get(name) as string);
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
		if (!Array.isArray(tools)) {
			throw new McpToolNamesError(
				"invalid-argument",
				`encodeTools expects an array of tools, got ${describeValue(tools)}`,
			);
		}
		const names: string[] = [];
		for (const tool of tools) {
			const name = nameOf(tool);
			if (name !== undefined) names.push(name);
		}
		this.#assign(names);
		return tools.map((tool) => {
			const name = nameOf(tool);
			return name === undefined
				? tool
				: { ...tool, name: this.#forward.get(name) as string };
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
		return this.#reverse.get(wire) ?? wire;
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
		return this.#reverse.get(wire);
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
		return this.#forward.get(canonical);
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
		const pattern = this.#pattern();
		if (pattern === null) return text;
		pattern.lastIndex = 0;
		return text.replace(pattern, (match) => this.#forward.get(match) ?? match);
	}

	/**
	 * The codec's state as plain JSON (versioned), for {@link WireNameCodec.fromJSON}.
	 *
	 * @returns a snapshot of the profile and every assignment
	 * @example
	 * ```ts
	 * await writeFile("names.json", JSON.stringify(codec));
	 * ```
	 */
	toJSON(): CodecSnapshot {
		const { name, maxLength, allowed, leading } = this.#profile;
		const profile: SnapshotProfile = {
			name,
			maxLength,
			allowed: { source: allowed.source, flags: allowed.flags },
		};
		if (leading !== undefined)
			profile.leading = { source: leading.source, flags: leading.flags };
		return { version: SNAPSHOT_VERSION, profile, names: [...this.#forward] };
	}

	/**
	 * Rebuilds a codec from {@link WireNameCodec.toJSON}'s snapshot, with every assignment
	 * (and so every stickiness promise) intact.
	 *
	 * @param snapshot - a parsed snapshot
	 * @param options - diagnostics callback; a `profile` here replaces the snapshot's
	 * @returns a codec that encodes and decodes as the original did
	 * @throws McpToolNamesError `invalid-snapshot` for another version, a malformed snapshot, or
	 * names that break the profile or are not one-to-one
	 * @example
	 * ```ts
	 * const copy = WireNameCodec.fromJSON(JSON.parse(JSON.stringify(codec)));
	 * ```
	 */
	static fromJSON(
		snapshot: CodecSnapshot,
		options: WireNameCodecOptions = {},
	): WireNameCodec {
		if (typeof snapshot !== "object" || snapshot === null) {
			throw invalidSnapshot(
				`expected an object, got ${describeValue(snapshot)}`,
			);
		}
		if (snapshot.version !== SNAPSHOT_VERSION) {
			throw invalidSnapshot(
				`version ${describeValue(snapshot.version)} is not supported; expected ${SNAPSHOT_VERSION}`,
			);
		}
		const profile = options.profile ?? profileFromSnapshot(snapshot.profile);
		const codec = new WireNameCodec({ ...options, profile });
		if (!Array.isArray(snapshot.names))
			throw invalidSnapshot(`"names" must be an array`);
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
			if (!isValidFor(wire, codec.#profile)) {
				throw invalidSnapshot(
					`wire name ${describeValue(wire)} is not valid for profile ${codec.#profile.name}`,
				);
			}
			if (codec.#forward.has(canonical) || codec.#reverse.has(wire)) {
				throw invalidSnapshot(
					`${describeValue(canonical)} ⇄ ${describeValue(wire)} is not one-to-one`,
				);
			}
			codec.#forward.set(canonical, wire);
			codec.#reverse.set(wire, canonical);
		}
		return codec;
	}

	/** Assigns wire names to every name not assigned yet, independently of their order. */
	#assign(names: readonly string[]): void {
		const fresh = new Map<string, NaturalWireName>();
		for (const name of names) {
			if (!this.#forward.has(name) && !fresh.has(name)) {
				fresh.set(name, naturalWireName(name, this.#profile));
			}
		}
		if (fresh.size === 0) return;
		this.#textPattern = undefined;
		const heldBefore = new Set<string>();
		const waiting: string[] = [];
		// 1. A name valid as is keeps itself, unless that wire name was handed out before.
		for (const [name, natural] of fresh) {
			if (natural.derivation !== "identity") continue;
			if (this.#reverse.has(name)) {
				heldBefore.add(name);
				waiting.push(name);
			} else {
				this.#bind(name, name);
			}
		}
		// 2. Per natural wire name, the first name in UTF-16 order gets it when it is free.
		const rest = [...fresh.keys()]
			.filter((name) => fresh.get(name)?.derivation !== "identity")
			.sort(compareCodeUnits);
		for (const name of rest) {
			const natural = fresh.get(name) as NaturalWireName;
			if (this.#reverse.has(natural.wire)) {
				if (!this.#isFromThisBatch(natural.wire, fresh)) heldBefore.add(name);
				waiting.push(name);
				continue;
			}
			this.#bind(name, natural.wire);
			this.#report(natural.derivation as DiagnosticCode, name, natural.wire);
		}
		// 3. The others, in UTF-16 order, take the first free `base_2`, `base_3`, ...
		waiting.sort(compareCodeUnits);
		for (const name of waiting) {
			const base = (fresh.get(name) as NaturalWireName).wire;
			const holder = this.#reverse.get(base) as string;
			let n = 2;
			let wire = suffixed(base, n, this.#profile.maxLength);
			while (this.#reverse.has(wire))
				wire = suffixed(base, ++n, this.#profile.maxLength);
			this.#bind(name, wire);
			this.#report(
				heldBefore.has(name) ? "refused" : "collision",
				name,
				wire,
				holder,
			);
		}
	}

	#isFromThisBatch(wire: string, fresh: Map<string, NaturalWireName>): boolean {
		return fresh.has(this.#reverse.get(wire) as string);
	}

	#bind(canonical: string, wire: string): void {
		this.#forward.set(canonical, wire);
		this.#reverse.set(wire, canonical);
	}

	#report(
		code: DiagnosticCode,
		canonical: string,
		wire: string,
		existing?: string,
	): void {
		const onDiagnostic = this.#onDiagnostic;
		if (onDiagnostic === undefined) return;
		const profile = this.#profile;
		const diagnostic: Diagnostic = { code, canonical, wire, message: "" };
		const from = describeValue(canonical);
		const to = describeValue(wire);
		switch (code) {
			case "renamed":
				diagnostic.message = `Renamed tool ${from} to ${to}: profile ${profile.name} does not allow some of its characters`;
				break;
			case "lossy":
				diagnostic.message = `Renamed tool ${from} to ${to}: profile ${profile.name} cannot write some of its letters or digits, so the name ends with its hash`;
				break;
			case "truncated":
				diagnostic.message = `Shortened tool ${from} (${canonical.length} characters) to ${to}: profile ${profile.name} allows at most ${profile.maxLength}, so the name ends with its hash`;
				break;
			case "collision":
			case "refused":
				diagnostic.existing = existing as string;
				diagnostic.message =
					code === "collision"
						? `Tool ${from} maps to the same wire name as ${describeValue(existing)}; it is sent as ${to}`
						: this.#reverse.get(canonical) === existing
							? // A newcomer named so, or names read back from a wrapped client or server.
								`Tool ${from} is already this codec's wire name of ${describeValue(existing)}, so it is sent as ${to}; if the names came from a wrapped client or server, they are wire names: encode the canonical ones`
							: `Tool ${from} cannot take a wire name already handed out for ${describeValue(existing)}; it is sent as ${to}`;
				break;
		}
		onDiagnostic(diagnostic);
	}

	#pattern(): RegExp | null {
		if (this.#textPattern !== undefined) return this.#textPattern;
		const renamed: string[] = [];
		for (const [canonical, wire] of this.#forward)
			if (canonical !== wire && canonical.length <= MAX_PROSE_NAME_LENGTH)
				renamed.push(canonical);
		if (renamed.length === 0) {
			this.#textPattern = null;
			return null;
		}
		renamed.sort((a, b) => b.length - a.length || compareCodeUnits(a, b));
		const alternatives = renamed.map(escapeRegExp).join("|");
		this.#textPattern = new RegExp(`${BEFORE}(?:${alternatives})${AFTER}`, "g");
		return this.#textPattern;
	}
}

function checkName(name: unknown, method: string): asserts name is string {
	if (typeof name !== "string" || name === "") {
		throw new McpToolNamesError(
			"invalid-argument",
			`${method} expects a non-empty string tool name, got ${describeValue(name)}`,
		);
	}
}

function nameOf(tool: unknown): string | undefined {
	if (typeof tool !== "object" || tool === null) return undefined;
	const name = (tool as { name?: unknown }).name;
	return typeof name === "string" && name !== "" ? name : undefined;
}

function escapeRegExp(text: string): string {
	return text.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");
}

function invalidSnapshot(detail: string): McpToolNamesError {
	return new McpToolNamesError(
		"invalid-snapshot",
		`Invalid codec snapshot: ${detail}`,
	);
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
			{
				cause: error,
			},
		);
	}
}
