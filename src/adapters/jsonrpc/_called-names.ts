// Where a client's `tools/call` goes on the jsonrpc path: the canonical name the called name
// stands for, and, for a call the upstream may answer "not found", what its hint is made of.
import { isName } from "../../core/_guards.js";
import type { Resolution } from "../../index.js";
import type { ToolRouter } from "../routing/router.js";
import type { CallHints } from "./_call-hints.js";
import type { MessageId } from "./message.js";

/** What a {@link CalledNames} works with: the rewriter's router and options. */
export interface CalledNamesParts {
	router: ToolRouter;
	/** Unknown names are routed (resolved) at all: to correct them, or to report them. */
	routesUnknown: boolean;
	onCorrection: ((message: string, resolution: Resolution) => void) | undefined;
}

/** Maps the names of the client's calls to canonical names, the routing policy's way. */
export class CalledNames {
	readonly #parts: CalledNamesParts;
	readonly #hints: CallHints;

	/**
	 * @param parts - the router and how unknown names are handled
	 * @param hints - where a call whose answer may need a hint is remembered
	 */
	constructor(parts: CalledNamesParts, hints: CallHints) {
		this.#parts = parts;
		this.#hints = hints;
	}

	/**
	 * The canonical name to route a called name to, or `undefined` to keep it. A name that
	 * matches no tool, or a held wire name whose tool the latest listing no longer has, is
	 * remembered by the call's `id`, so a not-found answer gets the hint (never a re-route).
	 * `args` are the call's arguments, weighed against the listed schemas (rule 7).
	 */
	canonical(
		name: unknown,
		id: MessageId | undefined,
		args?: unknown,
	): string | undefined {
		if (!isName(name)) return undefined;
		const { router } = this.#parts;
		const known = router.knownName(name);
		if (known !== undefined) {
			// Sticky: it still means its tool. If that is gone, the upstream says so, and the
			// hint is worked out then, against the catalog of that moment.
			if (id !== undefined && !router.lists(known))
				this.#hints.expect(id, { sent: name, args });
			return known === name ? undefined : known;
		}
		if (!this.#parts.routesUnknown) {
			// Not resolved now: the hint is worked out only if the call fails.
			if (id !== undefined) this.#hints.expect(id, { sent: name, args });
			return undefined;
		}
		const decision = router.route(name, { arguments: args });
		if (decision.kind === "corrected")
			this.#parts.onCorrection?.(decision.message, decision.resolution);
		else if (
			decision.kind === "unknown" &&
			decision.hint !== undefined &&
			id !== undefined
		)
			this.#hints.expect(id, { hint: decision.hint });
		return decision.name === name ? undefined : decision.name;
	}
}
