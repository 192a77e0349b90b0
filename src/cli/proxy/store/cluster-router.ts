// The proxy's Redis client in front of RespClient: one connection to the `--store` node, and,
// once that node turns out to be part of a Redis Cluster (a MOVED answer), one connection per
// node it has to reach, with the same TLS files, user and password. A scope's keys share one
// hash tag (`{scope}`), so each command has one slot; the router sends it to the node the slot
// map names, follows MOVED (and re-reads the map) and ASK, and retries TRYAGAIN briefly. A
// node it cannot reach may have failed over to its replica, which no MOVED will announce: the
// map is read again from the other nodes, and the command goes where it now says.
import type { NodeRedisClientLike } from "../../../adapters/redis/client.js";
import {
	type RedisAddress,
	RespClient,
	RespReplyError,
} from "./resp-client.js";

/** Options of a {@link RespRouter}. */
interface RespRouterOptions {
	/** The `--store` node: a single Redis, or any node of a cluster. */
	address: RedisAddress;
	/** Longest wait for a connection, and for each reply, in ms. */
	timeoutMs: number;
}

const SLOTS = 16_384;
/** Redirections (and TRYAGAIN retries) one command may take before its error is final. */
const MAX_HOPS = 8;
const TRYAGAIN_DELAY_MS = 50;

interface Redirect {
	ask: boolean;
	slot: number;
	node: string;
}

/** Sends each command to the node that holds its key, on a single Redis or a Redis Cluster. */
export class RespRouter implements NodeRedisClientLike {
	readonly #seed: RedisAddress;
	readonly #timeoutMs: number;
	readonly #nodes = new Map<string, RespClient>();
	/** slot → `host:port`; undefined until a node said MOVED (a single Redis never does). */
	#slots: Array<string | undefined> | undefined;
	#refreshing: Promise<void> | undefined;
	#closed = false;

	constructor(options: RespRouterOptions) {
		this.#seed = options.address;
		this.#timeoutMs = options.timeoutMs;
	}

