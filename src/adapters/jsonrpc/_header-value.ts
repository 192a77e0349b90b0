// The value encoding of the Streamable HTTP `Mcp-Name` header (SEP-2243, protocol revision
// 2026-07-28): a value that is a plain printable-ASCII field value goes as it is; anything
// else (non-ASCII, control characters, leading or trailing whitespace, empty, or a value
// that already looks like the sentinel) goes as `=?base64?<base64 of UTF-8>?=`.

const PREFIX = "=?base64?";
const SUFFIX = "?=";
const BASE64 =
	/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const CHUNK = 0x8000;

function isSentinel(value: string): boolean {
	return (
		value.length >= PREFIX.length + SUFFIX.length &&
		value.startsWith(PREFIX) &&
		value.endsWith(SUFFIX)
	);
}

function isPlainFieldValue(value: string): boolean {
	if (value === "" || isSentinel(value) || value !== value.trim()) return false;
	for (let i = 0; i < value.length; i++) {
		const code = value.charCodeAt(i);
		if (code !== 0x09 && (code < 0x20 || code > 0x7e)) return false;
	}
	return true;
}

/** The header value that carries `value`. */
export function encodeHeaderValue(value: string): string {
	if (isPlainFieldValue(value)) return value;
	const bytes = new TextEncoder().encode(value);
	let binary = "";
	for (let i = 0; i < bytes.length; i += CHUNK) {
		binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
	}
	return `${PREFIX}${btoa(binary)}${SUFFIX}`;
}

/** The value a header carries, or `undefined` for a malformed sentinel. */
export function decodeHeaderValue(header: string): string | undefined {
	const value = header.replace(/^[\t ]+|[\t ]+$/g, "");
	if (!isSentinel(value)) return value;
	const payload = value.slice(PREFIX.length, value.length - SUFFIX.length);
	if (!BASE64.test(payload)) return undefined;
	try {
		const binary = atob(payload);
		const bytes = new Uint8Array(binary.length);
		for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
		return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
	} catch {
		return undefined;
	}
}
