import { invalidArgument, isRecord, listArgument } from "../../core/_guards.js";
import type { SharedCodec } from "../../core/shared-codec.js";
import type { WireNameCodec } from "../../index.js";
import type { ToolRouter } from "../routing/router.js";
import { type Protection, toolEntriesOf } from "../routing/tool-entry.js";
import { CANCELLED_METHOD, CallHints } from "./_call-hints.js";
import { CalledNames } from "./_called-names.js";
import { unreadable } from "./_fail-closed.js";
import { ListedCatalog } from "./_listed-catalog.js";
import { setUpRewriter } from "./_rewriter-setup.js";
import { snapshotOf } from "./_rewriter-snapshot.js";
import {
	decodeInputResponses,
	encodeInputRequests,
	SamplingRoundTrips,
} from "./_sampling.js";
import { refreshFor, syncFor } from "./_store-wait.js";
import { mapBatch, trackableId, withEntry } from "./message.js";
import type {
	RewriterSnapshot,
	WireRewriterOptions,
} from "./rewriter-options.js";

const FN = "WireRewriter";

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
	/** Client-issued `tools/list` ids awaiting the server's answer. */
	readonly #lists: ListedCatalog;
	/** Server-issued `sampling/createMessage` ids awaiting the client's answer. */
	readonly #samplings: SamplingRoundTrips;
	/** Client-issued `tools/call` ids whose not-found answer gets a hint. */
	readonly #hints: CallHints;
	/** Where the client's calls go. */
	readonly #calls: CalledNames;

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
		this.#protection = setup.protection;
		this.#rewriteDescriptions = setup.rewriteDescriptions;
		const { maxPending } = setup;
		this.#lists = new ListedCatalog(setup);
		this.#samplings = new SamplingRoundTrips(
			setup.codec,
			setup.rewriteDescriptions,
			maxPending,
		);
		this.#hints = new CallHints(this.#router, maxPending);
		this.#calls = new CalledNames(setup, this.#hints);
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
			this.#lists.answer(message, id) ??
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
				this.#lists.request(id, message.params);
				return message;
			}
			this.#lists.forget(id);
		} else if (method === CANCELLED_METHOD) {
			this.#hints.cancelled(message.params);
		}
		const params = message.params;
		if (!isRecord(params)) return message;
		let next = params;
		if (method === "tools/call") {
			const name = this.#calls.canonical(params.name, id, params.arguments);
			if (name !== undefined) next = withEntry(next, "name", name);
		}
		next = decodeInputResponses(this.codec, next);
		return next === params ? message : { ...message, params: next };
	}
}
