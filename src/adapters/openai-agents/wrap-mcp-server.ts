import type {
	MCPServer,
	MCPToolFilterCallable,
	MCPToolFilterStatic,
} from "@openai/agents";
import { invalidArgument, isRecord, readArgument } from "../../core/guards.js";
import { type HostWireOptions, wireCodecOf } from "../_host-options.js";
import { ToolRouter } from "../routing/router.js";
import { toolEntriesOf } from "../routing/tool-entry.js";

const FN = "wrapMcpServer";
const SERVER = "an MCPServer (with listTools and callTool)";

/**
 * Options of {@link wrapMcpServer}: the provider profile of a new codec, or the codec to
 * share (one per scope, so wire names stay put across runs). Not both.
 *
 * @example
 * ```ts
 * const options: WrapMcpServerOptions = { profile: "portable" };
 * ```
 * @interface
 */
export type WrapMcpServerOptions = {
	[K in keyof HostWireOptions]: HostWireOptions[K];
};

type Filter = MCPToolFilterCallable | MCPToolFilterStatic;
type MCPTool = Awaited<ReturnType<MCPServer["listTools"]>>[number];

/**
 * The server's filter, made to see the server's own names: a callable filter gets each tool
 * under its canonical name, and a static list matches a tool by canonical or wire name, so a
 * `blockedToolNames` written before wrapping keeps blocking.
 */
function canonicalFilter(
	filter: Filter | undefined,
	canonicalOf: (wire: string) => string,
): MCPToolFilterCallable | undefined {
	if (filter === undefined || filter === null) return undefined;
	if (typeof filter === "function") {
		return (context, tool) =>
			filter(context, { ...tool, name: canonicalOf(tool.name) });
	}
	const allowed = filter.allowedToolNames ?? [];
	const blocked = filter.blockedToolNames ?? [];
	return async (_context, tool) => {
		const names = [tool.name, canonicalOf(tool.name)];
		const listed = (list: string[]) =>
			names.some((name) => list.includes(name));
		return (allowed.length === 0 || listed(allowed)) && !listed(blocked);
	};
}

/**
 * Puts provider-safe wire names on the tools an `@openai/agents` MCP server lists, and maps
 * them back when the agent calls one. Returns a view of the same server (a `Proxy`: its
 * class, `name`, `connect`, `close`, resources and settings are the server's own); pass it in
 * `mcpServers`. The server's `toolFilter` keeps matching its own tool names.
 *
 * @param server - an `MCPServerStdio`, `MCPServerStreamableHttp`, `MCPServerSSE` or any `MCPServer`
 * @param options - `profile` (default `openai`) or a shared `codec`
 * @returns the server, listing wire names and decoding them on call
 * @throws McpToolNamesError `invalid-argument` when `server` is not an MCPServer (a value
 * whose properties throw when read included);
 * `invalid-option` for `codec` together with `profile`; `invalid-profile` for an unknown profile
 * @example
 * ```ts
 * const server = wrapMcpServer(new MCPServerStdio({ command: "npx", args: ["my-server"] }));
 * await server.connect();
 * const agent = new Agent({ name: "helper", mcpServers: [server] });
 * ```
 */
export function wrapMcpServer<S extends MCPServer>(
	server: S,
	options?: WrapMcpServerOptions,
): S {
	// Read once, here: a Proxy or getter of the caller's that throws is a bad argument.
	const read = readArgument(
		FN,
		"server",
		server,
		(): Partial<
			Record<"listTools" | "callTool" | "callToolResult", unknown>
		> =>
			isRecord(server)
				? {
						listTools: server.listTools,
						callTool: server.callTool,
						callToolResult: server.callToolResult,
					}
				: {},
		SERVER,
	);
	if (
		typeof read.listTools !== "function" ||
		typeof read.callTool !== "function"
	)
		throw invalidArgument(FN, "server", SERVER, server);
	const codec = wireCodecOf(FN, options);
	// Only decoding: the agent runtime never calls a name it did not list (repairModel
	// corrects before the runtime looks).
	const router = new ToolRouter({ codec });
	let listed: readonly MCPTool[] = [];
	// An issued wire name → its tool; anything else passes through as it came.
	const canonicalOf = (wire: string): string => router.knownName(wire) ?? wire;
	const listTools = async (): Promise<MCPTool[]> => {
		const tools = await server.listTools();
		router.setTools(toolEntriesOf(tools));
		const wires = codec.encodeAll(tools.map((tool) => tool.name));
		const wired = tools.map((tool, index) => ({
			...tool,
			name: wires[index] ?? tool.name,
		}));
		listed = wired;
		return wired;
	};
	const own: Partial<MCPServer> = {
		listTools,
		callTool: (name, ...rest) => server.callTool(canonicalOf(name), ...rest),
	};
	if (typeof read.callToolResult === "function") {
		const callToolResult = (
			read.callToolResult as NonNullable<MCPServer["callToolResult"]>
		).bind(server);
		own.callToolResult = (name, ...rest) =>
			callToolResult(canonicalOf(name), ...rest);
	}
	let filterSeen: Filter | undefined;
	let filterMade: MCPToolFilterCallable | undefined;
	const wrapped = new Proxy(server, {
		get(target, key) {
			if (key === "toolFilter") {
				if (target.toolFilter !== filterSeen || filterMade === undefined) {
					filterSeen = target.toolFilter;
					filterMade = canonicalFilter(filterSeen, canonicalOf);
				}
				return filterMade;
			}
			if (Object.hasOwn(own, key)) return own[key as keyof MCPServer];
			const value = Reflect.get(target, key, target);
			// Bound to the server itself, so private state and its own calls stay its own.
			return typeof value === "function" ? value.bind(target) : value;
		},
	});
	LISTINGS.set(wrapped, {
		tools: () => listed,
		canonicalOf: (wire) => router.knownName(wire),
	});
	return wrapped;
}

/** What `repairModel` reads of a server `wrapMcpServer` wrapped. */
export interface WrappedListing {
	/** The MCP tools it listed last, under wire names, annotations included. */
	tools(): readonly unknown[];
	/** The canonical MCP name behind a wire name it listed. */
	canonicalOf(wire: string): string | undefined;
}

/**
 * Each server wrapped by `wrapMcpServer`, keyed by the wrapper, so `repairModel` routes on the
 * canonical names and keeps destructive tools out of reach. Module-local, never global.
 */
export const LISTINGS: WeakMap<object, WrappedListing> = new WeakMap();
