import { parseArgs } from "node:util";
import type { ProfileName } from "../index.js";
import { CliFailure } from "./_failure.js";
import { DEFAULT_TIMEOUT_MS } from "./help.js";
import { type ProxyCommand, parseProxyArgs } from "./proxy/args.js";

/**
 * What to read tool names from.
 *
 * @example
 * ```ts
 * const target: TargetSpec = { type: "stdio", command: "node", args: ["server.js"] };
 * ```
 */
export type TargetSpec =
	| { type: "demo" }
	| { type: "stdio"; command: string; args: string[] }
	| { type: "http"; url: string; headers: Record<string, string> }
	| { type: "file"; path: string }
	| { type: "stdin" };

/**
 * `mcp-tool-names audit`, parsed.
 *
 * @example
 * ```ts
 * const { profiles, strict } = parseCliArgs(["audit", "--strict"]) as AuditCommand;
 * ```
 */
export interface AuditCommand {
	command: "audit";
	target: TargetSpec;
	/** In the order given, without repeats. */
	profiles: ProfileName[];
	json: boolean;
	strict: boolean;
	timeoutMs: number;
}

/**
 * `mcp-tool-names resolve <name>`, parsed.
 *
 * @example
 * ```ts
 * const { name, mode } = parseCliArgs(["resolve", "fetch_content"]) as ResolveCommand;
 * ```
 */
export interface ResolveCommand {
	command: "resolve";
	name: string;
	target: TargetSpec;
	mode: "safe" | "mcporter";
	json: boolean;
	timeoutMs: number;
}

/**
 * A parsed command line.
 *
 * @example
 * ```ts
 * const parsed: CliCommand = parseCliArgs(["audit", "--json"]);
 * ```
 */
export type CliCommand =
	| AuditCommand
	| ResolveCommand
	| ProxyCommand
	| { command: "help"; topic?: "audit" | "resolve" | "proxy" }
	| { command: "version" };

/**
 * Every built-in profile, in the order `--profile all` reports them.
 *
 * @example
 * ```ts
 * ALL_PROFILES.map((profile) => auditNames(names, { profile }));
 * ```
 */
export const ALL_PROFILES: readonly ProfileName[] = [
	"openai",
	"anthropic",
	"gemini",
	"portable",
	"mcp",
];

const TARGET_OPTIONS = {
	url: { type: "string" },
	header: { type: "string", multiple: true },
	file: { type: "string" },
	timeout: { type: "string" },
	json: { type: "boolean" },
	help: { type: "boolean", short: "h" },
} as const;

const AUDIT_OPTIONS = {
	...TARGET_OPTIONS,
	profile: { type: "string", multiple: true },
	strict: { type: "boolean" },
} as const;

const RESOLVE_OPTIONS = {
	...TARGET_OPTIONS,
	mode: { type: "string" },
} as const;

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * Parses the CLI's arguments (everything after the binary) with `node:util` `parseArgs`.
 * Everything after the first `--` is the stdio server's command line, passed on untouched.
 *
 * @param argv - `process.argv.slice(2)`
 * @returns the command to run
 * @throws CliFailure `usage` with one sentence naming the bad argument and what is expected
 * @example
 * ```ts
 * parseCliArgs(["audit", "--profile", "openai", "--", "node", "server.js"]);
 * // { command: "audit", target: { type: "stdio", command: "node", args: ["server.js"] }, ... }
 * ```
 */
export function parseCliArgs(argv: readonly string[]): CliCommand {
	const separator = argv.indexOf("--");
	const own = separator === -1 ? [...argv] : argv.slice(0, separator);
	const serverCommand =
		separator === -1 ? undefined : argv.slice(separator + 1);
	const [first, ...rest] = own;
	if (first === undefined) {
		if (serverCommand !== undefined) {
			throw usage(
				"Missing command before --; expected audit or resolve, e.g. mcp-tool-names audit -- node server.js",
			);
		}
		throw usage(
			"Missing command; expected audit or resolve (see mcp-tool-names --help)",
		);
	}
	if (first === "-h" || first === "--help" || first === "help") {
		const topic = rest[0];
		return topic === "audit" || topic === "resolve" || topic === "proxy"
			? { command: "help", topic }
			: { command: "help" };
	}
	if (first === "-v" || first === "--version") return { command: "version" };
	if (first === "audit") return parseAudit(rest, serverCommand);
	if (first === "resolve") return parseResolve(rest, serverCommand);
	if (first === "proxy") return parseProxyArgs(rest, serverCommand);
	if (first.startsWith("-")) {
		throw usage(
			`Unknown option ${quote(first)} before the command; expected audit or resolve first (see mcp-tool-names --help)`,
		);
	}
	throw usage(
		`Unknown command ${quote(first)}; expected audit or resolve (see mcp-tool-names --help)`,
	);
}

function parseAudit(
	args: string[],
	serverCommand: string[] | undefined,
): CliCommand {
	const { values, positionals } = parse("audit", args, AUDIT_OPTIONS);
	if (values.help === true) return { command: "help", topic: "audit" };
	const stray = positionals[0];
	if (stray !== undefined) {
		throw usage(
			`Unexpected argument ${quote(stray)}; put the server command after --, e.g. mcp-tool-names audit -- node server.js`,
		);
	}
	return {
		command: "audit",
		target: targetOf(values, serverCommand),
		profiles: profilesOf(values.profile),
		json: values.json === true,
		strict: values.strict === true,
		timeoutMs: timeoutOf(values.timeout),
	};
}

