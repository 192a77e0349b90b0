import type { SharedCodec } from "../../../core/shared-codec.js";
import type {
	CodecSnapshot,
	Resolution,
	ResolveOptions,
	WireNameCodec,
	WireNameCodecOptions,
} from "../../../index.js";
import type { RouteDecision } from "../../routing/router.js";
import type { Protection } from "../../routing/tool-entry.js";

/**
 * Options of a {@link WireRewriter}. `profile`, `reserve` and `onDiagnostic` configure the
 * codec the rewriter creates; pass `codec` instead to share one (e.g. from a `CodecRegistry`), or
 * `snapshot` to restore one with its catalog. The resolution fields (`mode`, `limit`,
 * `verbs`, `servers`) are those of `resolveName`.
 *
 * @example
 * ```ts
 * const options: WireRewriterOptions = { profile: "portable", resolve: true, onCorrection: console.warn };
 * ```
 */
export interface WireRewriterOptions
	extends WireNameCodecOptions,
		Omit<ResolveOptions, "isProtected"> {
	/** The codec to use; default: a new one built from `profile` and `onDiagnostic`. */
	codec?: WireNameCodec;
	/**
	 * Shared state for many replicas (a `SharedCodec` from `mcp-tool-names/redis`): its codec
	 * is used, new names are claimed in its store before a message carrying them goes out, and
	 * a called name nobody here knows is read from it first. Call {@link WireRewriter.prepare}
	 * before each rewrite (`wrapTransport` does). Not together with `codec`, `profile`,
	 * `onDiagnostic` or `snapshot`.
	 */
	store?: SharedCodec;
	/**
	 * A {@link WireRewriter.toJSON} snapshot to restore: its codec (with `profile` and
	 * `onDiagnostic` applied, as `WireNameCodec.fromJSON` takes them) and its catalog with
	 * each tool's protection, so the destructive guard holds before any `tools/list`. Not
	 * together with `codec`.
	 */
	snapshot?: RewriterSnapshot;
	/**
	 * Auto-correct unknown `tools/call` names by the resolution rules (never onto a protected
	 * tool, see `protection`); default `false`.
	 */
	resolve?: boolean;
	/**
	 * Which tools are never auto-corrected to. `destructive-hint` (default): those whose
	 * `annotations.destructiveHint` is `true`. `unless-read-only`: the MCP specification's
	 * reading, every tool not marked `readOnlyHint: true` or `destructiveHint: false` (on 30
	 * real servers, 316 of 540 tools rather than 77). A tool whose annotations were never seen
	 * (primed by name only) is protected either way.
	 */
	protection?: Protection;
	/**
	 * How many unanswered requests of each kind are remembered (`tools/list`, sampling, and
	 * `tools/call` with a name that matched no tool, for the hint), oldest dropped first;
	 * default 1024.
	 */
	maxPending?: number;
	/** Also rewrite canonical names in tool descriptions into wire names; default `false`. */
	rewriteDescriptions?: boolean;
	/** Called with a ready message for every name `resolve` corrected. */
	onCorrection?: (message: string, resolution: Resolution) => void;
	/**
	 * Called for every routing decision on an unknown name: a correction, a hint, or a name
	 * left as sent. Setting it makes the rewriter resolve unknown names even without `resolve`.
	 */
	onDecision?: (decision: RouteDecision) => void;
}

/**
 * What {@link WireRewriter.toJSON} returns: the codec's snapshot and the catalog the
 * rewriter routes against, with each tool's protection, as plain JSON.
 *
 * @example
 * ```ts
 * const snapshot: RewriterSnapshot = JSON.parse(await readFile("names.json", "utf8"));
 * const rewriter = new WireRewriter({ snapshot, resolve: true });
 * ```
 */
export interface RewriterSnapshot {
	version: 1;
	codec: CodecSnapshot;
	/** `[canonical name, protected]` for every tool of the catalog, in listed order. */
	tools: Array<[name: string, isProtected: boolean]>;
}
