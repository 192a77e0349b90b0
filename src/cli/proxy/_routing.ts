// The proxy's one door to the routing policy: the shared WireRewriter (and through it the
// ToolRouter of src/adapters/routing). Nothing in the proxy decides where a call goes.
import {
	type Protection,
	type RewriterSnapshot,
	WireRewriter,
} from "../../adapters/jsonrpc/index.js";
import type { ProfileName, WireNameCodec } from "../../index.js";

export type { Protection };

/** One routing decision the proxy reports: a correction, or a name it could not route. */
export interface RoutingDecision {
	kind: "corrected" | "unknown";
	/** The name the client sent. */
	input: string;
	/** Where the call goes (canonical), or the name passed on unchanged. */
	name: string;
	/** A ready one-line message. */
	message: string;
}

/** Options of {@link createRouting}. */
export interface RoutingOptions {
	profile: ProfileName;
	/** Restore this state (codec and catalog with each tool's protection). */
	snapshot?: RewriterSnapshot;
	correct: boolean;
	mode: "safe" | "mcporter";
	protection: Protection;
	onDecision: (decision: RoutingDecision) => void;
}

/** What the proxy asks of the routing policy. */
export interface ProxyRouting {
	readonly codec: WireNameCodec;
	/** Rewrites a parsed message from the client; the same object when unchanged. */
	clientToServer(message: unknown): unknown;
	/** Rewrites a parsed message from the upstream; the same object when unchanged. */
	serverToClient(message: unknown): unknown;
	/** The state to save: codec and catalog, each tool with its protection. */
	snapshot(): RewriterSnapshot;
	/** Grows whenever the catalog or the codec's assignments change. */
	version(): number;
}

/** Builds the routing of one client session on the shared WireRewriter. */
export function createRouting(options: RoutingOptions): ProxyRouting {
	const rewriter = new WireRewriter({
		...(options.snapshot === undefined
			? { profile: options.profile }
			: { snapshot: options.snapshot }),
		resolve: options.correct,
		mode: options.mode,
		protection: options.protection,
		rewriteDescriptions: true,
		onDecision: (decision) => {
			if (decision.kind === "known") return;
			options.onDecision({
				kind: decision.kind,
				input: decision.sent,
				name: decision.name,
				message:
					decision.message ??
					`[mcp-tool-names] Unknown tool ${JSON.stringify(decision.sent)}; passed on to the server unchanged.`,
			});
		},
	});
	return {
		codec: rewriter.codec,
		clientToServer: rewriter.clientToServer,
		serverToClient: rewriter.serverToClient,
		snapshot: () => rewriter.toJSON(),
		version: () => rewriter.version,
	};
}
