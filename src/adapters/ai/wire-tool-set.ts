import { invalidArgument, isRecord, readArgument } from "../../core/guards.js";
import type { NameProfile, ProfileName, WireNameCodec } from "../../index.js";
import { wireCodecOf } from "../_host-options.js";

const FN = "wireToolSet";
const TOOL_SET = "a ToolSet object (name → tool)";

/**
 * Options of {@link wireToolSet}: the provider profile of a new codec, or the codec to
 * share (one per scope, so wire names stay put across calls). Not both.
 *
 * @example
 * ```ts
 * const options: WireToolSetOptions = { profile: "gemini" };
 * ```
 */
export interface WireToolSetOptions {
	/** The provider profile of a new codec; default `openai`. */
	profile?: ProfileName | NameProfile;
	/**
	 * Characters the host adds before each name (see `hostReserve`): a new codec plans its
	 * names within the profile's limit less this; default 0.
	 */
	reserve?: number;
	/** The codec to use instead, e.g. one per session from a `CodecRegistry`. */
	codec?: WireNameCodec;
}

/**
 * Any tool set, by its shape: tool objects by name. Structural on purpose: `@ai-sdk/mcp` may
 * bring its own copy of `@ai-sdk/provider-utils`, whose `ToolSet` is then another type than
 * the one `ai` knows; {@link wireToolSet} takes either.
 *
 * @example
 * ```ts
 * const tools: ToolSetLike = await mcp.tools();
 * ```
 */
export type ToolSetLike = { readonly [name: string]: object };

/**
 * Keys a tool set by provider-safe wire names, so the model sees names its provider
 * accepts. Each tool object is the same as before: a tool from `@ai-sdk/mcp` still calls
 * its MCP tool by the canonical name it closed over, so nothing needs decoding.
 *
 * @param tools - a `ToolSet`, e.g. what `@ai-sdk/mcp`'s `client.tools()` returns
 * @param options - `profile` (default `openai`) or a shared `codec`
 * @returns a new tool set with the same tools (the same type) under wire names
 * @throws McpToolNamesError `invalid-argument` when `tools` is not an object;
 * `invalid-option` for `codec` together with `profile`; `invalid-profile` for an unknown profile
 * @example
 * ```ts
 * const mcp = await createMCPClient({ transport });
 * const tools = wireToolSet(await mcp.tools());
 * // { linear_list_issues: … } where the server said "linear.list_issues"
 * await generateText({ model, tools, prompt });
 * ```
 */
export function wireToolSet<T extends ToolSetLike>(
	tools: T,
	options?: WireToolSetOptions,
): { [name: string]: T[keyof T] } {
	if (!isRecord(tools)) throw invalidArgument(FN, "tools", TOOL_SET, tools);
	// Read once, here: a Proxy or getter of the caller's that throws is a bad argument.
	const entries = readArgument(
		FN,
		"tools",
		tools,
		() => Object.keys(tools).map((name) => [name, tools[name]] as const),
		TOOL_SET,
	);
	const codec = wireCodecOf(FN, options);
	const wires = codec.encodeAll(entries.map(([name]) => name));
	// A null prototype, as @ai-sdk/mcp builds its own: `__proto__` is a valid wire name.
	const wired: { [name: string]: T[keyof T] } = Object.create(null);
	entries.forEach(([name, tool], index) => {
		wired[wires[index] ?? name] = tool as T[keyof T];
	});
	WIRED.set(wired, codec);
	return wired;
}

/**
 * The codec behind each tool set `wireToolSet` returned, so `repairToolCall` routes on the
 * canonical names (and their namespaces) the wire names stand for. Internal: not exported from the package entry.
 */
export const WIRED: WeakMap<object, WireNameCodec> = new WeakMap();
