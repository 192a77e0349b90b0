import { isName, isRecord } from "../../core/guards.js";
import {
	formatResolution,
	type Resolution,
	type ResolveOptions,
	resolveName,
	type WireNameCodec,
} from "../../index.js";
import { type Candidates, candidatesOf } from "./_candidates.js";
import type { ToolEntry } from "./tool-entry.js";

/**
 * The resolution options a router passes on: every `ResolveOptions` field but
 * `isProtected`, which the router derives from each tool's {@link ToolEntry.protected}.
 */
export type RouterResolveOptions = Omit<
	ResolveOptions,
	"isProtected" | "arguments"
>;

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
 *
 * @example
 * ```ts
 * const rewriter = new WireRewriter({
 *   onDecision: (decision) => {
 *     if (decision.kind === "unknown" && decision.hint !== undefined) console.warn(decision.hint);
 *   },
 * });
 * ```
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
	#resolve: RouterResolveOptions;
	readonly #onDecision: ((decision: RouteDecision) => void) | undefined;
	#tools: ToolEntry[] = [];
	/** Canonical name → its entry; a name listed twice is protected if either entry is. */
	#byName = new Map<string, ToolEntry>();
	/** Known name → its entry, for the entries a host framework renamed ({@link ToolEntry.known}). */
	#byKnown = new Map<string, ToolEntry>();
	#version = 0;
	#candidates: Candidates | undefined;
	/**
	 * The latest listing when it named the same tools as the catalog but with schemas not yet
	 * compared: a server lists its whole catalog on every `tools/list`, and only a resolution
	 * reads the schemas, so they are compared when one needs them (see `#settle`).
	 */
	#relisted: ToolEntry[] | undefined;

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
		this.#settle();
		return this.#tools;
	}

	/** Grows by one whenever the catalog changes. */
	get version(): number {
		this.#settle();
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
		if (options.append === true) {
			this.#settle();
			this.#add(fresh);
			return;
		}
		if (sameTools(fresh, this.#tools)) {
			// The same tools again: their schemas are compared when a resolution needs them.
			this.#relisted = sameSchemas(fresh, this.#tools, false)
				? undefined
				: fresh;
			return;
		}
		this.#relisted = undefined;
		this.#replace(fresh);
	}

	#replace(entries: readonly ToolEntry[]): void {
		this.#tools = [];
		this.#byName = new Map();
		this.#byKnown = new Map();
		this.#add(entries);
	}

	#add(entries: readonly ToolEntry[]): void {
		for (const entry of entries) {
			this.#tools.push(entry);
			const known = this.#byName.get(entry.name);
			if (known === undefined || (entry.protected && !known.protected))
				this.#byName.set(entry.name, entry);
			if (entry.known !== undefined && !this.#byKnown.has(entry.known))
				this.#byKnown.set(entry.known, entry);
		}
		this.#codec?.encodeAll(entries.map((entry) => entry.name));
		this.#version++;
		this.#candidates = undefined;
	}

	/**
	 * Adds server names to the `servers` resolution option (the namespaces a caller may put
	 * before a tool name), e.g. the upstream's `serverInfo.name` once `initialize` is
	 * answered. Everything else is kept as it is: the catalog, the codec and the version.
	 *
	 * @param names - server names; those known already are skipped
	 */
	addServers(names: Iterable<string>): void {
		const servers = [...(this.#resolve.servers ?? [])];
		const before = servers.length;
		for (const name of names)
			if (typeof name === "string" && !servers.includes(name))
				servers.push(name);
		if (servers.length === before) return;
		this.#resolve = { ...this.#resolve, servers };
		// The candidates carry the server names: derive them anew on the next resolution.
		this.#candidates = undefined;
	}

	/**
	 * Whether the catalog holds a tool of this canonical name (a wire name handed out earlier
	 * may stand for a tool the latest listing no longer has).
	 *
	 * @param name - a canonical name
	 * @returns `true` when the catalog lists it
	 */
	lists(name: string): boolean {
		return this.#byName.has(name);
	}

	/**
	 * The canonical name `sent` means without resolving: the tool an issued wire name (or a
	 * known name, {@link ToolEntry.known}) stands for, or `sent` itself when it is a canonical
	 * name of the catalog or the codec. Never reports.
	 *
	 * @param sent - the name a caller sent
	 * @returns the canonical name, or `undefined` when only resolution can tell
	 */
	knownName(sent: string): string | undefined {
		if (!isName(sent)) return undefined;
		const codec = this.#codec;
		const issued = codec?.lookup(sent) ?? this.#byKnown.get(sent)?.name;
		if (issued !== undefined) return issued;
		if (this.#byName.has(sent) || codec?.wireNameOf(sent) !== undefined)
			return sent;
		return undefined;
	}

	/**
	 * Where a `tools/call` for `name` goes. Never throws on data.
	 *
	 * @param name - the name a caller sent
	 * @param options - `report: false` to decide without calling `onDecision`; `arguments`:
	 * the call's arguments, weighed against the listed schemas (resolution rule 7);
	 * `namespace`: the namespace the call carried, if any; the name routed (and the decision's
	 * `sent`) is then `namespace/name`, or `name` alone when the namespace equals it
	 * @returns the decision
	 * @throws whatever `onDecision` throws
	 */
	route(
		name: string,
		options: {
			report?: boolean;
			arguments?: unknown;
			namespace?: unknown;
		} = {},
	): RouteDecision {
		const sent = callNameOf(name, options.namespace);
		const known = this.knownName(sent);
		if (known !== undefined) return { kind: "known", sent, name: known };
		const decision = this.#decide(sent, options.arguments);
		if (decision.kind === "known" || options.report === false) return decision;
		this.#onDecision?.(decision);
		return decision;
	}

	/**
	 * The `Did you mean …?` sentence for a name the upstream did not find, even one that is
	 * known (a held wire name whose tool is gone): never a correction. Never reports.
	 *
	 * @param sent - the name a caller sent
	 * @param args - the call's arguments (resolution rule 7), when known
	 * @returns the hint, or `undefined` when nothing else is close
	 */
	hint(sent: string, args?: unknown): string | undefined {
		if (!isName(sent)) return undefined;
		const candidates = this.#currentCandidates();
		if (candidates === undefined) return undefined;
		const resolution = this.#resolveAgainst(sent, candidates, args);
		return hintOf(sent, suggestionsOf(resolution), resolution);
	}

	#decide(sent: string, args: unknown): RouteDecision {
		const none: Resolution = { kind: "none", input: String(sent) };
		if (!isName(sent))
			return { kind: "unknown", sent, name: sent, resolution: none };
		const candidates = this.#currentCandidates();
		if (candidates === undefined)
			return { kind: "unknown", sent, name: sent, resolution: none };
		const resolution = this.#resolveAgainst(sent, candidates, args);
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
		const hint = hintOf(sent, suggestions, resolution);
		if (hint === undefined)
			return { kind: "unknown", sent, name: sent, resolution };
		const message = formatResolution(
			resolution.kind === "suggest" && resolution.reason === "arguments"
				? resolution
				: { kind: "suggest", input: sent, suggestions, reason: "too-far" },
		) as string;
		return { kind: "unknown", sent, name: sent, resolution, hint, message };
	}

	#resolveAgainst(
		sent: string,
		candidates: Candidates,
		args?: unknown,
	): Resolution {
		return resolveName(sent, candidates.index, {
			...this.#resolve,
			arguments: args as Record<string, unknown> | undefined,
			...(candidates.servers === undefined
				? {}
				: { servers: candidates.servers }),
			// A candidate without an entry was issued by the codec for a tool whose annotations
			// were never seen: a hint only.
			isProtected: (candidate) =>
				candidates.tools.get(candidate)?.protected !== false,
		});
	}

	/**
	 * Takes a pending relisting in: its schemas replace the catalog's (a new version, so a new
	 * index) only when they say something else; equal schemas leave the catalog, and so the
	 * index, as they are.
	 */
	#settle(): void {
		const relisted = this.#relisted;
		if (relisted === undefined) return;
		this.#relisted = undefined;
		if (!sameSchemas(relisted, this.#tools, true)) this.#replace(relisted);
	}

	/**
	 * The names of the catalog (as wire names when there is a codec), indexed once per
	 * catalog version; with no catalog yet, every wire name the codec issued.
	 */
	#currentCandidates(): Candidates | undefined {
		this.#settle();
		this.#candidates = candidatesOf(
			{
				codec: this.#codec,
				byName: this.#byName,
				version: this.#version,
				servers: this.#resolve.servers,
			},
			this.#candidates,
		);
		return this.#candidates;
	}
}

