import { isName } from "../../core/_guards.js";
import {
	formatResolution,
	NameIndex,
	type Resolution,
	type ResolveOptions,
	resolveName,
	type WireNameCodec,
} from "../../index.js";
import {
	copyResolveOptions,
	hintOf,
	isEntry,
	sameEntries,
	suggestionsOf,
} from "./_router-parts.js";
import type { ToolEntry } from "./tool-entry.js";

// Longer names are never correction targets: no model echoes them, and indexing one costs
// time and memory that grow with its length.
const MAX_CANDIDATE_LENGTH = 1024;

/**
 * The resolution options a router passes on: every `ResolveOptions` field but
 * `isProtected`, which the router derives from each tool's {@link ToolEntry.protected}.
 */
export type RouterResolveOptions = Omit<ResolveOptions, "isProtected">;

/** Options of a {@link ToolRouter}. */
export interface RouterOptions {
	/** When given, candidates are the wire names it issued for the catalog, decoded back. */
	codec?: WireNameCodec;
	/** Auto-correct near misses; default `false` (hints only). */
	correct?: boolean;
	/** Resolution options (`mode`, `verbs`, `servers`, `limit`). */
	resolve?: RouterResolveOptions;
	/** One callback for every correction, hint and refusal (every decision but `known`). */
	onDecision?: (decision: RouteDecision) => void;
}

/**
 * Where a `tools/call` goes:
 *
 * - `known`: an issued wire name, a canonical name or an exact name: forward `name`;
 * - `corrected`: a safe correction: forward `name` (canonical); `message` is the ready log
 *   line, naming the canonical target and what was sent;
 * - `unknown`: forward `sent` unchanged; `hint` is `Did you mean …?` (names the caller can
 *   send: wire names when there is a codec), `message` the same line with the log prefix.
 */
export type RouteDecision =
	| { kind: "known"; sent: string; name: string }
	| {
			kind: "corrected";
			sent: string;
			name: string;
			resolution: Resolution;
			message: string;
	  }
	| {
			kind: "unknown";
			sent: string;
			name: string;
			resolution: Resolution;
			hint?: string;
			message?: string;
	  };

/** The names resolution runs against, for one catalog version. */
interface Candidates {
	/** `c<version>` for the catalog, `w<size>` for every wire name of the codec. */
	readonly source: string;
	readonly index: NameIndex;
	/** Candidate (wire name, or canonical without codec) → its tool. */
	readonly tools: ReadonlyMap<string, ToolEntry>;
	/**
	 * The configured server names plus the namespaces of the canonical names (what precedes
	 * a `/`, `.`, `:` or `__`): wire names lose those separators, and with them the sign that
	 * `websearch` in `websearch/fetch_content` is a namespace a caller may drop.
	 */
	readonly servers: readonly string[] | undefined;
}

/**
 * The one routing policy of every adapter: resolves the name a caller sent against the
 * names it was handed (wire names when a codec is given), never onto a protected tool, and
 * reports each decision. A wire name the codec issued keeps meaning its tool (sticky) and is
 * never corrected onto another; a tool whose annotations were never seen is never a
 * correction target.
 */
export class ToolRouter {
	readonly #codec: WireNameCodec | undefined;
	readonly #correct: boolean;
	readonly #resolve: RouterResolveOptions;
	readonly #onDecision: ((decision: RouteDecision) => void) | undefined;
	#tools: ToolEntry[] = [];
	/** Canonical name → its entry; a name listed twice is protected if either entry is. */
	#byName = new Map<string, ToolEntry>();
	#version = 0;
	#candidates: Candidates | undefined;

