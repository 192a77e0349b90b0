/**
 * Wire names and safe tool-call repair for LangChain tools, such as those
 * `@langchain/mcp-adapters` loads from MCP servers. No LangChain import: the types are
 * structural, so any `StructuredTool` fits.
 *
 * @module mcp-tool-names/langchain
 */

export type { Protection } from "../routing/tool-entry.js";
export type {
	NamedTool,
	RepairToolCallOptions,
} from "./repair-tool-call.js";
export { repairToolCall } from "./repair-tool-call.js";
export type { WireToolsOptions } from "./wire-tools.js";
export { wireTools } from "./wire-tools.js";
