import {
	booleanOption,
	checkOptions,
	functionOption,
	isRecord,
	optionKeys,
} from "../../core/guards.js";
import { McpToolNamesError, type Resolution } from "../../index.js";
import { listEveryPage } from "../routing/list-every-page.js";
import {
	isNotFoundError,
	isNotFoundResult,
	withErrorHint,
	withResultHint,
} from "../routing/not-found.js";
import {
	codecFromOptions,
	protectionOption,
	storeOption,
} from "../routing/options.js";
import { ToolRouter } from "../routing/router.js";
import { toolEntriesOf, toolEntryOf } from "../routing/tool-entry.js";
import { entriesOfRegistry, isRegistered } from "./_catalog.js";
import {
	decodePreDispatchNames,
	interceptHandlers,
	type RequestHandler,
} from "./_sdk-internals.js";
import { serverArgument } from "./detect.js";
import type { ServerLike, WrapServerOptions } from "./types.js";

const FN = "wrapServer";
const OPTION_KEYS = optionKeys<WrapServerOptions>({
	codec: true,
	store: true,
	resolve: true,
	protection: true,
	onCorrection: true,
	profile: true,
	onDiagnostic: true,
	onChange: true,
	reserve: true,
});

/** Where a `tools/call` goes, and the hint to add when it fails. */
interface Route {
	/** The canonical name to hand to the SDK. */
	name: string;
	/** `Did you mean …?`, when the name is unknown and something is close. */
	hint?: string;
}