// Small pure parts of the router: call names, hint sentences, catalog comparison, option copies.

/**
 * The name a call means when it carries a namespace: OpenAI's Responses API groups tools in
 * `namespace` tools and sends `namespace` beside `name` on a `function_call`; Anthropic's and
 * Gemini's hosted MCP calls carry `server_name`. `namespace/name`, or `name` alone when the
 * namespace is missing, empty or equal to the name: the OpenAI SDK's own parser reads
 * `namespace === name` as the top-level tool of that name, and a host that glues the two
 * (`exec_commandexec_command`) is resolution rule 9.
 */
function callNameOf(name: string, namespace: unknown): string {
	return typeof namespace === "string" &&
		namespace !== "" &&
		namespace !== name &&
		typeof name === "string"
		? `${namespace}/${name}`
		: name;
}

/** The names a resolution offers the caller, corrected or suggested. */
function suggestionsOf(resolution: Resolution): string[] {
	if (resolution.kind === "corrected") return [resolution.name];
	if (resolution.kind === "suggest") return resolution.suggestions;
	return [];
}

/**
 * The hint sentence for names a caller may have meant, or `undefined` for none; saying which
 * names cannot take the call's arguments when that is why (`resolution` of reason
 * `arguments`).
 */
function hintOf(
	input: string,
	suggestions: string[],
	resolution?: Resolution,
): string | undefined {
	if (suggestions.length === 0) return undefined;
	return formatResolution(
		resolution?.kind === "suggest" && resolution.reason === "arguments"
			? { ...resolution, input, suggestions }
			: { kind: "suggest", input, suggestions, reason: "too-far" },
		{ prefix: "" },
	);
}