	/**
	 * @param options - codec, correction, resolution options and the decision callback
	 * @throws McpToolNamesError `invalid-option` for a bad `mode` or `limit`
	 */
	constructor(options: RouterOptions = {}) {
		this.#codec = options.codec;
		this.#correct = options.correct === true;
		this.#resolve = copyResolveOptions(options.resolve);
		this.#onDecision = options.onDecision;
		// Checks `mode` and `limit` now, with resolveName's own errors, not on the first call.
		resolveName("", [], this.#resolve);
	}

	/** The catalog: the tools routing may send to. */
	get tools(): readonly ToolEntry[] {
		return this.#tools;
	}

	/** Grows by one whenever the catalog changes. */
	get version(): number {
		return this.#version;
	}

	/**
	 * Replaces (or, with `{ append: true }`, extends for a further page) the catalog, and
	 * encodes it in the codec, so calls before any list route (assignment is deterministic).
	 * Setting the catalog it already holds changes nothing.
	 *
	 * @param entries - the tools; malformed entries are skipped
	 * @param options - `append` to add a page rather than start over
	 */
	setTools(
		entries: readonly ToolEntry[],
		options: { append?: boolean } = {},
	): void {
		const fresh = Array.isArray(entries) ? entries.filter(isEntry) : [];
		const append = options.append === true;
		if (!append && sameEntries(fresh, this.#tools)) return;
		if (!append) {
			this.#tools = [];
			this.#byName = new Map();
		}
		for (const entry of fresh) {
			this.#tools.push(entry);
			const known = this.#byName.get(entry.name);
			if (known === undefined || (entry.protected && !known.protected))
				this.#byName.set(entry.name, entry);
		}
		this.#codec?.encodeAll(fresh.map((entry) => entry.name));
		this.#version++;
		this.#candidates = undefined;
	}

	/**
	 * The canonical name `sent` means without resolving: the tool an issued wire name was
	 * handed out for, or `sent` itself when it is a canonical name of the catalog or the
	 * codec. Never reports.
	 *
	 * @param sent - the name a caller sent
	 * @returns the canonical name, or `undefined` when only resolution can tell
	 */
	knownName(sent: string): string | undefined {
		if (!isName(sent)) return undefined;
		const codec = this.#codec;
		const issued = codec?.lookup(sent);
		if (issued !== undefined) return issued;
		if (this.#byName.has(sent) || codec?.wireNameOf(sent) !== undefined)
			return sent;
		return undefined;
	}

	/**
	 * Where a `tools/call` for `sent` goes. Never throws on data.
	 *
	 * @param sent - the name a caller sent
	 * @param options - `report: false` to decide without calling `onDecision`
	 * @returns the decision
	 * @throws whatever `onDecision` throws
	 */
	route(sent: string, options: { report?: boolean } = {}): RouteDecision {
		const known = this.knownName(sent);
		if (known !== undefined) return { kind: "known", sent, name: known };
		const decision = this.#decide(sent);
		if (decision.kind === "known" || options.report === false) return decision;
		this.#onDecision?.(decision);
		return decision;
	}

	/**
	 * The `Did you mean …?` sentence for a name the upstream did not find, even one that is
	 * known (a held wire name whose tool is gone): never a correction. Never reports.
	 *
	 * @param sent - the name a caller sent
	 * @returns the hint, or `undefined` when nothing else is close
	 */
	hint(sent: string): string | undefined {
		if (!isName(sent)) return undefined;
		const candidates = this.#currentCandidates();
		if (candidates === undefined) return undefined;
		const resolution = this.#resolveAgainst(sent, candidates);
		return hintOf(sent, suggestionsOf(resolution));
	}

	#decide(sent: string): RouteDecision {
		const none: Resolution = { kind: "none", input: String(sent) };
		if (!isName(sent))
			return { kind: "unknown", sent, name: sent, resolution: none };
		const candidates = this.#currentCandidates();
		if (candidates === undefined)
			return { kind: "unknown", sent, name: sent, resolution: none };
		const resolution = this.#resolveAgainst(sent, candidates);
		const canonicalOf = (candidate: string): string =>
			candidates.tools.get(candidate)?.name ??
			this.#codec?.decode(candidate) ??
			candidate;
		if (resolution.kind === "exact")
			return { kind: "known", sent, name: canonicalOf(resolution.name) };
		if (resolution.kind === "corrected" && this.#correct) {
			// The caller chose from wire names, so its near miss is resolved against those and
			// decoded: against canonical names, a newcomer named like another tool's wire name
			// (`tool_1oiaz9u` next to `搜索/获取`) would take that tool's mistyped calls.
			const corrected = { ...resolution, name: canonicalOf(resolution.name) };
			return {
				kind: "corrected",
				sent,
				name: corrected.name,
				resolution: corrected,
				message: formatResolution(corrected) ?? "",
			};
		}
		const suggestions = suggestionsOf(resolution);
		const hint = hintOf(sent, suggestions);
		if (hint === undefined)
			return { kind: "unknown", sent, name: sent, resolution };
		const message = formatResolution({
			kind: "suggest",
			input: sent,
			suggestions,
			reason: "too-far",
		}) as string;
		return { kind: "unknown", sent, name: sent, resolution, hint, message };
	}

	#resolveAgainst(sent: string, candidates: Candidates): Resolution {
		return resolveName(sent, candidates.index, {
			...this.#resolve,
			...(candidates.servers === undefined
				? {}
				: { servers: candidates.servers }),
			// A candidate without an entry was issued by the codec for a tool whose annotations
			// were never seen: a hint only.
			isProtected: (candidate) =>
				candidates.tools.get(candidate)?.protected !== false,
		});
	}

	/** The configured servers and the namespaces of `names`, or `undefined` for none. */
	#serversWith(names: Iterable<string>): readonly string[] | undefined {
		const servers = new Set<string>();
		const configured = this.#resolve.servers;
		if (configured !== undefined)
			for (const server of configured) servers.add(server);
		if (this.#codec !== undefined)
			for (const name of names)
				for (const namespace of namespacesOf(name)) servers.add(namespace);
		return servers.size === 0 ? undefined : [...servers];
	}

	/**
	 * The names of the catalog (as wire names when there is a codec), indexed once per
	 * catalog version; with no catalog yet, every wire name the codec issued (a call right
	 * after a restart), each a hint only.
	 */
	#currentCandidates(): Candidates | undefined {
		const codec = this.#codec;
		if (this.#byName.size > 0) {
			const source = `c${this.#version}`;
			if (this.#candidates?.source === source) return this.#candidates;
			const tools = new Map<string, ToolEntry>();
			for (const entry of this.#byName.values()) {
				const candidate = codec?.wireNameOf(entry.name) ?? entry.name;
				if (candidate.length <= MAX_CANDIDATE_LENGTH)
					tools.set(candidate, entry);
			}
			this.#candidates = {
				source,
				index: new NameIndex(tools.keys()),
				tools,
				servers: this.#serversWith(this.#byName.keys()),
			};
			return this.#candidates;
		}
		if (codec === undefined || codec.size === 0) return undefined;
		const source = `w${codec.size}`;
		if (this.#candidates?.source === source) return this.#candidates;
		const wires: string[] = [];
		for (const [, wire] of codec.toJSON().names)
			if (wire.length <= MAX_CANDIDATE_LENGTH) wires.push(wire);
		this.#candidates = {
			source,
			index: new NameIndex(wires),
			tools: new Map(),
			servers: this.#serversWith(codec.toJSON().names.map(([name]) => name)),
		};
		return this.#candidates;
	}
}

const NAMESPACE_SEPARATOR = /\/|\.|:|__/g;

/** Each prefix of a name that ends before a namespace separator (`a/b/c` → `a`, `a/b`). */
function namespacesOf(name: string): string[] {
	const namespaces: string[] = [];
	for (const match of name.matchAll(NAMESPACE_SEPARATOR)) {
		if (match.index > 0) namespaces.push(name.slice(0, match.index));
	}
	return namespaces;
}
