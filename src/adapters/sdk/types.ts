import type { SharedCodec } from "../../core/shared-codec.js";
import type {
	Resolution,
	WireNameCodec,
	WireNameCodecOptions,
} from "../../index.js";
import type { Protection } from "../routing/tool-entry.js";

/**
 * One JSON-RPC 2.0 message as a transport carries it: a request, a notification or a
 * response. Only the envelope is described; the SDKs' own message types are assignable.
 *
 * @example
 * ```ts
 * const message: JsonRpcMessageLike = { jsonrpc: "2.0", id: 1, method: "tools/list" };
 * ```
 */
export interface JsonRpcMessageLike {
	jsonrpc: "2.0";
	id?: string | number | undefined;
	method?: string | undefined;
	params?: unknown;
	result?: unknown;
	error?: unknown;
}

/**
 * An MCP transport: the shape both SDK lines implement
 * (`InMemoryTransport`, `StdioServerTransport`, `StreamableHTTPServerTransport`, their client
 * counterparts, and any custom transport). `onmessage` is left out: the SDKs type it as a
 * generic callback no structural type can match both ways. Declared here so the published
 * types need no SDK installed; the type tests check the real transports against it.
 *
 * @example
 * ```ts
 * const transport: TransportLike = new StdioServerTransport();
 * await server.connect(transport);
 * ```
 */
export interface TransportLike {
	/** Starts the transport; called by `connect()`. */
	start(): Promise<void>;
	/** Sends one JSON-RPC message. */
	send(
		message: JsonRpcMessageLike | JsonRpcMessageLike[],
		...rest: never[]
	): Promise<void>;
	/** Closes the transport. */
	close(): Promise<void>;
	/** Set by the SDK: called when the transport closes. */
	onclose?: (() => void) | undefined;
	/** Set by the SDK: called on a transport error. */
	onerror?: ((error: Error) => void) | undefined;
	sessionId?: string | undefined;
}

/**
 * An MCP server of either SDK line: `McpServer` or the low-level `Server` from
 * `@modelcontextprotocol/sdk` 1.x, or from `@modelcontextprotocol/server` 2.x. The shape is
 * what they have in common; {@link wrapServer} tells them apart by duck typing at run time.
 *
 * @example
 * ```ts
 * const server: ServerLike = new McpServer({ name: "search", version: "1.0.0" });
 * ```
 */
export interface ServerLike {
	/** Connects to a transport. */
	connect(transport: TransportLike, ...rest: never[]): Promise<void>;
	/** Closes the connection. */
	close(): Promise<void>;
	/** Present on servers only, which tells them from clients at compile time. */
	sendToolListChanged(): unknown;
}

/**
 * Parameters of a `tools/call` request, as `Client.callTool` takes them.
 *
 * @example
 * ```ts
 * const params: CallToolParamsLike = { name: "websearch_fetch_content", arguments: { url } };
 * ```
 */
export interface CallToolParamsLike {
	name: string;
	arguments?: Record<string, unknown> | undefined;
}

/**
 * A tool definition as `tools/list` returns it; only the fields this package reads.
 *
 * @example
 * ```ts
 * const tool: ToolLike = { name: "files/delete_all", annotations: { destructiveHint: true } };
 * ```
 */
export interface ToolLike {
	name: string;
	annotations?: { destructiveHint?: boolean | undefined } | undefined;
}

/**
 * An MCP client of either SDK line: `Client` from `@modelcontextprotocol/sdk` 1.x or from
 * `@modelcontextprotocol/client` 2.x.
 *
 * @example
 * ```ts
 * const client: ClientLike = new Client({ name: "host", version: "1.0.0" });
 * ```
 */
export interface ClientLike {
	/** Connects to a transport. */
	connect(transport: TransportLike, ...rest: never[]): Promise<void>;
	/** Closes the connection. */
	close(): Promise<void>;
	/** Lists the server's tools (one page). */
	listTools(
		params?: { cursor?: string | undefined },
		...rest: never[]
	): Promise<{ tools: ToolLike[]; nextCursor?: string | undefined }>;
	/** Calls a tool. */
	callTool(params: CallToolParamsLike, ...rest: never[]): Promise<unknown>;
}

/**
 * Options of {@link wrapServer}. `profile`, `reserve` and `onDiagnostic` configure the codec
 * the wrapper creates; passing them together with `codec` is an error.
 *
 * @example
 * ```ts
 * const options: WrapServerOptions = { resolve: true, onCorrection: (message) => console.error(message) };
 * ```
 */
export interface WrapServerOptions extends WireNameCodecOptions {
	/** The codec to use, e.g. one per scope from a `CodecRegistry`; default: a new one. */
	codec?: WireNameCodec;
	/**
	 * Shared state for many replicas (a `SharedCodec` from `mcp-tool-names/redis`): its codec
	 * is used, new names are claimed in its store before a `tools/list` result goes out, and a
	 * called name nobody here knows is read from it first; when the store cannot answer, the
	 * request fails with McpToolNamesError `store-unavailable`. Not together with `codec`,
	 * `profile` or `onDiagnostic`.
	 */
	store?: SharedCodec;
	/** Auto-correct unknown inbound names by the resolution rules; default `false`. */
	resolve?: boolean;
	/**
	 * Which tools are never auto-corrected to. `destructive-hint` (default): those whose
	 * `annotations.destructiveHint` is `true`. `unless-read-only`: the MCP specification's
	 * reading, every tool not marked `readOnlyHint: true` or `destructiveHint: false` (on 30
	 * real servers, 316 of 540 tools rather than 77).
	 */
	protection?: Protection;
	/** Called for every auto-correction with a ready message and the resolution. */
	onCorrection?: (message: string, resolution: Resolution) => void;
}

/**
 * Options of {@link wrapClient}. `profile`, `reserve` and `onDiagnostic` configure the codec
 * the wrapper creates; passing them together with `codec` is an error.
 *
 * @example
 * ```ts
 * const options: WrapClientOptions = { profile: "gemini", autoCorrect: false };
 * ```
 */
export interface WrapClientOptions extends WireNameCodecOptions {
	/**
	 * The codec to use; default: a new one. Share one with the server side (or a
	 * `CodecRegistry` scope, or one restored from a snapshot) so the wire names a model holds
	 * keep decoding across reconnects.
	 */
	codec?: WireNameCodec;
	/** Hand out wire names from `listTools()`; default `true`. */
	wire?: boolean;
	/** Retry once with the corrected name when the server says "Tool X not found"; default `true`. */
	autoCorrect?: boolean;
	/**
	 * Which tools are never auto-corrected to. `destructive-hint` (default): those whose
	 * `annotations.destructiveHint` is `true`. `unless-read-only`: the MCP specification's
	 * reading, every tool not marked `readOnlyHint: true` or `destructiveHint: false` (on 30
	 * real servers, 316 of 540 tools rather than 77).
	 */
	protection?: Protection;
	/** Called for every auto-correction with a ready message and the resolution. */
	onCorrection?: (message: string, resolution: Resolution) => void;
}
