// The proxy's own Redis client: RESP2 over node:net (node:tls for rediss://), just what
// RedisCodecStore sends (SCRIPT LOAD, EVALSHA, plus AUTH and SELECT on connect), so
// `npx -y mcp-tool-names proxy --store …` runs with nothing else installed. It never queues
// while Redis is away: a command on a lost connection dials again once and fails fast, which
// is what lets names known locally keep working and new ones fail closed.
import { connect as connectTcp, isIP, type Socket } from "node:net";
import { connect as connectTls } from "node:tls";
import type { NodeRedisClientLike } from "../../../adapters/redis/client.js";

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

/** Options of a {@link RespClient}. */
interface RespClientOptions {
	address: RedisAddress;
	/** Longest wait for a connection, and for each reply, in ms. */
	timeoutMs: number;
}

interface Waiting {
	resolve(value: unknown): void;
	reject(error: Error): void;
}

/** A minimal RESP2 client with the shape RedisCodecStore takes (`sendCommand`). */
export class RespClient implements NodeRedisClientLike {
	readonly #address: RedisAddress;
	readonly #timeoutMs: number;
	#socket: Socket | undefined;
	#connecting: Promise<Socket> | undefined;
	readonly #waiting: Waiting[] = [];
	#parser = new RespParser();
	#timer: ReturnType<typeof setTimeout> | undefined;
	#closed = false;

	constructor(options: RespClientOptions) {
		this.#address = options.address;
		this.#timeoutMs = options.timeoutMs;
	}

	/** `host:port`, for messages. */
	get where(): string {
		return `${this.#address.host}:${this.#address.port}`;
	}

	/**
	 * Sends one command; resolves with its reply (strings, numbers, arrays, `null`), rejects
	 * with the server's error reply, or when Redis cannot be reached or does not answer.
	 */
	async sendCommand(args: string[]): Promise<unknown> {
		const socket = await this.#connection();
		return this.#write(socket, args);
	}

	/**
	 * Sends `ASKING` and then one command on the same connection, back to back (nothing can
	 * run between them): a Redis Cluster node answers for a slot it is importing only so.
	 */
	async sendAsking(args: string[]): Promise<unknown> {
		const socket = await this.#connection();
		const asking = this.#write(socket, ["ASKING"]);
		const reply = this.#write(socket, args);
		reply.catch(() => {});
		await asking;
		return reply;
	}

	/** Closes the connection; later commands fail. */
	close(): void {
		this.#closed = true;
		this.#drop(new Error(`Redis client for ${this.where} was closed`));
	}

