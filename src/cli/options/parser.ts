// node:util parseArgs, with the CLI's options and its messages for what parseArgs rejects.
import { parseArgs } from "node:util";
import { closest, distance } from "fastest-levenshtein";
import { quote, usage } from "../_failure.js";

const TARGET_OPTIONS = {
	url: { type: "string" },
	header: { type: "string", multiple: true },
	file: { type: "string" },
	timeout: { type: "string" },
	"start-timeout": { type: "string" },
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

/**
 * The option values `parseArgs` found, for every command.
 *
 * @example
 * ```ts
 * const values: ParsedValues = { url: "http://localhost:3000/mcp", header: [] };
 * ```
 */
export interface ParsedValues {
	url?: string;
	header?: string[];
	file?: string;
	timeout?: string;
	"start-timeout"?: string;
	json?: boolean;
	help?: boolean;
	profile?: string[];
	strict?: boolean;
	mode?: string;
}

export function parse(
	command: "audit" | "resolve",
	args: string[],
): { values: ParsedValues; positionals: string[] } {
	const options = command === "audit" ? AUDIT_OPTIONS : RESOLVE_OPTIONS;
	try {
		const { values, positionals } = parseArgs({
			args: joinDashValues(args, options),
			options,
			allowPositionals: true,
			strict: true,
		});
		return { values: values as ParsedValues, positionals };
	} catch (error) {
		throw usage(
			describeParseError(command, error, Object.keys(options)),
			error,
		);
	}
}

// parseArgs takes `--timeout -5` for two options; join such a value so the value's own
// check can say what is wrong with it.
function joinDashValues(
	args: readonly string[],
	options: Readonly<Record<string, { type: string }>>,
): string[] {
	const joined: string[] = [];
	for (let i = 0; i < args.length; i++) {
		const arg = args[i] ?? "";
		const next = args[i + 1];
		const option = arg.startsWith("--") ? options[arg.slice(2)] : undefined;
		if (
			option?.type === "string" &&
			next !== undefined &&
			/^-\d|^-\.\d/.test(next)
		) {
			joined.push(`${arg}=${next}`);
			i++;
		} else {
			joined.push(arg);
		}
	}
	return joined;
}

/**
 * The word of `known` closest to `input`, when it is close enough to be a typo.
 *
 * @example
 * ```ts
 * didYouMean("prxy", ["audit", "resolve", "proxy"]); // "proxy"
 * ```
 */
export function didYouMean(
	input: string,
	known: readonly string[],
): string | undefined {
	if (known.length === 0 || input === "") return undefined;
	const best = closest(input, [...known]);
	return distance(input, best) <= Math.max(2, Math.floor(best.length / 3))
		? best
		: undefined;
}

/**
 * One sentence for a `parseArgs` error; the proxy's arguments use it too.
 *
 * @param known - the command's long option names, to suggest the closest to an unknown one
 */
export function describeParseError(
	command: string,
	error: unknown,
	known: readonly string[] = [],
): string {
	const code = (error as { code?: unknown }).code;
	const message = error instanceof Error ? error.message : String(error);
	const option = /'(-[^' ]+)/.exec(message)?.[1] ?? "";
	if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
		const near = option.startsWith("--")
			? didYouMean(option.slice(2), known)
			: undefined;
		const hint =
			near === undefined
				? `; a server's own options go after -- (see mcp-tool-names ${command} --help)`
				: `; did you mean --${near}? (see mcp-tool-names ${command} --help)`;
		return `Unknown option ${quote(option)} for ${command}${hint}`;
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
		case "--start-timeout":
			return "5000";
		case "--profile":
			return "openai";
		case "--mode":
			return "safe";
		default:
			return "VALUE";
	}
}
