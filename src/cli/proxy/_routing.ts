// The proxy's one door to the routing policy. Today it drives the public WireRewriter; when
// the shared ToolRouter and the WireRewriter's `prime`, `mode`, `protection` and `onDecision`
// land, this file swaps to them and nothing else in the proxy changes.

import { WireRewriter } from "../../adapters/jsonrpc/index.js";
import type { ProfileName, WireNameCodec } from "../../index.js";

/** How tools are protected from auto-correction. */
export type Protection = "destructive-hint" | "unless-read-only";

/** One routing decision the proxy reports: a correction, or a call it could not route. */
export interface RoutingDecision {
	kind: "corrected" | "unknown";
	/** The name the client sent. */
	input: string;
	/** The canonical name the call goes to (corrections only). */
	name?: string;
	/** A ready one-line message. */
	message: string;
}

/** A tool as the proxy remembers it: canonical name and whether it is protected. */
export interface KnownTool {
	name: string;
	protected: boolean;
}

/** Options of {@link createRouting}. */
export interface RoutingOptions {
	profile: ProfileName;
	codec?: WireNameCodec;
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
	/** Teaches the policy a catalog (with protection) without a client asking for it. */
	prime(tools: readonly KnownTool[]): void;
	/** The last catalog seen, with each tool's protection. */
	tools(): KnownTool[];
}

const PRIME_ID = "mcp-tool-names/prime";

/** Builds the proxy's routing on the shared WireRewriter. */
export function createRouting(options: RoutingOptions): ProxyRouting {
	const rewriter = new WireRewriter({
		...(options.codec === undefined
			? { profile: options.profile }
			: { codec: options.codec }),
		resolve: options.correct,
		rewriteDescriptions: true,
		onCorrection: (message, resolution) => {
			if (resolution.kind !== "corrected") return;
			options.onDecision({
				kind: "corrected",
				input: resolution.input,
				name: resolution.name,
				message,
			});
		},
	});
	const codec = rewriter.codec;
	/** tools/list ids in flight (the client's and the proxy's), → "first page". */
	const lists = new Map<string | number, boolean>();
	let catalog = new Map<string, boolean>();
	let primes = 0;

	const teach = (tools: readonly unknown[], first: boolean): void => {
		if (first) catalog = new Map();
		const page: unknown[] = [];
		for (const tool of tools) {
			if (!isRecord(tool) || typeof tool.name !== "string") continue;
			const guarded = isProtected(tool.annotations, options.protection);
			catalog.set(tool.name, guarded);
			page.push({
				name: tool.name,
				annotations: { destructiveHint: guarded },
			});
		}
		// The rewriter learns a catalog, annotations included, from a list it answers.
		const id = `${PRIME_ID}/${++primes}`;
		rewriter.clientToServer({
			jsonrpc: "2.0",
			id,
			method: "tools/list",
			...(first ? {} : { params: { cursor: "next" } }),
		});
		rewriter.serverToClient({ jsonrpc: "2.0", id, result: { tools: page } });
	};

	const fromClient = (message: unknown): unknown => {
		if (!isRecord(message)) return message;
		const id = message.id;
		if (message.method === "tools/list" && isId(id)) {
			const params = message.params;
			lists.set(id, !isRecord(params) || typeof params.cursor !== "string");
		}
		const out = rewriter.clientToServer(message);
		if (message.method === "tools/call" && isRecord(message.params)) {
			const name = message.params.name;
			const sent =
				isRecord(out) && isRecord(out.params) ? out.params.name : name;
			if (typeof name === "string" && sent === name && !isKnown(name)) {
				options.onDecision({
					kind: "unknown",
					input: name,
					message: `[mcp-tool-names] Unknown tool ${JSON.stringify(name)}; passed on to the server unchanged.`,
				});
			}
		}
		return out;
	};

	const isKnown = (name: string): boolean =>
		catalog.has(name) ||
		codec.lookup(name) !== undefined ||
		codec.wireNameOf(name) !== undefined;

	const fromServer = (message: unknown): unknown => {
		const out = rewriter.serverToClient(message);
		if (!isRecord(message) || !isId(message.id)) return out;
		const first = lists.get(message.id);
		if (first === undefined) return out;
		lists.delete(message.id);
		const result = message.result;
		if (isRecord(result) && Array.isArray(result.tools))
			teach(result.tools, first);
		return out;
	};

	return {
		codec,
		clientToServer: (message) => mapBatch(message, fromClient),
		serverToClient: (message) => mapBatch(message, fromServer),
		prime: (tools) =>
			teach(
				tools.map((tool) => ({
					name: tool.name,
					annotations: tool.protected
						? { destructiveHint: true }
						: { readOnlyHint: true, destructiveHint: false },
				})),
				true,
			),
		tools: () =>
			[...catalog].map(([name, guarded]) => ({ name, protected: guarded })),
	};
}

function isProtected(annotations: unknown, protection: Protection): boolean {
	if (!isRecord(annotations)) return protection === "unless-read-only";
	if (annotations.destructiveHint === true) return true;
	if (protection === "destructive-hint") return false;
	return !(
		annotations.readOnlyHint === true || annotations.destructiveHint === false
	);
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isId(value: unknown): value is string | number {
	return typeof value === "string" || typeof value === "number";
}

/** Maps the elements of a batch (or one message); the input itself when nothing changed. */
function mapBatch(message: unknown, map: (m: unknown) => unknown): unknown {
	if (!Array.isArray(message)) return map(message);
	let copy: unknown[] | undefined;
	for (let i = 0; i < message.length; i++) {
		const element: unknown = message[i];
		const next = map(element);
		if (next !== element) {
			copy ??= [...message];
			copy[i] = next;
		}
	}
	return copy ?? message;
}
