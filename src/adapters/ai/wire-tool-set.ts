import {
	checkOptions,
	invalidArgument,
	invalidOption,
	isName,
	isRecord,
	readArgument,
} from "../../core/guards.js";
import { isWireSafe, WireNameCodec } from "../../index.js";
import { type HostWireOptions, wireCodecOf } from "../_host-options.js";

/**
 * How {@link wireToolSet} names the tools, and where it puts them. Names come from a new codec
 * for `profile` and `reserve`, or from a shared `codec` (one per scope, so wire names stay put
 * across calls), never both; `namespace` puts them in one Responses API namespace.
 *
 * @example
 * ```ts
 * const options: WireToolSetOptions = { profile: "gemini", namespace: { name: "tracker", description: "Issue tracker" } };
 * ```
 * @interface
 */
export type WireToolSetOptions = {
	[K in keyof HostWireOptions]: HostWireOptions[K];
} & {
	/**
	 * Puts every tool in one OpenAI Responses API namespace, as a host does with each MCP
	 * server: each tool is copied with `providerOptions.openai.namespace` set, which
	 * `@ai-sdk/openai` sends as a `namespace` tool. `name` is made safe as a wire name is
	 * (`my tracker` → `my_tracker`); `description` is required by the API.
	 */
	namespace?: { name: string; description: string };
};

const FN = "wireToolSet";
const TOOL_SET = "a ToolSet object (name → tool)";

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
 * @param options - `profile` (default `openai`) or a shared `codec`; `namespace` to put the
 * tools in a Responses API namespace
 * @returns a new tool set with the same tools (the same type; copies in a `namespace`) under
 * wire names
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
	const codec = wireCodecOf(FN, options, ["namespace"]);
	const inNamespace = namespaceOption(checkOptions(FN, options).namespace);
	const wires = codec.encodeAll(entries.map(([name]) => name));
	// A null prototype, as @ai-sdk/mcp builds its own: `__proto__` is a valid wire name.
	const wired: { [name: string]: T[keyof T] } = Object.create(null);
	entries.forEach(([name, given], index) => {
		const wire = wires[index] ?? name;
		const tool = inNamespace === undefined ? given : inNamespace(given);
		wired[wire] = tool as T[keyof T];
		if (typeof tool !== "object" || tool === null) return;
		const keys = WIRED.get(tool) ?? new Map<string, WireNameCodec>();
		WIRED.set(tool, keys.set(wire, codec));
	});
	return wired;
}

/** The `namespace` option, checked: a function that copies a tool into the namespace. */
function namespaceOption(
	value: unknown,
): ((tool: unknown) => unknown) | undefined {
	if (value === undefined) return undefined;
	const given = isRecord(value) ? value : {};
	const { name, description } = given;
	if (!isName(name) || !isName(description))
		throw invalidOption(
			FN,
			"namespace",
			"{ name, description } with non-empty strings",
			value,
		);
	// A namespace is named like a function: the same alphabet, so the same rules.
	const namespace = {
		name: isWireSafe(name) ? name : new WireNameCodec().encode(name),
		description,
	};
	return (tool) => {
		if (!isRecord(tool)) return tool;
		const providerOptions = isRecord(tool.providerOptions)
			? tool.providerOptions
			: {};
		const openai = isRecord(providerOptions.openai)
			? providerOptions.openai
			: {};
		return Object.assign(Object.create(Object.getPrototypeOf(tool)), tool, {
			providerOptions: { ...providerOptions, openai: { ...openai, namespace } },
		});
	};
}

/**
 * The canonical name behind the key a tool has in a tool set: what a `wireToolSet` call that
 * keyed this very tool under `key` issued it for, or `key` itself. Read per tool, not per
 * set, so a set spread into another (`{ ...wired, myTool }`), merged with another server's,
 * or grown later keeps its canonical names.
 */
export function canonicalKeyOf(tool: unknown, key: string): string {
	if (typeof tool !== "object" || tool === null) return key;
	return WIRED.get(tool)?.get(key)?.lookup(key) ?? key;
}

/**
 * Each tool object `wireToolSet` saw: the wire names it keyed it under, each with the codec
 * that issued it (the latest, when a set is wired again). Module-local, never global.
 */
const WIRED = new WeakMap<object, Map<string, WireNameCodec>>();
