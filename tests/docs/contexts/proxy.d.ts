// Context of guide excerpts about a raw JSON-RPC proxy: messages in flight, the upstream's
// tools, the rewriter, and an HTTP request to forward to `target`.
declare const messageFromClient: import("@modelcontextprotocol/sdk/types.js").JSONRPCMessage;
declare const messageFromUpstream: import("@modelcontextprotocol/sdk/types.js").JSONRPCMessage;
declare const upstreamTools: import("@modelcontextprotocol/sdk/types.js").Tool[];
declare const rewriter: import("mcp-tool-names/jsonrpc").WireRewriter;
declare const request: Request;
declare const target: string;
