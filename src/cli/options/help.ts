import { version } from "../../../package.json";

/**
 * The package version, inlined from package.json at build time.
 *
 * @example
 * ```ts
 * stdout.write(`${VERSION}\n`);
 * ```
 */
export const VERSION: string = version;

/**
 * Default of `--timeout`, in milliseconds: time to start, initialize, list and end, in all.
 *
 * @example
 * ```ts
 * const timeoutMs = options.timeout ?? DEFAULT_TIMEOUT_MS;
 * ```
 */
export const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * Default of `--start-timeout`, in milliseconds: how long a stdio server may stay silent
 * after it is started (an `npx -y` download) before `--timeout` starts counting.
 *
 * @example
 * ```ts
 * const startTimeoutMs = options.startTimeout ?? DEFAULT_START_TIMEOUT_MS;
 * ```
 */
export const DEFAULT_START_TIMEOUT_MS = 120_000;

const TARGETS = `Targets (one of them; none: the bundled demo server):
  -- <command> [args...]   start a stdio server, e.g. -- npx -y @modelcontextprotocol/server-everything
  <url>, --url <url>       a Streamable HTTP endpoint; falls back to SSE for older servers
  --header "Name: value"   an HTTP header for --url (repeatable), e.g. "Authorization: Bearer $TOKEN"
  --file <path>            a tools/list result, {"tools": [...]}, or an array of names; - for stdin
  --timeout <ms>           the budget for a whole run against a server: start, initialize,
                           every page of tools/list and shutdown (default ${DEFAULT_TIMEOUT_MS}); for
                           a stdio server it starts at the server's first output
  --start-timeout <ms>     how long a stdio server may write nothing at all after it is
                           started, e.g. while npx -y downloads it (default ${DEFAULT_START_TIMEOUT_MS})`;

const GENERAL = `Usage:
  mcp-tool-names audit [options] [target]
  mcp-tool-names resolve <name> [options] [target]
  mcp-tool-names proxy [options] -- <command> [args...]

Commands:
  audit      show which tool names each provider accepts, and the wire names to send instead
  resolve    show whether a name a model sent would be auto-corrected, or only hinted at
  proxy      sit between a client and a server: wire-safe names out, calls routed back in

${TARGETS}

Options:
  -h, --help     show help (also: mcp-tool-names audit --help)
  -v, --version  print the version

Exit codes: 0 success, 1 audit --strict found names to rewrite / resolve found no safe
correction, 2 usage error or the target could not be read.`;

const AUDIT = `Usage: mcp-tool-names audit [options] [target]

Lists the tools of a server (all pages) and shows, per provider profile, which names are sent
as is and which get a wire name: renamed, lossy (hash added), truncated, or colliding; and
which tool definitions break the MCP schema (audited by name all the same).

Options:
  --profile <name>   openai, anthropic, gemini, portable, mcp or all (default all);
                     repeatable or comma-separated: --profile openai,gemini
  --strict           exit 1 when any name would be rewritten or a tool definition breaks
                     the MCP schema (a CI lint)
  --json             print one JSON document (schemaVersion 1, see docs/cli.md)
  -h, --help         show this help

${TARGETS}

Examples:
  mcp-tool-names audit
  mcp-tool-names audit --strict --profile openai -- node dist/server.js
  mcp-tool-names audit http://localhost:3000/mcp --header "Authorization: Bearer $TOKEN"
  curl -s https://example.com/tools.json | mcp-tool-names audit --json --file -`;

const RESOLVE = `Usage: mcp-tool-names resolve <name> [options] [target]

Resolves a tool name a model sent against the server's tools, the way resolveName does:
exact, auto-corrected (exit 0), or only a "Did you mean ...?" hint or nothing (exit 1). Tools
whose annotations set destructiveHint are never auto-corrected to.

Options:
  --mode <mode>   safe (default) or mcporter, to reproduce mcporter's decisions
  --json          print one JSON document (schemaVersion 1, see docs/cli.md)
  -h, --help      show this help

${TARGETS}

Examples:
  mcp-tool-names resolve fetch_content
  mcp-tool-names resolve linear.listIssues --mode mcporter -- node dist/server.js`;

