import { invalidOption, isRecord, readArgument } from "../../core/guards.js";

/**
 * The part of a node-redis client (`createClient()` of `redis` 5) the store uses.
 *
 * @example
 * ```ts
 * const client: NodeRedisClientLike = await createClient({ url }).connect();
 * ```
 */
export interface NodeRedisClientLike {
	/** Sends one raw command. */
	sendCommand(args: string[]): Promise<unknown>;
}

/**
 * The part of an ioredis client (`new Redis()` of `ioredis` 5) the store uses.
 *
 * @example
 * ```ts
 * const client: IORedisClientLike = new Redis(url);
 * ```
 */
export interface IORedisClientLike {
	/** Sends one raw command. */
	call(command: string, ...args: string[]): Promise<unknown>;
}

/**
 * The part of a node-redis cluster client (`createCluster()` of `redis` 5) the store uses:
 * its `sendCommand` takes the key that picks the node first.
 *
 * @example
 * ```ts
 * const client: NodeRedisClusterLike = await createCluster({ rootNodes: [{ url }] }).connect();
 * ```
 */
export interface NodeRedisClusterLike {
	/** Sends one raw command to the node that holds `firstKey` (any node without one). */
	sendCommand(
		firstKey: string | undefined,
		isReadonly: boolean | undefined,
		args: string[],
	): Promise<unknown>;
	/** The cluster's masters (what tells a cluster client from a single one). */
	getMasters(): unknown[];
}

/**
 * A connected Redis (or Valkey) client: node-redis (`createClient` or `createCluster`) or
 * ioredis (`Redis` or `Cluster`).
 *
 * @example
 * ```ts
 * const client: RedisClientLike = await createClient({ url }).connect();
 * ```
 */
export type RedisClientLike =
	| NodeRedisClientLike
	| NodeRedisClusterLike
	| IORedisClientLike;

/** One raw command, whichever client it is; `key` is the key it works on, if any. */
export type SendCommand = (args: string[], key?: string) => Promise<unknown>;

const CLIENT =
	"a node-redis client or cluster (sendCommand) or an ioredis client or cluster (call)";

/**
 * The one way the store sends commands, read once from the client it was given.
 *
 * @throws McpToolNamesError `invalid-option` for a client of another shape;
 * `invalid-argument` for one whose properties throw when read
 */
export function commandSender(owner: string, client: unknown): SendCommand {
	const { call, sendCommand, getMasters } = readArgument(
		owner,
		"options.client",
		client,
		(): Partial<Record<"call" | "sendCommand" | "getMasters", unknown>> =>
			isRecord(client)
				? {
						call: client.call,
						sendCommand: client.sendCommand,
						getMasters: client.getMasters,
					}
				: {},
		CLIENT,
	);
	if (typeof call === "function") {
		// ioredis, single or Cluster: a Cluster finds the key of EVALSHA/EVAL itself.
		const bound = (call as IORedisClientLike["call"]).bind(client);
		return ([command, ...args]) => bound(command as string, ...args);
	}
	if (typeof sendCommand === "function" && typeof getMasters === "function") {
		const bound = (sendCommand as NodeRedisClusterLike["sendCommand"]).bind(
			client,
		);
		return (args, key) => bound(key, false, args);
	}
	if (typeof sendCommand === "function") {
		const bound = (sendCommand as NodeRedisClientLike["sendCommand"]).bind(
			client,
		);
		return (args) => bound(args);
	}
	throw invalidOption(owner, "client", CLIENT, client);
}
