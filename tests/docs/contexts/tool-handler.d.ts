// Context of guide excerpts that register a tool: the tool's implementation.
declare function fetchContent(): Promise<
	import("@modelcontextprotocol/sdk/types.js").CallToolResult
>;
