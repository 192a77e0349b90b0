import { invalidOption, isRecord, readArgument } from "../../core/_guards.js";

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

const CLIENT = "a node-redis client (sendCommand) or an ioredis client (call)";

/**
 * The one way the store sends commands, read once from the client it was given.
 *
 * @throws McpToolNamesError `invalid-option` for a client of another shape;
 * `invalid-argument` for one whose properties throw when read
 */
export function commandSender(owner: string, client: unknown): SendCommand {
	const { call, sendCommand } = readArgument(
		owner,
		"options.client",
		client,
		(): Partial<Record<"call" | "sendCommand", unknown>> =>
			isRecord(client)
				? { call: client.call, sendCommand: client.sendCommand }
				: {},
		CLIENT,
	);
	if (typeof call === "function") {
		const bound = (call as IORedisClientLike["call"]).bind(client);
		return ([command, ...args]) => bound(command as string, ...args);
	}
	if (typeof sendCommand === "function") {
		const bound = (sendCommand as NodeRedisClientLike["sendCommand"]).bind(
			client,
		);
		return (args) => bound(args);
	}
	throw invalidOption(owner, "client", CLIENT, client);
}
