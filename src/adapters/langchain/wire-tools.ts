import { readArgument } from "../../core/guards.js";
import type { WireNameCodec } from "../../index.js";
import { type HostWireOptions, wireCodecOf } from "../_host-options.js";
import { readNamedTools, TOOLS } from "./_named-tools.js";

const FN = "wireTools";

/**
 * Options of {@link wireTools}: the provider profile of a new codec, or the codec to share
 * (one per scope, so wire names stay put across loads). Not both.
 *
 * @example
 * ```ts
 * const options: WireToolsOptions = { profile: "portable" };
 * ```
 * @interface
 */
export type WireToolsOptions = {
	[K in keyof HostWireOptions]: HostWireOptions[K];
};

/**
 * Gives LangChain tools provider-safe wire names. Each tool is copied (same class, same
 * schema, same function) with only its `name` changed; the tools `@langchain/mcp-adapters`
 * loads call their MCP tool by the name they closed over, so a call by wire name reaches
 * the canonical tool with nothing to decode. Works on top of the adapters' own
 * `prefixToolNameWithServerName` / `additionalToolNamePrefix`, which join with `__` but
 * keep the server's characters.
 *
 * @param tools - LangChain tools, e.g. from `loadMcpTools` or `MultiServerMCPClient.getTools()`
 * @param options - `profile` (default `openai`) or a shared `codec`
 * @returns copies of the tools under wire names, in the same order
 * @throws McpToolNamesError `invalid-argument` when `tools` is not an array of named tools;
 * `invalid-option` for `codec` together with `profile`; `invalid-profile` for an unknown profile
 * @example
 * ```ts
 * const tools = wireTools(await loadMcpTools("linear", client));
 * // tools[0].name === "linear_list_issues" where the server said "linear.list_issues"
 * const agent = createReactAgent({ llm, tools });
 * ```
 */
export function wireTools<T extends { name: string }>(
	tools: readonly T[],
	options?: WireToolsOptions,
): T[] {
	// Read once, here: a Proxy or getter of the caller's that throws is a bad argument.
	const names = readNamedTools(FN, tools, (_, name) => name);
	const codec = wireCodecOf(FN, options);
	const wires = codec.encodeAll(names);
	// Copying reads every property of a renamed tool: one that throws is a bad argument too.
	return readArgument(
		FN,
		"tools",
		tools,
		() =>
			tools.map((tool, index) => {
				const name = wires[index] ?? (names[index] as string);
				let wired = tool;
				if (name !== names[index]) {
					const copy: T = Object.create(Object.getPrototypeOf(tool));
					wired = Object.assign(copy, tool, { name });
				}
				WIRED.set(wired, codec);
				return wired;
			}),
		TOOLS,
	);
}

/**
 * The canonical name behind a tool's name: what the codec of the `wireTools` call that
 * returned this very tool issued its name for, or the name itself (a tool of your own, or one
 * renamed since).
 */
export function canonicalToolName(tool: object, name: string): string {
	return WIRED.get(tool)?.lookup(name) ?? name;
}

/** The codec behind each tool `wireTools` returned. Module-local, never global. */
const WIRED = new WeakMap<object, WireNameCodec>();
