import type { ToolCallRepairFunction, ToolSet } from "ai";
import type { Resolution } from "../../index.js";
import { repairOptionsOf } from "../_host-options.js";
import { callArgumentsOf, type HostTool, hostRouter } from "../_host-route.js";
import type { Protection } from "../routing/tool-entry.js";
import { canonicalKeyOf } from "./wire-tool-set.js";

/**
 * Options of {@link repairToolCall}. `isProtected` adds to the protection the tools carry:
 * a tool from `@ai-sdk/mcp` keeps its MCP annotations in `tool.metadata.annotations`, and
 * one with `destructiveHint: true` is never a correction target.
 *
 * @example
 * ```ts
 * const options: RepairToolCallOptions = { isProtected: (name) => name.startsWith("admin_") };
 * ```
 */
export interface RepairToolCallOptions {
	/** `safe` (default) or `mcporter` to reproduce mcporter's decisions. */
	mode?: "safe" | "mcporter";
	/** How MCP annotations decide protection; default `destructive-hint`. */
	protection?: Protection;
	/**
	 * Tools that must never be corrected to; asked about each key of the tool set and, for a
	 * set from {@link wireToolSet}, about the canonical name behind it.
	 */
	isProtected?: (name: string) => boolean;
	/**
	 * Told of every correction: the ready log line, naming the canonical tool, and the
	 * resolution (so `onCorrection: console.warn` works).
	 */
	onCorrection?: (message: string, resolution: Resolution) => void;
}

// The AI SDK brands its errors with this symbol (`NoSuchToolError.isInstance` reads it), so
// the check needs no runtime import of `ai` and works across copies of it.
const NO_SUCH_TOOL = Symbol.for("vercel.ai.error.AI_NoSuchToolError");

function isNoSuchToolError(error: unknown): boolean {
	return (
		typeof error === "object" &&
		error !== null &&
		(error as { [NO_SUCH_TOOL]?: unknown })[NO_SUCH_TOOL] === true
	);
}

function annotationsOf(tool: unknown): unknown {
	if (typeof tool !== "object" || tool === null) return undefined;
	const { metadata } = tool as { metadata?: { annotations?: unknown } };
	return typeof metadata === "object" && metadata !== null
		? metadata.annotations
		: undefined;
}

/**
 * The OpenAI namespace in provider options or metadata: a tool's
 * `providerOptions.openai.namespace.name` (what `@ai-sdk/openai` sends as a Responses API
 * `namespace` tool), or a call's `providerMetadata.openai.namespace` (the `namespace` of the
 * `function_call`); read under any provider key, as the Azure provider uses its own.
 */
function namespaceOf(options: unknown, nested: boolean): string | undefined {
	if (typeof options !== "object" || options === null) return undefined;
	for (const value of Object.values(options)) {
		if (typeof value !== "object" || value === null) continue;
		const { namespace } = value as { namespace?: unknown };
		const name = nested
			? typeof namespace === "object" && namespace !== null
				? (namespace as { name?: unknown }).name
				: undefined
			: namespace;
		if (typeof name === "string" && name !== "") return name;
	}
	return undefined;
}

/** Adds the hint to the SDK's error, whose message the SDK hands back to the model. */
function addHint(error: unknown, hint: string): void {
	try {
		const failure = error as { message?: unknown };
		if (typeof failure.message === "string" && !failure.message.endsWith(hint))
			failure.message = `${failure.message} ${hint}`;
	} catch {
		// A frozen error keeps its message: the SDK then reports it as it is.
	}
}

/**
 * Builds the AI SDK's tool-call repair hook (`experimental_repairToolCall`) for names the
 * model got wrong. For an unknown tool name it asks the routing policy about the tools of the
 * set, on the canonical names behind their keys (for tools from {@link wireToolSet}, also when
 * the set was spread, merged or grown since), in the namespace the call carried (a Responses
 * API `namespace`, through `@ai-sdk/openai`); only a safe correction comes back as the call
 * with the corrected key. Everything else (a name too far off, a sibling such as `set_user`
 * for `get_user`, a protected tool, invalid input for a known tool) returns `null`, so the SDK
 * reports the failure as it does without the hook, with `Did you mean …?` added to the
 * `NoSuchToolError` the model reads when a name is close.
 *
 * @param options - `mode`, `protection`, `isProtected`, `onCorrection(message, resolution)`
 * @returns the function to pass as `experimental_repairToolCall`
 * @throws McpToolNamesError `invalid-option` for a malformed option (`mode`, `protection`,
 * a callback that is not a function)
 * @example
 * ```ts
 * await generateText({
 *   model,
 *   tools: { ...wireToolSet(await mcp.tools()), myTool },
 *   experimental_repairToolCall: repairToolCall({ onCorrection: console.warn }),
 *   prompt,
 * });
 * ```
 */
export function repairToolCall(
	options?: RepairToolCallOptions,
): ToolCallRepairFunction<ToolSet> {
	const router = hostRouter(repairOptionsOf("repairToolCall", options));
	return async ({ toolCall, tools, error, inputSchema }) => {
		if (!isNoSuchToolError(error)) return null;
		const keys = Object.keys(tools);
		// Rule 7: the call's input weighs against each tool's JSON Schema, when it is an object.
		const schemas =
			callArgumentsOf(toolCall.input) === undefined
				? []
				: await Promise.all(keys.map((key) => schemaOf(inputSchema, key)));
		const keyOf = new Map<string, string>();
		const held = keys.map((key, i): HostTool => {
			const tool = tools[key];
			const namespace = namespaceOf(
				(tool as { providerOptions?: unknown }).providerOptions,
				true,
			);
			const canonical = canonicalKeyOf(tool, key);
			const known = namespace === undefined ? key : `${namespace}/${key}`;
			keyOf.set(known, key);
			return {
				known,
				canonical:
					namespace === undefined ? canonical : `${namespace}/${canonical}`,
				annotations: annotationsOf(tool),
				inputSchema: schemas[i],
			};
		});
		const decision = router.route(
			{
				name: toolCall.toolName,
				namespace: namespaceOf(toolCall.providerMetadata, false),
				arguments: toolCall.input,
			},
			held,
			(known) => keyOf.get(known) ?? known,
		);
		if (decision.kind === "unknown") {
			if (decision.hint !== undefined) addHint(error, decision.hint);
			return null;
		}
		const key = keyOf.get(decision.name);
		if (key === undefined || !Object.hasOwn(tools, key)) return null;
		return { ...toolCall, toolName: key };
	};
}

/** A tool's JSON Schema from the SDK, or `undefined` when it cannot give one. */
async function schemaOf(
	inputSchema: (options: { toolName: string }) => PromiseLike<unknown>,
	toolName: string,
): Promise<unknown> {
	try {
		return await inputSchema({ toolName });
	} catch {
		return undefined;
	}
}
