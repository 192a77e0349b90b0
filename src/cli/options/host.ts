// `--host <name> --server-name <key>` and `--reserve <n>`, shared by audit, resolve and proxy:
// room for the prefix a host puts before each tool name (DESIGN.md, "Room for the host's
// prefix"). The reserve is computed from both the host and the key, or given as a number.
import {
	type HostName,
	hostReserve,
	hostRules,
	hostToolName,
	isMcpToolNamesError,
	type ProfileName,
	profiles,
	WireNameCodec,
} from "../../index.js";
import { quote, usage } from "../_failure.js";
import type { ListOption, ValueOption } from "./parser.js";
import { oneOf } from "./values.js";

/** The hosts `--host` knows, in the order help lists them. */
const HOST_NAMES = Object.keys(hostRules) as HostName[];

/** Longest `--reserve`: more than any profile's `maxLength` leaves room for. */
const MAX_RESERVE = 1000;

/** `--host`, `--server-name` and `--reserve`: the same words on every command. */
export const HOST_OPTIONS: {
	readonly host: ValueOption & {
		readonly parse: (given: string, flag: string) => HostName;
	};
	readonly "server-name": ListOption & {
		readonly parse: (given: readonly string[]) => string[];
	};
	readonly reserve: ValueOption & {
		readonly parse: (given: string, flag: string) => number;
	};
} = {
	host: {
		type: "string",
		value: "<name>",
		example: "claude-code",
		help: `the host the names go through: ${HOST_NAMES.join(", ")}; with --server-name, leaves room for the prefix it puts before each name (mcp__<key>__, mcp_<key>_, <key>_)`,
		parse: oneOf(HOST_NAMES),
	},
	"server-name": {
		type: "string",
		multiple: true,
		value: "<key>",
		example: "github",
		help: "the key the server has in the host's config (claude mcp add <key> …), so prefixed names (github_search, mcp__github__search) reach its tools; repeatable or comma-separated",
		parse: serverNamesOf,
	},
	reserve: {
		type: "string",
		value: "<n>",
		example: "14",
		help: "characters to keep free for a host's prefix: names are planned within the profile's limit less this (instead of --host)",
		parse: reserveOf,
	},
};

/** `--host` and its key, parsed. */
export interface HostSettings {
	name: HostName;
	/** Every `--server-name`; the reserve fits the longest prefix among them. */
	keys: string[];
}

/** What the three options say, checked together. */
interface HostChoice {
	/** `--host` with its keys, when given. */
	host?: HostSettings;
	/** The characters to keep free for a profile: from `--host`, from `--reserve`, or 0. */
	reserveFor(profile: ProfileName): number;
}

/**
 * Reads `--host`, `--server-name` and `--reserve` together and checks that the reserve
 * leaves room for a wire name under every profile the command uses.
 *
 * @param values - the parsed options
 * @param used - the profiles the command plans names for
 * @returns the host (if any) and the reserve per profile
 * @throws CliFailure `usage` for `--host` without `--server-name`, `--host` with `--reserve`,
 * or a reserve (or key) that leaves no room for a wire name
 */
export function hostChoiceOf(
	values: {
		host?: string | undefined;
		"server-name"?: string[] | undefined;
		reserve?: number | undefined;
	},
	used: readonly ProfileName[],
): HostChoice {
	const name = values.host as HostName | undefined;
	const keys = values["server-name"] ?? [];
	if (name !== undefined && keys.length === 0)
		throw usage(
			`--host ${name} needs --server-name <key>, the key the server has in ${hostRules[name].title}'s config: its prefix (${hostRules[name].prefix}) is that long`,
		);
	if (name !== undefined && values.reserve !== undefined)
		throw usage(
			"Choose --host (with --server-name) or --reserve, not both: --host computes the reserve from the key",
		);
	const reserveFor = (profile: ProfileName): number =>
		name === undefined
			? (values.reserve ?? 0)
			: Math.max(...keys.map((key) => hostReserve(name, key, profile)));
	for (const profile of used) {
		const reserve = reserveFor(profile);
		try {
			// The codec's own check: room for "tool_" and the hash once the prefix is in front.
			new WireNameCodec({ profile, reserve });
		} catch (error) {
			if (!isMcpToolNamesError(error)) throw error;
			const left = Math.max(0, profiles[profile].maxLength - reserve);
			throw usage(
				name === undefined
					? `--reserve ${reserve} leaves ${left} of --profile ${profile}'s ${profiles[profile].maxLength} characters; at most ${profiles[profile].maxLength - 12} leaves room for a wire name`
					: `--server-name ${quote(longest(keys))} is too long for ${hostRules[name].title}: its prefix leaves ${left} of --profile ${profile}'s ${profiles[profile].maxLength} characters; use a shorter key in the host's config`,
				error,
			);
		}
	}
	return name === undefined
		? { reserveFor }
		: { host: { name, keys }, reserveFor };
}

/**
 * A host's prefix for a server key: a name every host keeps as it is ("x") behind the
 * prefix, taken off again.
 *
 * @param host - the host
 * @param key - the server's key in its config
 * @returns e.g. `mcp__github__`
 */
export function hostPrefix(host: HostName, key: string): string {
	return hostToolName(host, key, "x").slice(0, -1);
}

function longest(keys: readonly string[]): string {
	return keys.reduce((a, b) => (b.length > a.length ? b : a), "");
}

/** `--server-name` (repeatable, comma-separated), without blanks. */
function serverNamesOf(names: readonly string[]): string[] {
	const list = names.flatMap((name) => name.split(",")).map((n) => n.trim());
	if (list.some((name) => name === ""))
		throw usage("--server-name needs a name, e.g. --server-name github");
	return list;
}

/** `--reserve`: a whole number of characters. */
function reserveOf(value: string, flag: string): number {
	const text = value.trim();
	if (!/^\d{1,4}$/.test(text) || Number(text) > MAX_RESERVE)
		throw usage(
			`${flag} expects a whole number of characters, e.g. ${flag} 14, got ${quote(value)}`,
		);
	return Number(text);
}
