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
