import type { CliOutput } from "../io.js";

/** What the proxy reports on stderr: one event, one line. */
export interface ProxyEvent {
	/** `corrected` and `unknown` are routing decisions; the rest is the proxy's own life. */
	event:
		| "corrected"
		| "unknown"
		| "malformed"
		| "primed"
		| "timeout"
		| "upstream-exit"
		| "upstream-error"
		| "snapshot"
		| "listening"
		| "session"
		| "store";
	/** A ready one-line message. */
	message: string;
	/** Extra fields for `--log-json` (input name, target, session id, exit code, …). */
	[field: string]: unknown;
}

/** Writes one proxy event as one line. */
export type ProxyLogger = (event: ProxyEvent) => void;

const PREFIX = "[mcp-tool-names] ";

/**
 * A logger for the proxy's stderr: plain lines (`[mcp-tool-names] …`), or with `json` one
 * JSON object per line with `time`, `event`, `message` and the event's fields.
 *
 * @param stderr - where lines go; never stdout, which carries the protocol
 * @param json - write JSON lines (`--log-json`)
 * @returns the logger
 * @example
 * ```ts
 * const log = createProxyLogger(process.stderr, false);
 * log({ event: "primed", message: "Listed 12 tools" });
 * ```
 */
export function createProxyLogger(
	stderr: CliOutput,
	json: boolean,
): ProxyLogger {
	return (event) => {
		if (json) {
			stderr.write(
				`${safeJson({ time: new Date().toISOString(), ...event })}\n`,
			);
			return;
		}
		const text = event.message.replace(/[\r\n]+/g, " ");
		stderr.write(`${text.startsWith(PREFIX) ? text : `${PREFIX}${text}`}\n`);
	};
}

function safeJson(value: unknown): string {
	try {
		return JSON.stringify(value);
	} catch {
		return JSON.stringify({ event: "malformed", message: "unprintable event" });
	}
}

/**
 * A URL as the proxy prints it and tells clients: without userinfo, query and fragment, which
 * may hold credentials (`https://user:pass@host/mcp?token=…`). Parsed with `URL`, so no
 * spelling of the secret part slips past a pattern.
 *
 * @param url - the URL, as given or parsed
 * @returns origin and path, e.g. `https://host/mcp`; `an invalid URL` when it cannot be parsed
 * @example
 * ```ts
 * displayUrl("https://me:pw@example.com/mcp?token=abc"); // "https://example.com/mcp"
 * ```
 */
export function displayUrl(url: string | URL): string {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return "an invalid URL";
	}
	parsed.username = "";
	parsed.password = "";
	parsed.search = "";
	parsed.hash = "";
	return parsed.href;
}
