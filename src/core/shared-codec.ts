import { snapshotProfile } from "./_snapshot.js";
import {
	checkNames,
	codecOption,
	STORE_BOUND,
	WireNameCodec,
	type WireNameCodecOptions,
} from "./codec.js";
import {
	describeValue,
	isMcpToolNamesError,
	McpToolNamesError,
} from "./errors.js";
import {
	checkOptions,
	invalidOption,
	isRecord,
	positiveIntegerOption,
	readArgument,
} from "./guards.js";
import type { CodecStore, StoredNames } from "./store.js";

/**
 * Options of a {@link SharedCodec}: the store and scope, and either a codec to bind or the
 * options of a new one.
 *
 * @example
 * ```ts
 * const options: SharedCodecOptions = { store, scope: "github", timeoutMs: 1000 };
 * ```
 */
export interface SharedCodecOptions extends WireNameCodecOptions {
	/** Where the assignments of every replica live. */
	store: CodecStore;
	/**
	 * One history per scope: an upstream, a tenant. A codec with a `reserve` keeps its names
	 * apart, under `<scope>:reserve=<n>`: names fitted to one host prefix are another plan.
	 */
	scope: string;
	/** The codec to bind (it never assigns on its own after this); default: a new one. */
	codec?: WireNameCodec;
	/** Longest wait for one store operation, in milliseconds; default 5000. */
	timeoutMs?: number;
	/** Most claims one `sync` makes while other replicas keep winning races; default 32. */
	maxAttempts?: number;
}

const FN = "SharedCodec";
const STORE = "a CodecStore (with load and claim)";
const DEFAULT_TIMEOUT_MS = 5000;
const DEFAULT_MAX_ATTEMPTS = 32;

/**
 * A {@link WireNameCodec} whose assignments live in a {@link CodecStore}, so every replica
 * gives the same wire names, churn history included. The codec never assigns on its own:
 * new names go plan → atomic claim in the store → adopt the winner, and a claim that lost a
 * race reads the store and plans again. Names already known keep working while the store is
 * away; new ones fail with `store-unavailable` rather than a local guess.
 *
 * @example
 * ```ts
 * const names = new SharedCodec({ store, scope: "github" });
 * await names.sync(["github/search", "github.search"]);
 * names.codec.encode("github/search"); // what every replica answers
 * ```
 */
export class SharedCodec {
	/** The bound codec: encode it after `sync`, decode and look up at will. */
	readonly codec: WireNameCodec;
	/** The scope of the store this codec shares, as given. */
	readonly scope: string;
	/** The scope as the store keys it: one plan per reserve. */
	readonly #key: string;
	readonly #store: CodecStore;
	readonly #profile: string;
	readonly #timeoutMs: number;
	readonly #maxAttempts: number;
	#epoch = "";
	#version = 0;
	/** The store may be missing names this codec holds (it was seeded locally, or lost). */
	#seed: boolean;
	#queue: Promise<unknown> = Promise.resolve();

