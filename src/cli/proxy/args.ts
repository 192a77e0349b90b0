import { parseArgs } from "node:util";
import type { ProfileName } from "../../index.js";
import { quote, usage } from "../_failure.js";
import { describeParseError } from "../_parse-args.js";
import { ALL_PROFILES, targetOf, timeoutOf } from "../args-values.js";
import type { Protection } from "./_routing.js";
import { type StoreSettings, storeSettingsOf } from "./_store.js";

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
	logJson: boolean;
	timeoutMs: number;
	snapshot?: string;
	/** Serve the client over Streamable HTTP here instead of stdio. */
	listen?: { host: string; port: number };
	/** Share wire names with other proxies through Redis (`--store`). */
	store?: StoreSettings;
}

const PROXY_OPTIONS = {
	url: { type: "string" },
	header: { type: "string", multiple: true },
	timeout: { type: "string" },
	profile: { type: "string" },
	"no-correct": { type: "boolean" },
	mode: { type: "string" },
	protect: { type: "string" },
	"log-json": { type: "boolean" },
	snapshot: { type: "string" },
	listen: { type: "string" },
	store: { type: "string" },
	"store-scope": { type: "string" },
	"store-prefix": { type: "string" },
	"store-ttl": { type: "string" },
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
		throw usage(describeParseError("proxy", error), error);
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
	const listen = values.listen as string | undefined;
	const store = storeSettingsOf(
		{
			store: values.store as string | undefined,
			scope: values["store-scope"] as string | undefined,
			prefix: values["store-prefix"] as string | undefined,
			ttl: values["store-ttl"] as string | undefined,
		},
		upstream.type === "http"
			? // Never a query or credentials in a key: they may hold a token.
				`${new URL(upstream.url).origin}${new URL(upstream.url).pathname}`
			: [upstream.command, ...upstream.args].join(" "),
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
		logJson: values["log-json"] === true,
		timeoutMs: timeoutOf(values.timeout as string | undefined),
		...(snapshot === undefined ? {} : { snapshot }),
		...(listen === undefined ? {} : { listen: listenOf(listen) }),
		...(store === undefined ? {} : { store }),
	};
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
