// The proxy's connection to its `--store`: ioredis, bundled into dist/cli.js (so
// `npx -y mcp-tool-names proxy --store …` needs nothing else installed), handed to the
// library's RedisCodecStore like any user's ioredis client. Chosen over node-redis by
// measurement (docs/replicas.md, "The proxy's Redis client"): it follows a master that failed
// over with no MOVED announcing it, keeps the reason of a refused TLS handshake, and bundles
// smaller. This file adds what the proxy needs around it: a Redis Cluster recognised from the
// `--store` node alone, dialling on demand rather than queueing while Redis is away (names
// known locally keep working, new ones fail closed at once), and errors that say what to fix.
import { isIP } from "node:net";
import {
	Cluster,
	type ClusterOptions,
	Redis,
	type RedisOptions,
	ReplyError,
} from "ioredis";
import type { IORedisClientLike } from "../../../adapters/redis/client.js";

/** Where a Redis server is, from a `redis://` or `rediss://` URL. */
export interface RedisAddress {
	host: string;
	port: number;
	tls: boolean;
	username?: string;
	password?: string;
	db?: number;
	/** `--store-tls-ca`, `--store-tls-cert`, `--store-tls-key`: the files' contents. */
	tlsFiles?: TlsFiles;
}

/** PEM contents for a TLS connection: a CA to trust, a client certificate and its key. */
export interface TlsFiles {
	ca?: Buffer;
	cert?: Buffer;
	key?: Buffer;
}

/** Options of a {@link StoreClient}. */
interface StoreClientOptions {
	/** The `--store` node: a single Redis, or any node of a Redis Cluster. */
	address: RedisAddress;
	/** Longest wait for a connection, and for each reply, in ms. */
	timeoutMs: number;
}

type Connection = Redis | Cluster;

/** What ioredis puts on a connection error: the errno code, or OpenSSL's reason. */
type ConnectionError = Error & { code?: string; reason?: string };

/**
 * A Redis client with the shape RedisCodecStore takes (`call`): one connection to a single
 * Redis, or an ioredis `Cluster` once the `--store` node says it is part of one.
 */
export class StoreClient implements IORedisClientLike {
	readonly #address: RedisAddress;
	readonly #timeoutMs: number;
	#connection: Connection | undefined;
	#dialing: Promise<Connection> | undefined;
	/** Learned on the first connection: a Redis Cluster node answers CLUSTER SLOTS. */
	#cluster: boolean | undefined;
	/**
	 * ioredis fails a command with "Connection is closed."; the reason came as an event, from
	 * the node (`host:port`) that failed.
	 */
	#lastError: { error: ConnectionError; where: string } | undefined;
	#closed = false;

	constructor(options: StoreClientOptions) {
		this.#address = options.address;
		this.#timeoutMs = options.timeoutMs;
	}

	/** `host:port` of the `--store` node, for messages. */
	get where(): string {
		return `${this.#address.host}:${this.#address.port}`;
	}

	/**
	 * Sends one command (to the node that holds its key, on a cluster); resolves with its
	 * reply, rejects with the server's error reply unchanged (`NOSCRIPT`, `NOPERM`), or with
	 * a sentence saying why Redis could not be reached or did not answer.
	 */
	async call(command: string, ...args: string[]): Promise<unknown> {
		const connection = await this.#connected();
		try {
			return await connection.call(command, ...args);
		} catch (error) {
			if (error instanceof ReplyError) throw error;
			// A connection that timed out may be half dead: the next command dials anew.
			if (connection instanceof Redis) connection.disconnect();
			throw this.#explain(error, "lost");
		}
	}

	/** Closes the connection; later commands fail. */
	close(): void {
		this.#closed = true;
		this.#connection?.disconnect();
		this.#connection = undefined;
	}

