// `mcp-tool-names audit`: its options, its help page and its parsed form.
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
import { ALL_PROFILES, JSON_OPTION } from "./values.js";

/** `mcp-tool-names audit`, parsed. */
export interface AuditCommand extends TargetRun {
	command: "audit";
	/** In the order given, without repeats. */
	profiles: ProfileName[];
	json: boolean;
	strict: boolean;
	/** `--host` and the server's keys: show each name as that host presents it. */
	host?: HostSettings;
	/** Room kept for the host's prefix, per profile; absent without `--host` or `--reserve`. */
	reserves?: Partial<Record<ProfileName, number>>;
}

const OPTIONS = {
	profile: {
		type: "string",
		multiple: true,
		value: "<name>",
		example: "openai",
		help: "openai, anthropic, gemini, portable, mcp or all (default all); repeatable or comma-separated: --profile openai,gemini",
		parse: profilesOf,
		default: ALL_PROFILES,
	},
	...HOST_OPTIONS,
	strict: {
		type: "boolean",
		help: "exit 1 when any name would be rewritten or a tool definition breaks the MCP schema (a CI lint)",
	},
	json: JSON_OPTION,
	help: HELP_OPTION,
} as const satisfies OptionTable;

const TABLE = { ...TARGET_OPTIONS, ...OPTIONS } as const;

/** `mcp-tool-names audit`: its help page and its arguments parsed. */
export const AUDIT: Command<AuditCommand> = {
	summary:
		"show which tool names each provider accepts, and the wire names to send instead",
	help: {
		usage: ["mcp-tool-names audit [options] [target]"],
		blocks: [
			`Lists the tools of a server (all pages) and shows, per provider profile, which names are sent
as is and which get a wire name: renamed, lossy (hash added), truncated, or colliding; and
which tool definitions break the MCP schema (audited by name all the same).`,
			{ title: "Options:", options: OPTIONS },
			TARGETS_SECTION,
			`Examples:
  mcp-tool-names audit
  mcp-tool-names audit --strict --profile openai -- node dist/server.js
  mcp-tool-names audit --host claude-code --server-name github -- node dist/server.js
  mcp-tool-names audit http://localhost:3000/mcp --header "Authorization: Bearer $TOKEN"
  curl -s https://example.com/tools.json | mcp-tool-names audit --json --file -`,
		],
	},
	parse(args, serverCommand) {
		const parsed = parseOptions("audit", TABLE, args);
		if (parsed === "help") return parsed;
		const { values, positionals, given } = parsed;
		const { host, reserveFor } = hostChoiceOf(values, values.profile);
		const reserves =
			given.has("host") || given.has("reserve")
				? Object.fromEntries(values.profile.map((p) => [p, reserveFor(p)]))
				: undefined;
		return {
			command: "audit",
			...targetRunOf(
				values,
				positionals,
				serverCommand,
				(stray) =>
					`Unexpected argument ${stray}; put a server command after -- (mcp-tool-names audit -- node server.js) or give a URL (mcp-tool-names audit http://localhost:3000/mcp)`,
			),
			profiles: [...values.profile],
			json: values.json,
			strict: values.strict,
			...(host === undefined ? {} : { host }),
			...(reserves === undefined ? {} : { reserves }),
		};
	},
};

/** `--profile` (repeatable, comma-separated, `all`), in order, without repeats. */
function profilesOf(values: readonly string[]): ProfileName[] {
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
