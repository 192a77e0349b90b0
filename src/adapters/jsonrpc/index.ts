/**
 * Raw JSON-RPC rewriting for proxies, hosts and servers that see MCP messages: wire names
 * out, canonical names back in, over any transport or HTTP hop. Imports the core only; runs
 * in Node, browsers, Deno and Workers.
 *
 * @module mcp-tool-names/jsonrpc
 */

export type {
	HeaderRecord,
	MessageRewrite,
	RewriteEventStreamOptions,
} from "./http.js";
export {
	rewriteEventStream,
	rewriteJsonBody,
	syncMcpNameHeader,
} from "./http.js";
export type { LineSplitterOptions, OversizedLine } from "./lines.js";
export { frameLine, LineSplitter, splitLines } from "./lines.js";
export type { WireRewriterOptions } from "./rewriter.js";
export { WireRewriter } from "./rewriter.js";
export type { MessageTransport, WrapTransportOptions } from "./transport.js";
export { wrapTransport } from "./transport.js";