	#connected(): Promise<Connection> {
		if (this.#closed)
			return Promise.reject(
				new Error(`Redis client for ${this.where} was closed`),
			);
		const connection = this.#connection;
		if (connection?.status === "ready" && writable(connection))
			return Promise.resolve(connection);
		this.#dialing ??= this.#dial().finally(() => {
			this.#dialing = undefined;
		});
		return this.#dialing;
	}

	/** A fresh connection: never a queue of commands waiting for a Redis that is away. */
	async #dial(): Promise<Connection> {
		const previous = this.#connection;
		this.#connection = undefined;
		// Every node the last cluster connection knew, read before it is closed: a cluster
		// whose `--store` node went away is still found through the others.
		const known =
			previous instanceof Cluster
				? previous.nodes().map((node) => ({
						host: String(node.options.host),
						port: Number(node.options.port),
					}))
				: [];
		previous?.disconnect();
		this.#lastError = undefined;
		if (this.#cluster !== true) {
			const single = await this.#dialSingle();
			if (single !== undefined) return this.#keep(single);
		}
		const { db } = this.#address;
		if (db !== undefined && db !== 0)
			throw new Error(
				`Redis at ${this.where} is a Redis Cluster node, which has only database 0: drop /${db} from the URL`,
			);
		const nodes = [{ host: this.#address.host, port: this.#address.port }];
		const cluster = this.#watch(
			new Cluster([...nodes, ...known], this.#clusterOptions()),
		);
		await this.#ready(cluster);
		return this.#keep(cluster);
	}

	/** The `--store` node, with its database chosen; `undefined` for a Redis Cluster node. */
	async #dialSingle(): Promise<Redis | undefined> {
		const single = this.#watch(new Redis(this.#singleOptions()));
		await this.#ready(single);
		await this.#authenticate(single);
		try {
			// A single Redis refuses CLUSTER SLOTS ("cluster support disabled"), as it does
			// for an ACL user without it, who then needs none.
			this.#cluster ??= Array.isArray(await single.call("CLUSTER", "SLOTS"));
		} catch (error) {
			if (
				!(error instanceof ReplyError) ||
				CREDENTIALS_REFUSED.test(String((error as Error).message))
			) {
				single.disconnect();
				throw this.#explain(error, "lost");
			}
			this.#cluster = false;
		}
		if (this.#cluster) {
			single.disconnect();
			return undefined;
		}
		const { db } = this.#address;
		// Chosen here, not by ioredis' `db` option: a SELECT refused there (an ACL user
		// without +select) is only an event, and the store would run on database 0.
		if (db !== undefined && db !== 0)
			await single.call("SELECT", String(db)).catch((error: Error) => {
				single.disconnect();
				throw new Error(
					`Redis at ${this.where} did not select database ${db}: ${error.message}`,
					{ cause: error },
				);
			});
		return single;
	}

	/**
	 * AUTH, sent by this client and answered before any other command. Left to ioredis, AUTH
	 * goes out with the commands behind it and its refusal comes as a later event: on a Redis
	 * whose default user needs no password, the commands in between ran as that user, so a
	 * wrong password could reach keys the ACL user was never given.
	 */
	async #authenticate(single: Redis): Promise<void> {
		const { username, password } = this.#address;
		if (password === undefined) return;
		try {
			await single.call(
				"AUTH",
				...(username === undefined ? [] : [username]),
				password,
			);
		} catch (error) {
			if (!(error instanceof ReplyError)) {
				single.disconnect();
				throw this.#explain(error, "lost");
			}
			const message = String((error as Error).message);
			// A password given to a Redis that asks for none: it serves everyone as its default
			// user. Let through with a warning, as ioredis does (the proxy logs it).
			if (
				username === undefined &&
				/no password is set|without any password configured/.test(message)
			) {
				console.warn(
					`Redis at ${this.where} does not require a password, but one was given: the store runs as its default user`,
				);
				return;
			}
			single.disconnect();
			throw new Error(refused(`Redis at ${this.where}`, message), {
				cause: error,
			});
		}
	}

	#keep(connection: Connection): Connection {
		if (this.#closed) connection.disconnect();
		else this.#connection = connection;
		return connection;
	}

	async #ready(connection: Connection): Promise<void> {
		try {
			await connection.connect();
		} catch (error) {
			connection.disconnect();
			throw this.#explain(error, "dial");
		}
	}

	#watch<T extends Connection>(connection: T): T {
		const remember = (error: ConnectionError, where = this.where): void => {
			if (this.#connection === connection || this.#connection === undefined)
				this.#lastError = { error, where };
		};
		connection.on("error", (error: ConnectionError) => remember(error));
		// A Cluster reports each node's failure so; its "error" only says it gave up.
		if (connection instanceof Cluster) connection.on("node error", remember);
		return connection;
	}

	/**
	 * What every connection shares: TLS files, bounds; no reconnect loop. Credentials only
	 * for the nodes of a cluster: the single connection sends its own AUTH (#authenticate).
	 */
	#common(): RedisOptions {
		const { tls, tlsFiles } = this.#address;
		return {
			...(tls ? { tls: { ...tlsFiles } } : {}),
			connectTimeout: this.#timeoutMs,
			commandTimeout: this.#timeoutMs,
			// No INFO (ready check) nor CLIENT SETINFO: an ACL user for the store needs neither.
			enableReadyCheck: false,
			disableClientInfo: true,
			lazyConnect: true,
		};
	}

	#singleOptions(): RedisOptions {
		const { host, port, tls } = this.#address;
		const common = this.#common();
		return {
			...common,
			host,
			port,
			// The server name (SNI) only for a DNS name: Node warns (DEP0123) for an IP.
			...(tls && isIP(host) === 0
				? { tls: { ...common.tls, servername: host } }
				: {}),
			enableOfflineQueue: false,
			retryStrategy: () => null,
			maxRetriesPerRequest: 0,
		};
	}

	#clusterOptions(): ClusterOptions {
		const { username, password } = this.#address;
		return {
			redisOptions: {
				...this.#common(),
				...(username === undefined ? {} : { username }),
				...(password === undefined ? {} : { password }),
			},
			lazyConnect: true,
			enableOfflineQueue: false,
			enableReadyCheck: false,
			clusterRetryStrategy: () => null,
			slotsRefreshTimeout: this.#timeoutMs,
		};
	}

	/**
	 * A sentence for a failure to reach Redis (`dial`) or of a command on the way (`lost`):
	 * ioredis' own words for both are often just "Connection is closed.", with the reason
	 * (refused, a TLS alert, WRONGPASS) reported before as an event.
	 */
	#explain(error: unknown, when: "dial" | "lost"): Error {
		if (String((error as Error)?.message) === "Command timed out")
			return new Error(
				`Redis at ${this.where} did not answer within ${this.#timeoutMs} ms`,
				{ cause: error },
			);
		const cause = (this.#lastError?.error ?? error) as ConnectionError;
		const at = `Redis at ${this.#lastError?.where ?? this.where}`;
		const message = String(cause?.message);
		let why: string;
		if (CREDENTIALS_REFUSED.test(message)) why = refused(at, message);
		else if (cause?.reason !== undefined)
			why = `TLS with ${at} failed: ${cause.reason}${/certificate required/.test(cause.reason) ? " (it asks for a client certificate: --store-tls-cert and --store-tls-key)" : ""}`;
		else if (
			this.#address.tls &&
			/CERT|SELF_SIGNED|TLS/.test(cause?.code ?? "")
		)
			why = `TLS with ${at} failed: ${message} (the CA that signed its certificate goes in --store-tls-ca)`;
		else if (cause?.code === "ECONNREFUSED")
			why = `cannot reach ${at}: connection refused`;
		else if (cause?.code === "ETIMEDOUT")
			why = `no connection to ${at} within ${this.#timeoutMs} ms`;
		else why = `${when === "dial" ? "cannot reach" : "lost"} ${at}: ${message}`;
		return new Error(why, { cause: error });
	}
}

/** A reply that refuses the credentials: a wrong password, or none where one is needed. */
const CREDENTIALS_REFUSED = /^(WRONGPASS|NOAUTH)\b/;

/** The sentence for credentials Redis (`at`) refused, with its reply and never the password. */
function refused(at: string, reply: string): string {
	return `${at} refused the user name or password: ${reply}`;
}

/**
 * Whether a command would reach the socket. A single connection's "ready" lags behind a
 * Redis that went away: the socket stops being writable when Redis closes it, ioredis moves on
 * only at the socket's close event, and in between it refuses a command unsent ("Stream isn't
 * writeable"); the client dials anew instead, as after the close. A Cluster keeps its own
 * sockets per node.
 */
function writable(connection: Connection): boolean {
	return connection instanceof Cluster || connection.stream?.writable === true;
}
