import { McpToolNamesError } from "../../index.js";
import {
	type CatalogEntry,
	entriesOfRegistry,
	entriesOfTools,
	entryOfTool,
	isRecord,
	listEveryPage,
} from "./_catalog.js";
import { withErrorHint, withResultHint } from "./_failure.js";
import {
	type HandlerWrapper,
	interceptHandlers,
	isIntercepted,
	type RequestHandler,
} from "./_intercept.js";
import {
	booleanOption,
	callbackOption,
	checkOptions,
	codecOption,
} from "./_options.js";
import { decideRoute, type Route, type RouterOptions } from "./_router.js";
import { detectServer } from "./detect.js";
import { decodePreDispatchNames } from "./mcp-server-v2.js";
import type { ServerLike, WrapServerOptions } from "./types.js";

const FN = "wrapServer";

/** How a wrapped server finds its current tools. */
interface Catalog {
	/** The tools a `tools/list` would answer with now. */
	current(extra: unknown): CatalogEntry[] | Promise<CatalogEntry[]>;
	/** Whether `name` is a canonical tool name, as far as is known without listing. */
	knows(name: string): boolean;
	/** Records a full listing that went out. */
	remember(entries: CatalogEntry[]): void;
}

/**
 * Puts wire names on an MCP server: `tools/list` results go out in wire form and
 * `tools/call` names are mapped back before the SDK routes them, so every tool keeps its
 * canonical name inside the server. Works for `McpServer` and the low-level `Server` of the
 * 1.x SDK and of the 2.x `@modelcontextprotocol/server` package, over any transport, with
 * tools registered before or after wrapping.
 *
 * @param server - an `McpServer` or `Server`, connected or not
 * @param options - codec or profile, `resolve` to auto-correct unknown names, `onCorrection`
 * @returns the same server instance
 * @throws McpToolNamesError `invalid-argument` for anything but an SDK server, or a server
 * wrapped twice; `invalid-option` for malformed options
 * @example
 * ```ts
 * const server = new McpServer({ name: "search", version: "1.0.0" });
 * wrapServer(server);
 * server.registerTool("websearch/fetch_content", { inputSchema: { url: z.string() } }, fetch);
 * // tools/list shows websearch_fetch_content; calling it reaches websearch/fetch_content
 * ```
 */
export function wrapServer<S extends ServerLike>(
	server: S,
	options?: WrapServerOptions,
): S {
	const opts = checkOptions(FN, options);
	const detected = detectServer(server);
	if (detected === undefined) {
		throw new McpToolNamesError(
			"invalid-argument",
			`${FN} expects an McpServer or Server from @modelcontextprotocol/sdk 1.x or @modelcontextprotocol/server 2.x, got ${typeof server === "object" && server !== null ? "an object without their request-handler table" : typeof server}`,
		);
	}
	if (isIntercepted(detected.handlers)) {
		throw new McpToolNamesError(
			"invalid-argument",
			`${FN}: this server is already wrapped; wrap it once (share names across servers with options.codec)`,
		);
	}
	const router: RouterOptions = {
		codec: codecOption(FN, opts),
		resolve: booleanOption(FN, "resolve", opts.resolve, false),
		onCorrection: callbackOption(FN, opts.onCorrection),
	};
	const { codec } = router;

	let original: (method: string) => RequestHandler | undefined = () =>
		undefined;
	let catalog: Catalog;
	if (detected.kind === "mcp-server") {
		const read = (): CatalogEntry[] => {
			const registry = detected.registry();
			return registry === undefined ? [] : entriesOfRegistry(registry);
		};
		// The registry is at hand and cheap to read: route from it every time, which also
		// issues wire names, so the next call of the same name is a plain lookup.
		catalog = { current: read, knows: () => false, remember: () => {} };
		decodePreDispatchNames(
			server,
			(name) => decideRoute(name, read(), router, false).name,
		);
	} else {
		let last: Set<string> | undefined;
		catalog = {
			current: (extra) => listAll(original("tools/list"), extra),
			knows: (name) => last?.has(name) === true,
			remember: (entries) => {
				last = new Set(entries.map((entry) => entry.name));
			},
		};
	}

	const route = async (sent: string, extra: unknown): Promise<Route> => {
		const issued = codec.lookup(sent);
		if (issued !== undefined) return { name: issued };
		if (catalog.knows(sent)) return { name: sent };
		let entries: CatalogEntry[];
		try {
			entries = await catalog.current(extra);
		} catch {
			return { name: sent };
		}
		catalog.remember(entries);
		return decideRoute(sent, entries, router, true);
	};

	const wrapList: HandlerWrapper = (handler) => async (request, extra) => {
		const result = await handler(request, extra);
		if (!isRecord(result) || !Array.isArray(result.tools)) return result;
		const tools = result.tools as unknown[];
		const paged =
			cursorOf(request) !== undefined || result.nextCursor !== undefined;
		if (!paged) {
			catalog.remember(entriesOfTools(tools));
		} else if (tools.some(isUnassigned)) {
			// One page is not the whole set: derive the names from every page, so they are
			// the ones a call without listing (or another replica) derives.
			try {
				const entries = await catalog.current(extra);
				catalog.remember(entries);
				codec.encodeAll(entries.map((entry) => entry.name));
			} catch {
				// The page still goes out; its names are assigned from the page alone.
			}
		}
		return { ...result, tools: codec.encodeTools(tools as { name: string }[]) };
	};

	const isUnassigned = (tool: unknown): boolean => {
		const entry = entryOfTool(tool);
		return entry !== undefined && codec.wireNameOf(entry.name) === undefined;
	};

	const wrapCall: HandlerWrapper = (handler) => async (request, extra) => {
		const params =
			isRecord(request) && isRecord(request.params)
				? request.params
				: undefined;
		const sent = params?.name;
		if (typeof sent !== "string") return handler(request, extra);
		const { name, hint } = await route(sent, extra);
		const forwarded =
			name === sent
				? request
				: { ...(request as object), params: { ...params, name } };
		if (hint === undefined) return handler(forwarded, extra);
		let result: unknown;
		try {
			result = await handler(forwarded, extra);
		} catch (error) {
			throw withErrorHint(error, hint);
		}
		return withResultHint(result, hint);
	};

	original = interceptHandlers(
		detected.handlers,
		new Map([
			["tools/list", wrapList],
			["tools/call", wrapCall],
		]),
	);
	return server;
}

function cursorOf(request: unknown): unknown {
	return isRecord(request) && isRecord(request.params)
		? request.params.cursor
		: undefined;
}

/** Every page of a low-level server's own `tools/list` handler, called in-process. */
async function listAll(
	handler: RequestHandler | undefined,
	extra: unknown,
): Promise<CatalogEntry[]> {
	if (handler === undefined) return [];
	return listEveryPage((cursor, page) =>
		handler(
			{
				jsonrpc: "2.0",
				id: `mcp-tool-names:tools/list:${page}`,
				method: "tools/list",
				params: cursor === undefined ? {} : { cursor },
			},
			extra,
		),
	);
}
