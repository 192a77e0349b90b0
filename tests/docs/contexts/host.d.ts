// Context of guide excerpts about a host: the transport to a server, the tools a server
// listed, and the tool call a model answered with.
declare const transport: import("@modelcontextprotocol/sdk/shared/transport.js").Transport;
declare const tools: import("@modelcontextprotocol/sdk/types.js").Tool[];
declare const modelToolCall: {
	name: string;
	arguments: Record<string, unknown>;
};
/** The id a host keeps for one configured server. */
declare const serverId: string;