	/**
	 * @param options - store, scope, and the codec or its options
	 * @throws McpToolNamesError `invalid-option` for a malformed option, or for `codec` with
	 * `profile`, `reserve`, `onDiagnostic` or `onChange`; `invalid-argument`
	 * for options (or a store) whose properties throw when read
	 */
	constructor(options: SharedCodecOptions) {
		const { store, scope, codec, timeoutMs, maxAttempts, ...rest } =
			checkOptions(FN, options);
		const [load, claim] = readArgument(
			FN,
			"options.store",
			store,
			(): unknown[] => (isRecord(store) ? [store.load, store.claim] : []),
			STORE,
		);
		if (typeof load !== "function" || typeof claim !== "function")
			throw invalidOption(FN, "store", STORE, store);
		if (typeof scope !== "string" || scope === "")
			throw invalidOption(FN, "scope", "a non-empty string", scope);
		this.#timeoutMs = positiveIntegerOption(
			FN,
			"timeoutMs",
			timeoutMs,
			DEFAULT_TIMEOUT_MS,
		);
		this.#maxAttempts = positiveIntegerOption(
			FN,
			"maxAttempts",
			maxAttempts,
			DEFAULT_MAX_ATTEMPTS,
		);
		codecOption(FN, codec);
		const clash = (
			["profile", "reserve", "onDiagnostic", "onChange"] as const
		).find((key) => (rest as WireNameCodecOptions)[key] !== undefined);
		if (codec !== undefined && clash !== undefined)
			throw new McpToolNamesError(
				"invalid-option",
				`${FN} options codec and ${clash} cannot be combined: ${clash} configures a new codec; set it on the codec you pass instead`,
			);
		this.codec = codec ?? new WireNameCodec(rest);
		this.scope = scope;
		// A codec from another copy of the library may predate `reserve`.
		const reserve = (this.codec as { readonly reserve?: number }).reserve ?? 0;
		this.#key = reserve === 0 ? scope : `${scope}:reserve=${reserve}`;
		this.#store = store;
		// The profile key names the reserve too (only when set, so older scopes still match).
		this.#profile = JSON.stringify(
			reserve === 0
				? snapshotProfile(this.codec.profile)
				: { ...snapshotProfile(this.codec.profile), reserve },
		);
		this.#seed = this.codec.size > 0;
		STORE_BOUND.add(this.codec);
	}

	/**
	 * Makes sure every name has a wire name agreed in the store: plans those the codec does
	 * not know, claims them, and adopts the outcome (what other replicas claimed first).
	 *
	 * @param canonicals - server-side tool names, e.g. those of a `tools/list` result
	 * @returns once `codec.encode` answers for every name
	 * @throws McpToolNamesError `store-unavailable` when the store fails or does not answer
	 * in time; `profile-mismatch`; `assignment-conflict` when the store contradicts a name
	 * held here
	 * @example
	 * ```ts
	 * await names.sync(tools.map((tool) => tool.name));
	 * ```
	 */
	sync(canonicals: readonly string[]): Promise<void> {
		checkNames(canonicals, "sync");
		return this.#exclusive(() => this.#settle(canonicals));
	}

	/**
	 * Reads the store and adopts what other replicas assigned.
	 *
	 * @returns once the codec holds every assignment of the scope
	 * @throws McpToolNamesError as {@link SharedCodec.sync} does
	 * @example
	 * ```ts
	 * await names.refresh();
	 * ```
	 */
	refresh(): Promise<void> {
		return this.#exclusive(async () => {
			this.#absorb(await this.#timed(this.#store.load(this.#key), "read"));
			await this.#settle([]);
		});
	}

	/**
	 * The canonical name of a wire name, reading the store when the codec does not know it
	 * (another replica may have handed it out).
	 *
	 * @param wire - a name a client sent
	 * @returns its canonical name, or `undefined` when no replica issued it
	 * @throws McpToolNamesError as {@link SharedCodec.refresh} does, only on a local miss
	 * @example
	 * ```ts
	 * const canonical = (await names.lookup(params.name)) ?? params.name;
	 * ```
	 */
	async lookup(wire: string): Promise<string | undefined> {
		const known = this.codec.lookup(wire);
		if (known !== undefined || typeof wire !== "string") return known;
		await this.refresh();
		return this.codec.lookup(wire);
	}

	async #settle(canonicals: readonly string[]): Promise<void> {
		for (let attempt = 0; attempt < this.#maxAttempts; attempt++) {
			const plan = this.codec.plan(canonicals);
			if (plan.length === 0 && !this.#seed) return;
			const names = this.#seed ? [...this.codec.entries(), ...plan] : plan;
			const outcome = await this.#timed(
				this.#store.claim(this.#key, {
					profile: this.#profile,
					epoch: this.#epoch,
					version: this.#version,
					names,
				}),
				"claim",
			);
			if (outcome.status === "claimed") {
				this.codec.adopt(plan);
				this.#epoch = outcome.epoch;
				this.#version = outcome.version;
				this.#seed = false;
				return;
			}
			if (outcome.status === "profile-mismatch")
				throw this.#mismatch(outcome.profile);
			this.#absorb(outcome.state);
		}
		throw this.#unavailable(
			`kept changing for ${this.#maxAttempts} claims in a row`,
		);
	}

	#absorb(state: StoredNames): void {
		if (state.profile !== "" && state.profile !== this.#profile)
			throw this.#mismatch(state.profile);
		// Another epoch: the scope was lost (flushed, expired) and made again; what this codec
		// holds must go back in before anyone plans against the gap.
		if (state.epoch !== this.#epoch && this.codec.size > 0) this.#seed = true;
		this.codec.adopt(state.names);
		this.#epoch = state.epoch;
		this.#version = state.version;
	}

	#exclusive<T>(task: () => Promise<T>): Promise<T> {
		const run = this.#queue.then(task, task);
		this.#queue = run.catch(() => {});
		return run;
	}

	async #timed<T>(operation: Promise<T>, what: "read" | "claim"): Promise<T> {
		let timer: ReturnType<typeof setTimeout> | undefined;
		const timeout = new Promise<never>((_, reject) => {
			timer = setTimeout(() => {
				const ms = this.#timeoutMs;
				reject(this.#unavailable(`did not answer a ${what} within ${ms} ms`));
			}, this.#timeoutMs);
		});
		try {
			return await Promise.race([operation, timeout]);
		} catch (error) {
			if (isMcpToolNamesError(error)) throw error;
			throw this.#unavailable(`failed a ${what}`, error);
		} finally {
			clearTimeout(timer);
		}
	}

	#unavailable(detail: string, cause?: unknown): McpToolNamesError {
		const reason = cause instanceof Error ? `: ${cause.message}` : "";
		return new McpToolNamesError(
			"store-unavailable",
			`Shared store for scope ${describeValue(this.scope)} ${detail}${reason}; names known here keep working, new ones get no wire name until it answers`,
			{ cause },
		);
	}

	#mismatch(stored: string): McpToolNamesError {
		let name = stored;
		try {
			name = (JSON.parse(stored) as { name: string }).name;
		} catch {}
		return new McpToolNamesError(
			"profile-mismatch",
			`Scope ${describeValue(this.scope)} holds wire names for profile ${describeValue(name)}, not ${describeValue(this.codec.profile.name)}; give each profile its own scope`,
		);
	}
}
