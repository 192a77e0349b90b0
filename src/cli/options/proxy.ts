// `mcp-tool-names proxy`: its options, its help page and its parsed form, with the checks of
// the values of --listen and its bounds.
import {
	PROTECTIONS,
	type Protection,
} from "../../adapters/routing/tool-entry.js";
import type { ProfileName } from "../../index.js";
import { quote, usage } from "../_failure.js";
import {
	type StoreSettings,
	storeSettingsOf,
} from "../proxy/store/open-store.js";
import type { Command } from "./help.js";
import { HOST_OPTIONS, type HostSettings, hostChoiceOf } from "./host.js";
import {
	checkNeeds,
	HELP_OPTION,
	type OptionTable,
	parseOptions,
} from "./parser.js";
import { TARGET_OPTIONS, type TargetSpec, targetOf } from "./target.js";
import {
	ALL_PROFILES,
	DEFAULT_TIMEOUT_MS,
	MAX_TIMEOUT_MS,
	MODES,
	oneOf,
} from "./values.js";

/** `mcp-tool-names proxy`, parsed. */
export interface ProxyCommand {
	command: "proxy";
	/** The upstream server: a command the proxy starts, or a Streamable HTTP URL. */
	upstream: Extract<TargetSpec, { type: "stdio" | "http" }>;
	profile: ProfileName;
	/** Auto-correct near misses (`--no-correct` turns it off). */
	correct: boolean;
	mode: "safe" | "mcporter";
	protection: Protection;
	/** What users call the server (`--server-name`), so its prefixes reach its tools. */
	serverNames?: string[];
	/** The host the names go through (`--host`), with the server's keys in its config. */
	host?: HostSettings;
	/** Characters kept free for the host's prefix (`--host` or `--reserve`); 0 without. */
	reserve: number;
	logJson: boolean;
	timeoutMs: number;
	/** Bound of a stdio upstream's silent start (`--start-timeout`); `timeoutMs` starts after. */
	startTimeoutMs?: number;
	snapshot?: string;
	/** Serve the client over Streamable HTTP here instead of stdio. */
	listen?: ListenSettings;
	/** Share wire names with other proxies through Redis (`--store`). */
	store?: StoreSettings;
}

/** `--listen` and the options that bound and guard it, parsed. */
export interface ListenSettings {
	host: string;
	port: number;
	/** Host names accepted in `Host` besides `localhost`, `127.0.0.1` and `[::1]` (`--allowed-hosts`). */
	allowedHosts: string[];
	/** Origins accepted in `Origin` besides the loopback ones (`--allowed-origins`), normalised. */
	allowedOrigins: string[];
	/** Serve a non-loopback address without `MCP_TOOL_NAMES_TOKEN` (`--allow-unauthenticated`). */
	allowUnauthenticated: boolean;
	/** Largest request body, in bytes (`--max-body`, default 4 MiB). */
	maxBodyBytes: number;
	/** Most client sessions (server processes) at once (`--max-sessions`, default 32). */
	maxSessions: number;
	/** A session unused this long is closed (`--session-idle`, default 30 minutes). */
	sessionIdleMs: number;
}

// The official SDK's body limit, and room for a team.
const MAX_BODY_BYTES = 4 * 1024 * 1024;
const MAX_SESSIONS = 32;
const SESSION_IDLE_MS = 30 * 60 * 1000;
const MAX_BODY_LIMIT = 1024 ** 3;
const MAX_SESSIONS_LIMIT = 10_000;
const BYTE_UNITS = { "": 1, k: 1024, m: 1024 ** 2 };
const DURATION_UNITS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

