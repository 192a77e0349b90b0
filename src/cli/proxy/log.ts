import { printable, printableJson } from "../_printable.js";
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
		| "refused"
		| "store";
	/** A ready one-line message. */
	message: string;
	/** Extra fields for `--log-json` (input name, target, session id, exit code, …). */
	[field: string]: unknown;
}

/** Writes one proxy event as one line, whatever characters its message and fields hold. */
export type ProxyLogger = (event: ProxyEvent) => void;

const PREFIX = "[mcp-tool-names] ";

/**
 * A logger for the proxy's stderr: plain lines (`[mcp-tool-names] …`), or with `json` one
 * JSON object per line with `time`, `event`, `message` and the event's fields. This is the
 * one place the proxy prints from: control characters (C0, DEL, C1), line separators and
 * bidirectional controls in a message or field (a server's tool name, a client's input) are
 * written as `\uXXXX` escapes, so nothing a peer sends can recolour the terminal, forge a log
 * line or reorder what is shown.
 *
 * @param stderr - where lines go; never stdout, which carries the protocol
 * @param json - write JSON lines (`--log-json`)
 * @returns the logger
 */
export function createProxyLogger(
	stderr: CliOutput,
	json: boolean,
): ProxyLogger {
	return (event) => {
		if (json) {
			stderr.write(
				`${printableJson(safeJson({ time: new Date().toISOString(), ...event }))}\n`,
			);
			return;
		}
		const text = printable(event.message);
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
