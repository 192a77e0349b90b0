// The WireRewriter and its own state: options, the listed catalog (client `tools/list` ids
// and what their answers set) and where a called name goes. Each other file of this folder
// holds one concern it uses, and imports nothing back: _call-hints (the "Did you mean"
// on a not-found answer), _sampling (sampling requests with tools, and their results),
// _tool-lists (wire names in tool lists and `tool_use` blocks), _store-wait (what to await
// with a shared store), _snapshot (the snapshot format), _bounded-map, and options (the
// public option and snapshot types).
import {
	booleanOption,
	checkOptions,
	functionOption,
	invalidArgument,
	isName,
	isRecord,
	listArgument,
	positiveIntegerOption,
} from "../../../core/guards.js";
import type { SharedCodec } from "../../../core/shared-codec.js";
import {
	McpToolNamesError,
	type Resolution,
	type WireNameCodec,
	type WireNameCodecOptions,
} from "../../../index.js";
import {
	type JsonRecord,
	type MessageId,
	trackableId,
} from "../../jsonrpc-base.js";
import {
	codecFromOptions,
	protectionOption,
	resolveOptionsOf,
	storeOption,
} from "../../routing/options.js";
import {
	type RouteDecision,
	type RouterOptions,
	ToolRouter,
} from "../../routing/router.js";
import { type Protection, toolEntriesOf } from "../../routing/tool-entry.js";
import { unreadable } from "../_fail-closed.js";
import { mapBatch, withEntry } from "../message.js";
import { BoundedMap } from "./_bounded-map.js";
import { CANCELLED_METHOD, CallHints } from "./_call-hints.js";
import {
	decodeInputResponses,
	encodeInputRequests,
	SamplingRoundTrips,
} from "./_sampling.js";
import { restoreSnapshot, snapshotOf } from "./_snapshot.js";
import { refreshFor, syncFor } from "./_store-wait.js";
import { encodeToolList } from "./_tool-lists.js";
import {
	REWRITER_OPTION_KEYS,
	type RewriterSnapshot,
	type WireRewriterOptions,
} from "./options.js";

const FN = "WireRewriter";
const DEFAULT_MAX_PENDING = 1024;

/** A client's `tools/list` request waiting for its result. */
interface PendingList {
	/** No `cursor`: the result starts a fresh catalog rather than adding a page. */
	first: boolean;
}

