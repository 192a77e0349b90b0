import { invalidArgument, isRecord, readArgument } from "../../core/guards.js";
import type { Resolution } from "../../index.js";
import { repairOptionsOf } from "../_host-options.js";
import { hostRouter } from "../_host-route.js";
import type { Protection } from "../routing/tool-entry.js";
import { readNamedTools } from "./_named-tools.js";
import { canonicalToolName } from "./wire-tools.js";

const FN = "repairToolCall";
const TOOL_CALL = "a tool call with a string name";

/**
 * Options of {@link repairToolCall}. `isProtected` adds to the protection the tools carry:
 * a tool from `@langchain/mcp-adapters` keeps its MCP annotations in
 * `tool.metadata.annotations`, and one with `destructiveHint: true` is never a correction
 * target.
 *
 * @example
 * ```ts
 * const options: RepairToolCallOptions = { onCorrection: console.warn };
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
	/**
	 * Told of every correction: the ready log line, naming the canonical tool, and the
	 * resolution (so `onCorrection: console.warn` works).
	 */
	onCorrection?: (message: string, resolution: Resolution) => void;
}

/**
 * What {@link repairToolCall} reads of a tool: its name and the MCP annotations it kept.
 *
 * @example
 * ```ts
 * const tools: NamedTool[] = [{ name: "files_delete_all", metadata: { annotations: { destructiveHint: true } } }];
 * repairToolCall({ name: "delete_all", args: {} }, tools); // null: never onto a destructive tool
 * ```
 */
export interface NamedTool {
	/** The name the model sees. */
	name: string;
	/** `@langchain/mcp-adapters` puts the MCP tool's `annotations` here. */
	metadata?: Record<string, unknown> | undefined;
	/**
	 * The tool's input schema: a JSON Schema (what `@langchain/mcp-adapters` sets from the MCP
	 * tool's `inputSchema`) is weighed against the call's `args` (resolution rule 7); anything
	 * else, such as a zod schema, says nothing.
	 */
	schema?: unknown;
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
 * @param options - `mode`, `protection`, `isProtected`, `onCorrection(message, resolution)`
 * @returns the call with the corrected name, or `null`
 * @throws McpToolNamesError `invalid-argument` when `toolCall` has no string name or `tools`
 * is not an array of tools with string names (a value whose properties throw when read
 * included); `invalid-option` for a malformed option
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
	const router = hostRouter(repairOptionsOf(FN, options));
	const sent = readArgument(
		FN,
		"toolCall",
		toolCall,
		() => (isRecord(toolCall) ? toolCall.name : undefined),
		TOOL_CALL,
	);
	if (typeof sent !== "string")
		throw invalidArgument(FN, "toolCall", TOOL_CALL, toolCall);
	const named = namedTools(tools);
	if (named.some(({ name }) => name === sent)) return null;
	const args = readArgument(FN, "toolCall", toolCall, () =>
		isRecord(toolCall) ? (toolCall as Record<string, unknown>).args : undefined,
	);
	// Canonical names per tool, so tools from several wireTools calls (several servers, tools
	// added later) and tools of your own route together.
	const decision = router.route(
		{ name: sent, arguments: args },
		named.map(({ tool, name, annotations, schema }) => ({
			known: name,
			canonical: canonicalToolName(tool, name),
			annotations,
			inputSchema: schema,
		})),
	);
	if (decision.kind === "unknown") return null;
	return { ...toolCall, name: decision.name };
}

/** A tool as read once: the object, its name and the MCP annotations it kept. */
interface ReadTool {
	tool: NamedTool;
	name: string;
	annotations: unknown;
	schema: unknown;
}

/** Each tool, read once; anything but an array of named tools is refused. */
function namedTools(tools: unknown): ReadTool[] {
	return readNamedTools(FN, tools, (tool, name): ReadTool => {
		const { metadata, schema } = tool as NamedTool;
		return {
			tool: tool as NamedTool,
			name,
			annotations: isRecord(metadata) ? metadata.annotations : undefined,
			schema,
		};
	});
}