const OPTIONS = {
	url: {
		...TARGET_OPTIONS.url,
		label: "--url <url>",
		help: "the server's Streamable HTTP endpoint, instead of a command after --",
	},
	header: {
		...TARGET_OPTIONS.header,
		help: "an HTTP header for --url (repeatable)",
	},
	profile: {
		type: "string",
		value: "<name>",
		example: "openai",
		help: "openai (default), anthropic, gemini, portable or mcp",
		parse: oneOf(ALL_PROFILES),
		default: "openai",
	},
	"no-correct": {
		type: "boolean",
		help: "never auto-correct a mistyped name (wire and canonical names still route)",
	},
	mode: {
		type: "string",
		value: "<mode>",
		example: "safe",
		help: "safe (default) or mcporter, to reproduce mcporter's corrections",
		parse: oneOf(MODES),
		default: "safe",
	},
	...HOST_OPTIONS,
	"server-name": {
		...HOST_OPTIONS["server-name"],
		help: `${HOST_OPTIONS["server-name"].help}. Its serverInfo.name and that name's last segment (mcp-servers/everything: everything) are known already`,
	},
	protect: {
		type: "string",
		value: "<rule>",
		example: "unless-read-only",
		help: "destructive-hint (default: only tools annotated destructiveHint: true are never corrected to) or unless-read-only (every tool not marked readOnlyHint: true or destructiveHint: false)",
		parse: oneOf(PROTECTIONS),
		default: "destructive-hint",
	},
	snapshot: {
		type: "string",
		value: "<file>",
		example: "names.json",
		help: "keep wire names in this file across restarts (written atomically)",
		parse: snapshotOf,
	},
	store: {
		type: "string",
		value: "<url>",
		example: "redis://127.0.0.1:6379",
		help: "share wire names with other proxies through Redis or Valkey (redis://host:port[/db], rediss:// for TLS); nothing to install. A Redis Cluster node as the URL works too: the store follows the cluster to the node that holds the scope (no /db in cluster mode)",
	},
	"store-scope": {
		type: "string",
		value: "<s>",
		example: "github",
		help: "the shared history to use (default <profile>: and a hash of the server's command line or URL; never the arguments themselves)",
		needs: "store",
	},
	"store-prefix": {
		type: "string",
		value: "<p>",
		example: "mcp-tool-names:",
		help: "key prefix (default mcp-tool-names:)",
		needs: "store",
	},
	"store-ttl": {
		type: "string",
		value: "<sec>",
		example: "2592000",
		help: "forget a scope unused for this long (default never)",
		needs: "store",
	},
	"store-tls-ca": {
		type: "string",
		value: "<f>",
		example: "ca.pem",
		help: "with rediss://: trust the CA in this PEM file (a self-signed server)",
		needs: "store",
	},
	"store-tls-cert": {
		type: "string",
		value: "<f>",
		example: "client.pem",
		help: "with rediss://: the client certificate, for a server with tls-auth-clients yes (Redis' default)",
		needs: "store",
	},
	"store-tls-key": {
		type: "string",
		value: "<f>",
		example: "client.key",
		help: "with rediss://: the key of --store-tls-cert",
		needs: "store",
	},
	listen: {
		type: "string",
		value: "<addr>",
		example: "127.0.0.1:8080",
		help: "serve clients over Streamable HTTP at host:port (default host 127.0.0.1), one upstream per client session, at /mcp. On a loopback address only Host localhost, 127.0.0.1 or [::1] (any port) and a loopback Origin are served (403 otherwise: DNS rebinding). With MCP_TOOL_NAMES_TOKEN set in the environment (never on the command line), every request needs Authorization: Bearer <token> (else 401); another address without a token is refused (exit 2)",
		parse: listenOf,
	},
	"allowed-hosts": {
		type: "string",
		multiple: true,
		value: "<h,...>",
		example: "mcp.example.com",
		help: "more Host names to serve (any port), e.g. mcp.example.com; on a non-loopback address, turns the Host check on",
		parse: (hosts: readonly string[]) => listOf(hosts).map(hostNameOf),
		default: [],
		needs: "listen",
	},
	"allowed-origins": {
		type: "string",
		multiple: true,
		value: "<o,...>",
		example: "https://app.example.com",
		help: "more Origins to serve, exact, e.g. https://app.example.com",
		parse: (origins: readonly string[]) => listOf(origins).map(originOf),
		default: [],
		needs: "listen",
	},
	"allow-unauthenticated": {
		type: "boolean",
		help: "serve a non-loopback address without a token (something in front must authenticate)",
		needs: "listen",
	},
	"max-body": {
		type: "string",
		value: "<size>",
		example: "4m",
		help: "largest request body, in bytes or with k or m (default 4m; 413 past it)",
		parse: numberIn(
			(text) => amountOf(text, BYTE_UNITS),
			MAX_BODY_LIMIT,
			"a size from 1 byte to 1024m, in bytes or with k or m",
		),
		default: MAX_BODY_BYTES,
		needs: "listen",
	},
	"max-sessions": {
		type: "string",
		value: "<n>",
		example: "8",
		help: `sessions (server processes) at once (default ${MAX_SESSIONS}; 503 past it)`,
		parse: numberIn(
			(text) => (/^\d{1,6}$/.test(text) ? Number(text) : 0),
			MAX_SESSIONS_LIMIT,
			`a whole number from 1 to ${MAX_SESSIONS_LIMIT}`,
		),
		default: MAX_SESSIONS,
		needs: "listen",
	},
	"session-idle": {
		type: "string",
		value: "<d>",
		example: "30m",
		help: "close a session unused this long and end its server, e.g. 90s, 30m, 2h (default 30m; its id then answers 404)",
		parse: numberIn(
			(text) => amountOf(text, DURATION_UNITS),
			MAX_TIMEOUT_MS,
			"a duration with ms, s, m or h, up to 24 days",
		),
		default: SESSION_IDLE_MS,
		needs: "listen",
	},
	"log-json": { type: "boolean", help: "write the log as JSON lines" },
	timeout: {
		...TARGET_OPTIONS.timeout,
		help: `bound on the server's initialize and first tools/list, and on a --listen request's body (default ${DEFAULT_TIMEOUT_MS}); over stdio it starts at the server's first output`,
	},
	"start-timeout": TARGET_OPTIONS["start-timeout"],
	help: HELP_OPTION,
} as const satisfies OptionTable;

