import type {
	MCPServer,
	Model,
	ModelRequest,
	StreamEvent,
} from "@openai/agents";
import {
	checkOptions,
	invalidArgument,
	invalidOption,
	isRecord,
	readArgument,
} from "../../core/guards.js";
import { McpToolNamesError, type Resolution } from "../../index.js";
import { repairOptionsOf } from "../_host-options.js";
import { type HostRouter, hostRouter } from "../_host-route.js";
import type { Protection } from "../routing/tool-entry.js";
import {
	type AgentCatalog,
	agentCatalogOf,
	displayName,
} from "./_agent-catalog.js";
import { LISTINGS, type WrappedListing } from "./wrap-mcp-server.js";

const FN = "repairModel";
const MODEL = "a Model (with getResponse)";
const SERVERS = "an array of servers from wrapMcpServer";

/**
 * Options of {@link repairModel}. Protection comes from the MCP annotations of the servers
 * named in `servers` (each wrapped by `wrapMcpServer`) and from `isProtected`; a tool the
 * agent got elsewhere carries no annotations, so only the name rules guard it.
 *
 * @example
 * ```ts
 * const options: RepairModelOptions = { servers: [github], onCorrection: console.warn };
 * ```
 */
export interface RepairModelOptions {
	/** The agent's MCP servers, as `wrapMcpServer` returned them. */
	servers?: readonly MCPServer[];
	/** `safe` (default) or `mcporter` to reproduce mcporter's decisions. */
	mode?: "safe" | "mcporter";
	/** How the wrapped servers' MCP annotations decide protection; default `destructive-hint`. */
	protection?: Protection;
	/** Tool names (as the model sees them) that must never be corrected to. */
	isProtected?: (name: string) => boolean;
	/**
	 * Told of every correction: the ready log line, naming the canonical MCP tool, and the
	 * resolution (so `onCorrection: console.warn` works).
	 */
	onCorrection?: (message: string, resolution: Resolution) => void;
}

function listingsOf(servers: unknown): WrappedListing[] {
	if (servers === undefined) return [];
	if (!Array.isArray(servers))
		throw invalidOption(FN, "servers", SERVERS, servers);
	const list = readArgument(
		FN,
		"options.servers",
		servers,
		() => [...servers],
		SERVERS,
	);
	return list.map((server: unknown, index) => {
		const listing =
			typeof server === "object" && server !== null
				? LISTINGS.get(server)
				: undefined;
		if (listing === undefined) {
			throw new McpToolNamesError(
				"invalid-option",
				`${FN} option servers[${index}] is not a server from wrapMcpServer; wrap it first, so its annotations are known`,
			);
		}
		return listing;
	});
}

/**
 * Wraps an `@openai/agents` `Model` so a function call whose name (or namespace) matches none
 * of the agent's tools is corrected before the runner sees it. The Agents SDK has no repair
 * hook of its own (an unknown name raises `ModelBehaviorError`, or with
 * `toolNotFoundBehavior: "return_error_to_model"` goes back to the model as
 * `Tool 'x' not found.`), and the model's response is the one place a name can still be
 * changed. Names are resolved on the canonical MCP names behind the wire names of the servers
 * in `servers`, and a call's Responses API `namespace` is read as `namespace/name`. Only a safe
 * correction is made; everything else reaches the runner as the model sent it, and when the
 * runner gives `Tool 'x' not found.` back to the model, the next request carries
 * `Did you mean …?` after it.
 *
 * @param model - any `Model`, e.g. `new OpenAIResponsesModel(client, "gpt-5")`
 * @param options - `servers`, `mode`, `protection`, `isProtected`, `onCorrection(message, resolution)`
 * @returns a `Model` that answers as `model` does, with repaired tool calls
 * @throws McpToolNamesError `invalid-argument` when `model` is not a `Model` (a value whose
 * properties throw when read included); `invalid-option` for a malformed option or a server
 * not wrapped
 * @example
 * ```ts
 * const github = wrapMcpServer(new MCPServerStdio({ command: "github-mcp" }));
 * const agent = new Agent({
 *   name: "helper",
 *   model: repairModel(new OpenAIResponsesModel(new OpenAI(), "gpt-5"), { servers: [github] }),
 *   mcpServers: [github],
 * });
 * ```
 */
