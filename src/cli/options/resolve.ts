// `mcp-tool-names resolve <name>`: its options, its help page and its parsed form.

import { isRecord } from "../../core/guards.js";
import type { ProfileName } from "../../index.js";
import { quote, usage } from "../_failure.js";
import type { Command } from "./help.js";
import { HOST_OPTIONS, type HostSettings, hostChoiceOf } from "./host.js";
import { HELP_OPTION, type OptionTable, parseOptions } from "./parser.js";
import {
	TARGET_OPTIONS,
	TARGETS_SECTION,
	type TargetRun,
	targetRunOf,
} from "./target.js";
import { ALL_PROFILES, JSON_OPTION, MODES, oneOf } from "./values.js";

/** `mcp-tool-names resolve <name>`, parsed. */
export interface ResolveCommand extends TargetRun {
	command: "resolve";
	name: string;
	mode: "safe" | "mcporter";
	json: boolean;
	/** The call's arguments (`--arguments`), evidence for rule 7; absent when not given. */
	arguments?: Record<string, unknown>;
	/** What users call the server (`--server-name`): namespaces of the resolution rules. */
	serverNames?: string[];
	/**
	 * With `--host` or `--reserve`: the name comes as the model sent it through a proxy with
	 * this profile and reserve (and that host's prefix), so it is taken off and decoded first.
	 */
	wire?: { profile: ProfileName; reserve: number; host?: HostSettings };
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
	...HOST_OPTIONS,
	profile: {
		type: "string",
		value: "<name>",
		example: "openai",
		help: "with --host or --reserve: the proxy's profile, whose wire names are decoded (default openai)",
		parse: oneOf(ALL_PROFILES),
		default: "openai",
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
  mcp-tool-names resolve get_issue --arguments '{"id":"ENG-1"}' -- node dist/server.js
  mcp-tool-names resolve mcp__github__search_issues --host claude-code --server-name github -- node dist/server.js`,
		],
	},
	parse(args, serverCommand) {
		const parsed = parseOptions("resolve", TABLE, args);
		if (parsed === "help") return parsed;
		const { values, positionals, given } = parsed;
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
			...(values["server-name"] === undefined
				? {}
				: { serverNames: values["server-name"] }),
			...wireOf(values, given),
		};
	},
};

/** `--host`, `--reserve` and `--profile`: where the name came through, when given. */
function wireOf(
	values: {
		host?: string | undefined;
		"server-name"?: string[] | undefined;
		reserve?: number | undefined;
		profile: ProfileName;
	},
	given: ReadonlySet<string>,
): Pick<ResolveCommand, "wire"> {
	const { profile } = values;
	const { host, reserveFor } = hostChoiceOf(values, [profile]);
	if (!given.has("host") && !given.has("reserve")) return {};
	const wire: NonNullable<ResolveCommand["wire"]> = {
		profile,
		reserve: reserveFor(profile),
	};
	if (host !== undefined) wire.host = host;
	return { wire };
}
