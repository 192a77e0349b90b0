// The target of audit and resolve (what to read tool names from): its options and the rules
// between them (one target, --header only with --url, a URL's form). The proxy's upstream
// follows the same rules.
import { quote, usage } from "../_failure.js";
import type { HelpSection } from "./help.js";
import type { ListOption, ParsedOption, ValueOption } from "./parser.js";
import {
	DEFAULT_START_TIMEOUT_MS,
	DEFAULT_TIMEOUT_MS,
	milliseconds,
} from "./values.js";

/** What to read tool names from. */
export type TargetSpec =
	| { type: "demo" }
	| { type: "stdio"; command: string; args: string[] }
	| { type: "http"; url: string; headers: Record<string, string> }
	| { type: "file"; path: string }
	| { type: "stdin" };

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The options that choose and bound the target of audit and resolve. */
export const TARGET_OPTIONS: {
	readonly url: ValueOption;
	readonly header: ListOption;
	readonly file: ValueOption;
	readonly timeout: ParsedOption<number>;
	readonly "start-timeout": ParsedOption<number>;
} = {
	url: {
		type: "string",
		value: "<url>",
		label: "<url>, --url <url>",
		example: "http://localhost:3000/mcp",
		help: "a Streamable HTTP endpoint; falls back to SSE for older servers",
	},
	header: {
		type: "string",
		multiple: true,
		value: '"Name: value"',
		example: '"Authorization: Bearer TOKEN"',
		help: 'an HTTP header for --url (repeatable), e.g. "Authorization: Bearer $TOKEN"',
	},
	file: {
		type: "string",
		value: "<path>",
		example: "tools.json",
		help: 'a tools/list result, {"tools": [...]}, or an array of names; - for stdin',
	},
	timeout: {
		type: "string",
		value: "<ms>",
		example: "5000",
		help: `the budget for a whole run against a server: start, initialize, every page of tools/list and shutdown (default ${DEFAULT_TIMEOUT_MS}); for a stdio server it starts at the server's first output`,
		parse: milliseconds,
		default: DEFAULT_TIMEOUT_MS,
	},
	"start-timeout": {
		type: "string",
		value: "<ms>",
		example: "5000",
		help: `how long a stdio server may write nothing at all after it is started, e.g. while npx -y downloads it (default ${DEFAULT_START_TIMEOUT_MS})`,
		parse: milliseconds,
		default: DEFAULT_START_TIMEOUT_MS,
	},
};

/** The Targets section of `--help`: a command after `--`, then {@link TARGET_OPTIONS}. */
export const TARGETS_SECTION: HelpSection = {
	title: "Targets (one of them; none: the bundled demo server):",
	rows: [
		{
			label: "-- <command> [args...]",
			help: "start a stdio server, e.g. -- npx -y @modelcontextprotocol/server-everything",
		},
	],
	options: TARGET_OPTIONS,
};

/** The target options as given: a URL given as an argument is in `url`. */
interface TargetValues {
	url?: string | undefined;
	header?: readonly string[] | undefined;
	file?: string | undefined;
}

/**
 * The one target of a command line: `--url`, `--file`, a command after `--`, or the demo.
 *
 * @param values - the target options as given
 * @param serverCommand - everything after `--`, if there was a `--`
 * @returns the target
 * @throws CliFailure `usage` for two targets, a bad URL or header, an empty command
 */
export function targetOf(
	values: TargetValues,
	serverCommand: readonly string[] | undefined,
): TargetSpec {
	const chosen = [
		values.url !== undefined && "--url",
		values.file !== undefined && "--file",
		serverCommand !== undefined && "a command after --",
	].filter((x): x is string => typeof x === "string");
	if (chosen.length > 1) {
		throw usage(
			`Choose one target, not ${chosen.join(" and ")}: --url, --file or a command after --`,
		);
	}
	if (values.header !== undefined && values.url === undefined) {
		throw usage("--header only applies to --url");
	}
	if (values.url !== undefined) {
		const url = urlOf(values.url);
		const headers = headersOf(values.header ?? []);
		return { type: "http", ...credentialsOf(url, headers) };
	}
	if (values.file !== undefined) {
		if (values.file === "-") return { type: "stdin" };
		if (values.file === "") throw usage("--file needs a path, or - for stdin");
		return { type: "file", path: values.file };
	}
	if (serverCommand !== undefined) {
		const [command, ...args] = serverCommand;
		if (command === undefined || command === "") {
			throw usage(
				"Missing server command after --, e.g. mcp-tool-names audit -- node server.js",
			);
		}
		return { type: "stdio", command, args };
	}
	return { type: "demo" };
}

