// The one argument parser of the CLI: a command's option table, run through node:util
// parseArgs (strict), with the CLI's own sentence for each thing parseArgs rejects.
import { parseArgs } from "node:util";
import { closest, distance } from "fastest-levenshtein";
import { quote, usage } from "../_failure.js";

/** A switch without a value: `--json`. */
export interface FlagOption {
	readonly type: "boolean";
	readonly short?: string;
	/** The option's line in `--help`. */
	readonly help: string;
	/** The option this one only applies with: `--max-body` needs `--listen`. */
	readonly needs?: string;
}

/** An option with a value (`--timeout <ms>`), or with every value given, in order (`multiple`). */
interface StringOption<G> {
	readonly type: "string";
	/** The value in `--help`: `<ms>`. */
	readonly value: string;
	/** A value for "needs a value, e.g. --timeout=5000" and for the checks' refusals. */
	readonly example: string;
	/** The option's line in `--help`. */
	readonly help: string;
	/** The left column of `--help`, when it is more than `--name <value>`. */
	readonly label?: string;
	/** The value when the option is not given (the raw value is not parsed). */
	readonly default?: unknown;
	readonly needs?: string;
	/** Checks and converts the value given; throws a `usage` failure naming `flag`. */
	readonly parse?: (given: G, flag: string, example: string) => unknown;
}

/** An option with one value: `--timeout <ms>`. */
export type ValueOption = StringOption<string> & { readonly multiple?: false };

/** A repeatable option. */
export type ListOption = StringOption<readonly string[]> & {
	readonly multiple: true;
};

/** An option with a value parsed into `V`, and a default. */
export type ParsedOption<V> = ValueOption & {
	readonly parse: (given: string, flag: string) => V;
	readonly default: V;
};

/** One option of a command: its type, value, default, checks and help line. */
export type OptionSpec = FlagOption | ValueOption | ListOption;

/** A command's options by long name (`"start-timeout"` for `--start-timeout`). */
export type OptionTable = Readonly<Record<string, OptionSpec>>;

/** What one option of a table parses to. */
type OptionValue<O> = O extends FlagOption
	? boolean
	:
			| (O extends { readonly parse: (...given: never[]) => infer V }
					? V
					: O extends { readonly multiple: true }
						? string[]
						: string)
			| (O extends { readonly default: infer D } ? D : undefined);

/** The options of a command line, parsed and checked by their table. */
interface ParsedOptions<T extends OptionTable> {
	values: { [K in keyof T]: OptionValue<T[K]> };
	/** The arguments that are not options, in order. */
	positionals: string[];
	/** The options given on the command line (not defaulted). */
	given: ReadonlySet<keyof T>;
}

/** `-h, --help`, which every command has. */
export const HELP_OPTION: FlagOption = {
	type: "boolean",
	short: "h",
	help: "show this help",
};

/**
 * Parses a command's arguments (before `--`) by its table: node:util `parseArgs` in strict
 * mode, then each option's `parse`, in table order, or its `default`.
 *
 * @param command - the command's name, for messages
 * @param table - its options
 * @param args - the arguments after the command's name, before `--`
 * @returns the options, or `"help"` for `--help` (whatever else was given)
 * @throws CliFailure `usage` naming the bad argument and what is expected
 */
export function parseOptions<T extends OptionTable>(
	command: string,
	table: T,
	args: readonly string[],
): ParsedOptions<T> | "help" {
	const options = Object.fromEntries(
		Object.entries(table).map(([name, spec]) => [
			name,
			spec.type === "boolean"
				? { type: spec.type, ...(spec.short && { short: spec.short }) }
				: { type: spec.type, multiple: spec.multiple === true },
		]),
	);
	let parsed: { values: Record<string, unknown>; positionals: string[] };
	try {
		parsed = parseArgs({
			args: joinDashValues(args, table),
			options,
			allowPositionals: true,
			strict: true,
		});
	} catch (error) {
		throw usage(describeParseError(command, table, error), error);
	}
	if (parsed.values.help === true) return "help";
	const values: Record<string, unknown> = {};
	const given = new Set<keyof T>();
	for (const [name, spec] of Object.entries(table)) {
		const raw = parsed.values[name];
		if (raw !== undefined) given.add(name);
		values[name] =
			spec.type === "boolean"
				? raw === true
				: raw === undefined
					? spec.default
					: spec.parse === undefined
						? raw
						: spec.parse(raw as never, `--${name}`, spec.example);
	}
	return {
		values: values as ParsedOptions<T>["values"],
		positionals: parsed.positionals,
		given,
	};
}

/**
 * Refuses an option given without the option it `needs` (`--max-body` without `--listen`),
 * for the options that need `needed`.
 *
 * @throws CliFailure `usage` naming both, with an example of the one missing
 */
export function checkNeeds<T extends OptionTable>(
	table: T,
	given: ReadonlySet<keyof T>,
	needed: string,
): void {
	for (const name of given) {
		const needs = table[name]?.needs;
		if (needs === needed && !given.has(needs))
			throw usage(
				`--${String(name)} needs --${needs}, e.g. --${needs} ${exampleOf(table, needs)}`,
			);
	}
}

/**
 * The word of `known` closest to `input`, when it is close enough to be a typo.
 *
 * @param input - what was typed
 * @param known - the words it may stand for
 * @returns the word, or `undefined` when none is close
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

// parseArgs takes `--timeout -5` for two options; join such a value so the value's own
// check can say what is wrong with it.
function joinDashValues(args: readonly string[], table: OptionTable): string[] {
	const joined: string[] = [];
	for (let i = 0; i < args.length; i++) {
		const arg = args[i] ?? "";
		const next = args[i + 1];
		const option = arg.startsWith("--") ? table[arg.slice(2)] : undefined;
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

function describeParseError(
	command: string,
	table: OptionTable,
	error: unknown,
): string {
	const code = (error as { code?: unknown }).code;
	const message = error instanceof Error ? error.message : String(error);
	const option = /'(-[^' ]+)/.exec(message)?.[1] ?? "";
	if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
		const near = option.startsWith("--")
			? didYouMean(option.slice(2), Object.keys(table))
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
		const example = exampleOf(table, option.replace(/^-+/, ""));
		return `Option ${option} needs a value, e.g. ${option}=${example}`;
	}
	return message.split("\n")[0] ?? message;
}

function exampleOf(table: OptionTable, name: string): string {
	const spec = table[name];
	return spec?.type === "string" ? spec.example : "VALUE";
}