/**
 * Puts wire names on an MCP server: `tools/list` results go out in wire form and
 * `tools/call` names are mapped back before the SDK routes them, so every tool keeps its
 * canonical name inside the server. Works for `McpServer` and the low-level `Server` of the
 * 1.x SDK and of the 2.x `@modelcontextprotocol/server` package, over any transport, with
 * tools registered before or after wrapping, and before or after `connect()`.
 *
 * @param server - an `McpServer` or `Server`, connected or not
 * @param options - codec or profile, `resolve` to auto-correct unknown names, `protection`,
 * `onCorrection`
 * @returns the same server instance
 * @throws McpToolNamesError `invalid-argument` for anything but an SDK server, or a server
 * wrapped twice; `invalid-option` for malformed options, or `codec` with `profile`
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
	const opts = checkOptions(FN, options, OPTION_KEYS);
	const detected = serverArgument(FN, server);
	if (detected.wrapped) {
		throw new McpToolNamesError(
			"invalid-argument",
			`${FN}: this server is already wrapped; wrap it once (share names across servers with options.codec)`,
		);
	}
	const codec = codecFromOptions(FN, opts);
	// With shared state, names are claimed in the store before they go out, and a called name
	// nobody here knows is read from it first.
	const store = storeOption(FN, opts.store);
	const claim = (names: string[]): Promise<void> | undefined =>
		store?.sync(names);
	const correct = booleanOption(FN, "resolve", opts.resolve, false);
	const onCorrection = functionOption<
		(message: string, resolution: Resolution) => void
	>(FN, "onCorrection", opts.onCorrection);
	const protection = protectionOption(FN, opts.protection);
	const router = new ToolRouter({
		codec,
		correct,
		onDecision: (decision) => {
			if (decision.kind === "corrected")
				onCorrection?.(decision.message, decision.resolution);
		},
	});

	let original: (method: string) => RequestHandler | undefined = () =>
		undefined;
	/** Brings the router's catalog up to date with what a `tools/list` would answer now. */
	let refresh: (extra: unknown) => void | Promise<void>;
	/** Whether a name the router knows needs no fresh catalog to route. */
	let trustKnown: boolean;
	/** Whether the server has the tool of this canonical name now, as far as it is cheap to tell. */
	let hasTool: (name: string) => boolean;
	if (detected.kind === "mcp-server") {
		// The registry is at hand and cheap to read: route from it every time, which also
		// issues wire names, so the next call of the same name is a plain lookup.
		refresh = () => {
			// The registry holds no JSON Schema: the schemas are the ones the server listed.
			const entries = entriesOfRegistry(detected.registry(), protection).map(
				(entry) =>
					listedSchemas.has(entry.name)
						? { ...entry, inputSchema: listedSchemas.get(entry.name) }
						: entry,
			);
			const claimed = claim(entries.map((entry) => entry.name));
			if (claimed === undefined) return router.setTools(entries);
			return claimed.then(() => router.setTools(entries));
		};
		trustKnown = false;
		hasTool = (name) => isRegistered(detected.registry(), name);
		decodePreDispatchNames(server, (name) => {
			const issued = codec.lookup(name);
			if (issued !== undefined) return issued;
			// Synchronous here: with a store, route on what is known (the call path waits).
			if (store === undefined) refresh(undefined);
			return router.route(name, { report: false }).name;
		});
	} else {
		refresh = async (extra) => {
			const handler = original("tools/list");
			if (handler === undefined) return;
			const tools = await listEveryPage((cursor, page) =>
				handler(listRequest(cursor, page), extra),
			);
			const entries = toolEntriesOf(tools, protection);
			await claim(entries.map((entry) => entry.name));
			router.setTools(entries);
		};
		trustKnown = true;
		// The latest listing: the handler is the server's own, there is no registry to read.
		hasTool = (name) => router.lists(name);
	}

	const slowRoute = async (
		sent: string,
		extra: unknown,
		args: unknown,
	): Promise<Route> => {
		if (trustKnown && router.knownName(sent) !== undefined)
			return { name: router.knownName(sent) as string };
		try {
			await refresh(extra);
		} catch {
			return { name: sent };
		}
		const decision = router.route(sent, { arguments: args });
		return decision.kind === "unknown" && decision.hint !== undefined
			? { name: decision.name, hint: decision.hint }
			: { name: decision.name };
	};

	const wrapList =
		(handler: RequestHandler): RequestHandler =>
		async (request, extra) => {
			const result = await handler(request, extra);
			if (!isRecord(result) || !Array.isArray(result.tools)) return result;
			const tools = result.tools as unknown[];
			const paged =
				cursorOf(request) !== undefined || result.nextCursor !== undefined;
			rememberSchemas(tools, !paged || cursorOf(request) === undefined);
			if (!paged) {
				const entries = toolEntriesOf(tools, protection);
				await claim(entries.map((entry) => entry.name));
				router.setTools(entries);
			} else if (tools.some(isUnassigned)) {
				// One page is not the whole set: derive the names from every page, so they are
				// the ones a call without listing (or another replica) derives.
				try {
					await refresh(extra);
				} catch {
					// The page still goes out; its names are assigned from the page alone.
				}
				await claim(toolEntriesOf(tools, protection).map((e) => e.name));
			}
			return {
				...result,
				tools: codec.encodeTools(tools as { name: string }[]),
			};
		};

	/** The `inputSchema` of each tool listed last (resolution rule 7), by canonical name. */
	const listedSchemas = new Map<string, unknown>();
	const rememberSchemas = (tools: readonly unknown[], first: boolean): void => {
		if (first) listedSchemas.clear();
		for (const tool of tools)
			if (
				isRecord(tool) &&
				typeof tool.name === "string" &&
				tool.inputSchema !== undefined
			)
				listedSchemas.set(tool.name, tool.inputSchema);
	};

	const isUnassigned = (tool: unknown): boolean => {
		const entry = toolEntryOf(tool);
		return entry !== undefined && codec.wireNameOf(entry.name) === undefined;
	};

	const callWithHint = async (
		handler: RequestHandler,
		request: unknown,
		params: Record<string, unknown>,
		sent: string,
		extra: unknown,
	): Promise<unknown> => {
		const { name, hint } = await slowRoute(sent, extra, params.arguments);
		const forwarded = name === sent ? request : renamed(request, params, name);
		if (hint === undefined) return handler(forwarded, extra);
		let result: unknown;
		try {
			result = await handler(forwarded, extra);
		} catch (error) {
			throw withErrorHint(error, hint);
		}
		return withResultHint(result, hint);
	};

	/**
	 * A call by a wire name handed out earlier whose tool is gone: it still goes to that tool
	 * (a gone tool is never corrected onto another), and the server's "not found" answer gets
	 * the hint at what is there now.
	 */
	const callGone = async (
		handler: RequestHandler,
		forwarded: unknown,
		sent: string,
		extra: unknown,
	): Promise<unknown> => {
		const hintNow = async (): Promise<string | undefined> => {
			try {
				await refresh(extra);
			} catch {
				return undefined;
			}
			return router.hint(sent);
		};
		let result: unknown;
		try {
			result = await handler(forwarded, extra);
		} catch (error) {
			if (!isNotFoundError(error)) throw error;
			const hint = await hintNow();
			throw hint === undefined ? error : withErrorHint(error, hint);
		}
		if (!isNotFoundResult(result)) return result;
		const hint = await hintNow();
		return hint === undefined ? result : withResultHint(result, hint);
	};

	const wrapCall =
		(handler: RequestHandler): RequestHandler =>
		(request, extra) => {
			const params =
				isRecord(request) && isRecord(request.params)
					? request.params
					: undefined;
			const sent = params?.name;
			if (params === undefined || typeof sent !== "string")
				return handler(request, extra);
			// The hot path: a wire name this server handed out, decoded without an extra turn.
			const issued = codec.lookup(sent);
			if (issued !== undefined) {
				const forwarded =
					issued === sent ? request : renamed(request, params, issued);
				return hasTool(issued)
					? handler(forwarded, extra)
					: callGone(handler, forwarded, sent, extra);
			}
			if (store !== undefined && router.knownName(sent) === undefined)
				// Read-through: another replica may have handed this name out.
				return store
					.lookup(sent)
					.then((canonical) =>
						canonical === undefined
							? callWithHint(handler, request, params, sent, extra)
							: handler(renamed(request, params, canonical), extra),
					);
			return callWithHint(handler, request, params, sent, extra);
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

function renamed(
	request: unknown,
	params: Record<string, unknown>,
	name: string,
): unknown {
	return { ...(request as object), params: { ...params, name } };
}

function cursorOf(request: unknown): unknown {
	return isRecord(request) && isRecord(request.params)
		? request.params.cursor
		: undefined;
}

/** A `tools/list` request for a low-level server's own handler, called in-process. */
function listRequest(cursor: string | undefined, page: number): unknown {
	return {
		jsonrpc: "2.0",
		id: `mcp-tool-names:tools/list:${page}`,
		method: "tools/list",
		params: cursor === undefined ? {} : { cursor },
	};
}
