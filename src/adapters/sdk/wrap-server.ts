import {
	booleanOption,
	checkOptions,
	functionOption,
	isRecord,
} from "../../core/guards.js";
import type { SharedCodec } from "../../core/shared-codec.js";
import {
	McpToolNamesError,
	type Resolution,
	type WireNameCodec,
} from "../../index.js";
import {
	settleNotFound,
	surfaceNotFound,
	withErrorHint,
	withResultHint,
} from "../routing/not-found.js";
import {
	adapterOptionKeys,
	codecFromOptions,
	protectionOption,
	storeOption,
} from "../routing/options.js";
import { ToolRouter } from "../routing/router.js";
import {
	type Protection,
	type ToolEntry,
	toolEntriesOf,
	toolEntryOf,
} from "../routing/tool-entry.js";
import {
	HandlerCatalog,
	RegistryCatalog,
	type ServerCatalog,
} from "./_catalog.js";
import {
	decodePreDispatchNames,
	interceptHandlers,
	type RequestHandler,
} from "./_sdk-internals.js";
import { serverArgument } from "./detect.js";
import type { ServerLike, WrapServerOptions } from "./types.js";

const FN = "wrapServer";
const OPTION_KEYS = adapterOptionKeys<WrapServerOptions>({
	store: true,
	resolve: true,
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
	const routing = new ServerRouting(settingsOf(opts), detected);
	if (detected.kind === "mcp-server")
		decodePreDispatchNames(server, (name) => routing.canonicalOf(name));
	const original = interceptHandlers(
		detected.handlers,
		new Map([
			["tools/list", (handler: RequestHandler) => routing.wrapList(handler)],
			["tools/call", (handler: RequestHandler) => routing.wrapCall(handler)],
		]),
	);
	const { catalog } = routing;
	if (catalog instanceof HandlerCatalog)
		catalog.listHandler = () => original("tools/list");
	return server;
}

/** The options of {@link wrapServer}, checked. */
interface ServerSettings {
	codec: WireNameCodec;
	/** With shared state, names are claimed in the store before they go out, and a called name nobody here knows is read from it first. */
	store: SharedCodec | undefined;
	correct: boolean;
	onCorrection: ((message: string, resolution: Resolution) => void) | undefined;
	protection: Protection;
}

/** Checks the options, in the order their errors are reported. */
function settingsOf(opts: WrapServerOptions): ServerSettings {
	const codec = codecFromOptions(FN, opts);
	const store = storeOption(FN, opts.store);
	const correct = booleanOption(FN, "resolve", opts.resolve, false);
	const onCorrection = functionOption<
		(message: string, resolution: Resolution) => void
	>(FN, "onCorrection", opts.onCorrection);
	const protection = protectionOption(FN, opts.protection);
	return { codec, store, correct, onCorrection, protection };
}

/**
 * The routing of one wrapped server: its `tools/list` answers go out in wire form, its
 * `tools/call` names are decoded (corrected, or hinted at) before the SDK routes them.
 */
class ServerRouting {
	/** Where the catalog comes from: the registry or the server's own list handler. */
	readonly catalog: ServerCatalog;
	readonly #codec: WireNameCodec;
	readonly #store: SharedCodec | undefined;
	readonly #protection: Protection;
	readonly #router: ToolRouter;
	/** The `inputSchema` of each tool listed last (resolution rule 7), by canonical name. */
	readonly #listedSchemas = new Map<string, unknown>();

	constructor(
		settings: ServerSettings,
		detected: ReturnType<typeof serverArgument>,
	) {
		const { codec, onCorrection, protection } = settings;
		this.#codec = codec;
		this.#store = settings.store;
		this.#protection = protection;
		this.#router = new ToolRouter({
			codec,
			correct: settings.correct,
			onDecision: (decision) => {
				if (decision.kind === "corrected")
					onCorrection?.(decision.message, decision.resolution);
			},
		});
		const adopt = (entries: ToolEntry[]) => this.#adopt(entries);
		this.catalog =
			detected.kind === "mcp-server"
				? new RegistryCatalog(
						detected.registry,
						protection,
						this.#listedSchemas,
						adopt,
					)
				: new HandlerCatalog(protection, adopt, (name) =>
						this.#router.lists(name),
					);
	}

	/**
	 * The canonical name for a name the SDK reads before it dispatches a call (an
	 * `McpServer`'s input schema lookup); synchronous, so with a store it routes on what is
	 * known (the call path waits).
	 */
	canonicalOf(name: string): string {
		const issued = this.#codec.lookup(name);
		if (issued !== undefined) return issued;
		if (this.#store === undefined) void this.catalog.refresh(undefined);
		return this.#router.route(name, { report: false }).name;
	}

	/** The server's `tools/list` handler, answering in wire form. */
	wrapList(handler: RequestHandler): RequestHandler {
		return async (request, extra) => {
			const result = await handler(request, extra);
			if (!isRecord(result) || !Array.isArray(result.tools)) return result;
			const tools = result.tools as unknown[];
			const cursor = cursorOf(request);
			const paged = cursor !== undefined || result.nextCursor !== undefined;
			this.#rememberSchemas(tools, !paged || cursor === undefined);
			if (!paged) {
				await this.#adopt(toolEntriesOf(tools, this.#protection));
			} else if (tools.some((tool) => this.#isUnassigned(tool))) {
				// One page is not the whole set: derive the names from every page, so they are
				// the ones a call without listing (or another replica) derives.
				try {
					await this.catalog.refresh(extra);
				} catch {
					// The page still goes out; its names are assigned from the page alone.
				}
				await this.#claim(toolEntriesOf(tools, this.#protection));
			}
			return {
				...result,
				tools: this.#codec.encodeTools(tools as { name: string }[]),
			};
		};
	}

	/** The server's `tools/call` handler, reached by the canonical name of the tool called. */
	wrapCall(handler: RequestHandler): RequestHandler {
		return (request, extra) => {
			const params =
				isRecord(request) && isRecord(request.params)
					? request.params
					: undefined;
			const sent = params?.name;
			if (params === undefined || typeof sent !== "string")
				return handler(request, extra);
			// The hot path: a wire name this server handed out, decoded without an extra turn.
			const issued = this.#codec.lookup(sent);
			if (issued !== undefined) {
				const forwarded =
					issued === sent ? request : renamed(request, params, issued);
				return this.catalog.hasTool(issued)
					? handler(forwarded, extra)
					: this.#callGone(handler, forwarded, sent, extra);
			}
			const store = this.#store;
			if (store !== undefined && this.#router.knownName(sent) === undefined)
				// Read-through: another replica may have handed this name out.
				return store
					.lookup(sent)
					.then((canonical) =>
						canonical === undefined
							? this.#callWithHint(handler, request, params, sent, extra)
							: handler(renamed(request, params, canonical), extra),
					);
			return this.#callWithHint(handler, request, params, sent, extra);
		};
	}

	/** Claims the entries' names in the store (if any), then routes by them. */
	#adopt(entries: ToolEntry[]): void | Promise<void> {
		const claimed = this.#claim(entries);
		if (claimed === undefined) return this.#router.setTools(entries);
		return claimed.then(() => this.#router.setTools(entries));
	}

	#claim(entries: ToolEntry[]): Promise<void> | undefined {
		return this.#store?.sync(entries.map((entry) => entry.name));
	}

	/** Where a name this server never handed out goes, once the catalog is fresh. */
	async #route(sent: string, extra: unknown, args: unknown): Promise<Route> {
		const router = this.#router;
		const known = this.catalog.trustKnown ? router.knownName(sent) : undefined;
		if (known !== undefined) return { name: known };
		try {
			await this.catalog.refresh(extra);
		} catch {
			return { name: sent };
		}
		const decision = router.route(sent, { arguments: args });
		return decision.kind === "unknown" && decision.hint !== undefined
			? { name: decision.name, hint: decision.hint }
			: { name: decision.name };
	}

	async #callWithHint(
		handler: RequestHandler,
		request: unknown,
		params: Record<string, unknown>,
		sent: string,
		extra: unknown,
	): Promise<unknown> {
		const { name, hint } = await this.#route(sent, extra, params.arguments);
		const forwarded = name === sent ? request : renamed(request, params, name);
		if (hint === undefined) return handler(forwarded, extra);
		let result: unknown;
		try {
			result = await handler(forwarded, extra);
		} catch (error) {
			throw withErrorHint(error, hint);
		}
		return withResultHint(result, hint);
	}

	/**
	 * A call by a wire name handed out earlier whose tool is gone: it still goes to that tool
	 * (a gone tool is never corrected onto another), and the server's "not found" answer gets
	 * the hint at what is there now.
	 */
	async #callGone(
		handler: RequestHandler,
		forwarded: unknown,
		sent: string,
		extra: unknown,
	): Promise<unknown> {
		const settled = await settleNotFound(() => handler(forwarded, extra));
		if ("answer" in settled) return settled.answer;
		return surfaceNotFound(settled.notFound, await this.#hintNow(sent, extra));
	}

	/** The hint at what is there now, from a fresh catalog. */
	async #hintNow(sent: string, extra: unknown): Promise<string | undefined> {
		try {
			await this.catalog.refresh(extra);
		} catch {
			return undefined;
		}
		return this.#router.hint(sent);
	}

	#rememberSchemas(tools: readonly unknown[], first: boolean): void {
		if (first) this.#listedSchemas.clear();
		for (const tool of tools)
			if (
				isRecord(tool) &&
				typeof tool.name === "string" &&
				tool.inputSchema !== undefined
			)
				this.#listedSchemas.set(tool.name, tool.inputSchema);
	}

	#isUnassigned(tool: unknown): boolean {
		const entry = toolEntryOf(tool);
		return (
			entry !== undefined && this.#codec.wireNameOf(entry.name) === undefined
		);
	}
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
