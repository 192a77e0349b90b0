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
import {
	formatResolution,
	McpToolNamesError,
	type Resolution,
} from "../../index.js";
import { repairOptionsOf } from "../_host-options.js";
import {
	callArgumentsOf,
	type HostRouter,
	hostRouter,
} from "../_host-route.js";
import type { Protection, ToolEntry } from "../routing/tool-entry.js";
import { CANONICAL, LISTINGS } from "./wrap-mcp-server.js";

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
 * const options: RepairModelOptions = { servers: [github], onCorrection: (_, m) => console.warn(m) };
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
	/** Told of every correction, with the ready log line. */
	onCorrection?: (resolution: Resolution, message: string) => void;
}

function listingsOf(servers: unknown): (() => readonly unknown[])[] {
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
 * Wraps an `@openai/agents` `Model` so a function call whose name matches none of the
 * agent's tools is corrected before the runner sees it. The Agents SDK has no repair hook
 * of its own (an unknown name raises `ModelBehaviorError`, or with
 * `toolNotFoundBehavior: "return_error_to_model"` goes back to the model as an error), and
 * the model's response is the one place a name can still be changed. Only a safe
 * correction is made; everything else reaches the runner as the model sent it.
 *
 * @param model - any `Model`, e.g. `new OpenAIResponsesModel(client, "gpt-5")`
 * @param options - `servers`, `mode`, `protection`, `isProtected`, `onCorrection(resolution, message)`
 * @returns a `Model` that answers as `model` does, with repaired tool-call names
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
	const { onCorrection, ...routing } = repairOptionsOf(FN, opts);
	const router = hostRouter(routing);
	const listings = listingsOf(opts.servers);
	// The agent knows wire names; the correction line names the canonical MCP tool behind
	// one, as every adapter's does.
	const report = (resolution: Resolution): void => {
		if (onCorrection === undefined || resolution.kind !== "corrected") return;
		const canonical = listings
			.map((listing) => CANONICAL.get(listing)?.(resolution.name))
			.find((name) => name !== undefined);
		const named =
			canonical === undefined ? resolution : { ...resolution, name: canonical };
		onCorrection(named, formatResolution(named) ?? "");
	};

	const repair = <I>(request: ModelRequest, output: readonly I[]): I[] => {
		const names = [
			...request.tools.flatMap((tool) =>
				tool.type === "function" ? [tool.name] : [],
			),
			...request.handoffs.map((handoff) => handoff.toolName),
		];
		// Rule 7: each function tool's JSON Schema, weighed against the call's arguments.
		const schemas = new Map<string, unknown>();
		for (const tool of request.tools)
			if (tool.type === "function") schemas.set(tool.name, tool.parameters);
		for (const handoff of request.handoffs)
			schemas.set(handoff.toolName, handoff.inputJsonSchema);
		let entries: ToolEntry[] | undefined;
		return output.map((item) => {
			const call = item as {
				type?: unknown;
				name?: unknown;
				namespace?: unknown;
				arguments?: unknown;
			};
			if (
				call.type !== "function_call" ||
				call.namespace !== undefined ||
				typeof call.name !== "string" ||
				names.includes(call.name)
			)
				return item;
			entries ??= entriesOf(names, listings, router, schemas);
			const correction = router.correct(
				call.name,
				entries,
				undefined,
				callArgumentsOf(call.arguments),
			);
			if (correction?.resolution !== undefined) report(correction.resolution);
			return correction === undefined
				? item
				: { ...item, name: correction.name };
		});
	};

	const repaired: Model = {
		async getResponse(request) {
			const response = await model.getResponse(request);
			return { ...response, output: repair(request, response.output) };
		},
		async *getStreamedResponse(request): AsyncIterable<StreamEvent> {
			for await (const event of model.getStreamedResponse(request)) {
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
 * The agent's tools as routing entries. A name is protected when a wrapped server listed it
 * as protected, also when the agent prefixed it (`includeServerInToolNames`): a name that
 * ends with a protected wire name is protected too, which can only refuse more.
 */
function entriesOf(
	names: readonly string[],
	listings: readonly (() => readonly unknown[])[],
	router: HostRouter,
	schemas: ReadonlyMap<string, unknown>,
): ToolEntry[] {
	const guarded = listings.flatMap((listing) =>
		listing().flatMap((tool) => {
			const { name, annotations } = tool as {
				name?: unknown;
				annotations?: unknown;
			};
			if (typeof name !== "string") return [];
			return router.entryOf(name, annotations).protected ? [name] : [];
		}),
	);
	return names.map((name) => {
		const entry = router.entryOf(name, undefined, name, schemas.get(name));
		const listed = guarded.some((wire) => name === wire || name.endsWith(wire));
		return listed ? { ...entry, protected: true } : entry;
	});
}
