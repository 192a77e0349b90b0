import { parseArgs } from "node:util";
import type { ProfileName } from "../../index.js";
import { quote, usage } from "../_failure.js";
import { describeParseError } from "../_parse-args.js";
import {
	ALL_PROFILES,
	startTimeoutOf,
	targetOf,
	timeoutOf,
} from "../args-values.js";
import type { Protection } from "./routing.js";
import { type StoreSettings, storeSettingsOf } from "./store/open-store.js";

/**
 * Where the proxy's upstream server is: a command it starts, or a Streamable HTTP URL.
 *
 * @example
 * ```ts
 * const upstream: ProxyUpstream = { type: "stdio", command: "npx", args: ["-y", "@some/server"] };
 * ```
 */
export type ProxyUpstream =
	| { type: "stdio"; command: string; args: string[] }
	| { type: "http"; url: string; headers: Record<string, string> };

/**
 * `mcp-tool-names proxy`, parsed.
 *
 * @example
 * ```ts
 * const { upstream, profile } = parseProxyArgs(["--", "node", "server.js"], undefined);
 * ```
 */
export interface ProxyCommand {
	command: "proxy";
	upstream: ProxyUpstream;
	profile: ProfileName;
	/** Auto-correct near misses (`--no-correct` turns it off). */
	correct: boolean;
	mode: "safe" | "mcporter";
	protection: Protection;
	/** What users call the server (`--server-name`), so its prefixes reach its tools. */
	serverNames?: string[];
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

/**
 * `--listen` and the options that bound and guard it, parsed.
 *
 * @example
 * ```ts
 * const { host, port, maxSessions } = (parseProxyArgs(["--listen", "8080"], ["node", "s.js"]) as ProxyCommand).listen!;
 * ```
 */
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

/** The bounds of `--listen` by default: the official SDK's body limit, and room for a team. */
export const LISTEN_DEFAULTS: {
	readonly maxBodyBytes: number;
	readonly maxSessions: number;
	readonly sessionIdleMs: number;
} = {
	maxBodyBytes: 4 * 1024 * 1024,
	maxSessions: 32,
	sessionIdleMs: 30 * 60 * 1000,
};

const LISTEN_OPTIONS = [
	"allowed-hosts",
	"allowed-origins",
	"allow-unauthenticated",
	"max-body",
	"max-sessions",
	"session-idle",
] as const;

const PROXY_OPTIONS = {
	url: { type: "string" },
	header: { type: "string", multiple: true },
	timeout: { type: "string" },
	"start-timeout": { type: "string" },
	profile: { type: "string" },
	"no-correct": { type: "boolean" },
	mode: { type: "string" },
	"server-name": { type: "string", multiple: true },
	protect: { type: "string" },
	"log-json": { type: "boolean" },
	snapshot: { type: "string" },
	listen: { type: "string" },
	"allowed-hosts": { type: "string", multiple: true },
	"allowed-origins": { type: "string", multiple: true },
	"allow-unauthenticated": { type: "boolean" },
	"max-body": { type: "string" },
	"max-sessions": { type: "string" },
	"session-idle": { type: "string" },
	store: { type: "string" },
	"store-scope": { type: "string" },
	"store-prefix": { type: "string" },
	"store-ttl": { type: "string" },
	"store-tls-ca": { type: "string" },
	"store-tls-cert": { type: "string" },
	"store-tls-key": { type: "string" },
	help: { type: "boolean", short: "h" },
} as const;

const PROTECTIONS: readonly Protection[] = [
	"destructive-hint",
	"unless-read-only",
];

/**
 * Parses the arguments of `mcp-tool-names proxy` (after the word `proxy`).
 *
 * @param args - the proxy's own options, before `--`
 * @param serverCommand - what follows `--`: the upstream's command line
 * @returns the command, or the proxy's help
 * @throws CliFailure `usage` naming the bad argument and what is expected
 * @example
 * ```ts
 * parseProxyArgs(["--profile", "openai"], ["npx", "-y", "@some/server"]);
 * ```
 */
export function parseProxyArgs(
	args: readonly string[],
	serverCommand: readonly string[] | undefined,
): ProxyCommand | { command: "help"; topic: "proxy" } {
	let values: Partial<Record<keyof typeof PROXY_OPTIONS, unknown>>;
	let positionals: string[];
	try {
		({ values, positionals } = parseArgs({
			args: [...args],
			options: PROXY_OPTIONS,
			allowPositionals: true,
			strict: true,
		}));
	} catch (error) {
		throw usage(
			describeParseError("proxy", error, Object.keys(PROXY_OPTIONS)),
			error,
		);
	}
	if (values.help === true) return { command: "help", topic: "proxy" };
	const stray = positionals[0];
	if (stray !== undefined) {
		throw usage(
			`Unexpected argument ${quote(stray)}; put the server command after --, e.g. mcp-tool-names proxy -- npx -y @some/server`,
		);
	}
	// The audit's target rules (one target, --header only with --url, the URL's form).
	const target = targetOf(
		{
			...(values.url === undefined ? {} : { url: values.url as string }),
			...(values.header === undefined
				? {}
				: { header: values.header as string[] }),
		},
		serverCommand === undefined ? undefined : [...serverCommand],
	);
	let upstream: ProxyUpstream;
	if (target.type === "http") {
		upstream = { type: "http", url: target.url, headers: target.headers };
	} else if (target.type === "stdio") {
		upstream = { type: "stdio", command: target.command, args: target.args };
	} else {
		throw usage(
			"Missing upstream server: put its command after --, e.g. mcp-tool-names proxy -- npx -y @some/server, or pass --url",
		);
	}
	const profile = oneOf(
		"--profile",
		values.profile as string | undefined,
		ALL_PROFILES,
		"openai",
	);
	const mode = oneOf(
		"--mode",
		values.mode as string | undefined,
		["safe", "mcporter"] as const,
		"safe",
	);
	const protection = oneOf(
		"--protect",
		values.protect as string | undefined,
		PROTECTIONS,
		"destructive-hint",
	);
	const snapshot = values.snapshot as string | undefined;
	if (snapshot === "") throw usage("--snapshot needs a file path");
	const listen = listenSettingsOf(values);
	const store = storeSettingsOf(
		{
			store: values.store as string | undefined,
			scope: values["store-scope"] as string | undefined,
			prefix: values["store-prefix"] as string | undefined,
			ttl: values["store-ttl"] as string | undefined,
			tlsCa: values["store-tls-ca"] as string | undefined,
			tlsCert: values["store-tls-cert"] as string | undefined,
			tlsKey: values["store-tls-key"] as string | undefined,
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
	return {
		command: "proxy",
		upstream,
		profile,
		correct: values["no-correct"] !== true,
		mode,
		protection,
		...serverNamesOf(values["server-name"] as string[] | undefined),
		logJson: values["log-json"] === true,
		timeoutMs: timeoutOf(values.timeout as string | undefined),
		...(values["start-timeout"] === undefined
			? {}
			: {
					startTimeoutMs: startTimeoutOf(
						values["start-timeout"] as string | undefined,
					),
				}),
		...(snapshot === undefined ? {} : { snapshot }),
		...(listen === undefined ? {} : { listen }),
		...(store === undefined ? {} : { store }),
	};
}

function serverNamesOf(names: string[] | undefined): {
	serverNames?: string[];
} {
	if (names === undefined) return {};
	const list = names.flatMap((name) => name.split(",")).map((n) => n.trim());
	if (list.some((name) => name === ""))
		throw usage("--server-name needs a name, e.g. --server-name everything");
	return { serverNames: list };
}

function oneOf<T extends string>(
	option: string,
	value: string | undefined,
	allowed: readonly T[],
	fallback: T,
): T {
	if (value === undefined) return fallback;
	const chosen = value.trim().toLowerCase();
	if ((allowed as readonly string[]).includes(chosen)) return chosen as T;
	throw usage(
		`Unknown ${option} ${quote(value)}; expected ${allowed.join(" or ")}`,
	);
}

function listenSettingsOf(
	values: Partial<Record<keyof typeof PROXY_OPTIONS, unknown>>,
): ListenSettings | undefined {
	const listen = values.listen as string | undefined;
	if (listen === undefined) {
		const stray = LISTEN_OPTIONS.find((key) => values[key] !== undefined);
		if (stray !== undefined)
			throw usage(`--${stray} needs --listen, e.g. --listen 127.0.0.1:8080`);
		return undefined;
	}
	const list = (key: "allowed-hosts" | "allowed-origins"): string[] =>
		((values[key] as string[] | undefined) ?? [])
			.flatMap((value) => value.split(","))
			.map((value) => value.trim())
			.filter((value) => value !== "");
	const text = (key: "max-body" | "max-sessions" | "session-idle") =>
		values[key] as string | undefined;
	return {
		...listenOf(listen),
		allowedHosts: list("allowed-hosts").map(hostNameOf),
		allowedOrigins: list("allowed-origins").map(originOf),
		allowUnauthenticated: values["allow-unauthenticated"] === true,
		maxBodyBytes: byteSizeOf(text("max-body")),
		maxSessions: sessionCountOf(text("max-sessions")),
		sessionIdleMs: durationOf(text("session-idle")),
	};
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
	let url: URL | undefined;
	try {
		url = new URL(`http://${bare ? `[${value}]` : value}`);
	} catch {
		url = undefined;
	}
	if (
		url === undefined ||
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
	let url: URL | undefined;
	try {
		url = new URL(value);
	} catch {
		url = undefined;
	}
	if (
		url === undefined ||
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

/** `--max-body`: bytes, or with `k` / `m` KiB and MiB. */
function byteSizeOf(value: string | undefined): number {
	if (value === undefined) return LISTEN_DEFAULTS.maxBodyBytes;
	const match = /^(\d{1,10})([km]?)$/i.exec(value.trim());
	const unit = match?.[2]?.toLowerCase();
	const bytes =
		match === null
			? Number.NaN
			: Number(match[1]) * (unit === "k" ? 1024 : unit === "m" ? 1024 ** 2 : 1);
	if (!(bytes >= 1 && bytes <= MAX_BODY_LIMIT))
		throw usage(
			`--max-body expects a size from 1 byte to 1024m, in bytes or with k or m, e.g. --max-body 4m, got ${quote(value)}`,
		);
	return bytes;
}

const MAX_BODY_LIMIT = 1024 ** 3;
const MAX_SESSIONS_LIMIT = 10_000;
// setTimeout's longest delay (2^31 - 1 ms, about 24.8 days).
const MAX_DURATION_MS = 2 ** 31 - 1;
const DURATION_UNITS: Readonly<Record<string, number>> = {
	ms: 1,
	s: 1000,
	m: 60_000,
	h: 3_600_000,
};

/** `--max-sessions`: a whole number from 1. */
function sessionCountOf(value: string | undefined): number {
	if (value === undefined) return LISTEN_DEFAULTS.maxSessions;
	const count = /^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : 0;
	if (count < 1 || count > MAX_SESSIONS_LIMIT)
		throw usage(
			`--max-sessions expects a whole number from 1 to ${MAX_SESSIONS_LIMIT}, e.g. --max-sessions 8, got ${quote(value)}`,
		);
	return count;
}

/** `--session-idle`: a whole number with `ms`, `s`, `m` or `h`. */
function durationOf(value: string | undefined): number {
	if (value === undefined) return LISTEN_DEFAULTS.sessionIdleMs;
	const match = /^(\d{1,10})(ms|s|m|h)$/i.exec(value.trim());
	const ms =
		match === null
			? Number.NaN
			: Number(match[1]) * (DURATION_UNITS[match[2]?.toLowerCase() ?? ""] ?? 0);
	if (!(ms >= 1 && ms <= MAX_DURATION_MS))
		throw usage(
			`--session-idle expects a duration with ms, s, m or h, up to 24 days, e.g. --session-idle 30m, got ${quote(value)}`,
		);
	return ms;
}
