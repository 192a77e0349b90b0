import { McpToolNamesError } from "../../index.js";

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
 * A connected Redis (or Valkey) client: node-redis or ioredis.
 *
 * @example
 * ```ts
 * const client: RedisClientLike = await createClient({ url }).connect();
 * ```
 */
export type RedisClientLike = NodeRedisClientLike | IORedisClientLike;

/** One raw command, whichever client it is. */
export type SendCommand = (args: string[]) => Promise<unknown>;

export function commandSender(client: RedisClientLike): SendCommand {
	const candidate = client as Partial<NodeRedisClientLike & IORedisClientLike>;
	if (typeof candidate?.call === "function") {
		const call = candidate.call.bind(client);
		return ([command, ...args]) => call(command as string, ...args);
	}
	if (typeof candidate?.sendCommand === "function") {
		const send = candidate.sendCommand.bind(client);
		return (args) => send(args);
	}
	throw new McpToolNamesError(
		"invalid-option",
		"client must be a node-redis client (sendCommand) or an ioredis client (call)",
	);
}
