import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type {
	SSEClientTransport,
	SseError,
} from "@modelcontextprotocol/sdk/client/sse.js";
import type { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type {
	StreamableHTTPClientTransport,
	StreamableHTTPError,
} from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { McpError } from "@modelcontextprotocol/sdk/types.js";
import { McpToolNamesError } from "../index.js";

/**
 * The parts of `@modelcontextprotocol/sdk` (1.x) every server target needs.
 *
 * @example
 * ```ts
 * const client = new sdk.Client({ name: "mcp-tool-names", version: VERSION });
 * ```
 */
export interface SdkClient {
	Client: typeof Client;
	McpError: typeof McpError;
}

/**
 * The SDK's stdio client.
 *
 * @example
 * ```ts
 * const sdk: SdkStdio = await loadStdioSdk();
 * new sdk.StdioClientTransport({ command: "node", args: ["server.js"] });
 * ```
 */
export interface SdkStdio extends SdkClient {
	StdioClientTransport: typeof StdioClientTransport;
}

/**
 * The SDK's HTTP clients: Streamable HTTP and the older HTTP+SSE.
 *
 * @example
 * ```ts
 * const sdk: SdkHttp = await loadHttpSdk();
 * new sdk.StreamableHTTPClientTransport(new URL("http://localhost:3000/mcp"));
 * ```
 */
export interface SdkHttp extends SdkClient {
	StreamableHTTPClientTransport: typeof StreamableHTTPClientTransport;
	StreamableHTTPError: typeof StreamableHTTPError;
	SSEClientTransport: typeof SSEClientTransport;
	SseError: typeof SseError;
}

const PACKAGE = "@modelcontextprotocol/sdk";

/**
 * Loads the SDK's stdio client on first use: the library itself never imports the SDK, and
 * `audit --file` works without it.
 *
 * @returns the classes a stdio target needs
 * @throws McpToolNamesError `missing-dependency` saying what to install
 * @example
 * ```ts
 * const { Client, StdioClientTransport } = await loadStdioSdk();
 * ```
 */
export async function loadStdioSdk(): Promise<SdkStdio> {
	const [client, types, stdio] = await load(() =>
		Promise.all([
			import("@modelcontextprotocol/sdk/client/index.js"),
			import("@modelcontextprotocol/sdk/types.js"),
			import("@modelcontextprotocol/sdk/client/stdio.js"),
		]),
	);
	return {
		Client: client.Client,
		McpError: types.McpError,
		StdioClientTransport: stdio.StdioClientTransport,
	};
}

/**
 * Loads the SDK's Streamable HTTP and SSE clients on first use.
 *
 * @returns the classes an HTTP target needs
 * @throws McpToolNamesError `missing-dependency` saying what to install
 * @example
 * ```ts
 * const { Client, StreamableHTTPClientTransport } = await loadHttpSdk();
 * ```
 */
export async function loadHttpSdk(): Promise<SdkHttp> {
	const [client, types, http, sse] = await load(() =>
		Promise.all([
			import("@modelcontextprotocol/sdk/client/index.js"),
			import("@modelcontextprotocol/sdk/types.js"),
			import("@modelcontextprotocol/sdk/client/streamableHttp.js"),
			import("@modelcontextprotocol/sdk/client/sse.js"),
		]),
	);
	return {
		Client: client.Client,
		McpError: types.McpError,
		StreamableHTTPClientTransport: http.StreamableHTTPClientTransport,
		StreamableHTTPError: http.StreamableHTTPError,
		SSEClientTransport: sse.SSEClientTransport,
		SseError: sse.SseError,
	};
}

async function load<T>(importAll: () => Promise<T>): Promise<T> {
	try {
		return await importAll();
	} catch (error) {
		const code = (error as { code?: unknown }).code;
		const message = error instanceof Error ? error.message : String(error);
		const notFound =
			code === "ERR_MODULE_NOT_FOUND" ||
			code === "MODULE_NOT_FOUND" ||
			code === "ERR_PACKAGE_PATH_NOT_EXPORTED";
		if (notFound && message.includes(PACKAGE)) {
			throw new McpToolNamesError(
				"missing-dependency",
				`Talking to MCP servers needs ${PACKAGE} 1.x, which is not installed; install it with: npm i ${PACKAGE}`,
				{ cause: error },
			);
		}
		throw new McpToolNamesError(
			"missing-dependency",
			`Cannot load ${PACKAGE}: ${message.split("\n")[0]}; reinstall it with: npm i ${PACKAGE}`,
			{ cause: error },
		);
	}
}
