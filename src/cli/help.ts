import { version } from "../../package.json";

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

const TARGETS = `Targets (one of them; none: the bundled demo server):
  -- <command> [args...]   start a stdio server, e.g. -- npx -y @modelcontextprotocol/server-everything
  <url>, --url <url>       a Streamable HTTP endpoint; falls back to SSE for older servers
  --header "Name: value"   an HTTP header for --url (repeatable), e.g. "Authorization: Bearer $TOKEN"
  --file <path>            a tools/list result, {"tools": [...]}, or an array of names; - for stdin
  --timeout <ms>           the budget for a whole run against a server: start, initialize,
                           every page of tools/list and shutdown (default ${DEFAULT_TIMEOUT_MS})`;

const GENERAL = `Usage:
  mcp-tool-names audit [options] [target]
  mcp-tool-names resolve <name> [options] [target]

Commands:
  audit      show which tool names each provider accepts, and the wire names to send instead
  resolve    show whether a name a model sent would be auto-corrected, or only hinted at

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
export function helpText(topic?: "audit" | "resolve"): string {
	const text =
		topic === "audit" ? AUDIT : topic === "resolve" ? RESOLVE : GENERAL;
	return `${text}\n`;
}