function parseResolve(
	args: string[],
	serverCommand: string[] | undefined,
): CliCommand {
	const { values, positionals } = parse("resolve", args, RESOLVE_OPTIONS);
	if (values.help === true) return { command: "help", topic: "resolve" };
	const [name, stray] = positionals;
	if (name === undefined) {
		throw usage(
			"Missing tool name; expected mcp-tool-names resolve <name> [target]",
		);
	}
	if (stray !== undefined) {
		throw usage(
			`Unexpected argument ${quote(stray)}; resolve takes one name, and the server command goes after --`,
		);
	}
	const mode = values.mode ?? "safe";
	if (mode !== "safe" && mode !== "mcporter") {
		throw usage(`Unknown --mode ${quote(mode)}; expected safe or mcporter`);
	}
	return {
		command: "resolve",
		name,
		target: targetOf(values, serverCommand),
		mode,
		json: values.json === true,
		timeoutMs: timeoutOf(values.timeout),
	};
}

interface ParsedValues {
	url?: string;
	header?: string[];
	file?: string;
	timeout?: string;
	json?: boolean;
	help?: boolean;
	profile?: string[];
	strict?: boolean;
	mode?: string;
}

function parse(
	command: string,
	args: string[],
	options: typeof AUDIT_OPTIONS | typeof RESOLVE_OPTIONS,
): { values: ParsedValues; positionals: string[] } {
	try {
		const { values, positionals } = parseArgs({
			args,
			options,
			allowPositionals: true,
			strict: true,
		});
		return { values: values as ParsedValues, positionals };
	} catch (error) {
		throw usage(describeParseError(command, error), error);
	}
}

/** Shared with the proxy's arguments (src/cli/proxy/args.ts). */
export function describeParseError(command: string, error: unknown): string {
	const code = (error as { code?: unknown }).code;
	const message = error instanceof Error ? error.message : String(error);
	const option = /'(-[^' ]+)/.exec(message)?.[1] ?? "";
	if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
		return `Unknown option ${quote(option)} for ${command} (see mcp-tool-names ${command} --help)`;
	}
	if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
		if (message.includes("does not take an argument")) {
			return `Option ${option} takes no value`;
		}
		return `Option ${option} needs a value, e.g. ${option}=${exampleValue(option)}`;
	}
	return message.split("\n")[0] ?? message;
}

function exampleValue(option: string): string {
	switch (option) {
		case "--url":
			return "http://localhost:3000/mcp";
		case "--header":
			return '"Authorization: Bearer TOKEN"';
		case "--file":
			return "tools.json";
		case "--timeout":
			return "5000";
		case "--profile":
			return "openai";
		case "--mode":
			return "safe";
		default:
			return "VALUE";
	}
}

function targetOf(
	values: ParsedValues,
	serverCommand: string[] | undefined,
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
		return {
			type: "http",
			url: urlOf(values.url),
			headers: headersOf(values.header ?? []),
		};
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

/** Shared with the proxy's arguments (src/cli/proxy/args.ts). */
export function urlOf(value: string): string {
	let url: URL;
	try {
		url = new URL(value);
	} catch {
		throw usage(
			`--url expects an absolute http(s) URL, e.g. http://localhost:3000/mcp, got ${quote(value)}`,
		);
	}
	if (url.protocol !== "http:" && url.protocol !== "https:") {
		throw usage(
			`--url expects an http or https URL, got ${quote(url.protocol.slice(0, -1))}`,
		);
	}
	return url.href;
}

/** Shared with the proxy's arguments (src/cli/proxy/args.ts). */
export function headersOf(values: readonly string[]): Record<string, string> {
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

function profilesOf(values: readonly string[] | undefined): ProfileName[] {
	if (values === undefined) return [...ALL_PROFILES];
	const chosen = new Set<ProfileName>();
	for (const value of values.flatMap((v) => v.split(","))) {
		const name = value.trim().toLowerCase();
		if (name === "all") {
			for (const profile of ALL_PROFILES) chosen.add(profile);
		} else if ((ALL_PROFILES as readonly string[]).includes(name)) {
			chosen.add(name as ProfileName);
		} else {
			throw usage(
				`Unknown profile ${quote(value.trim())}; expected ${ALL_PROFILES.join(", ")} or all`,
			);
		}
	}
	return [...chosen];
}

/** Shared with the proxy's arguments (src/cli/proxy/args.ts). */
export function timeoutOf(value: string | undefined): number {
	if (value === undefined) return DEFAULT_TIMEOUT_MS;
	const ms = /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
	if (!Number.isSafeInteger(ms) || ms <= 0 || ms > MAX_TIMEOUT_MS) {
		throw usage(
			`--timeout expects a positive number of milliseconds, e.g. --timeout 5000, got ${quote(value)}`,
		);
	}
	return ms;
}

/** Shared with the proxy's arguments (src/cli/proxy/args.ts). */
export function quote(value: string): string {
	return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
}

/** Shared with the proxy's arguments (src/cli/proxy/args.ts). */
export function usage(message: string, cause?: unknown): CliFailure {
	return new CliFailure(
		"usage",
		message,
		cause === undefined ? undefined : { cause },
	);
}