/** `mcp-tool-names proxy`: its help page and its arguments parsed. */
export const PROXY: Command<ProxyCommand> = {
	summary:
		"sit between a client and a server: wire-safe names out, calls routed back in",
	help: {
		usage: [
			"mcp-tool-names proxy [options] [--] <command> [args...]",
			'mcp-tool-names proxy [options] --url <url> [--header "Name: value"]...',
		],
		blocks: [
			`Speaks MCP to the client (stdio, or Streamable HTTP with --listen) and to the server, and
fixes tool names on the way: tools/list goes out with wire names for --profile, tools/call
names are mapped back, and near misses are auto-corrected only when it is safe (never onto
a destructive tool). Everything else passes through byte for byte. Each correction and
refusal is one line on stderr; stdout is the protocol. The server's command starts at the
first word that is not one of these options (or after --): everything from there on is the
server's, its own options included.`,
			{ title: "Options:", options: OPTIONS },
			`Exit codes: the server's own when it exits; 2 when it cannot be started or never answers
initialize; 130/143 after SIGINT/SIGTERM.`,
			`Examples:
  mcp-tool-names proxy -- npx -y @modelcontextprotocol/server-everything
  mcp-tool-names proxy --host claude-code --server-name github -- node server.js
  mcp-tool-names proxy --profile gemini --snapshot names.json -- node server.js
  mcp-tool-names proxy --url https://example.com/mcp --header "Authorization: Bearer $TOKEN"
  mcp-tool-names proxy --listen 127.0.0.1:8080 -- node server.js
  mcp-tool-names proxy --listen 127.0.0.1:8080 --url https://example.com/mcp
  MCP_TOOL_NAMES_TOKEN=$(cat token) mcp-tool-names proxy --listen 0.0.0.0:8080 -- node server.js
  mcp-tool-names proxy --store redis://127.0.0.1:6379 -- node server.js`,
		],
	},
	split: (args) => splitServerCommand(args, OPTIONS),
	parse(args, serverCommand) {
		const parsed = parseOptions("proxy", OPTIONS, args);
		if (parsed === "help") return parsed;
		const { values, positionals, given } = parsed;
		const stray = positionals[0];
		if (stray !== undefined) {
			throw usage(
				`Unexpected argument ${quote(stray)}; give a server's URL with --url, e.g. mcp-tool-names proxy --url ${stray}`,
			);
		}
		// The upstream follows the audit's target rules (one target, --header only with --url).
		const upstream = targetOf(values, serverCommand);
		if (upstream.type !== "http" && upstream.type !== "stdio")
			throw usage(
				"Missing upstream server: put its command after --, e.g. mcp-tool-names proxy -- npx -y @some/server, or pass --url",
			);
		const { profile, snapshot } = values;
		const { host, reserveFor } = hostChoiceOf(values, [profile]);
		checkNeeds(OPTIONS, given, "store");
		const store = storeSettingsOf(
			{
				store: values.store,
				scope: values["store-scope"],
				prefix: values["store-prefix"],
				ttl: values["store-ttl"],
				tlsCa: values["store-tls-ca"],
				tlsCert: values["store-tls-cert"],
				tlsKey: values["store-tls-key"],
			},
			// Hashed into the default scope: never an argument or a URL's credentials in a key.
			upstream.type === "http"
				? new URL(upstream.url).href
				: JSON.stringify([upstream.command, ...upstream.args]),
			profile,
		);
		if (store !== undefined && snapshot !== undefined)
			throw usage(
				"--store and --snapshot cannot be combined: the store keeps the wire names, for every proxy that shares it",
			);
		checkNeeds(OPTIONS, given, "listen");
		const listen: ListenSettings | undefined = values.listen && {
			...values.listen,
			allowedHosts: [...values["allowed-hosts"]],
			allowedOrigins: [...values["allowed-origins"]],
			allowUnauthenticated: values["allow-unauthenticated"],
			maxBodyBytes: values["max-body"],
			maxSessions: values["max-sessions"],
			sessionIdleMs: values["session-idle"],
		};
		return {
			command: "proxy",
			upstream,
			profile,
			correct: !values["no-correct"],
			mode: values.mode,
			protection: values.protect,
			...(values["server-name"] === undefined
				? {}
				: { serverNames: values["server-name"] }),
			...(host === undefined ? {} : { host }),
			reserve: reserveFor(profile),
			logJson: values["log-json"],
			timeoutMs: values.timeout,
			// Only when given: the default applies where a stdio upstream is started.
			...(given.has("start-timeout")
				? { startTimeoutMs: values["start-timeout"] }
				: {}),
			...(snapshot === undefined ? {} : { snapshot }),
			...(listen === undefined ? {} : { listen }),
			...(store === undefined ? {} : { store }),
		};
	},
};