/** Where audit and resolve read tools from, and their time budgets. */
export interface TargetRun {
	target: TargetSpec;
	timeoutMs: number;
	/** Bound on a stdio server's first output; `timeoutMs` starts then. */
	startTimeoutMs: number;
}

/**
 * The target of audit or resolve from its parsed options and its arguments left over (a URL
 * may come first among them).
 *
 * @param values - the parsed options of the command
 * @param positionals - its arguments that are not options, after any it takes itself
 * @param serverCommand - everything after `--`, if there was a `--`
 * @param stray - words the refusal of an argument left over
 * @returns the target and the budgets
 * @throws CliFailure `usage` for an argument left over, two URLs or two targets, a bad URL or header
 */
export function targetRunOf(
	values: TargetValues & { timeout: number; "start-timeout": number },
	positionals: readonly string[],
	serverCommand: readonly string[] | undefined,
	stray: (argument: string) => string,
): TargetRun {
	let [url, left] = [values.url, positionals[0]];
	// A URL first among the arguments: `audit http://host/mcp` means `audit --url http://host/mcp`.
	if (left !== undefined && /^https?:\/\//i.test(left)) {
		if (url !== undefined)
			throw usage(`Choose one URL, not --url ${quote(url)} and ${quote(left)}`);
		[url, left] = [left, positionals[1]];
	}
	if (left !== undefined) throw usage(stray(quote(left)));
	return {
		target: targetOf({ ...values, url }, serverCommand),
		timeoutMs: values.timeout,
		startTimeoutMs: values["start-timeout"],
	};
}

/**
 * `fetch` refuses a URL with credentials in it: `user:password@` becomes an `Authorization:
 * Basic` header, as curl sends it, unless `--header` sets `Authorization` itself.
 */
function credentialsOf(
	url: URL,
	headers: Record<string, string>,
): { url: string; headers: Record<string, string> } {
	if (url.username === "" && url.password === "")
		return { url: url.href, headers };
	const basic = Buffer.from(
		`${decoded(url.username)}:${decoded(url.password)}`,
	).toString("base64");
	url.username = "";
	url.password = "";
	const given = Object.keys(headers).some(
		(name) => name.toLowerCase() === "authorization",
	);
	return {
		url: url.href,
		headers: given ? headers : { ...headers, Authorization: `Basic ${basic}` },
	};
}

function decoded(text: string): string {
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
}

function urlOf(value: string): URL {
	if (!URL.canParse(value))
		throw usage(
			`--url expects an absolute http(s) URL, e.g. http://localhost:3000/mcp, got ${quote(value)}`,
		);
	const url = new URL(value);
	if (url.protocol !== "http:" && url.protocol !== "https:") {
		throw usage(
			`--url expects an http or https URL, got ${quote(url.protocol.slice(0, -1))}`,
		);
	}
	return url;
}

function headersOf(values: readonly string[]): Record<string, string> {
	const headers: Record<string, string> = {};
	for (const value of values) {
		const colon = value.indexOf(":");
		const name = colon === -1 ? "" : value.slice(0, colon).trim();
		if (!HEADER_NAME.test(name)) {
			throw usage(
				`--header expects "Name: value", e.g. "Authorization: Bearer TOKEN", got ${quote(value)}`,
			);
		}
		const existing = Object.keys(headers).find(
			(key) => key.toLowerCase() === name.toLowerCase(),
		);
		const text = value.slice(colon + 1).trim();
		if (existing !== undefined)
			headers[existing] = `${headers[existing]}, ${text}`;
		else headers[name] = text;
	}
	return headers;
}