export function repairModel(model: Model, options?: RepairModelOptions): Model {
	const [getResponse, getRetryAdvice] = readArgument(
		FN,
		"model",
		model,
		() => (isRecord(model) ? [model.getResponse, model.getRetryAdvice] : []),
		MODEL,
	);
	if (typeof getResponse !== "function")
		throw invalidArgument(FN, "model", MODEL, model);
	const opts = checkOptions(FN, options);
	const routing = repairOptionsOf(FN, opts, ["servers"]);
	const router = hostRouter(routing);
	const listings = listingsOf(opts.servers);
	const hints = new NotFoundHints();

	const repair = <I>(request: ModelRequest, output: readonly I[]): I[] => {
		// Read the request's tools once, and only when a call needs them.
		let catalog: AgentCatalog | undefined;
		const catalogOf = (): AgentCatalog => {
			catalog ??= agentCatalogOf(request, listings, routing.protection);
			return catalog;
		};
		return output.map((item) => repairCall(item, catalogOf, router, hints));
	};

	const repaired: Model = {
		async getResponse(request) {
			const response = await model.getResponse(hints.into(request));
			return { ...response, output: repair(request, response.output) };
		},
		async *getStreamedResponse(request): AsyncIterable<StreamEvent> {
			for await (const event of model.getStreamedResponse(
				hints.into(request),
			)) {
				yield event.type === "response_done"
					? {
							...event,
							response: {
								...event.response,
								output: repair(request, event.response.output),
							},
						}
					: event;
			}
		},
	};
	if (typeof getRetryAdvice === "function")
		repaired.getRetryAdvice = getRetryAdvice.bind(model);
	return repaired;
}

/**
 * One output item, repaired: a `function_call` the SDK would not place goes where the routing
 * policy says (name and namespace), or stays as it is, its hint remembered for the runner's
 * `Tool 'x' not found.`.
 */
function repairCall<I>(
	item: I,
	catalogOf: () => AgentCatalog,
	router: HostRouter,
	hints: NotFoundHints,
): I {
	const call = item as Record<string, unknown>;
	if (call.type !== "function_call" || typeof call.name !== "string")
		return item;
	const { name } = call;
	const namespace =
		typeof call.namespace === "string" && call.namespace !== ""
			? call.namespace
			: undefined;
	const catalog = catalogOf();
	if (catalog.places(name, namespace)) return item;
	const decision = router.route(
		{ name, namespace, arguments: call.arguments },
		catalog.tools,
		displayName,
	);
	if (decision.kind === "unknown") {
		if (decision.hint !== undefined && typeof call.callId === "string")
			hints.remember(call.callId, name, namespace, decision.hint);
		return item;
	}
	const target = catalog.targets.get(decision.name);
	if (target === undefined) return item;
	const { namespace: _sent, ...rest } = call;
	return (
		target.namespace === undefined
			? { ...rest, name: target.name }
			: { ...rest, name: target.name, namespace: target.namespace }
	) as I;
}

/** Hints kept per call id; the oldest go past this many (a run holds a few at a time). */
const MAX_HINTS = 1000;

/**
 * The hints of calls left to fail, by call id, put after the runner's `Tool 'x' not found.`
 * (its text with `toolNotFoundBehavior: "return_error_to_model"`, in 0.14.3 and 0.20.0) in the
 * requests that carry it back to the model. A custom `toolErrorFormatter`'s text is left as
 * it is.
 */
class NotFoundHints {
	readonly #byCall = new Map<string, { text: string; hint: string }>();

	remember(
		callId: string,
		name: string,
		namespace: string | undefined,
		hint: string,
	): void {
		// The SDK names a call it cannot place `namespace.name`, or `name` alone.
		const shown =
			namespace === undefined || namespace === name
				? name
				: `${namespace}.${name}`;
		this.#byCall.delete(callId);
		this.#byCall.set(callId, { text: `Tool '${shown}' not found.`, hint });
		if (this.#byCall.size > MAX_HINTS)
			this.#byCall.delete(this.#byCall.keys().next().value as string);
	}

	/** The request, with each remembered hint after its not-found text. */
	into(request: ModelRequest): ModelRequest {
		if (this.#byCall.size === 0 || !Array.isArray(request.input))
			return request;
		let changed = false;
		const input = request.input.map((item) => {
			const result = item as {
				type?: unknown;
				callId?: unknown;
				output?: { type?: unknown; text?: unknown };
			};
			const kept =
				result.type === "function_call_result" &&
				typeof result.callId === "string"
					? this.#byCall.get(result.callId)
					: undefined;
			const output = result.output;
			if (
				kept === undefined ||
				output?.type !== "text" ||
				output.text !== kept.text
			)
				return item;
			changed = true;
			return {
				...item,
				output: { ...output, text: `${kept.text} ${kept.hint}` },
			} as typeof item;
		});
		return changed ? { ...request, input } : request;
	}
}