/**
 * The proxy's own arguments and the server's command: after `--`, or else from the first
 * word that is neither one of the proxy's options nor an option's value (`gemini mcp add`
 * stores a command line without its `--`). Everything from there on is the server's, its
 * own options and any later `--` included. A URL there stays the proxy's, to be refused with
 * a hint to `--url`.
 *
 * @param args - the arguments after `proxy`
 * @param table - the proxy's options, to tell which take a value
 * @returns the proxy's arguments, and the server's command when there is one
 */
function splitServerCommand(
	args: readonly string[],
	table: OptionTable,
): { own: string[]; serverCommand: string[] | undefined } {
	for (let i = 0; i < args.length; i++) {
		const arg = args[i] as string;
		if (arg === "--")
			return { own: args.slice(0, i), serverCommand: args.slice(i + 1) };
		if (arg.startsWith("-") && arg !== "-") {
			// `--timeout 5000`: the next word is the value, whatever it looks like.
			const spec = arg.startsWith("--") ? table[arg.slice(2)] : undefined;
			if (spec?.type === "string") i++;
			continue;
		}
		if (/^https?:\/\//i.test(arg))
			return { own: args.slice(0, i + 1), serverCommand: undefined };
		return { own: args.slice(0, i), serverCommand: args.slice(i) };
	}
	return { own: [...args], serverCommand: undefined };
}

function snapshotOf(path: string): string {
	if (path === "") throw usage("--snapshot needs a file path");
	return path;
}

/** The comma-separated values of a list option, without blanks. */
function listOf(values: readonly string[]): string[] {
	return values
		.flatMap((value) => value.split(","))
		.map((value) => value.trim())
		.filter((value) => value !== "");
}
/** `host:port`, `:port` or `port`; the host defaults to 127.0.0.1, never all interfaces. */
function listenOf(value: string): { host: string; port: number } {
	const match = /^(?:(\[[^\]]+\]|[^:]*):)?(\d{1,5})$/.exec(value.trim());
	const port = match === null ? Number.NaN : Number(match[2]);
	if (match === null || !Number.isInteger(port) || port > 65_535) {
		throw usage(
			`--listen expects host:port or a port, e.g. --listen 127.0.0.1:8080, got ${quote(value)}`,
		);
	}
	const host = (match[1] ?? "").replace(/^\[|\]$/g, "");
	return { host: host === "" ? "127.0.0.1" : host, port };
}

