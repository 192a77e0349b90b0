import type { ProfileName } from "../../index.js";
import { quote, usage } from "../_failure.js";
import { didYouMean, parse } from "./parser.js";
import { type ProxyCommand, parseProxyArgs } from "./proxy.js";
import {
	profilesOf,
	startTimeoutOf,
	targetOf,
	timeoutOf,
	urlFirst,
	withUrl,
} from "./values.js";

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
	/** Bound on a stdio server's first output; `timeoutMs` starts then. */
	startTimeoutMs: number;
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
	/** Bound on a stdio server's first output; `timeoutMs` starts then. */
	startTimeoutMs: number;
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
				`Missing command before --; expected ${COMMAND_LIST}, e.g. mcp-tool-names audit -- node server.js`,
			);
		}
		// A bare `mcp-tool-names` is a request for help, not a mistake.
		return { command: "help" };
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
		const near = didYouMean(first.replace(/^-+/, ""), ["help", "version"]);
		throw usage(
			`Unknown option ${quote(first)} before the command; ${near === undefined ? "" : `did you mean --${near}? `}expected ${COMMAND_LIST} first (see mcp-tool-names --help)`,
		);
	}
	const near = didYouMean(first, COMMANDS);
	throw usage(
		`Unknown command ${quote(first)}; ${near === undefined ? "" : `did you mean ${near}? `}expected ${COMMAND_LIST} (see mcp-tool-names --help)`,
	);
}

const COMMANDS = ["audit", "resolve", "proxy"] as const;
const COMMAND_LIST = "audit, resolve or proxy";

function parseAudit(
	args: string[],
	serverCommand: string[] | undefined,
): CliCommand {
	const { values, positionals } = parse("audit", args);
	if (values.help === true) return { command: "help", topic: "audit" };
	const [url, stray] = urlFirst(positionals);
	if (stray !== undefined) {
		throw usage(
			`Unexpected argument ${quote(stray)}; put a server command after -- (mcp-tool-names audit -- node server.js) or give a URL (mcp-tool-names audit http://localhost:3000/mcp)`,
		);
	}
	return {
		command: "audit",
		target: targetOf(withUrl(values, url), serverCommand),
		profiles: profilesOf(values.profile),
		json: values.json === true,
		strict: values.strict === true,
		timeoutMs: timeoutOf(values.timeout),
		startTimeoutMs: startTimeoutOf(values["start-timeout"]),
	};
}

function parseResolve(
	args: string[],
	serverCommand: string[] | undefined,
): CliCommand {
	const { values: parsed, positionals } = parse("resolve", args);
	if (parsed.help === true) return { command: "help", topic: "resolve" };
	const [name, ...rest] = positionals;
	if (name === undefined) {
		throw usage(
			"Missing tool name; expected mcp-tool-names resolve <name> [target]",
		);
	}
	const [url, stray] = urlFirst(rest);
	if (stray !== undefined) {
		throw usage(
			`Unexpected argument ${quote(stray)}; resolve takes one name, then a URL or -- and the server command`,
		);
	}
	const values = withUrl(parsed, url);
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
		startTimeoutMs: startTimeoutOf(values["start-timeout"]),
	};
}