const PROXY = `Usage: mcp-tool-names proxy [options] -- <command> [args...]
       mcp-tool-names proxy [options] --url <url> [--header "Name: value"]...

Speaks MCP to the client (stdio, or Streamable HTTP with --listen) and to the server, and
fixes tool names on the way: tools/list goes out with wire names for --profile, tools/call
names are mapped back, and near misses are auto-corrected only when it is safe (never onto
a destructive tool). Everything else passes through byte for byte. Each correction and
refusal is one line on stderr; stdout is the protocol.

Options:
  --profile <name>    openai (default), anthropic, gemini, portable or mcp
  --no-correct        never auto-correct a mistyped name (wire and canonical names still route)
  --mode <mode>       safe (default) or mcporter, to reproduce mcporter's corrections
  --server-name <n>   what users call the server, so prefixed names (everything_echo,
                      mcp__everything__echo) reach its tools; repeatable. Its serverInfo.name
                      and that name's last segment (mcp-servers/everything: everything)
                      are known already
  --protect <rule>    destructive-hint (default: only tools annotated destructiveHint: true
                      are never corrected to) or unless-read-only (every tool not marked
                      readOnlyHint: true or destructiveHint: false)
  --snapshot <file>   keep wire names in this file across restarts (written atomically)
  --store <url>       share wire names with other proxies through Redis or Valkey
                      (redis://host:port[/db], rediss:// for TLS); nothing to install.
                      A Redis Cluster node as the URL works too: the store follows the
                      cluster to the node that holds the scope (no /db in cluster mode)
  --store-scope <s>   the shared history to use (default <profile>: and a hash of the
                      server's command line or URL; never the arguments themselves)
  --store-prefix <p>  key prefix (default mcp-tool-names:)
  --store-ttl <sec>   forget a scope unused for this long (default never)
  --store-tls-ca <f>  with rediss://: trust the CA in this PEM file (a self-signed server)
  --store-tls-cert <f>, --store-tls-key <f>
                      with rediss://: the client certificate and its key, for a server
                      with tls-auth-clients yes (Redis' default)
  --listen <addr>     serve clients over Streamable HTTP at host:port (default host
                      127.0.0.1), one upstream per client session, at /mcp. On a loopback
                      address only Host localhost, 127.0.0.1 or [::1] (any port) and a
                      loopback Origin are served (403 otherwise: DNS rebinding). With
                      MCP_TOOL_NAMES_TOKEN set in the environment (never on the command
                      line), every request needs Authorization: Bearer <token> (else 401);
                      another address without a token is refused (exit 2)
  --allowed-hosts <h,...>
                      more Host names to serve (any port), e.g. mcp.example.com; on a
                      non-loopback address, turns the Host check on
  --allowed-origins <o,...>
                      more Origins to serve, exact, e.g. https://app.example.com
  --allow-unauthenticated
                      serve a non-loopback address without a token (something in front
                      must authenticate)
  --max-body <size>   largest request body, in bytes or with k or m (default 4m; 413 past it)
  --max-sessions <n>  sessions (server processes) at once (default 32; 503 past it)
  --session-idle <d>  close a session unused this long and end its server, e.g. 90s, 30m,
                      2h (default 30m; its id then answers 404)
  --log-json          write the log as JSON lines
  --timeout <ms>      bound on the server's initialize and first tools/list, and on a
                      --listen request's body (default ${DEFAULT_TIMEOUT_MS}); over stdio it starts at
                      the server's first output
  --start-timeout <ms>
                      how long a stdio server may write nothing at all after it is
                      started, e.g. while npx -y downloads it (default ${DEFAULT_START_TIMEOUT_MS})
  -h, --help          show this help

Exit codes: the server's own when it exits; 2 when it cannot be started or never answers
initialize; 130/143 after SIGINT/SIGTERM.

Examples:
  mcp-tool-names proxy -- npx -y @modelcontextprotocol/server-everything
  mcp-tool-names proxy --profile gemini --snapshot names.json -- node server.js
  mcp-tool-names proxy --url https://example.com/mcp --header "Authorization: Bearer $TOKEN"
  mcp-tool-names proxy --listen 127.0.0.1:8080 -- node server.js
  mcp-tool-names proxy --listen 127.0.0.1:8080 --url https://example.com/mcp
  MCP_TOOL_NAMES_TOKEN=$(cat token) mcp-tool-names proxy --listen 0.0.0.0:8080 -- node server.js
  mcp-tool-names proxy --store redis://127.0.0.1:6379 -- node server.js`;

/**
 * The help text of the CLI or of one command.
 *
 * @param topic - a command, or nothing for the general help
 * @returns the text, ending with a newline
 * @example
 * ```ts
 * io.stdout.write(helpText("audit"));
 * ```
 */
export function helpText(topic?: "audit" | "resolve" | "proxy"): string {
	const text =
		topic === "audit"
			? AUDIT
			: topic === "resolve"
				? RESOLVE
				: topic === "proxy"
					? PROXY
					: GENERAL;
	return `${text}\n`;
}
