// `--help`: the text of a command, rendered from its option tables, so an option's help line
// sits next to its declaration and is never out of step with what the parser accepts.
import type { OptionSpec, OptionTable } from "./parser.js";

/** A line of a help section that is not an option: an argument, or a command. */
interface HelpRow {
	label: string;
	help: string;
}

/** A titled list of rows, then of options, in declaration order. */
export interface HelpSection {
	title: string;
	rows?: readonly HelpRow[];
	options?: OptionTable;
}

/** A command: its line in the general help, its help page and its arguments parsed. */
export interface Command<C> {
	summary: string;
	help: CommandHelp;
	/**
	 * Where the command's own arguments end and a server's command begins, when it is not
	 * simply at the first `--` (the proxy's command may come without one).
	 */
	split?(args: readonly string[]): {
		own: string[];
		serverCommand: string[] | undefined;
	};
	/** Parses the arguments after the command's name and before `--`; `"help"` for `--help`. */
	parse(
		args: readonly string[],
		serverCommand: readonly string[] | undefined,
	): C | "help";
}

/** A help page: its usage lines, then paragraphs (as written) and sections, in order. */
export interface CommandHelp {
	usage: readonly string[];
	blocks: readonly (string | HelpSection)[];
}

/** Help lines are wrapped to this many columns. */
const WIDTH = 90;
/** A longer label gets a line of its own, its help on the next lines. */
const MAX_INLINE_LABEL = 22;

/**
 * The text of a help page.
 *
 * @param page - the page
 * @returns the text, ending with a newline
 */
export function renderHelp(page: CommandHelp): string {
	const [first, ...more] = page.usage;
	const usageLines = [
		`Usage: ${first ?? ""}`,
		...more.map((line) => `       ${line}`),
	].join("\n");
	const blocks = page.blocks.map((block) =>
		typeof block === "string" ? block : renderSection(block),
	);
	return `${[usageLines, ...blocks].join("\n\n")}\n`;
}

function renderSection(section: HelpSection): string {
	const rows = [
		...(section.rows ?? []),
		...Object.entries(section.options ?? {}).map(([name, spec]) => ({
			label: labelOf(name, spec),
			help: spec.help,
		})),
	];
	const inline = rows
		.map((row) => row.label.length)
		.filter((length) => length <= MAX_INLINE_LABEL);
	const column = 2 + Math.max(0, ...inline) + 2;
	const lines = rows.flatMap((row) => {
		const text = wrap(row.help, WIDTH - column);
		const indent = " ".repeat(column);
		if (row.label.length > MAX_INLINE_LABEL)
			return [`  ${row.label}`, ...text.map((line) => indent + line)];
		const [head = "", ...rest] = text;
		return [
			`  ${row.label.padEnd(column - 2)}${head}`,
			...rest.map((line) => indent + line),
		];
	});
	return [section.title, ...lines].join("\n");
}

function labelOf(name: string, spec: OptionSpec): string {
	if (spec.type === "boolean")
		return `${spec.short === undefined ? "" : `-${spec.short}, `}--${name}`;
	return spec.label ?? `--${name} ${spec.value}`;
}

function wrap(text: string, width: number): string[] {
	const lines: string[] = [];
	let line = "";
	for (const word of text.split(" ")) {
		if (line !== "" && line.length + 1 + word.length > width) {
			lines.push(line);
			line = word;
		} else {
			line = line === "" ? word : `${line} ${word}`;
		}
	}
	return [...lines, line];
}
