import {
	formatResolution,
	McpToolNamesError,
	NameIndex,
	type Resolution,
	resolveName,
	WireNameCodec,
	type WireNameCodecOptions,
} from "../../index.js";
import { BoundedMap } from "./_bounded-map.js";
import {
	describe,
	isName,
	isRecord,
	type JsonRecord,
	type MessageId,
	mapBatch,
	trackableId,
	withEntry,
} from "./_message.js";
import {
	decodeSamplingResult,
	encodeSamplingParams,
	isSamplingResult,
	mapEntries,
	SAMPLING_METHOD,
} from "./_sampling.js";
import { encodeToolList, mapField } from "./_tools.js";

const DEFAULT_MAX_PENDING = 1024;
// Longer names are never correction targets: no model echoes them, and indexing one costs
// time and memory that grow with its length.
const MAX_CANDIDATE_LENGTH = 1024;

/**
 * Options of a {@link WireRewriter}. `profile` and `onDiagnostic` configure the codec the
 * rewriter creates; pass `codec` instead to share one (e.g. from a `CodecRegistry`).
 *
 * @example
 * ```ts
 * const options: WireRewriterOptions = { profile: "portable", resolve: true, onCorrection: console.warn };
 * ```
 */
export interface WireRewriterOptions extends WireNameCodecOptions {
	/** The codec to use; default: a new one built from `profile` and `onDiagnostic`. */
	codec?: WireNameCodec;
	/**
	 * Auto-correct unknown `tools/call` names by the resolution rules (never onto a tool whose
	 * `annotations.destructiveHint` is `true`); default `false`.
	 */
	resolve?: boolean;
	/**
	 * How many unanswered `tools/list` (and sampling) requests are remembered, oldest dropped
	 * first; default 1024.
	 */
	maxPending?: number;
	/** Also rewrite canonical names in tool descriptions into wire names; default `false`. */
	rewriteDescriptions?: boolean;
	/** Called with a ready message for every name `resolve` corrected. */
	onCorrection?: (message: string, resolution: Resolution) => void;
}

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
	readonly #resolve: boolean;
	readonly #rewriteDescriptions: boolean;
	readonly #onCorrection:
		| ((message: string, resolution: Resolution) => void)
		| undefined;
	/** Client-issued `tools/list` ids awaiting the server's answer. */
	readonly #lists: BoundedMap<MessageId, PendingList>;
	/** Server-issued `sampling/createMessage` ids awaiting the client's answer. */
	readonly #samplings: BoundedMap<MessageId, true>;
	/** Canonical names of the last listed catalog → `destructiveHint === true`. */
	#catalog = new Map<string, boolean>();
	#index: NameIndex | undefined;
	/** `catalog` when `#index` holds the catalog, else the codec size it was built at. */
	#indexSource: "catalog" | number = "catalog";

	/**
	 * @param options - codec (or its profile), resolution, bounds and callbacks
	 * @throws McpToolNamesError `invalid-option` for a malformed option, or `codec` together
	 * with `profile` or `onDiagnostic`; `invalid-profile` for an unknown profile
	 */
	constructor(options: WireRewriterOptions = {}) {
		if (typeof options !== "object" || options === null) {
			throw invalidOption(
				`WireRewriter options must be an object, got ${describe(options)}`,
			);
		}
		const { codec, maxPending = DEFAULT_MAX_PENDING } = options;
		if (codec !== undefined) {
			if (!isCodec(codec)) {
				throw invalidOption(
					`codec must be a WireNameCodec, got ${describe(codec)}`,
				);
			}
			if (options.profile !== undefined || options.onDiagnostic !== undefined) {
				throw invalidOption(
					"profile and onDiagnostic configure a new codec; set them on the codec you pass instead",
				);
			}
		}
		if (!Number.isSafeInteger(maxPending) || maxPending < 1) {
			throw invalidOption(
				`maxPending must be a positive integer, got ${describe(maxPending)}`,
			);
		}
		for (const key of ["resolve", "rewriteDescriptions"] as const) {
			const value = options[key];
			if (value !== undefined && typeof value !== "boolean") {
				throw invalidOption(`${key} must be a boolean, got ${describe(value)}`);
			}
		}
		if (
			options.onCorrection !== undefined &&
			typeof options.onCorrection !== "function"
		) {
			throw invalidOption(
				`onCorrection must be a function, got ${describe(options.onCorrection)}`,
			);
		}
		this.codec = codec ?? new WireNameCodec(options);
		this.#resolve = options.resolve === true;
		this.#rewriteDescriptions = options.rewriteDescriptions === true;
		this.#onCorrection = options.onCorrection;
		this.#lists = new BoundedMap(maxPending);
		this.#samplings = new BoundedMap(maxPending);
		this.serverToClient = this.serverToClient.bind(this);
		this.clientToServer = this.clientToServer.bind(this);
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
		return mapBatch(message, (element) => this.#fromServer(element)) as M;
	}

	/**
	 * Rewrites a message travelling from the client to the server: remembers the ids of
	 * `tools/list` requests, maps `tools/call` names back to canonical names (and, with
	 * `resolve`, corrects near misses), and decodes the `tool_use` names of sampling results.
	 * Batches are rewritten element-wise.
	 *
	 * @param message - a JSON-RPC message or batch, parsed; anything else passes through
	 * @returns `message` itself when nothing changed, otherwise a rewritten copy
	 * @throws whatever `onCorrection` throws; never because of the message
	 * @example
	 * ```ts
	 * const call = { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "a_b" } };
	 * rewriter.clientToServer(call).params.name; // "a/b", once "a/b" was listed
	 * ```
	 */
	clientToServer<M>(message: M): M {
		return mapBatch(message, (element) => this.#fromClient(element)) as M;
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
			return mapField(message, "params", (params) =>
				encodeSamplingParams(
					this.codec,
					params as JsonRecord,
					this.#rewriteDescriptions,
				),
			);
		}
		if (id === undefined) return message;
		const list = this.#lists.take(id);
		const result = message.result;
		if (!isRecord(result)) return message;
		if (list !== undefined) {
			const tools = result.tools;
			if (!Array.isArray(tools)) return message;
			if (this.#resolve) this.#learn(tools, list.first);
			const encoded = encodeToolList(
				this.codec,
				tools,
				this.#rewriteDescriptions,
			);
			return encoded === undefined
				? message
				: { ...message, result: withEntry(result, "tools", encoded) };
		}
		// MCP 2026-07-28 multi-round-trip: a result asking for input embeds the requests
		// (sampling among them) instead of sending them as JSON-RPC requests.
		if (
			result.resultType !== "input_required" ||
			!isRecord(result.inputRequests)
		) {
			return message;
		}
		return mapField(message, "result", () =>
			mapField(result, "inputRequests", (requests) =>
				mapEntries(requests as JsonRecord, (request) =>
					isRecord(request) &&
					request.method === SAMPLING_METHOD &&
					isRecord(request.params)
						? mapField(request, "params", (params) =>
								encodeSamplingParams(
									this.codec,
									params as JsonRecord,
									this.#rewriteDescriptions,
								),
							)
						: request,
				),
			),
		);
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
		// A retried multi-round-trip request carries the sampling results in-band.
		if (isRecord(params.inputResponses)) {
			next = mapField(next, "inputResponses", (responses) =>
				mapEntries(responses as JsonRecord, (response) =>
					isSamplingResult(response)
						? decodeSamplingResult(this.codec, response)
						: response,
				),
			);
		}
		return next === params ? message : { ...message, params: next };
	}

	/** The canonical name to route a called name to, or `undefined` to keep it. */
	#canonicalName(name: unknown): string | undefined {
		if (!isName(name)) return undefined;
		const canonical = this.codec.lookup(name);
		if (canonical !== undefined)
			return canonical === name ? undefined : canonical;
		if (!this.#resolve || this.#isKnown(name)) return undefined;
		const index = this.#candidates();
		if (index === undefined) return undefined;
		// The caller chose from wire names, so its near miss is resolved against those and
		// decoded: against canonical names, a newcomer named like another tool's wire name
		// (`tool_1oiaz9u` next to `搜索/获取`) would take that tool's mistyped calls.
		const resolution = resolveName(name, index, {
			isProtected: (wire) =>
				this.#catalog.get(this.codec.decode(wire)) === true,
		});
		if (resolution.kind !== "corrected") return undefined;
		const corrected = {
			...resolution,
			name: this.codec.decode(resolution.name),
		};
		this.#onCorrection?.(formatResolution(corrected) ?? "", corrected);
		return corrected.name === name ? undefined : corrected.name;
	}

	#isKnown(name: string): boolean {
		return this.#catalog.has(name) || this.codec.wireNameOf(name) !== undefined;
	}

	/**
	 * The wire names `resolve` may correct to: those of the listed catalog, else every one
	 * the codec issued.
	 */
	#candidates(): NameIndex | undefined {
		if (this.#catalog.size > 0) {
			if (this.#index === undefined || this.#indexSource !== "catalog") {
				const wires: string[] = [];
				for (const name of this.#catalog.keys())
					wires.push(this.codec.wireNameOf(name) ?? name);
				this.#index = new NameIndex(indexable(wires));
				this.#indexSource = "catalog";
			}
			return this.#index;
		}
		// Nothing listed yet (a call right after a restart): a primed codec still knows them.
		if (this.codec.size === 0) return undefined;
		if (this.#index === undefined || this.#indexSource !== this.codec.size) {
			const wires = this.codec.toJSON().names.map(([, wire]) => wire);
			this.#index = new NameIndex(indexable(wires));
			this.#indexSource = this.codec.size;
		}
		return this.#index;
	}

	/** Records the canonical names (and destructive hints) of a listed page. */
	#learn(tools: readonly unknown[], first: boolean): void {
		if (first) this.#catalog = new Map();
		for (const tool of tools) {
			if (!isRecord(tool) || !isName(tool.name)) continue;
			const annotations = tool.annotations;
			this.#catalog.set(
				tool.name,
				isRecord(annotations) && annotations.destructiveHint === true,
			);
		}
		this.#index = undefined;
	}
}

function indexable(names: Iterable<string>): string[] {
	const kept: string[] = [];
	for (const name of names)
		if (name.length <= MAX_CANDIDATE_LENGTH) kept.push(name);
	return kept;
}

function isCodec(value: unknown): value is WireNameCodec {
	if (value instanceof WireNameCodec) return true;
	// Another copy of the library (ESM next to CJS) has another class object.
	const codec = value as Partial<Record<keyof WireNameCodec, unknown>> | null;
	return (
		typeof value === "object" &&
		codec !== null &&
		typeof codec.encodeTools === "function" &&
		typeof codec.lookup === "function" &&
		typeof codec.decode === "function" &&
		typeof codec.wireNameOf === "function"
	);
}

function invalidOption(message: string): McpToolNamesError {
	return new McpToolNamesError("invalid-option", message);
}