/** A host name of `--allowed-hosts`, as `URL` writes it (lowercase, IPv6 in brackets). */
function hostNameOf(value: string): string {
	const bare = value.includes(":") && !value.startsWith("[");
	const url = URL.parse(`http://${bare ? `[${value}]` : value}`);
	if (
		url === null ||
		url.port !== "" ||
		url.pathname !== "/" ||
		url.search !== "" ||
		url.username !== "" ||
		value.includes("/")
	)
		throw usage(
			`--allowed-hosts takes host names without a port (any port is accepted), e.g. --allowed-hosts mcp.example.com,10.0.0.5, got ${quote(value)}`,
		);
	return url.hostname;
}

/** An origin of `--allowed-origins` (`scheme://host[:port]`), as browsers send it. */
function originOf(value: string): string {
	const url = URL.parse(value);
	if (
		url === null ||
		(url.protocol !== "http:" && url.protocol !== "https:") ||
		url.pathname !== "/" ||
		url.search !== "" ||
		url.hash !== "" ||
		url.username !== ""
	)
		throw usage(
			`--allowed-origins takes origins (scheme://host[:port], no path), e.g. --allowed-origins https://app.example.com, got ${quote(value)}`,
		);
	return url.origin;
}

/**
 * A check of a number from 1 to `max`, as `read` reads it from the trimmed value; what it
 * `expects` words the refusal.
 */
function numberIn(
	read: (text: string) => number,
	max: number,
	expects: string,
): (value: string, flag: string, example: string) => number {
	return (value, flag, example) => {
		const number = read(value.trim());
		if (number >= 1 && number <= max) return number;
		throw usage(
			`${flag} expects ${expects}, e.g. ${flag} ${example}, got ${quote(value)}`,
		);
	};
}

/** A whole number with one of `units` after it (any case): `4m`, `90s`; NaN otherwise. */
function amountOf(
	text: string,
	units: Readonly<Record<string, number>>,
): number {
	const match = /^(\d{1,10})([a-z]*)$/i.exec(text);
	const unit = units[match?.[2]?.toLowerCase() ?? "?"];
	return match === null || unit === undefined
		? Number.NaN
		: Number(match[1]) * unit;
}
