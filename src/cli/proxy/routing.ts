// The proxy's one door to the routing policy: the shared WireRewriter (and through it the
// ToolRouter of src/adapters/routing). Nothing in the proxy decides where a call goes.
import {
	type Protection,
	type RewriterSnapshot,
	WireRewriter,
} from "../../adapters/jsonrpc/index.js";
import type { SharedCodec } from "../../adapters/redis/index.js";
import type { ProfileName, WireNameCodec } from "../../index.js";
import type { ProxyLogger } from "./log.js";

/** Options of {@link createRouting}. */
interface RoutingOptions {
	profile: ProfileName;
	/** Characters kept free for the host's prefix (`--host`, `--reserve`); a snapshot holds its own. */
	reserve?: number;
	/** Restore this state (codec and catalog with each tool's protection). */
	snapshot?: RewriterSnapshot | undefined;
	/** Shared wire names (`--store`): its codec, claims and read-through. Not with `snapshot`. */
	store?: SharedCodec | undefined;
	correct: boolean;
	mode: "safe" | "mcporter";
	protection: Protection;
	/** What users call the server (`--server-name`), besides its `serverInfo.name`. */
	servers?: readonly string[] | undefined;
	/** Where each correction, and each name it could not route, is reported. */
	log: ProxyLogger;
}

/** What the proxy asks of the routing policy. */
export interface ProxyRouting {
	readonly codec: WireNameCodec;
	/**
	 * With a store, what to await before rewriting `message` (a claim, a read-through), in
	 * message order; `undefined` when nothing (always without a store). Never throws: a
	 * failure is a rejected promise.
	 */
	prepare(
		message: unknown,
		from: "client" | "server",
	): Promise<void> | undefined;
	/**
	 * The upstream's name (its `serverInfo.name`), so that the prefixes clients put before a
	 * tool name (`<server>_tool`, `mcp__<server>__tool`) are recognised.
	 */
	learnServer(name: string): void;
	/** Rewrites a parsed message from the client; the same object when unchanged. */
	clientToServer(message: unknown): unknown;
	/** Rewrites a parsed message from the upstream; the same object when unchanged. */
	serverToClient(message: unknown): unknown;
	/** The state to save: codec and catalog, each tool with its protection. */
	snapshot(): RewriterSnapshot;
	/** Grows whenever the catalog or the codec's assignments change. */
	version(): number;
}

/**
 * Builds the routing of one client session on the shared WireRewriter. Learning the
 * server's name (from the answer to `initialize`) adds it to that rewriter in place, so
 * whatever it tracks for requests in flight (a `tools/list` a client pipelined behind
 * `initialize`, the hint for a pending call, sampling round trips) is kept.
 */
export function createRouting(options: RoutingOptions): ProxyRouting {
	const { snapshot, store } = options;
	const rewriter = new WireRewriter({
		...(store !== undefined
			? { store }
			: snapshot === undefined
				? { profile: options.profile, reserve: options.reserve ?? 0 }
				: { snapshot }),
		resolve: options.correct,
		mode: options.mode,
		protection: options.protection,
		rewriteDescriptions: true,
		onDecision: (decision) => {
			if (decision.kind === "known") return;
			options.log({
				event: decision.kind,
				message:
					decision.message ??
					`[mcp-tool-names] Unknown tool ${JSON.stringify(decision.sent)}; passed on to the server unchanged.`,
				input: decision.sent,
				name: decision.name,
			});
		},
	});
	const learn = (name: string): void => {
		if (name.trim() === "") return;
		// `mcp-servers/everything` is `everything` to its users: learn the last segment too.
		const last = name.slice(name.lastIndexOf("/") + 1);
		rewriter.addServers(last.trim() === "" ? [name] : [name, last]);
	};
	for (const name of options.servers ?? []) learn(name);
	return {
		codec: rewriter.codec,
		prepare(message, from) {
			try {
				return rewriter.prepare(message, from);
			} catch (error) {
				return Promise.reject(error);
			}
		},
		learnServer: learn,
		clientToServer: rewriter.clientToServer,
		serverToClient: rewriter.serverToClient,
		snapshot: () => rewriter.toJSON(),
		version: () => rewriter.version,
	};
}
