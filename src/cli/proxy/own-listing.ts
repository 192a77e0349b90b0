// The proxy's own `tools/list` of the upstream, at start and after each list_changed: ids of
// its own (never answered to the client), every page under the one paging policy of
// adapters/routing/list-every-page.ts, and one listing at a time (a change during a listing
// lists again once it is in). Until the first listing is in, the client's
// messages are held (bounded in time), so a call sent before any list still routes.
import type { StoreFailure } from "../../adapters/jsonrpc/message.js";
import { ToolPages } from "../../adapters/routing/list-every-page.js";
import { isRecord } from "../../core/guards.js";
import { type Frame, hasMethod, storeErrorOf } from "./_messages.js";
import type { ProxyLogger } from "./log.js";
import type { ProxyRouting } from "./routing.js";

/** What an {@link OwnListing} needs from its session. */
interface OwnListingOptions {
	routing(): ProxyRouting;
	log: ProxyLogger;
	/** Writes one request to the upstream. */
	send(bytes: Buffer, message: unknown): void;
	/** Bound of the first listing, in ms. */
	timeoutMs: number;
	/** A listing is in (or failed): the catalog is what it learnt. */
	onDone(): void;
	/** The first listing is in (or timed out): hand the held messages on, in order. */
	release(held: Frame[]): void;
}

const OWN_ID = "mcp-tool-names/list/";

/** The session's listings of the upstream's tools, and the client messages held for the first. */
export class OwnListing {
	readonly #options: OwnListingOptions;
	#primed = false;
	#held: Frame[] | undefined;
	#holdTimer: ReturnType<typeof setTimeout> | undefined;
	/** The listing in flight: its request id and its pages under the one paging policy. */
	#current: { id: string; pages: ToolPages } | undefined;
	#again = false;
	#ids = 0;

	constructor(options: OwnListingOptions) {
		this.#options = options;
	}

	/** Whether a listing is in flight. */
	get active(): boolean {
		return this.#current !== undefined;
	}

	/** Whether the first listing is in (or its wait timed out). */
	get primed(): boolean {
		return this.#primed;
	}

	/**
	 * Lists the tools, or lists again once the listing in flight is in.
	 *
	 * @param hold - hold the client's messages until this first listing is in
	 */
	start(hold = false): void {
		if (hold && !this.#primed && this.#held === undefined && !this.active) {
			this.#held = [];
			this.#holdTimer = setTimeout(() => {
				this.#options.log({
					event: "timeout",
					message: `The MCP server did not list its tools within ${this.#options.timeoutMs} ms; passing calls on with the names known so far`,
				});
				this.#release();
			}, this.#options.timeoutMs);
		}
		if (this.#current !== undefined) {
			this.#again = true;
			return;
		}
		this.#current = { id: "", pages: new ToolPages() };
		this.#requestPage(undefined);
	}

	/** Holds a client frame carrying a request or notification while the first listing runs. */
	hold(frame: Frame): boolean {
		if (this.#held === undefined || !hasMethod(frame.message)) return false;
		this.#held.push(frame);
		return true;
	}

	/** Gives up the held frames (the upstream is gone) and stops the timer. */
	drop(): Frame[] {
		clearTimeout(this.#holdTimer);
		const held = this.#held ?? [];
		this.#held = undefined;
		return held;
	}

	/** Whether `message` answers the listing in flight (then it is the listing's, not the client's). */
	owns(message: unknown): boolean {
		const current = this.#current;
		return (
			current !== undefined &&
			isRecord(message) &&
			message.id === current.id &&
			!("method" in message)
		);
	}

	/**
	 * Learns from an answer {@link OwnListing.owns}: the routing reads its tools (unless the
	 * store failed to claim their names), then the next page or the end of the listing.
	 */
	take(
		message: Record<string, unknown>,
		failure: StoreFailure | undefined,
	): void {
		const { log } = this.#options;
		if (failure === undefined) {
			try {
				this.#options.routing().serverToClient(message);
			} catch {
				// Learning failed: the catalog stays as it was.
			}
		} else {
			const { message: reason } = storeErrorOf(failure.error);
			log({
				event: "store",
				message: `Could not claim wire names for the server's tools: ${reason}`,
			});
		}
		const cursor = this.#nextCursor(message, failure);
		if (this.#current !== undefined && cursor !== undefined) {
			this.#requestPage(cursor);
			return;
		}
		this.#current = undefined;
		this.#options.onDone();
		if (!this.#primed) this.#release();
		if (this.#again) {
			this.#again = false;
			this.start();
		}
	}

	/**
	 * The cursor of the next page, under the paging policy every lister shares (ToolPages:
	 * a repeated cursor, a page that is no list result or a cursor after its last page ends
	 * the listing, said in the log); `undefined` when the listing is done.
	 */
	#nextCursor(
		message: Record<string, unknown>,
		failure: StoreFailure | undefined,
	): string | undefined {
		const { result } = message;
		if (!isRecord(result)) {
			const { error } = message;
			const text =
				isRecord(error) && typeof error.message === "string"
					? error.message.slice(0, 200)
					: "no message";
			this.#options.log({
				event: "upstream-error",
				message: `The MCP server answered the proxy's tools/list with an error: ${text}`,
			});
			return undefined;
		}
		if (failure !== undefined) return undefined;
		try {
			return this.#current?.pages.accept(result);
		} catch (error) {
			this.#options.log({
				event: "upstream-error",
				message: `The proxy's listing of the MCP server's tools stopped early: ${(error as Error).message}`,
			});
			return undefined;
		}
	}

	#requestPage(cursor: string | undefined): void {
		const current = this.#current;
		if (current === undefined) return;
		current.id = `${OWN_ID}${++this.#ids}`;
		const request = {
			jsonrpc: "2.0",
			id: current.id,
			method: "tools/list",
			...(cursor === undefined ? {} : { params: { cursor } }),
		};
		// Through the routing, so the rewriter knows the answer for a listing.
		const out = this.#options.routing().clientToServer(request);
		this.#options.send(Buffer.from(`${JSON.stringify(out)}\n`), out);
	}

	#release(): void {
		this.#primed = true;
		this.#options.release(this.drop());
	}
}
