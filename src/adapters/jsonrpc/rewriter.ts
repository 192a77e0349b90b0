import { invalidArgument, isName, isRecord } from "../../core/_guards.js";
import type { SharedCodec } from "../../core/shared-codec.js";
import {
	isMcpToolNamesError,
	type Resolution,
	type WireNameCodec,
} from "../../index.js";
import type { ToolRouter } from "../routing/router.js";
import { type Protection, toolEntriesOf } from "../routing/tool-entry.js";
import { BoundedMap } from "./_bounded-map.js";
import {
	type JsonRecord,
	type MessageId,
	mapBatch,
	trackableId,
	withEntry,
} from "./_message.js";
import { setUpRewriter } from "./_rewriter-setup.js";
import { snapshotOf } from "./_rewriter-snapshot.js";
import {
	decodeInputResponses,
	decodeSamplingResult,
	encodeInputRequests,
	encodeSamplingRequest,
	SAMPLING_METHOD,
} from "./_sampling.js";
import { refreshFor, syncFor } from "./_store-wait.js";
import { encodeToolList, mapField } from "./_tools.js";
import type {
	RewriterSnapshot,
	WireRewriterOptions,
} from "./rewriter-options.js";

const FN = "WireRewriter";

/** A `tools/list` request waiting for its result. */
interface PendingList {
	/** No `cursor`: the result starts a fresh catalog rather than adding a page. */
	first: boolean;
}

/**
 * Rewrites raw JSON-RPC messages at a boundary between canonical tool names (the server
 * side) and wire names (the client and its model): `tools/list` results, matched by request
 * id, go out with wire names; `tools/call` names come back canonical; sampling requests with
 * tools and their `tool_use` results are mapped the same way. A message that carries no tool
 * name comes back as the same object, a rewritten one is a copy, and malformed input passes
 * through without throwing. Both methods are bound, so they can be passed as callbacks.
 *
 * @example
 * ```ts
 * const rewriter = new WireRewriter();
 * rewriter.clientToServer({ jsonrpc: "2.0", id: 1, method: "tools/list" });
 * rewriter.serverToClient({ jsonrpc: "2.0", id: 1, result: { tools: [{ name: "a/b", inputSchema }] } });
 * // → result.tools[0].name === "a_b"
 * rewriter.clientToServer({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "a_b" } });
 * // → params.name === "a/b"
 * ```
 */
export class WireRewriter {
	/** The codec that assigns and reverses wire names. */
	readonly codec: WireNameCodec;
	readonly #store: SharedCodec | undefined;
	readonly #router: ToolRouter;
	readonly #resolve: boolean;
	readonly #protection: Protection;
	readonly #rewriteDescriptions: boolean;
	readonly #onCorrection:
		| ((message: string, resolution: Resolution) => void)
		| undefined;
	readonly #routesUnknown: boolean;
	/** Client-issued `tools/list` ids awaiting the server's answer. */
	readonly #lists: BoundedMap<MessageId, PendingList>;
	/** Server-issued `sampling/createMessage` ids awaiting the client's answer. */
	readonly #samplings: BoundedMap<MessageId, true>;

	/**
	 * @param options - codec (or its profile, or a snapshot), resolution, bounds and callbacks
	 * @throws McpToolNamesError `invalid-option` for a malformed option, or `codec` together
	 * with `profile`, `onDiagnostic` or `snapshot`; `invalid-profile` for an unknown profile;
	 * `invalid-snapshot` for a malformed snapshot
	 */
	constructor(options: WireRewriterOptions = {}) {
		const setup = setUpRewriter(options);
		this.codec = setup.codec;
		this.#store = setup.store;
		this.#router = setup.router;
		this.#resolve = setup.resolve;
		this.#protection = setup.protection;
		this.#rewriteDescriptions = setup.rewriteDescriptions;
		this.#onCorrection = setup.onCorrection;
		this.#routesUnknown = setup.routesUnknown;
		const { maxPending } = setup;
		this.#lists = new BoundedMap(maxPending);
		this.#samplings = new BoundedMap(maxPending);
		this.serverToClient = this.serverToClient.bind(this);
		this.clientToServer = this.clientToServer.bind(this);
	}

