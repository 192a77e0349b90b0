// What four hosts put before an MCP tool's name before the model sees it, read from each
// host's own source or documentation (DESIGN.md, "Room for the host's prefix"). A wire name
// the proxy plans to the provider's full 64 reaches the provider longer than that once the
// host's prefix is in front; `hostReserve` says how much room to leave.

import { invalidArgument } from "./guards.js";
import {
	type NameProfile,
	type ProfileName,
	resolveProfile,
} from "./profiles.js";

/**
 * The hosts whose naming rule this package knows.
 *
 * @example
 * ```ts
 * const host: HostName = "gemini-cli";
 * ```
 */
export type HostName = "claude-code" | "codex" | "gemini-cli" | "opencode";

/**
 * How one host names the tools of an MCP server before the model sees them. What it does past
 * its limit and on a clash, and the source of each fact, are in docs/providers.md and beside
 * each rule below.
 *
 * @example
 * ```ts
 * hostRules["gemini-cli"].limit; // 63: past it Gemini CLI cuts the middle out
 * ```
 */
export interface HostRule {
	/** The host's own name, e.g. `Gemini CLI`. */
	readonly title: string;
	/** Its prefix, with `<server>` for the key the server has in the host's config. */
	readonly prefix: string;
	/** The longest name it sends as is, or `undefined` when it sends any length (the provider decides). */
	readonly limit: number | undefined;
}

// How each host joins a key and a tool name: its prefix's start and end around the key, and the
// characters it does not keep (each becomes `_`, in the key and in the name). The JavaScript
// hosts replace UTF-16 code units (no `u` flag); Codex replaces Unicode scalar values (Rust
// `chars()`), which the `u` flag matches.
const NAMING: Readonly<Record<HostName, readonly [string, string, RegExp]>> = {
	"claude-code": ["mcp__", "__", /[^A-Za-z0-9_-]/g],
	codex: ["mcp__", "__", /[^A-Za-z0-9_]/gu],
	"gemini-cli": ["mcp_", "_", /[^A-Za-z0-9_.:-]/g],
	opencode: ["", "_", /[^A-Za-z0-9_-]/g],
};

/**
 * The naming rule of each known host: its title, its prefix and its own limit. Each key and
 * tool name is sanitised the host's way (see {@link hostToolName}).
 *
 * | host | prefix | kept | limit | past it |
 * |---|---|---|---|---|
 * | `claude-code` | `mcp__<server>__` | `A-Z a-z 0-9 _ -` | 64 | refused by the API |
 * | `codex` | `mcp__<server>__` | `A-Z a-z 0-9 _` | 64 | cut, `_` + 12 hex of SHA-1 |
 * | `gemini-cli` | `mcp_<server>_` | `A-Z a-z 0-9 _ . : -` | 63 | middle cut out |
 * | `opencode` | `<server>_` | `A-Z a-z 0-9 _ -` | none | the provider refuses |
 *
 * @example
 * ```ts
 * hostRules.codex.prefix; // "mcp__<server>__"
 * ```
 */
export const hostRules: Readonly<Record<HostName, HostRule>> = Object.freeze({
	// `mcp__<server>__<tool>` (https://code.claude.com/docs/en/mcp); key and tool name each
	// through /[^a-zA-Z0-9_-]/g → "_" in the shipped CLI (@anthropic-ai/claude-code 2.1.328; the
	// repository holds no source). Past 64 the Claude API and its tool search refuse the request
	// (https://github.com/anthropics/claude-code/issues/16425).
	"claude-code": Object.freeze({
		title: "Claude Code",
		prefix: "mcp__<server>__",
		limit: 64,
	}),
	// codex-rs/codex-mcp/src/mcp_tool_names.rs `qualify_tools` (MAX_TOOL_NAME_LENGTH 64; past it,
	// or on a clash, the tool's part is cut and ends with `_` + 12 hex of a SHA-1) and
	// mcp/mod.rs `sanitize_responses_api_tool_name` (only A-Z a-z 0-9 _ kept), openai/codex at
	// 52a0ab1201c2c3fda775f9b45d4c3326a4d9b806 and 00b17c2659c96ab3d0ae8de723b4ce2d686850b1.
	codex: Object.freeze({
		title: "Codex",
		prefix: "mcp__<server>__",
		limit: 64,
	}),
	// packages/core/src/tools/mcp-tool.ts `generateValidName` (A-Z a-z 0-9 _ . : - kept; past 63,
	// the first 30 and last 30 characters around `...`) and tool-registry.ts `registerTool`
	// (the tool registered last replaces the other), google-gemini/gemini-cli at
	// 5411f113cafae26161b4969b0237b8e1e024e2c2.
	"gemini-cli": Object.freeze({
		title: "Gemini CLI",
		prefix: "mcp_<server>_",
		limit: 63,
	}),
	// packages/opencode/src/mcp/index.ts `MCP.tools` (key and tool name through
	// /[^a-zA-Z0-9_-]/g → "_"; no limit; the tool listed last replaces the other), anomalyco/opencode
	// at 001133bc4831655c63c0e0a5a6c5f696b186cfea.
	opencode: Object.freeze({
		title: "OpenCode",
		prefix: "<server>_",
		limit: undefined,
	}),
});

