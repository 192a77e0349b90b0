// TEMPORARY stand-in for the routing module another branch is adding with this exact API;
// it is replaced (not merged) when that lands on main.
import {
	formatResolution,
	type Resolution,
	type ResolveOptions,
	resolveName,
	type WireNameCodec,
} from "../../index.js";
import type { ToolEntry } from "./tool-entry.js";

/** Options of a {@link ToolRouter}. */
export interface RouterOptions {
	codec?: WireNameCodec;
	correct?: boolean;
	resolve?: Pick<
		ResolveOptions,
		Extract<"mode" | "verbs" | "servers" | "limit", keyof ResolveOptions>
	>;
	onDecision?: (d: RouteDecision) => void;
}

/** Where one sent name goes. */
export type RouteDecision =
	| { kind: "known"; sent: string; name: string }
	| {
			kind: "corrected";
			sent: string;
			name: string;
			resolution: Resolution;
			message: string;
	  }
	| {
			kind: "unknown";
			sent: string;
			name: string;
			resolution: Resolution;
			hint?: string;
			message?: string;
	  };

/** The one routing decision. */
export class ToolRouter {
	#options: RouterOptions;
	#tools: ToolEntry[] = [];

	constructor(options: RouterOptions = {}) {
		this.#options = options;
	}

	setTools(
		entries: readonly ToolEntry[],
		options?: { append?: boolean },
	): void {
		this.#tools =
			options?.append === true ? [...this.#tools, ...entries] : [...entries];
	}

	get tools(): readonly ToolEntry[] {
		return this.#tools;
	}

	route(sent: string): RouteDecision {
		const { codec } = this.#options;
		const names = this.#tools.map((entry) => entry.name);
		if (codec !== undefined) {
			codec.encodeAll(names);
			const issued = codec.lookup(sent);
			if (issued !== undefined)
				return this.#report({ kind: "known", sent, name: issued });
		}
		if (names.includes(sent))
			return this.#report({ kind: "known", sent, name: sent });
		const byWire = new Map<string, ToolEntry>();
		for (const entry of this.#tools) {
			byWire.set(codec?.wireNameOf(entry.name) ?? entry.name, entry);
		}
		const resolution = resolveName(sent, byWire.keys(), {
			...this.#options.resolve,
			isProtected: (wire) => byWire.get(wire)?.protected === true,
		});
		if (this.#options.correct === true && resolution.kind === "corrected") {
			const target = byWire.get(resolution.name)?.name ?? resolution.name;
			return this.#report({
				kind: "corrected",
				sent,
				name: target,
				resolution,
				message: formatResolution(resolution) as string,
			});
		}
		const hint =
			resolution.kind === "suggest" || resolution.kind === "corrected"
				? formatResolution(
						resolution.kind === "corrected"
							? {
									kind: "suggest",
									input: sent,
									suggestions: [resolution.name],
									reason: "too-far",
								}
							: resolution,
						{ prefix: "" },
					)
				: undefined;
		return this.#report(
			hint === undefined
				? { kind: "unknown", sent, name: sent, resolution }
				: { kind: "unknown", sent, name: sent, resolution, hint },
		);
	}

	#report(decision: RouteDecision): RouteDecision {
		this.#options.onDecision?.(decision);
		return decision;
	}
}