	#connection(): Promise<Socket> {
		if (this.#closed)
			return Promise.reject(
				new Error(`Redis client for ${this.where} was closed`),
			);
		if (this.#socket !== undefined) return Promise.resolve(this.#socket);
		this.#connecting ??= this.#dial().finally(() => {
			this.#connecting = undefined;
		});
		return this.#connecting;
	}

	async #dial(): Promise<Socket> {
		const { host, port, tls } = this.#address;
		const socket = await new Promise<Socket>((resolve, reject) => {
			const ready = tls ? "secureConnect" : "connect";
			// The server name (SNI) only for a DNS name: Node warns (DEP0123) for an IP.
			const raw = tls
				? connectTls({
						host,
						port,
						...(isIP(host) === 0 ? { servername: host } : {}),
						...this.#address.tlsFiles,
					})
				: connectTcp({ host, port });
			const timer = setTimeout(() => {
				raw.destroy();
				reject(
					new Error(
						`no connection to Redis at ${this.where} within ${this.#timeoutMs} ms`,
					),
				);
			}, this.#timeoutMs);
			raw.once(ready, () => {
				clearTimeout(timer);
				resolve(raw);
			});
			raw.once("error", (error: NodeJS.ErrnoException) => {
				clearTimeout(timer);
				reject(
					new Error(
						`cannot reach Redis at ${this.where}: ${error.code === "ECONNREFUSED" ? "connection refused" : error.message}`,
					),
				);
			});
		});
		socket.removeAllListeners("error");
		socket.setNoDelay(true);
		socket.unref();
		this.#parser = new RespParser();
		socket.on("data", (chunk: Buffer) => this.#receive(chunk));
		socket.on("error", (error) =>
			this.#drop(
				new Error(`lost Redis at ${this.where}: ${error.message}`),
				socket,
			),
		);
		socket.on("close", () =>
			this.#drop(
				new Error(`lost Redis at ${this.where}: connection closed`),
				socket,
			),
		);
		const { username, password, db } = this.#address;
		try {
			if (password !== undefined)
				await this.#write(
					socket,
					username === undefined
						? ["AUTH", password]
						: ["AUTH", username, password],
				);
			if (db !== undefined && db !== 0)
				await this.#write(socket, ["SELECT", String(db)]);
		} catch (error) {
			const cause = error as Error;
			const clear = cause.message.includes("not allowed in cluster mode")
				? new Error(
						`Redis at ${this.where} is a Redis Cluster node, which has only database 0: drop /${db} from the URL`,
					)
				: cause;
			this.#drop(clear, socket);
			throw clear;
		}
		// Only now: no command may run before AUTH and SELECT are through.
		this.#socket = socket;
		return socket;
	}

	#write(socket: Socket, args: readonly string[]): Promise<unknown> {
		return new Promise((resolve, reject) => {
			this.#waiting.push({ resolve, reject });
			socket.write(encode(args));
			this.#armTimer();
		});
	}

	#receive(chunk: Buffer): void {
		let replies: unknown[];
		try {
			replies = this.#parser.push(chunk);
		} catch (error) {
			this.#drop(error as Error);
			return;
		}
		for (const reply of replies) {
			const waiting = this.#waiting.shift();
			if (reply instanceof RespReplyError) waiting?.reject(reply);
			else waiting?.resolve(reply);
		}
		clearTimeout(this.#timer);
		this.#timer = undefined;
		this.#armTimer();
	}

	/** One timer for the oldest reply awaited: a server that stops answering is dropped. */
	#armTimer(): void {
		if (this.#timer !== undefined || this.#waiting.length === 0) return;
		this.#timer = setTimeout(() => {
			this.#timer = undefined;
			this.#drop(
				new Error(
					`Redis at ${this.where} did not answer within ${this.#timeoutMs} ms`,
				),
			);
		}, this.#timeoutMs);
		this.#timer.unref?.();
	}

	/** Forgets the connection and fails every command awaiting a reply on it. */
	#drop(error: Error, socket: Socket | undefined = this.#socket): void {
		clearTimeout(this.#timer);
		this.#timer = undefined;
		if (this.#socket === socket) this.#socket = undefined;
		socket?.removeAllListeners();
		socket?.on("error", () => {});
		socket?.destroy();
		for (const waiting of this.#waiting.splice(0)) waiting.reject(error);
	}
}

function encode(args: readonly string[]): Buffer {
	let head = `*${args.length}\r\n`;
	const parts: Buffer[] = [];
	for (const arg of args) {
		const bytes = Buffer.from(arg, "utf8");
		parts.push(Buffer.from(`${head}$${bytes.length}\r\n`), bytes);
		head = "\r\n";
	}
	parts.push(Buffer.from("\r\n"));
	return Buffer.concat(parts);
}

// Replies of the Redis protocol, RESP2 (https://redis.io/docs/latest/develop/reference/protocol-spec/):
// simple strings, errors, integers, bulk strings and arrays, possibly split across chunks.
/** An error reply (`-ERR …`, `-NOSCRIPT …`): the command failed, the connection is fine. */
export class RespReplyError extends Error {
	override name = "RespReplyError";
}

const CR = 0x0d;
/** A reply larger than this is not one RedisCodecStore asks for: the stream is broken. */
const MAX_BUFFER_BYTES = 512 * 1024 * 1024;

/** Cuts a byte stream into replies; keeps an incomplete tail for the next chunk. */
export class RespParser {
	#buffer: Buffer = Buffer.alloc(0);

	/**
	 * @param chunk - bytes read from the socket
	 * @returns every reply now complete, in order
	 * @throws Error when the stream is not RESP
	 */
	push(chunk: Buffer): unknown[] {
		this.#buffer =
			this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
		if (this.#buffer.length > MAX_BUFFER_BYTES)
			throw new Error("Redis sent a reply too large to read");
		const replies: unknown[] = [];
		let offset = 0;
		for (;;) {
			const parsed = readReply(this.#buffer, offset);
			if (parsed === undefined) break;
			replies.push(parsed.value);
			offset = parsed.end;
		}
		this.#buffer = this.#buffer.subarray(offset);
		return replies;
	}
}

interface Parsed {
	value: unknown;
	end: number;
}

/** One reply starting at `offset`, or `undefined` when its bytes are not all in yet. */
function readReply(buffer: Buffer, offset: number): Parsed | undefined {
	if (offset >= buffer.length) return undefined;
	const line = lineAt(buffer, offset + 1);
	if (line === undefined) return undefined;
	const { text, end } = line;
	switch (buffer[offset]) {
		case 0x2b: // +
			return { value: text, end };
		case 0x2d: // -
			return { value: new RespReplyError(text), end };
		case 0x3a: // :
			return { value: Number(text), end };
		case 0x24: {
			// $
			const length = count(text);
			if (length < 0) return { value: null, end };
			if (end + length + 2 > buffer.length) return undefined;
			return {
				value: buffer.toString("utf8", end, end + length),
				end: end + length + 2,
			};
		}
		case 0x2a: {
			// *
			const length = count(text);
			if (length < 0) return { value: null, end };
			const items: unknown[] = [];
			let at = end;
			for (let i = 0; i < length; i++) {
				const item = readReply(buffer, at);
				if (item === undefined) return undefined;
				items.push(item.value);
				at = item.end;
			}
			return { value: items, end: at };
		}
		default:
			throw new Error(
				`Redis sent a reply that is not RESP2 (type byte ${JSON.stringify(String.fromCharCode(buffer[offset] ?? 0))})`,
			);
	}
}

function lineAt(
	buffer: Buffer,
	start: number,
): { text: string; end: number } | undefined {
	const cr = buffer.indexOf(CR, start);
	if (cr === -1 || cr + 1 >= buffer.length) return undefined;
	return { text: buffer.toString("utf8", start, cr), end: cr + 2 };
}

function count(text: string): number {
	const value = Number(text);
	if (!Number.isSafeInteger(value))
		throw new Error(
			`Redis sent a length that is not a number: ${JSON.stringify(text)}`,
		);
	return value;
}