/**
 * Rewrites raw JSON-RPC messages at a boundary between canonical tool names (the server
 * side) and wire names (the client and its model): `tools/list` results, matched by request
 * id, go out with wire names; `tools/call` names come back canonical; sampling requests with
 * tools and their `tool_use` results are mapped the same way. A call whose name matches no
 * tool is passed on, and the server's "Tool X not found" answer to it comes back with the
 * `Did you mean …?` hint `wrapServer` gives. A message that carries no tool name (and an
 * answer that needs no hint) comes back as the same object, a rewritten one is a copy, and malformed input passes
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
	readonly #protection: Protection;
	readonly #rewriteDescriptions: boolean;
	/** Unknown names are routed (resolved) at all: to correct them, or to report them. */
	readonly #routesUnknown: boolean;
	readonly #onCorrection:
		| ((message: string, resolution: Resolution) => void)
		| undefined;
	/** Client-issued `tools/list` ids awaiting the server's answer. */
	readonly #lists: BoundedMap<MessageId, PendingList>;
	/** Server-issued `sampling/createMessage` ids awaiting the client's answer. */
	readonly #samplings: SamplingRoundTrips;
	/** Client-issued `tools/call` ids whose not-found answer gets a hint. */
	readonly #hints: CallHints;

	/**
	 * @param options - codec (or its profile, or a snapshot), resolution, bounds and callbacks
	 * @throws McpToolNamesError `invalid-option` for a malformed option, or `codec` together
	 * with `profile`, `onDiagnostic` or `snapshot`; `invalid-profile` for an unknown profile;
	 * `invalid-snapshot` for a malformed snapshot
	 */
	constructor(options: WireRewriterOptions = {}) {
		const opts = checkOptions(FN, options, REWRITER_OPTION_KEYS);
		const maxPending = positiveIntegerOption(
			FN,
			"maxPending",
			opts.maxPending,
			DEFAULT_MAX_PENDING,
		);
		const resolve = booleanOption(FN, "resolve", opts.resolve, false);
		this.#rewriteDescriptions = booleanOption(
			FN,
			"rewriteDescriptions",
			opts.rewriteDescriptions,
			false,
		);
		this.#onCorrection = functionOption<
			(message: string, resolution: Resolution) => void
		>(FN, "onCorrection", opts.onCorrection);
		const onDecision = functionOption<(decision: RouteDecision) => void>(
			FN,
			"onDecision",
			opts.onDecision,
		);
		this.#protection = protectionOption(FN, opts.protection);
		let restored: ReturnType<typeof restoreSnapshot> | undefined;
		if (opts.snapshot !== undefined) {
			if (opts.codec !== undefined || opts.store !== undefined) {
				throw new McpToolNamesError(
					"invalid-option",
					`${FN} options ${opts.codec !== undefined ? "codec" : "store"} and snapshot cannot be combined: the snapshot restores its own codec`,
				);
			}
			const own: WireNameCodecOptions = {};
			if (opts.profile !== undefined) own.profile = opts.profile;
			// Given, it must be the snapshot's (WireNameCodec.fromJSON says so if not).
			if (opts.reserve !== undefined) own.reserve = opts.reserve;
			if (opts.onDiagnostic !== undefined) own.onDiagnostic = opts.onDiagnostic;
			restored = restoreSnapshot(opts.snapshot, own);
		}
		this.codec = restored?.codec ?? codecFromOptions(FN, opts);
		const routerOptions: RouterOptions = {
			codec: this.codec,
			correct: resolve,
			resolve: resolveOptionsOf(FN, opts as Record<string, unknown>),
		};
		if (onDecision !== undefined) routerOptions.onDecision = onDecision;
		this.#router = new ToolRouter(routerOptions);
		if (restored !== undefined) this.#router.setTools(restored.tools);
		this.#store = storeOption(FN, opts.store);
		this.#routesUnknown = resolve || onDecision !== undefined;
		this.#lists = new BoundedMap(maxPending);
		this.#samplings = new SamplingRoundTrips(
			this.codec,
			this.#rewriteDescriptions,
			maxPending,
		);
		this.#hints = new CallHints(this.#router, maxPending);
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
	 * @throws McpToolNamesError `invalid-argument` when `tools` is not an array;
	 * `invalid-option` for an unknown option or an `append` that is not a boolean
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
		const fn = `${FN}.prime`;
		const opts = checkOptions(fn, options, ["append"]);
		const append = booleanOption(fn, "append", opts.append, false);
		const entries = toolEntriesOf(tools, this.#protection);
		const set = () => this.#router.setTools(entries, { append });
		// With a store, the names are claimed there first, so every replica primes alike.
		if (this.#store === undefined) return void set();
		return this.#store.sync(entries.map((entry) => entry.name)).then(set);
	}

	/**
	 * Adds server names to the `servers` resolution option in place, e.g. the upstream's
	 * `serverInfo.name` from its answer to `initialize`, so the prefixes clients put before a
	 * tool name (`<server>_tool`, `mcp__<server>__tool`) are recognised. Everything in flight
	 * is kept (pending `tools/list` answers, hints, sampling round trips), and so are the
	 * codec, the catalog and {@link WireRewriter.version}.
	 *
	 * @param names - server names; those known already are skipped
	 * @throws McpToolNamesError `invalid-argument` when `names` is not an iterable of strings
	 * @example
	 * ```ts
	 * const { serverInfo } = initializeResult;
	 * rewriter.addServers([serverInfo.name]);
	 * ```
	 */
	addServers(names: Iterable<string>): void {
		const fn = `${FN}.addServers`;
		const expected = "an iterable of strings";
		const list = listArgument(fn, "names", names, expected);
		if (!list.every((name) => typeof name === "string"))
			throw invalidArgument(fn, "names", expected, names);
		this.#router.addServers(list as string[]);
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
	 * the tools of a `sampling/createMessage` request; a "Tool X not found" answer to a call
	 * whose name matched no tool gets `Did you mean …?`, as from `wrapServer`. Batches are
	 * rewritten element-wise.
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
		if (typeof message.method === "string")
			return this.#samplings.request(message, id);
		if (id === undefined) return message;
		return (
			this.#hints.answer(message, id) ??
			this.#listed(message, id) ??
			encodeInputRequests(this.codec, message, this.#rewriteDescriptions)
		);
	}

	#fromClient(message: unknown): unknown {
		if (!isRecord(message)) return message;
		const id = trackableId(message);
		const method = message.method;
		// A response: only answers to sampling requests carry tool names.
		if (typeof method !== "string") return this.#samplings.answer(message, id);
		if (id !== undefined) {
			// The id now names this request; a late answer must not be taken for an older one.
			this.#hints.forget(id);
			if (method === "tools/list") {
				const params = message.params;
				this.#lists.set(id, {
					first: !isRecord(params) || typeof params.cursor !== "string",
				});
				return message;
			}
			this.#lists.delete(id);
		} else if (method === CANCELLED_METHOD) {
			this.#hints.cancelled(message.params);
		}
		const params = message.params;
		if (!isRecord(params)) return message;
		let next = params;
		if (method === "tools/call") {
			const name = this.#canonical(params.name, id, params.arguments);
			if (name !== undefined) next = withEntry(next, "name", name);
		}
		next = decodeInputResponses(this.codec, next);
		return next === params ? message : { ...message, params: next };
	}

	/**
	 * Takes the answer for `id`: a list result sets the catalog (a first page replaces it, a
	 * further page extends it) and comes back with wire names; `undefined` when no list of
	 * that id was waiting.
	 */
	#listed(message: JsonRecord, id: MessageId): JsonRecord | undefined {
		const list = this.#lists.take(id);
		if (list === undefined) return undefined;
		const result = message.result;
		if (!isRecord(result)) return message;
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

	/**
	 * The canonical name to route a called name to, or `undefined` to keep it. A name that
	 * matches no tool, or a held wire name whose tool the latest listing no longer has, is
	 * remembered by the call's `id`, so a not-found answer gets the hint (never a re-route).
	 * `args` are the call's arguments, weighed against the listed schemas (rule 7).
	 */
	#canonical(
		name: unknown,
		id: MessageId | undefined,
		args: unknown,
	): string | undefined {
		if (!isName(name)) return undefined;
		const router = this.#router;
		const known = router.knownName(name);
		if (known !== undefined) {
			// Sticky: it still means its tool. If that is gone, the upstream says so, and the
			// hint is worked out then, against the catalog of that moment.
			if (id !== undefined && !router.lists(known))
				this.#hints.expect(id, { sent: name, args });
			return known === name ? undefined : known;
		}
		if (!this.#routesUnknown) {
			// Not resolved now: the hint is worked out only if the call fails.
			if (id !== undefined) this.#hints.expect(id, { sent: name, args });
			return undefined;
		}
		const decision = router.route(name, { arguments: args });
		if (decision.kind === "corrected")
			this.#onCorrection?.(decision.message, decision.resolution);
		else if (
			decision.kind === "unknown" &&
			decision.hint !== undefined &&
			id !== undefined
		)
			this.#hints.expect(id, { hint: decision.hint });
		return decision.name === name ? undefined : decision.name;
	}
}