	/**
	 * With a `store`, what to await before rewriting a message: from the server, the claim of
	 * the names it would give wire names; from the client, a read of the store when a
	 * `tools/call` names a tool nobody here knows. `undefined` when there is nothing to wait
	 * for (always without a store). The promise rejects with McpToolNamesError
	 * `store-unavailable`, `profile-mismatch` or `assignment-conflict`.
	 *
	 * @param message - the message about to be rewritten, parsed
	 * @param from - who sent it
	 * @returns a promise to await before the rewrite, or `undefined`
	 * @example
	 * ```ts
	 * await rewriter.prepare(message, "server");
	 * client.send(rewriter.serverToClient(message));
	 * ```
	 */
	prepare(
		message: unknown,
		from: "client" | "server",
	): Promise<void> | undefined {
		const store = this.#store;
		if (store === undefined) return undefined;
		return from === "server"
			? syncFor(store, message, (id) => this.#lists.has(id))
			: refreshFor(store, message, this.#router);
	}

	/**
	 * Grows whenever the catalog or the codec's assignments change, so a proxy can save a
	 * {@link WireRewriter.toJSON} snapshot on change without polling the codec.
	 */
	get version(): number {
		return this.#router.version + this.codec.size;
	}

	/**
	 * Primes the rewriter with the upstream's tools, annotations included, as a `tools/list`
	 * through it would: their wire names are assigned (the same ones a listing derives, since
	 * assignment is deterministic) and calls that arrive before any list decode and are
	 * guarded. A bare name is accepted too, but a tool whose annotations were never seen is
	 * never a correction target (a hint only).
	 *
	 * @param tools - the upstream's tool objects (every page), or names
	 * @param options - `append` to add a page rather than replace the catalog
	 * @returns with a `store`, a promise settled once the names are claimed there; else
	 * `undefined`
	 * @throws McpToolNamesError `invalid-argument` when `tools` is not an array
	 * @example
	 * ```ts
	 * const { tools } = await upstream.listTools(); // canonical names, not a wrapped client
	 * rewriter.prime(tools);
	 * ```
	 */
	prime(
		tools: readonly unknown[],
		options: { append?: boolean } = {},
	): Promise<void> | undefined {
		if (!Array.isArray(tools))
			throw invalidArgument(`${FN}.prime`, "tools", "an array of tools", tools);
		const entries = toolEntriesOf(tools, this.#protection);
		const append = isRecord(options) && options.append === true;
		const set = () => this.#router.setTools(entries, { append });
		// With a store, the names are claimed there first, so every replica primes alike.
		if (this.#store === undefined) return void set();
		return this.#store.sync(entries.map((entry) => entry.name)).then(set);
	}

	/**
	 * The rewriter's state as plain JSON: the codec's snapshot and the catalog with each
	 * tool's protection; restore it with the `snapshot` option.
	 *
	 * @returns a versioned snapshot
	 * @example
	 * ```ts
	 * await writeFile("names.json", JSON.stringify(rewriter));
	 * const restored = new WireRewriter({ snapshot: JSON.parse(await readFile("names.json", "utf8")) });
	 * ```
	 */
	toJSON(): RewriterSnapshot {
		return snapshotOf(this.codec, this.#router.tools);
	}

	/**
	 * Rewrites a message travelling from the server to the client: the result of a pending
	 * `tools/list` request gets wire names (`nextCursor` and everything else kept), and so do
	 * the tools of a `sampling/createMessage` request. Batches are rewritten element-wise.
	 *
	 * @param message - a JSON-RPC message or batch, parsed; anything else passes through
	 * @returns `message` itself when nothing changed, otherwise a rewritten copy
	 * @example
	 * ```ts
	 * const out = rewriter.serverToClient(JSON.parse(line));
	 * process.stdout.write(`${JSON.stringify(out)}\n`);
	 * ```
	 */
	serverToClient<M>(message: M): M {
		try {
			return mapBatch(message, (element) => this.#fromServer(element)) as M;
		} catch (error) {
			throw unreadable("serverToClient", message, error);
		}
	}

	/**
	 * Rewrites a message travelling from the client to the server: remembers the ids of
	 * `tools/list` requests, maps `tools/call` names back to canonical names (and, with
	 * `resolve`, corrects near misses), and decodes the `tool_use` names of sampling results.
	 * Batches are rewritten element-wise.
	 *
	 * @param message - a JSON-RPC message or batch, parsed; anything else passes through
	 * @returns `message` itself when nothing changed, otherwise a rewritten copy
	 * @throws whatever `onCorrection` or `onDecision` throws; never because of the message
	 * @example
	 * ```ts
	 * const call = { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "a_b" } };
	 * rewriter.clientToServer(call).params.name; // "a/b", once "a/b" was listed
	 * ```
	 */
	clientToServer<M>(message: M): M {
		try {
			return mapBatch(message, (element) => this.#fromClient(element)) as M;
		} catch (error) {
			throw unreadable("clientToServer", message, error);
		}
	}

	#fromServer(message: unknown): unknown {
		if (!isRecord(message)) return message;
		const id = trackableId(message);
		const method = message.method;
		if (typeof method === "string") {
			if (id !== undefined) this.#samplings.delete(id);
			if (method !== SAMPLING_METHOD || !isRecord(message.params))
				return message;
			if (id !== undefined) this.#samplings.set(id, true);
			return encodeSamplingRequest(
				this.codec,
				message,
				this.#rewriteDescriptions,
			);
		}
		if (id === undefined) return message;
		const list = this.#lists.take(id);
		const result = message.result;
		if (!isRecord(result)) return message;
		if (list === undefined)
			return encodeInputRequests(
				this.codec,
				message,
				this.#rewriteDescriptions,
			);
		const tools = result.tools;
		if (!Array.isArray(tools)) return message;
		this.#router.setTools(toolEntriesOf(tools, this.#protection), {
			append: !list.first,
		});
		const encoded = encodeToolList(
			this.codec,
			tools,
			this.#rewriteDescriptions,
		);
		return encoded === undefined
			? message
			: { ...message, result: withEntry(result, "tools", encoded) };
	}

	#fromClient(message: unknown): unknown {
		if (!isRecord(message)) return message;
		const id = trackableId(message);
		const method = message.method;
		if (typeof method !== "string") {
			// A response: only answers to sampling requests carry tool names.
			if (id === undefined || this.#samplings.take(id) === undefined)
				return message;
			return isRecord(message.result)
				? mapField(message, "result", (result) =>
						decodeSamplingResult(this.codec, result as JsonRecord),
					)
				: message;
		}
		if (id !== undefined) {
			if (method === "tools/list") {
				const params = message.params;
				this.#lists.set(id, {
					first: !isRecord(params) || typeof params.cursor !== "string",
				});
				return message;
			}
			// The id now names another request; a late answer must not be taken for a list.
			this.#lists.delete(id);
		}
		const params = message.params;
		if (!isRecord(params)) return message;
		let next = params;
		if (method === "tools/call") {
			const name = this.#canonicalName(params.name);
			if (name !== undefined) next = withEntry(next, "name", name);
		}
		next = decodeInputResponses(this.codec, next);
		return next === params ? message : { ...message, params: next };
	}

	/** The canonical name to route a called name to, or `undefined` to keep it. */
	#canonicalName(name: unknown): string | undefined {
		if (!isName(name)) return undefined;
		const router = this.#router;
		const known = router.knownName(name);
		if (known !== undefined) return known === name ? undefined : known;
		if (!this.#routesUnknown) return undefined;
		const decision = router.route(name);
		if (decision.kind === "corrected")
			this.#onCorrection?.(decision.message, decision.resolution);
		return decision.name === name ? undefined : decision.name;
	}
}

/**
 * What to throw when a rewrite failed: a callback's own error as it is, but an error from
 * reading a message that is no JSON value (a Proxy, a getter that throws) becomes
 * `invalid-argument`, so nothing foreign escapes and no call goes on half-rewritten.
 * Only the failure path pays for the check.
 */
function unreadable(method: string, message: unknown, error: unknown): unknown {
	if (isMcpToolNamesError(error)) return error;
	try {
		JSON.stringify(message);
		return error;
	} catch {
		return invalidArgument(
			`WireRewriter.${method}`,
			"message",
			"a JSON-RPC message or batch",
			message,
			error,
		);
	}
}
