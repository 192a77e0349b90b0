// `mcp-tool-names resolve <name>`: its options, its help page and its parsed form.
import { usage } from "../_failure.js";
import type { Command } from "./help.js";
import { HELP_OPTION, type OptionTable, parseOptions } from "./parser.js";
import {
	TARGET_OPTIONS,
	TARGETS_SECTION,
	type TargetRun,
	targetRunOf,
} from "./target.js";
import { JSON_OPTION, MODES, oneOf } from "./values.js";

/** `mcp-tool-names resolve <name>`, parsed. */
export interface ResolveCommand extends TargetRun {
	command: "resolve";
	name: string;
	mode: "safe" | "mcporter";
	json: boolean;
}

const OPTIONS = {
	mode: {
		type: "string",
		value: "<mode>",
		example: "safe",
		help: "safe (default) or mcporter, to reproduce mcporter's decisions",
		parse: oneOf(MODES),
		default: "safe",
	},
	json: JSON_OPTION,
	help: HELP_OPTION,
} as const satisfies OptionTable;

const TABLE = { ...TARGET_OPTIONS, ...OPTIONS } as const;

/** `mcp-tool-names resolve`: its help page and its arguments parsed. */
export const RESOLVE: Command<ResolveCommand> = {
	summary:
		"show whether a name a model sent would be auto-corrected, or only hinted at",
	help: {
		usage: ["mcp-tool-names resolve <name> [options] [target]"],
		blocks: [
			`Resolves a tool name a model sent against the server's tools, the way resolveName does:
exact, auto-corrected (exit 0), or only a "Did you mean ...?" hint or nothing (exit 1). Tools
whose annotations set destructiveHint are never auto-corrected to.`,
			{ title: "Options:", options: OPTIONS },
			TARGETS_SECTION,
			`Examples:
  mcp-tool-names resolve fetch_content
  mcp-tool-names resolve linear.listIssues --mode mcporter -- node dist/server.js`,
		],
	},
	parse(args, serverCommand) {
		const parsed = parseOptions("resolve", TABLE, args);
		if (parsed === "help") return parsed;
		const { values, positionals } = parsed;
		const [name, ...rest] = positionals;
		if (name === undefined) {
			throw usage(
				"Missing tool name; expected mcp-tool-names resolve <name> [target]",
			);
		}
		return {
			command: "resolve",
			name,
			...targetRunOf(
				values,
				rest,
				serverCommand,
				(stray) =>
					`Unexpected argument ${stray}; resolve takes one name, then a URL or -- and the server command`,
			),
			mode: values.mode,
			json: values.json,
		};
	},
};