function isEntry(value: unknown): value is ToolEntry {
	return (
		isRecord(value) &&
		isName(value.name) &&
		typeof value.protected === "boolean"
	);
}

/** Whether two catalogs list the same tools, in the same order, protected alike. */
function sameTools(a: readonly ToolEntry[], b: readonly ToolEntry[]): boolean {
	if (a.length !== b.length) return false;
	for (let i = 0; i < a.length; i++) {
		const x = a[i] as ToolEntry;
		const y = b[i] as ToolEntry;
		if (x.name !== y.name || x.known !== y.known || x.protected !== y.protected)
			return false;
	}
	return true;
}

/**
 * Whether the same tools list the same schemas: the same objects, or with `deep`, equal
 * JSON values.
 */
function sameSchemas(
	a: readonly ToolEntry[],
	b: readonly ToolEntry[],
	deep: boolean,
): boolean {
	for (let i = 0; i < a.length; i++) {
		const x = (a[i] as ToolEntry).inputSchema;
		const y = (b[i] as ToolEntry).inputSchema;
		if (x !== y && !(deep && sameSchema(x, y))) return false;
	}
	return true;
}

/**
 * Whether two listed schemas say the same (a listing parses fresh objects each time): equal
 * JSON values, members in any order. Compared in place, since a server lists its whole
 * catalog on every `tools/list`; anything else (a cycle, a class instance, past 64 levels)
 * counts as changed, which costs a rebuild and never a stale schema.
 */
function sameSchema(a: unknown, b: unknown, depth = 0): boolean {
	if (a === b) return true;
	if (
		typeof a !== "object" ||
		typeof b !== "object" ||
		a === null ||
		b === null ||
		depth > 64
	)
		return false;
	if (Array.isArray(a)) {
		if (!Array.isArray(b) || a.length !== b.length) return false;
		for (let i = 0; i < a.length; i++)
			if (!sameSchema(a[i], b[i], depth + 1)) return false;
		return true;
	}
	if (Array.isArray(b) || !isPlain(a) || !isPlain(b)) return false;
	const keys = Object.keys(a);
	if (keys.length !== Object.keys(b).length) return false;
	for (const key of keys)
		if (!Object.hasOwn(b, key) || !sameSchema(a[key], b[key], depth + 1))
			return false;
	return true;
}

function isPlain(value: object): value is Record<string, unknown> {
	const prototype = Object.getPrototypeOf(value);
	return prototype === Object.prototype || prototype === null;
}

/** A copy whose iterables are arrays, so a generator is not used up by the first call. */
function copyResolveOptions(
	options: RouterResolveOptions | undefined,
): RouterResolveOptions {
	if (!isRecord(options)) return {};
	const copy: Record<string, unknown> = { ...options };
	for (const key of ["verbs", "servers"]) {
		const value = copy[key];
		if (
			typeof value === "object" &&
			value !== null &&
			typeof (value as Iterable<unknown>)[Symbol.iterator] === "function"
		)
			copy[key] = [...(value as Iterable<unknown>)];
	}
	return copy as RouterResolveOptions;
}
