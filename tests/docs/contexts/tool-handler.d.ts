// Context of guide excerpts that register tools: the tools' implementations.
declare function fetchContent(): Promise<
	import("@modelcontextprotocol/sdk/types.js").CallToolResult
>;
declare function searchCode(): Promise<
	import("@modelcontextprotocol/sdk/types.js").CallToolResult
>;
