import {
	checkOptions,
	invalidOption,
	positiveIntegerOption,
	stringArgument,
} from "../../core/guards.js";
import {
	type ClaimOutcome,
	type CodecStore,
	claimArgument,
	type NameClaim,
	type StoredNames,
} from "../../core/store.js";
import { CLAIM_SCRIPT, LOAD_SCRIPT } from "./_scripts.js";
import {
	commandSender,
	type RedisClientLike,
	type SendCommand,
} from "./client.js";

/**
 * Options of a {@link RedisCodecStore}.
 *
 * @example
 * ```ts
 * const options: RedisCodecStoreOptions = { client, prefix: "gateway:names:", ttlSeconds: 30 * 86400 };
 * ```
 */
export interface RedisCodecStoreOptions {
	/**
	 * A connected node-redis or ioredis client, single or cluster; the store never connects or
	 * closes it.
	 */
	client: RedisClientLike;
	/** Put before every key; default `mcp-tool-names:`. */
	prefix?: string;
	/**
	 * Delete a scope nobody read or claimed in for this long, in seconds; default: never.
	 * Set it longer than any client keeps a tool list: after expiry, names are derived anew.
	 */
	ttlSeconds?: number;
}

const FN = "RedisCodecStore";
const DEFAULT_PREFIX = "mcp-tool-names:";

/**
 * A {@link CodecStore} on a Redis (or Valkey) server. Each scope is three hashes a person can
 * read: `<prefix>{<scope>}:names` (canonical → wire, `redis-cli HGETALL`), `…:wires` (wire →
 * canonical) and `…:meta` (profile, epoch, version). A claim runs as one server-side script,
 * so two replicas claiming the same names at once end with one assignment.
 *
 * @example
 * ```ts
 * const client = await createClient({ url: "redis://127.0.0.1:6379" }).connect();
 * const store = new RedisCodecStore({ client });
 * wrapServer(server, { store: new SharedCodec({ store, scope: "github" }) });
 * ```
 */
export class RedisCodecStore implements CodecStore {
	readonly #send: SendCommand;
	readonly #prefix: string;
	readonly #ttl: string;
	readonly #sha = new Map<string, Promise<string>>();

	/**
	 * @param options - the client, key prefix and expiry
	 * @throws McpToolNamesError `invalid-option` for a client of another shape or a bad option
	 */
	constructor(options: RedisCodecStoreOptions) {
		const opts = checkOptions(FN, options, ["client", "prefix", "ttlSeconds"]);
		this.#send = commandSender(FN, opts.client);
		const prefix = opts.prefix ?? DEFAULT_PREFIX;
		if (typeof prefix !== "string")
			throw invalidOption(FN, "prefix", "a string", prefix);
		const ttlSeconds = positiveIntegerOption(
			FN,
			"ttlSeconds",
			opts.ttlSeconds,
			0,
		);
		this.#prefix = prefix;
		this.#ttl = String(ttlSeconds * 1000);
	}

	/**
	 * The keys of a scope, e.g. to inspect it with `redis-cli HGETALL`.
	 *
	 * @param scope - a scope name
	 * @returns its three keys
	 * @example
	 * ```ts
	 * store.keysOf("github").names; // "mcp-tool-names:{github}:names"
	 * ```
	 */
	keysOf(scope: string): { names: string; wires: string; meta: string } {
		stringArgument(`${FN}.keysOf`, "scope", scope);
		const base = `${this.#prefix}{${scope}}`;
		return {
			names: `${base}:names`,
			wires: `${base}:wires`,
			meta: `${base}:meta`,
		};
	}

	/**
	 * @param scope - the scope to read
	 * @returns what it holds (an empty state when it does not exist); refreshes its expiry
	 */
	async load(scope: string): Promise<StoredNames> {
		stringArgument(`${FN}.load`, "scope", scope);
		const reply = await this.#run(LOAD_SCRIPT, scope, [this.#ttl]);
		const [epoch, version, profile, flat] = reply as [
			string,
			string,
			string,
			string[],
		];
		return { epoch, version: Number(version), profile, names: pairs(flat) };
	}

	/**
	 * @param scope - the scope to add names to
	 * @param claim - the names and the state they were planned on
	 * @returns the outcome of the merge rules, applied atomically by Redis
	 */
	async claim(scope: string, claim: NameClaim): Promise<ClaimOutcome> {
		stringArgument(`${FN}.claim`, "scope", scope);
		const checked = claimArgument(`${FN}.claim`, claim);
		const args = [
			checked.profile,
			checked.epoch,
			String(checked.version),
			this.#ttl,
			...checked.names.flat(),
		];
		const reply = (await this.#run(CLAIM_SCRIPT, scope, args)) as unknown[];
		const status = reply[0];
		if (status === "claimed")
			return {
				status,
				epoch: String(reply[1]),
				version: Number(reply[2]),
			};
		if (status === "profile-mismatch")
			return { status, profile: String(reply[1]) };
		return {
			status: "stale",
			state: {
				epoch: String(reply[1]),
				version: Number(reply[2]),
				profile: String(reply[3]),
				names: pairs(reply[4] as string[]),
			},
		};
	}

	/**
	 * EVALSHA, loading the script first; on a node that does not have it (a restart, or
	 * another node of a cluster), EVAL: it runs on that same node (same key, same slot) and
	 * leaves the script cached there.
	 */
	async #run(script: string, scope: string, args: string[]): Promise<unknown> {
		const { names, wires, meta } = this.keysOf(scope);
		const keys = ["3", names, wires, meta];
		let sha = this.#sha.get(script);
		if (sha === undefined) {
			sha = this.#send(["SCRIPT", "LOAD", script]).then(String);
			this.#sha.set(script, sha);
			sha.catch(() => this.#sha.delete(script));
		}
		try {
			return await this.#send(["EVALSHA", await sha, ...keys, ...args], names);
		} catch (error) {
			if (!String((error as Error)?.message).includes("NOSCRIPT")) throw error;
			return this.#send(["EVAL", script, ...keys, ...args], names);
		}
	}
}

function pairs(flat: readonly unknown[]): Array<[string, string]> {
	const names: Array<[string, string]> = [];
	for (let i = 0; i + 1 < flat.length; i += 2)
		names.push([String(flat[i]), String(flat[i + 1])]);
	return names;
}
