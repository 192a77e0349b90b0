// Text the CLI did not write itself (a server's tool names and error messages, a client's
// input, a URL someone typed) made safe to print on a terminal or into a log: no escape
// sequences, no reordering, no secrets from a URL.

// C0 controls and DEL, C1 controls, the line and paragraph separators, and the bidirectional
// controls (ALM, LRM, RLM, LRE…RLO, LRI…PDI) that make a terminal show text in another order
// than it is (https://trojansource.codes, CVE-2021-42574).
const UNPRINTABLE =
	// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
	/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
// What JSON.stringify leaves as it is among those (it escapes the C0 controls itself).
const UNPRINTABLE_IN_JSON =
	/[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

function escapeOne(character: string): string {
	return `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/**
 * The text with every control character (C0, DEL, C1), line separator and bidirectional
 * control written as a `\uXXXX` escape, so what a server or client sent can neither move
 * the cursor, recolour a terminal, forge a log line nor reorder what is shown.
 *
 * @param text - any text
 * @returns the same text, one line, safe to print
 */
export function printable(text: string): string {
	return text.replace(UNPRINTABLE, escapeOne);
}

/**
 * A JSON text with the characters {@link printable} escapes and `JSON.stringify` leaves as
 * they are (DEL, C1, separators, bidirectional controls) escaped too: the same value once
 * parsed, safe to print.
 *
 * @param json - the output of `JSON.stringify`
 * @returns the same JSON, safe to print
 */
export function printableJson(json: string): string {
	return json.replace(UNPRINTABLE_IN_JSON, escapeOne);
}

/**
 * A URL as the CLI shows it in messages and logs: scheme, host, port and path, parsed with
 * `URL` (a password holding `/` or `@` cannot slip past a pattern), never the user name,
 * password, query or fragment, which may hold credentials (`?token=…`). A text `URL` cannot
 * read, or one whose path holds `@` (a password with an unencoded `/` reads as host and
 * path), shows no more than its scheme.
 *
 * @param value - the URL as given
 * @returns the URL for display
 */
export function displayUrl(value: string | URL): string {
	let url: URL;
	try {
		url = typeof value === "string" ? new URL(value.trim()) : value;
	} catch {
		const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(String(value).trim())?.[0];
		return scheme === undefined
			? "(a URL that cannot be read)"
			: `${scheme.toLowerCase()}//…`;
	}
	if (url.host === "" || url.pathname.includes("@"))
		return `${url.protocol}//…`;
	return printable(`${url.protocol}//${url.host}${url.pathname}`);
}
