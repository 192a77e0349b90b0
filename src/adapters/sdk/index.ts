/**
 * Wire names and name resolution for servers and clients of the MCP TypeScript SDK, both
 * the 1.x `@modelcontextprotocol/sdk` and the 2.x `@modelcontextprotocol/server` and
 * `@modelcontextprotocol/client` packages. No SDK is imported: the types below are
 * structural and the SDK line is told apart by shape.
 *
 * @module mcp-tool-names/sdk
 */
export type { Protection } from "../routing/tool-entry.js";
export { silenceNameWarnings } from "./silence-name-warnings.js";
export type {
	CallToolParamsLike,
	ClientLike,
	JsonRpcMessageLike,
	ServerLike,
	ToolLike,
	TransportLike,
	WrapClientOptions,
	WrapServerOptions,
} from "./types.js";
export { wrapClient } from "./wrap-client.js";
export { wrapServer } from "./wrap-server.js";
