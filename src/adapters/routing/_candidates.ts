// The names a ToolRouter resolves against: the catalog's (as wire names when there is a
// codec), indexed once per catalog version, or with no catalog yet every wire name the codec
// issued (a call right after a restart), each a hint only.
import { NameIndex, type WireNameCodec } from "../../index.js";
import type { ToolEntry } from "./tool-entry.js";

// Longer names are never correction targets: no model echoes them, and indexing one costs
// time and memory that grow with its length.
const MAX_CANDIDATE_LENGTH = 1024;

/** The names resolution runs against, for one catalog version. */
export interface Candidates {
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

/** What the candidates are derived from: a router's state. */
interface CandidateSource {
	codec: WireNameCodec | undefined;
	/** Canonical name → its entry: the catalog. */
	byName: ReadonlyMap<string, ToolEntry>;
	/** The catalog's version. */
	version: number;
	/** The server names the caller configured. */
	servers: Iterable<string> | undefined;
}

/**
 * The candidates for `state`: `previous` itself when it was built from the same catalog
 * version (or the same codec size), else a fresh index; `undefined` when there is nothing
 * to resolve against.
 */
export function candidatesOf(
	state: CandidateSource,
	previous: Candidates | undefined,
): Candidates | undefined {
	const { codec, byName } = state;
	if (byName.size > 0) {
		const source = `c${state.version}`;
		if (previous?.source === source) return previous;
		const tools = new Map<string, ToolEntry>();
		for (const entry of byName.values()) {
			const candidate =
				entry.known ?? codec?.wireNameOf(entry.name) ?? entry.name;
			if (candidate.length <= MAX_CANDIDATE_LENGTH) tools.set(candidate, entry);
		}
		const listed = [...tools].map(([name, entry]) =>
			entry.inputSchema === undefined
				? name
				: { name, inputSchema: entry.inputSchema },
		);
		return {
			source,
			index: new NameIndex(listed),
			tools,
			servers: serversWith(
				state,
				byName.keys(),
				[...byName.values()].some((entry) => entry.known !== undefined),
			),
		};
	}
	if (codec === undefined || codec.size === 0) return undefined;
	const source = `w${codec.size}`;
	if (previous?.source === source) return previous;
	const wires: string[] = [];
	const canonicals: string[] = [];
	for (const [canonical, wire] of codec.entries()) {
		canonicals.push(canonical);
		if (wire.length <= MAX_CANDIDATE_LENGTH) wires.push(wire);
	}
	return {
		source,
		index: new NameIndex(wires),
		tools: new Map(),
		servers: serversWith(state, canonicals, false),
	};
}

/**
 * The configured servers and, when the names callers know are not the canonical ones (a codec's
 * wire names, a host framework's names), the namespaces of the canonical `names`; `undefined`
 * for none.
 */
function serversWith(
	state: CandidateSource,
	names: Iterable<string>,
	renamed: boolean,
): readonly string[] | undefined {
	const servers = new Set<string>();
	if (state.servers !== undefined)
		for (const server of state.servers) servers.add(server);
	if (state.codec !== undefined || renamed)
		for (const name of names)
			for (const namespace of namespacesOf(name)) servers.add(namespace);
	return servers.size === 0 ? undefined : [...servers];
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
