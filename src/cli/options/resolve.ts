// `mcp-tool-names resolve <name>`: its options, its help page and its parsed form.

import { isRecord } from "../../core/guards.js";
import { quote, usage } from "../_failure.js";
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
	/** The call's arguments (`--arguments`), evidence for rule 7; absent when not given. */
	arguments?: Record<string, unknown>;
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
	arguments: {
		type: "string",
		value: "<json>",
		example: '\'{"id":"ENG-1"}\'',
		help: "the call's arguments as a JSON object: a tool whose inputSchema cannot take them is never the correction",
		parse: argumentsOf,
	},
	json: JSON_OPTION,
	help: HELP_OPTION,
} as const satisfies OptionTable;

/** `--arguments`: a JSON object, as a `tools/call` carries its arguments. */
function argumentsOf(value: string, flag: string): Record<string, unknown> {
	let parsed: unknown;
	try {
		parsed = JSON.parse(value);
	} catch {
		parsed = undefined;
	}
	if (!isRecord(parsed) || Array.isArray(parsed))
		throw usage(
			`${flag} expects a JSON object, got ${quote(value)}; e.g. ${flag} '{"id":"ENG-1"}'`,
		);
	return parsed;
}

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
  mcp-tool-names resolve linear.listIssues --mode mcporter -- node dist/server.js
  mcp-tool-names resolve get_issue --arguments '{"id":"ENG-1"}' -- node dist/server.js`,
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
			...(values.arguments === undefined
				? {}
				: { arguments: values.arguments }),
		};
	},
};