	/**
	 * Sends one command to the node its key (the first key of EVAL/EVALSHA) lives on.
	 *
	 * @param args - the command and its arguments
	 * @returns its reply; rejects with the server's error, after redirections, or when the
	 * node cannot be reached
	 */
	async sendCommand(args: string[]): Promise<unknown> {
		const key = keyOf(args);
		const slot = key === undefined ? undefined : slotOf(key);
		let node = this.#nodeOf(slot);
		let asking = false;
		for (let hop = 0; ; hop++) {
			const client = this.#client(node);
			try {
				return asking
					? await client.sendAsking(args)
					: await client.sendCommand(args);
			} catch (error) {
				const message = String((error as Error)?.message);
				if (hop >= MAX_HOPS || this.#closed) throw error;
				if (!(error instanceof RespReplyError)) {
					if (this.#slots === undefined) throw error;
					await this.#refresh(undefined, node);
					if (this.#nodeOf(slot) === node) throw error;
					node = this.#nodeOf(slot);
					asking = false;
					continue;
				}
				const redirect = redirectOf(message, client);
				if (redirect !== undefined) {
					asking = redirect.ask;
					node = redirect.node;
					if (!redirect.ask) {
						this.#slots ??= new Array<string | undefined>(SLOTS);
						this.#slots[redirect.slot] = redirect.node;
						await this.#refresh(redirect.node);
					}
					continue;
				}
				if (!/^(TRYAGAIN|CLUSTERDOWN)\b/.test(message)) throw error;
				await new Promise((resolve) => setTimeout(resolve, TRYAGAIN_DELAY_MS));
				node = this.#nodeOf(slot);
				asking = false;
			}
		}
	}

	/** Closes every connection; later commands fail. */
	close(): void {
		this.#closed = true;
		for (const client of this.#nodes.values()) client.close();
	}

	#seedNode(): string {
		return nodeName(this.#seed.host, this.#seed.port);
	}

	#nodeOf(slot: number | undefined): string {
		return (
			(slot === undefined ? undefined : this.#slots?.[slot]) ?? this.#seedNode()
		);
	}

	/** The connection to a node, made on first use with the seed's TLS files and credentials. */
	#client(node: string): RespClient {
		let client = this.#nodes.get(node);
		if (client === undefined) {
			const cut = node.lastIndexOf(":");
			const address: RedisAddress = {
				...this.#seed,
				host: node.slice(0, cut),
				port: Number(node.slice(cut + 1)),
			};
			// A cluster has only database 0: the seed's connection says so, clearly, on SELECT.
			if (node !== this.#seedNode()) delete address.db;
			client = new RespClient({ address, timeoutMs: this.#timeoutMs });
			if (this.#closed) client.close();
			this.#nodes.set(node, client);
		}
		return client;
	}

	/**
	 * Re-reads the slot map (CLUSTER SLOTS), from `first` or else any node known but
	 * `unreachable`.
	 */
	#refresh(first: string | undefined, unreachable?: string): Promise<void> {
		this.#refreshing ??= (async () => {
			const known = new Set([first, this.#seedNode(), ...this.#nodes.keys()]);
			known.delete(unreachable);
			for (const node of known) {
				if (node === undefined) continue;
				try {
					const reply = await this.#client(node).sendCommand([
						"CLUSTER",
						"SLOTS",
					]);
					this.#slots = slotMapOf(reply, node);
					return;
				} catch {
					// the next node may answer; without a map, MOVED answers still route
				}
			}
		})().finally(() => {
			this.#refreshing = undefined;
		});
		return this.#refreshing;
	}
}

function nodeName(host: string, port: number): string {
	return `${host}:${port}`;
}

/** The key a command works on: the first key of EVAL/EVALSHA, nothing for the others. */
function keyOf(args: readonly string[]): string | undefined {
	const command = args[0]?.toUpperCase();
	if (command !== "EVAL" && command !== "EVALSHA") return undefined;
	return Number(args[2]) > 0 ? args[3] : undefined;
}

/** `MOVED 3999 127.0.0.1:6381` or `ASK …`; an empty host means the node that answered. */
function redirectOf(message: string, from: RespClient): Redirect | undefined {
	const match = /^(MOVED|ASK) (\d+) (.*):(\d+)$/.exec(message.trim());
	if (match === null) return undefined;
	const [, kind, slot, host, port] = match as unknown as [
		string,
		string,
		string,
		string,
		string,
	];
	const fallback = from.where.slice(0, from.where.lastIndexOf(":"));
	return {
		ask: kind === "ASK",
		slot: Number(slot),
		node: nodeName(host === "" || host === "?" ? fallback : host, Number(port)),
	};
}

/** CLUSTER SLOTS: `[[start, end, [host, port, id, …], …replicas], …]` → slot → master. */
function slotMapOf(reply: unknown, from: string): Array<string | undefined> {
	const fallback = from.slice(0, from.lastIndexOf(":"));
	const slots = new Array<string | undefined>(SLOTS);
	for (const range of Array.isArray(reply) ? reply : []) {
		if (!Array.isArray(range)) continue;
		const [start, end, master] = range as [unknown, unknown, unknown];
		if (!Array.isArray(master)) continue;
		const host = String(master[0] ?? "");
		const node = nodeName(
			host === "" || host === "?" ? fallback : host,
			Number(master[1]),
		);
		for (let slot = Number(start); slot <= Number(end) && slot < SLOTS; slot++)
			slots[slot] = node;
	}
	return slots;
}

/**
 * The hash slot of a key, as Redis Cluster computes it: CRC16 (XMODEM) of the key, or of the
 * part between the first `{` and the next `}` when that part is not empty, modulo 16384.
 *
 * @param key - a Redis key
 * @returns its slot, 0–16383
 */
export function slotOf(key: string): number {
	let bytes = Buffer.from(key, "utf8");
	const open = bytes.indexOf(0x7b);
	if (open !== -1) {
		const close = bytes.indexOf(0x7d, open + 1);
		if (close > open + 1) bytes = bytes.subarray(open + 1, close);
	}
	let crc = 0;
	for (const byte of bytes) {
		crc ^= byte << 8;
		for (let bit = 0; bit < 8; bit++)
			crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
	}
	return crc % SLOTS;
}
