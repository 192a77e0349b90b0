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
 * How one host names the tools of an MCP server before the model sees them, with the
 * source each fact was read from.
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
	/** The characters it keeps (in the key and in the tool's name); every other becomes `_`. */
	readonly kept: string;
	/** The longest name it sends as is, or `undefined` when it sends any length (the provider decides). */
	readonly limit: number | undefined;
	/** What happens to a longer name. */
	readonly past: string;
	/** What happens when two tools end up with one name. */
	readonly clashes: string;
	/** Where these facts were read. */
	readonly source: string;
}

// Each sanitiser is the host's own rule, character by character: the JavaScript hosts replace
// UTF-16 code units (a regular expression without the `u` flag), Codex replaces Unicode
// scalar values (Rust `chars()`).
const NOT_CLAUDE = /[^A-Za-z0-9_-]/g;
const NOT_GEMINI = /[^A-Za-z0-9_.:-]/g;
const NOT_OPENCODE = /[^A-Za-z0-9_-]/g;
const CODEX_KEPT = /^[A-Za-z0-9_]$/;

/** Codex's `sanitize_responses_api_tool_name`: every scalar outside `[A-Za-z0-9_]` is `_`. */
function codexSanitized(text: string): string {
	let out = "";
	for (const char of text) out += CODEX_KEPT.test(char) ? char : "_";
	return out === "" ? "_" : out;
}

/** How each host joins a server key and a tool name, as the host writes the result. */
const NAMERS: Readonly<
	Record<HostName, { prefix(key: string): string; tool(name: string): string }>
> = {
	"claude-code": {
		prefix: (key) => `mcp__${key.replace(NOT_CLAUDE, "_")}__`,
		tool: (name) => name.replace(NOT_CLAUDE, "_"),
	},
	codex: {
		prefix: (key) => `mcp__${codexSanitized(key)}__`,
		tool: codexSanitized,
	},
	"gemini-cli": {
		// generateValidName adds `mcp_` unless `<server>_<tool>` starts with it already.
		prefix: (key) =>
			`${`${key}_`.startsWith("mcp_") ? "" : "mcp_"}${key}_`.replace(
				NOT_GEMINI,
				"_",
			),
		tool: (name) => name.replace(NOT_GEMINI, "_"),
	},
	opencode: {
		prefix: (key) => `${key.replace(NOT_OPENCODE, "_")}_`,
		tool: (name) => name.replace(NOT_OPENCODE, "_"),
	},
};

/**
 * The naming rule of each known host: its prefix, the characters it keeps, its own limit,
 * what it does past it and on a clash, and the source of each fact.
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
	"claude-code": Object.freeze({
		title: "Claude Code",
		prefix: "mcp__<server>__",
		kept: "A-Z a-z 0-9 _ -",
		limit: 64,
		past: "the Claude API and its tool search refuse the request (400: at most 64 characters)",
		clashes:
			"not documented; the proxy's wire names are distinct in this alphabet, so none arises",
		// Naming: https://code.claude.com/docs/en/mcp and .../permissions (`mcp__<server>__<tool>`);
		// the key and the tool name are each sanitised with /[^a-zA-Z0-9_-]/g → "_" in the shipped
		// CLI (@anthropic-ai/claude-code 2.1.328; the repository holds no source); the 64 of tool
		// search: https://github.com/anthropics/claude-code/issues/16425.
		source:
			"https://code.claude.com/docs/en/mcp; @anthropic-ai/claude-code 2.1.328 (shipped CLI); https://github.com/anthropics/claude-code/issues/16425",
	}),
	codex: Object.freeze({
		title: "Codex",
		prefix: "mcp__<server>__",
		kept: "A-Z a-z 0-9 _ (a - becomes _)",
		limit: 64,
		past: "Codex cuts the tool's part and appends _ and 12 hex digits of a SHA-1 of its own",
		clashes:
			"every tool of the clash gets _ and 12 hex digits of a SHA-1 (names that differ only by - and _ clash here)",
		source:
			"https://github.com/openai/codex/blob/52a0ab1201c2c3fda775f9b45d4c3326a4d9b806/codex-rs/codex-mcp/src/mcp_tool_names.rs (qualify_tools, MAX_TOOL_NAME_LENGTH); https://github.com/openai/codex/blob/00b17c2659c96ab3d0ae8de723b4ce2d686850b1/codex-rs/codex-mcp/src/mcp/mod.rs (sanitize_responses_api_tool_name)",
	}),
	"gemini-cli": Object.freeze({
		title: "Gemini CLI",
		prefix: "mcp_<server>_",
		kept: "A-Z a-z 0-9 _ . : -",
		limit: 63,
		past: "Gemini CLI keeps the first 30 and the last 30 characters with ... between (63)",
		clashes:
			"the tool registered last replaces the other (a warning in its debug log)",
		source:
			"https://github.com/google-gemini/gemini-cli/blob/5411f113cafae26161b4969b0237b8e1e024e2c2/packages/core/src/tools/mcp-tool.ts (generateValidName); .../packages/core/src/tools/tool-registry.ts (registerTool)",
	}),
	opencode: Object.freeze({
		title: "OpenCode",
		prefix: "<server>_",
		kept: "A-Z a-z 0-9 _ -",
		limit: undefined,
		past: "sent as is; OpenAI (64) refuses the whole request",
		clashes: "the tool listed last replaces the other, silently",
		source:
			"https://github.com/anomalyco/opencode/blob/001133bc4831655c63c0e0a5a6c5f696b186cfea/packages/opencode/src/mcp/index.ts (MCP.tools)",
	}),
});

const HOST_NAMES = Object.keys(hostRules) as HostName[];

function namerOf(fn: string, host: unknown): (typeof NAMERS)[HostName] {
	if (typeof host === "string" && Object.hasOwn(NAMERS, host))
		return NAMERS[host as HostName];
	throw invalidArgument(fn, "host", `one of ${HOST_NAMES.join(", ")}`, host);
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
	const namer = namerOf(FN, host);
	const key = keyOf(FN, serverKey);
	if (typeof toolName !== "string")
		throw invalidArgument(FN, "toolName", "a string", toolName);
	return namer.prefix(key) + namer.tool(toolName);
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
	const namer = namerOf(FN, host);
	const prefix = namer.prefix(keyOf(FN, serverKey)).length;
	const { maxLength } = resolveProfile(profile);
	const limit = hostRules[host].limit ?? maxLength;
	return prefix + Math.max(0, maxLength - limit);
}
