// The one place the host-framework entries call the routing policy. Each entry describes the
// tools its framework holds (the name the framework knows, the canonical name behind it) and
// gets back a name the framework knows: every entry then resolves on the same names, the way
// wrapServer, wrapClient and the proxy do through their codec, and decides every slip alike.
import { isRecord } from "../core/guards.js";
import { formatResolution, type Resolution } from "../index.js";
import type { CheckedRepairOptions } from "./_host-options.js";
import { ToolRouter } from "./routing/router.js";
import { type ToolEntry, toolEntryOf } from "./routing/tool-entry.js";

/** One tool as a host framework holds it. */
export interface HostTool {
	/**
	 * The name the framework knows it by: a tool set's key, a tool's name, or `namespace/name`
	 * for a tool the framework puts in a namespace (OpenAI's Responses API).
	 */
	known: string;
	/**
	 * The canonical name behind it (the MCP tool's, with the same namespace in front), or
	 * `known` itself when nothing renamed it.
	 */
	canonical: string;
	/** The MCP annotations it kept, if any. */
	annotations?: unknown;
	/** Never a correction target, whatever its annotations say (the entry knows better). */
	protected?: boolean;
	/** The JSON Schema of its input, when the framework holds one (resolution rule 7). */
	inputSchema?: unknown;
}

/** A call as the framework received it from the model. */
interface HostCall {
	name: string;
	/** The namespace the call carried (Responses API `function_call.namespace`), if any. */
	namespace?: unknown;
	/** Its arguments, as JSON text or an object (resolution rule 7). */
	arguments?: unknown;
}

/**
 * What to do with a call:
 *
 * - `known`: call `name`, a name the framework knows (it may differ from what was sent: a
 *   canonical name echoed, a namespace equal to the name);
 * - `corrected`: call `name`; reported through `onCorrection`, naming the canonical target;
 * - `unknown`: leave the failure to the framework; `hint` is `Did you mean …?`, naming
 *   names the model can send, or `undefined` when nothing is close.
 */
type HostDecision =
	| { kind: "known"; name: string }
	| { kind: "corrected"; name: string; resolution: Resolution }
	| { kind: "unknown"; hint: string | undefined };

/** Decides, for one repair hook, where calls the framework could not place go. */
export interface HostRouter {
	/**
	 * The decision for `call` among `tools`.
	 *
	 * @param display - how the framework writes a known name to the model (the Agents SDK
	 * writes `namespace.name`), for the hint
	 */
	route(
		call: HostCall,
		tools: readonly HostTool[],
		display?: (known: string) => string,
	): HostDecision;
}

/**
 * The router of one repair hook, built once, so a bad `mode` is refused when the hook is
 * made, and a catalog it already holds is not indexed again.
 */
export function hostRouter(options: CheckedRepairOptions): HostRouter {
	const resolve = options.mode === undefined ? {} : { mode: options.mode };
	const router = new ToolRouter({ correct: true, resolve });
	return {
		route(call, tools, display = (name) => name) {
			const entries = entriesOf(tools, options);
			router.setTools(entries);
			const decision = router.route(call.name, {
				report: false,
				arguments: callArgumentsOf(call.arguments),
				namespace: call.namespace,
			});
			if (decision.kind === "unknown")
				return { kind: "unknown", hint: hintOf(decision, display) };
			const name = entries.find((entry) => entry.name === decision.name)?.known;
			if (name === undefined) return { kind: "unknown", hint: undefined };
			if (decision.kind === "known") return { kind: "known", name };
			// The resolution and its log line name the canonical target, as every adapter's do.
			options.onCorrection?.(decision.message, decision.resolution);
			return { kind: "corrected", name, resolution: decision.resolution };
		},
	};
}

/**
 * The routing entries of a host's tools. A tool is protected when its MCP annotations say so,
 * or `isProtected` does for its known or its canonical name. A canonical name two tools share
 * (two servers' `search` under two keys) stands for neither: each keeps its known name as
 * its canonical one, so both stay reachable and neither takes the other's calls.
 */
function entriesOf(
	tools: readonly HostTool[],
	options: CheckedRepairOptions,
): ToolEntry[] {
	const shared = new Set<string>();
	const seen = new Set<string>();
	for (const { canonical } of tools) {
		if (seen.has(canonical)) shared.add(canonical);
		seen.add(canonical);
	}
	const guard = options.isProtected;
	return tools.map((tool) => {
		const name = shared.has(tool.canonical) ? tool.known : tool.canonical;
		const entry = toolEntryOf(
			{ name, annotations: tool.annotations },
			options.protection,
		);
		const isProtected =
			tool.protected === true ||
			entry?.protected === true ||
			guard?.(tool.known) === true ||
			(tool.canonical !== tool.known && guard?.(tool.canonical) === true);
		return tool.inputSchema === undefined
			? { name, known: tool.known, protected: isProtected }
			: {
					name,
					known: tool.known,
					protected: isProtected,
					inputSchema: tool.inputSchema,
				};
	});
}

/** The router's hint, with each name as the framework writes it to the model. */
function hintOf(
	decision: { sent: string; resolution: Resolution; hint?: string },
	display: (known: string) => string,
): string | undefined {
	const { resolution } = decision;
	if (decision.hint === undefined || resolution.kind !== "suggest")
		return decision.hint;
	const { cannotTake } = resolution as { cannotTake?: unknown };
	return formatResolution(
		{
			...resolution,
			input: decision.sent,
			suggestions: resolution.suggestions.map(display),
			...(Array.isArray(cannotTake)
				? { cannotTake: cannotTake.map((name) => display(String(name))) }
				: {}),
		} as Resolution,
		{ prefix: "" },
	);
}

/**
 * A call's arguments as an object (frameworks hand them over as JSON text or as an object),
 * or `undefined` when they are neither: then they say nothing (resolution rule 7).
 */
export function callArgumentsOf(
	input: unknown,
): Record<string, unknown> | undefined {
	let value = input;
	if (typeof input === "string") {
		try {
			value = JSON.parse(input);
		} catch {
			return undefined;
		}
	}
	return isRecord(value) ? value : undefined;
}
