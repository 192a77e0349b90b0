import type { Resolution, WireNameCodec } from "../../index.js";
import { repairOptionsOf } from "../_host-options.js";
import { hostRouter } from "../_host-route.js";
import type { Protection } from "../routing/tool-entry.js";
import { WIRED } from "./_wired.js";

/**
 * Options of {@link repairToolCall}. `isProtected` adds to the protection the tools carry:
 * a tool from `@langchain/mcp-adapters` keeps its MCP annotations in
 * `tool.metadata.annotations`, and one with `destructiveHint: true` is never a correction
 * target.
 *
 * @example
 * ```ts
 * const options: RepairToolCallOptions = { onCorrection: (_, message) => console.warn(message) };
 * ```
 */
export interface RepairToolCallOptions {
	/** `safe` (default) or `mcporter` to reproduce mcporter's decisions. */
	mode?: "safe" | "mcporter";
	/** How MCP annotations decide protection; default `destructive-hint`. */
	protection?: Protection;
	/**
	 * Tools that must never be corrected to; asked about each tool's name and, for tools from
	 * {@link wireTools}, about the canonical name behind it.
	 */
	isProtected?: (name: string) => boolean;
	/** Told of every correction, with the ready log line. */
	onCorrection?: (resolution: Resolution, message: string) => void;
}

/** What {@link repairToolCall} reads of a tool: its name and the MCP annotations it kept. */
export interface NamedTool {
	/** The name the model sees. */
	name: string;
	/** `@langchain/mcp-adapters` puts the MCP tool's `annotations` here. */
	metadata?: Record<string, unknown> | undefined;
}

/**
 * Repairs one tool call of an `AIMessage` whose name matches none of the tools. LangChain and
 * LangGraph have no repair hook of their own (`ToolNode` answers `Tool "x" not found`), so
 * call it where the model's message meets the tools (see docs/hosts.md). Only a safe
 * correction comes back; a call that names a tool, or a name that is too far off, a sibling
 * (`set_user` for `get_user`) or a protected tool, gives `null`.
 *
 * @param toolCall - one of `message.tool_calls`
 * @param tools - the tools the model was given
 * @param options - `mode`, `protection`, `isProtected`, `onCorrection(resolution, message)`
 * @returns the call with the corrected name, or `null`
 * @throws McpToolNamesError `invalid-option` for a malformed option
 * @example
 * ```ts
 * const calls = message.tool_calls?.map(
 *   (call) => repairToolCall(call, tools) ?? call,
 * );
 * const repaired = new AIMessage({ content: message.content, tool_calls: calls });
 * ```
 */
export function repairToolCall<C extends { name: string }>(
	toolCall: C,
	tools: readonly NamedTool[],
	options?: RepairToolCallOptions,
): C | null {
	const router = hostRouter(repairOptionsOf("repairToolCall", options));
	if (tools.some((tool) => tool.name === toolCall.name)) return null;
	const codec = sharedCodecOf(tools);
	const entries = tools.map((tool) =>
		router.entryOf(
			codec?.lookup(tool.name) ?? tool.name,
			tool.metadata?.annotations,
			tool.name,
		),
	);
	const correction = router.correct(toolCall.name, entries, codec);
	if (
		correction === undefined ||
		!tools.some((tool) => tool.name === correction.name)
	)
		return null;
	return { ...toolCall, name: correction.name };
}

/** The codec every tool came through `wireTools` with, if they share one. */
function sharedCodecOf(tools: readonly NamedTool[]): WireNameCodec | undefined {
	const codec = tools[0] === undefined ? undefined : WIRED.get(tools[0]);
	return codec !== undefined && tools.every((tool) => WIRED.get(tool) === codec)
		? codec
		: undefined;
}
