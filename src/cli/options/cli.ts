// The command line as a whole: the top-level options, which command runs, and the help of
// each (rendered from the commands' option tables by ./help.ts).
import { quote, usage } from "../_failure.js";
import { AUDIT, type AuditCommand } from "./audit.js";
import { type Command, type CommandHelp, renderHelp } from "./help.js";
import { didYouMean, type OptionTable } from "./parser.js";
import { PROXY, type ProxyCommand } from "./proxy.js";
import { RESOLVE, type ResolveCommand } from "./resolve.js";
import { TARGETS_SECTION } from "./target.js";

/** The commands with a help page of their own. */
type HelpTopic = "audit" | "resolve" | "proxy";

/** A parsed command line: `--help`, `help <command>` and a bare `mcp-tool-names` are help. */
type CliCommand =
	| AuditCommand
	| ResolveCommand
	| ProxyCommand
	| { command: "help"; topic?: HelpTopic }
	| { command: "version" };

const COMMANDS: Readonly<Record<HelpTopic, Command<CliCommand>>> = {
	audit: AUDIT,
	resolve: RESOLVE,
	proxy: PROXY,
};
const COMMAND_NAMES = Object.keys(COMMANDS) as HelpTopic[];
const COMMAND_LIST = `${COMMAND_NAMES.slice(0, -1).join(", ")} or ${COMMAND_NAMES.at(-1)}`;

/** The options before a command. */
const OPTIONS = {
	help: {
		type: "boolean",
		short: "h",
		help: "show help (also: mcp-tool-names audit --help)",
	},
	version: { type: "boolean", short: "v", help: "print the version" },
} as const satisfies OptionTable;

const GENERAL_HELP: CommandHelp = {
	usage: COMMAND_NAMES.map((name) => COMMANDS[name].help.usage[0] ?? name),
	blocks: [
		{
			title: "Commands:",
			rows: COMMAND_NAMES.map((name) => ({
				label: name,
				help: COMMANDS[name].summary,
			})),
		},
		TARGETS_SECTION,
		{ title: "Options:", options: OPTIONS },
		`Exit codes: 0 success, 1 audit --strict found names to rewrite / resolve found no safe
correction, 2 usage error or the target could not be read.`,
	],
};

/**
 * The help text of the CLI or of one command.
 *
 * @param topic - a command, or nothing for the general help
 * @returns the text, ending with a newline
 */
export function helpText(topic?: HelpTopic): string {
	return renderHelp(topic === undefined ? GENERAL_HELP : COMMANDS[topic].help);
}

/**
 * Parses the CLI's arguments (everything after the binary): the command's own options by
 * its option table. Everything after the first `--` is the stdio server's command line,
 * passed on untouched; the proxy's may also start at its first word that is not an option.
 *
 * @param argv - `process.argv.slice(2)`
 * @returns the command to run
 * @throws CliFailure `usage` with one sentence naming the bad argument and what is expected
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
	if (first === "help" || isOption(first, "help")) {
		const topic = COMMAND_NAMES.find((name) => name === rest[0]);
		return topic === undefined
			? { command: "help" }
			: { command: "help", topic };
	}
	if (isOption(first, "version")) return { command: "version" };
	const command = COMMAND_NAMES.find((name) => name === first);
	if (command !== undefined) {
		const { split } = COMMANDS[command];
		const parts =
			split === undefined ? { own: rest, serverCommand } : split(argv.slice(1));
		const parsed = COMMANDS[command].parse(parts.own, parts.serverCommand);
		return parsed === "help" ? { command: "help", topic: command } : parsed;
	}
	if (first.startsWith("-")) {
		const near = didYouMean(first.replace(/^-+/, ""), Object.keys(OPTIONS));
		throw usage(
			`Unknown option ${quote(first)} before the command; ${near === undefined ? "" : `did you mean --${near}? `}expected ${COMMAND_LIST} first (see mcp-tool-names --help)`,
		);
	}
	const near = didYouMean(first, COMMAND_NAMES);
	throw usage(
		`Unknown command ${quote(first)}; ${near === undefined ? "" : `did you mean ${near}? `}expected ${COMMAND_LIST} (see mcp-tool-names --help)`,
	);
}

function isOption(arg: string, name: keyof typeof OPTIONS): boolean {
	return arg === `--${name}` || arg === `-${OPTIONS[name].short}`;
}
