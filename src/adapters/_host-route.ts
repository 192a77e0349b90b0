// The one place the host-framework entries call the routing policy.
import { isRecord } from "../core/guards.js";
import type { Resolution, WireNameCodec } from "../index.js";
import type { CheckedRepairOptions } from "./_host-options.js";
import { ToolRouter } from "./routing/router.js";
import { type ToolEntry, toolEntryOf } from "./routing/tool-entry.js";

/** A correction the routing policy allows, with what to report. */
interface HostCorrection {
	/** The name to call, as the framework knows it (a wire name when there is a codec). */
	name: string;
	/**
	 * The resolution (naming the canonical target), or `undefined` for an exact canonical
	 * name mapped to its wire name.
	 */
	resolution: Resolution | undefined;
}

/** Decides, for one repair hook, where names the framework could not find go. */
export interface HostRouter {
	/**
	 * The entry of one tool, from the MCP annotations it kept (if any); `isProtected` is asked
	 * about `name` and about `seen`, the name the framework knows it by. `inputSchema` is the
	 * JSON Schema of its input, when the framework holds one (resolution rule 7).
	 */
	entryOf(
		name: string,
		annotations: unknown,
		seen?: string,
		inputSchema?: unknown,
	): ToolEntry;
	/**
	 * The correction for `sent`, reported through `onCorrection`; `undefined` for anything
	 * else (a hint, an unknown name), which leaves the framework to report the failure as it
	 * does today. With a `codec`, `entries` hold canonical names and the codec's wire names
	 * are what the framework knows: the router then sees namespaces the wire names flattened
	 * (`websearch` of `websearch/fetch_content`), and a canonical name maps to its wire name.
	 * `args` are the call's arguments, weighed against the entries' schemas (rule 7).
	 */
	correct(
		sent: string,
		entries: readonly ToolEntry[],
		codec?: WireNameCodec,
		args?: unknown,
	): HostCorrection | undefined;
}

/**
 * The router of one repair hook. Built once per codec, so a bad `mode` is refused when the
 * hook is made, and a catalog a router already holds is not indexed again.
 */
export function hostRouter(options: CheckedRepairOptions): HostRouter {
	const resolve = options.mode === undefined ? {} : { mode: options.mode };
	const plain = new ToolRouter({ correct: true, resolve });
	const byCodec = new WeakMap<WireNameCodec, ToolRouter>();
	const routerFor = (codec: WireNameCodec | undefined): ToolRouter => {
		if (codec === undefined) return plain;
		let router = byCodec.get(codec);
		if (router === undefined) {
			router = new ToolRouter({ codec, correct: true, resolve });
			byCodec.set(codec, router);
		}
		return router;
	};
	return {
		entryOf(name, annotations, seen = name, inputSchema = undefined) {
			const entry = toolEntryOf({ name, annotations }, options.protection);
			const guard = options.isProtected;
			const isProtected =
				entry?.protected === true ||
				guard?.(seen) === true ||
				(seen !== name && guard?.(name) === true);
			return inputSchema === undefined
				? { name, protected: isProtected }
				: { name, protected: isProtected, inputSchema };
		},
		correct(sent, entries, codec, args) {
			const router = routerFor(codec);
			router.setTools(entries);
			const decision = router.route(sent, { report: false, arguments: args });
			if (decision.kind === "unknown") return undefined;
			if (!entries.some((entry) => entry.name === decision.name))
				return undefined;
			const name = codec?.wireNameOf(decision.name) ?? decision.name;
			if (name === sent) return undefined;
			if (decision.kind === "known") return { name, resolution: undefined };
			// The resolution and its log line name the canonical target, as every adapter's do.
			options.onCorrection?.(decision.resolution, decision.message);
			return { name, resolution: decision.resolution };
		},
	};
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
