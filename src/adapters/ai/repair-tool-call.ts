import type { ToolCallRepairFunction, ToolSet } from "ai";
import type { Resolution } from "../../index.js";
import { repairOptionsOf } from "../_host-options.js";
import { callArgumentsOf, hostRouter } from "../_host-route.js";
import type { Protection } from "../routing/tool-entry.js";
import { WIRED } from "./wire-tool-set.js";

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
	/** Told of every correction, with the ready log line. */
	onCorrection?: (resolution: Resolution, message: string) => void;
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
 * Builds the AI SDK's tool-call repair hook (`experimental_repairToolCall`) for names the
 * model got wrong. For an unknown tool name it asks the routing policy about the names of
 * the tool set; only a safe correction comes back as the call with the corrected name.
 * Everything else (a name too far off, a sibling such as `set_user` for `get_user`, a
 * protected tool, invalid input for a known tool) returns `null`, so the SDK reports the
 * failure as it does without the hook.
 *
 * @param options - `mode`, `protection`, `isProtected`, `onCorrection(resolution, message)`
 * @returns the function to pass as `experimental_repairToolCall`
 * @throws McpToolNamesError `invalid-option` for a malformed option (`mode`, `protection`,
 * a callback that is not a function)
 * @example
 * ```ts
 * await generateText({
 *   model,
 *   tools: wireToolSet(await mcp.tools()),
 *   experimental_repairToolCall: repairToolCall({ onCorrection: (_, message) => console.warn(message) }),
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
		const codec = WIRED.get(tools);
		const names = Object.keys(tools);
		// Rule 7: the call's input weighs against each tool's JSON Schema, when it is an object.
		const args = callArgumentsOf(toolCall.input);
		const schemas =
			args === undefined
				? []
				: await Promise.all(names.map((name) => schemaOf(inputSchema, name)));
		const entries = names.map((name, i) =>
			router.entryOf(
				codec?.lookup(name) ?? name,
				annotationsOf(tools[name]),
				name,
				schemas[i],
			),
		);
		const correction = router.correct(toolCall.toolName, entries, codec, args);
		if (correction === undefined || !Object.hasOwn(tools, correction.name))
			return null;
		return { ...toolCall, toolName: correction.name };
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