const HOST_NAMES = Object.keys(hostRules) as HostName[];

function namingOf(fn: string, host: unknown): (typeof NAMING)[HostName] {
	if (typeof host === "string" && Object.hasOwn(NAMING, host))
		return NAMING[host as HostName];
	throw invalidArgument(fn, "host", `one of ${HOST_NAMES.join(", ")}`, host);
}

/** The host's prefix for a key, as it writes it. */
function prefixOf(host: HostName, key: string): string {
	const [start, end, dropped] = NAMING[host];
	// Gemini CLI's generateValidName adds `mcp_` only when `<server>_<tool>` lacks it.
	const head =
		host === "gemini-cli" && `${key}_`.startsWith(start) ? "" : start;
	return head + key.replace(dropped, "_") + end;
}

function keyOf(fn: string, serverKey: unknown): string {
	if (typeof serverKey !== "string" || serverKey === "")
		throw invalidArgument(
			fn,
			"serverKey",
			"the non-empty key of the server in the host's config",
			serverKey,
		);
	return serverKey;
}

/**
 * A tool's name as a host presents it to the model: its prefix for the server key, then the
 * tool's name, each sanitised the host's way. What the host does past its limit (a cut, a
 * hash) is not applied: compare the length with {@link hostRules}' `limit`.
 *
 * @param host - `claude-code`, `codex`, `gemini-cli` or `opencode`
 * @param serverKey - the key the server has in the host's config (`claude mcp add <key> …`)
 * @param toolName - the name the server (or the proxy) lists
 * @returns the name the model sees
 * @throws McpToolNamesError `invalid-argument` for an unknown host, an empty key or a
 * non-string tool name
 * @example
 * ```ts
 * hostToolName("claude-code", "github", "search_issues"); // "mcp__github__search_issues"
 * hostToolName("gemini-cli", "my server", "a/b"); // "mcp_my_server_a_b"
 * ```
 */
export function hostToolName(
	host: HostName,
	serverKey: string,
	toolName: string,
): string {
	const FN = "hostToolName";
	const [, , dropped] = namingOf(FN, host);
	const key = keyOf(FN, serverKey);
	if (typeof toolName !== "string")
		throw invalidArgument(FN, "toolName", "a string", toolName);
	// Codex writes an empty name as `_` (sanitize_responses_api_tool_name).
	const name = toolName.replace(dropped, "_") || (host === "codex" ? "_" : "");
	return prefixOf(host, key) + name;
}

/**
 * How many characters to keep free for a host's prefix (`reserve` of `WireNameCodec` and of
 * every entry that takes a profile): the prefix's length for that server key, plus what the
 * host's own limit takes off the provider's (Gemini CLI cuts past 63, one below 64).
 *
 * @param host - `claude-code`, `codex`, `gemini-cli` or `opencode`
 * @param serverKey - the key the server has in the host's config
 * @param profile - the provider's profile; default `openai`
 * @returns the reserve: planned names plus the host's prefix stay within both limits
 * @throws McpToolNamesError `invalid-argument` for an unknown host or an empty key;
 * `invalid-profile` for an unknown profile
 * @example
 * ```ts
 * hostReserve("claude-code", "github"); // 13: "mcp__github__"
 * hostReserve("gemini-cli", "github"); // 12: "mcp_github_" and one for the 63
 * new WireNameCodec({ reserve: hostReserve("codex", "github") });
 * ```
 */
export function hostReserve(
	host: HostName,
	serverKey: string,
	profile?: ProfileName | NameProfile,
): number {
	const FN = "hostReserve";
	namingOf(FN, host);
	const prefix = prefixOf(host, keyOf(FN, serverKey)).length;
	const { maxLength } = resolveProfile(profile);
	const limit = hostRules[host].limit ?? maxLength;
	return prefix + Math.max(0, maxLength - limit);
}
