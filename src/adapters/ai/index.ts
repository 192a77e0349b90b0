/**
 * Wire names and safe tool-name repair for the Vercel AI SDK (`ai` 6, with `@ai-sdk/mcp`
 * for MCP tool sets). `ai` is an optional peer, used for types only.
 *
 * @module mcp-tool-names/ai
 */

export type { Protection } from "../routing/tool-entry.js";
export type { RepairToolCallOptions } from "./repair-tool-call.js";
export { repairToolCall } from "./repair-tool-call.js";
export type { ToolSetLike, WireToolSetOptions } from "./wire-tool-set.js";
export { wireToolSet } from "./wire-tool-set.js";
