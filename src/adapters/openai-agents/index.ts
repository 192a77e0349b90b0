/**
 * Wire names for the tools `@openai/agents` loads from MCP servers, and safe repair of the
 * tool names its model sends back. `@openai/agents` is an optional peer, used for types only.
 *
 * @module mcp-tool-names/openai-agents
 */

export type { Protection } from "../routing/tool-entry.js";
export type { RepairModelOptions } from "./repair-model.js";
export { repairModel } from "./repair-model.js";
export type { WrapMcpServerOptions } from "./wrap-mcp-server.js";
export { wrapMcpServer } from "./wrap-mcp-server.js";
