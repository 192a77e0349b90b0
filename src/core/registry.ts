import { WireNameCodec } from "./codec.js";
import { describeValue, McpToolNamesError } from "./errors.js";
import {
	functionOption,
	optionsArgument,
	positiveIntegerOption,
} from "./guards.js";

/**
 * Options of a {@link CodecRegistry}.
 *
 * @example
 * ```ts
 * const options: CodecRegistryOptions = { maxScopes: 100, create: () => new WireNameCodec({ profile: "gemini" }) };
 * ```
 */
export interface CodecRegistryOptions {
	/** Most scopes kept; the least recently used is evicted beyond it. Default 1000. */
	maxScopes?: number;
	/** Makes the codec of a new scope; default `new WireNameCodec()`. */
	create?: (scope: string) => WireNameCodec;
	/** Called with each evicted scope. */
	onEvict?: (scope: string) => void;
}

const DEFAULT_MAX_SCOPES = 1000;

/**
 * One {@link WireNameCodec} per scope (project, tenant, session), bounded by LRU, so a proxy
 * keeps wire names stable per scope for longer than its router cache lives. An evicted scope
 * is rebuilt deterministically from its next `tools/list`.
 *
 * @example
 * ```ts
 * const codecs = new CodecRegistry({ maxScopes: 500 });
 * const codec = codecs.get(`project:${projectId}`);
 * ```
 */
export class CodecRegistry {
	readonly #codecs = new Map<string, WireNameCodec>();
	readonly #maxScopes: number;
	readonly #create: (scope: string) => WireNameCodec;
	readonly #onEvict: ((scope: string) => void) | undefined;

	/**
	 * @param options - bound, factory and eviction callback
	 * @throws McpToolNamesError `invalid-option` when `maxScopes` is not a positive integer or a
	 * callback is not a function; `invalid-argument` when `options` is not an object
	 */
	constructor(options?: CodecRegistryOptions) {
		const opts = optionsArgument("CodecRegistry", options, [
			"maxScopes",
			"create",
			"onEvict",
		]);
		this.#maxScopes = positiveIntegerOption(
			"CodecRegistry",
			"maxScopes",
			opts.maxScopes,
			DEFAULT_MAX_SCOPES,
		);
		this.#create =
			functionOption<(scope: string) => WireNameCodec>(
				"CodecRegistry",
				"create",
				opts.create,
			) ?? (() => new WireNameCodec());
		this.#onEvict = functionOption<(scope: string) => void>(
			"CodecRegistry",
			"onEvict",
			opts.onEvict,
		);
	}

	/** How many scopes have a codec. */
	get size(): number {
		return this.#codecs.size;
	}

	/**
	 * The codec of a scope, created on first use; marks the scope as recently used.
	 *
	 * @param scope - any string key
	 * @returns that scope's codec
	 * @throws McpToolNamesError `invalid-argument` when `scope` is not a string
	 * @example
	 * ```ts
	 * codecs.get("tenant-a").encode("linear.list_issues");
	 * ```
	 */
	get(scope: string): WireNameCodec {
		if (typeof scope !== "string") {
			throw new McpToolNamesError(
				"invalid-argument",
				`CodecRegistry scope must be a string, got ${describeValue(scope)}`,
			);
		}
		const existing = this.#codecs.get(scope);
		if (existing !== undefined) {
			this.#codecs.delete(scope);
			this.#codecs.set(scope, existing);
			return existing;
		}
		const codec = this.#create(scope);
		this.#codecs.set(scope, codec);
		while (this.#codecs.size > this.#maxScopes) {
			const oldest = this.#codecs.keys().next().value as string;
			this.#codecs.delete(oldest);
			this.#onEvict?.(oldest);
		}
		return codec;
	}

	/**
	 * Forgets a scope (e.g. when its session ends).
	 *
	 * @param scope - the scope key
	 * @returns whether the scope had a codec
	 * @example
	 * ```ts
	 * transport.onclose = () => codecs.delete(sessionId);
	 * ```
	 */
	delete(scope: string): boolean {
		return this.#codecs.delete(scope);
	}
}
