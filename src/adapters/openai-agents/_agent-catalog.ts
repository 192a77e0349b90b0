// What one model request of the Agents SDK offers: its function tools and handoffs, as the
// routing policy sees them (known name, canonical name, protection, schema), and which calls
// the SDK places by itself. Read from `ModelRequest.tools` (serialized function tools carry
// `namespace` when `toolNamespace()` grouped them, checked on 0.14.3 and 0.20.0) and from the
// servers `wrapMcpServer` wrapped.
import type { ModelRequest } from "@openai/agents";
import type { HostTool } from "../_host-route.js";
import { type Protection, toolEntryOf } from "../routing/tool-entry.js";
import type { WrappedListing } from "./wrap-mcp-server.js";

/** Where a known name lives: the `namespace` and `name` a `function_call` must carry. */
interface AgentTarget {
	namespace?: string;
	name: string;
}

/** The tools of one request, for routing. */
export interface AgentCatalog {
	readonly tools: readonly HostTool[];
	/** Known name (`namespace/name` for a namespaced tool) → what a call must carry. */
	readonly targets: ReadonlyMap<string, AgentTarget>;
	/**
	 * Whether the SDK finds the tool of this call by itself: the exact name of a top-level
	 * tool or handoff, the namespace and name of a namespaced one, a deferred top-level tool
	 * under `namespace === name`, or `namespace.name` without a namespace (its flattened form).
	 */
	places(name: string, namespace: string | undefined): boolean;
}

/** How the SDK writes a known name to the model: `namespace.name` (its display name). */
export function displayName(known: string): string {
	const slash = known.indexOf("/");
	return slash === -1
		? known
		: `${known.slice(0, slash)}.${known.slice(slash + 1)}`;
}

interface FunctionToolLike {
	type?: unknown;
	name?: unknown;
	namespace?: unknown;
	deferLoading?: unknown;
	parameters?: unknown;
}

/**
 * The catalog of one request. A tool's canonical name comes from the wrapped server that
 * listed it, under its wire name or behind the agent's `mcp_<server>__` prefix
 * (`includeServerInToolNames`); a name that ends with a protected tool's wire name is
 * protected too, which can only refuse more.
 */
export function agentCatalogOf(
	request: ModelRequest,
	listings: readonly WrappedListing[],
	protection: Protection,
): AgentCatalog {
	const listed = listings.flatMap((listing) =>
		listing.tools().flatMap((tool) => {
			const { name, annotations } = tool as {
				name?: unknown;
				annotations?: unknown;
			};
			if (typeof name !== "string") return [];
			const entry = toolEntryOf({ name, annotations }, protection);
			return [{ listing, wire: name, annotations, guarded: entry?.protected }];
		}),
	);
	const tools: HostTool[] = [];
	const targets = new Map<string, AgentTarget>();
	const placed = new Set<string>();
	for (const tool of request.tools as readonly FunctionToolLike[]) {
		if (tool.type !== "function" || typeof tool.name !== "string") continue;
		const { name } = tool;
		const namespace =
			typeof tool.namespace === "string" && tool.namespace !== ""
				? tool.namespace
				: undefined;
		const match =
			listed.find(({ wire }) => wire === name) ??
			listed.find(({ wire }) => name.endsWith(`__${wire}`));
		const prefix = match === undefined ? "" : name.slice(0, -match.wire.length);
		const canonical = `${prefix}${match?.listing.canonicalOf(match.wire) ?? match?.wire ?? name}`;
		const known = namespace === undefined ? name : `${namespace}/${name}`;
		tools.push({
			known,
			canonical:
				namespace === undefined ? canonical : `${namespace}/${canonical}`,
			annotations: match?.annotations,
			protected: listed.some(
				({ wire, guarded }) => guarded === true && name.endsWith(wire),
			),
			inputSchema: tool.parameters,
		});
		targets.set(
			known,
			namespace === undefined ? { name } : { namespace, name },
		);
		placed.add(identity(namespace, name));
		if (namespace !== undefined)
			placed.add(identity(undefined, `${namespace}.${name}`));
		else if (tool.deferLoading === true) placed.add(identity(name, name));
	}
	for (const handoff of request.handoffs) {
		const name = handoff.toolName;
		tools.push({
			known: name,
			canonical: name,
			inputSchema: handoff.inputJsonSchema,
		});
		targets.set(name, { name });
		placed.add(identity(undefined, name));
	}
	return {
		tools,
		targets,
		places: (name, namespace) => placed.has(identity(namespace, name)),
	};
}

function identity(namespace: string | undefined, name: string): string {
	return JSON.stringify([namespace ?? null, name]);
}
