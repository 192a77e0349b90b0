/**
 * Raw JSON-RPC rewriting for proxies, hosts and servers that see MCP messages: wire names
 * out, canonical names back in, over any transport or HTTP hop. Imports the core only; runs
 * in Node, browsers, Deno and Workers.
 *
 * @module mcp-tool-names/jsonrpc
 */

export type { RouteDecision } from "../routing/router.js";
export type { Protection } from "../routing/tool-entry.js";
export type {
	HeaderRecord,
	MessageRewrite,
	RewriteEventStreamOptions,
} from "./http.js";
export {
	refuseJsonBody,
	rewriteEventStream,
	rewriteJsonBody,
	syncMcpNameHeader,
} from "./http.js";
export type { LineSplitterOptions, OversizedLine } from "./lines.js";
export { frameLine, LineSplitter, splitLines } from "./lines.js";
export type {
	RewriterSnapshot,
	WireRewriterOptions,
} from "./rewriter/options.js";
export { WireRewriter } from "./rewriter/rewriter.js";
export type { MessageTransport, WrapTransportOptions } from "./transport.js";
export { wrapTransport } from "./transport.js";
