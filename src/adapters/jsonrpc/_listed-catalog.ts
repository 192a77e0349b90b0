// The listed catalog: the client's `tools/list` requests, matched by id, and their results,
// which set the catalog calls are routed against and go out with wire names.
import { isRecord } from "../../core/_guards.js";
import type { WireNameCodec } from "../../index.js";
import type { ToolRouter } from "../routing/router.js";
import { type Protection, toolEntriesOf } from "../routing/tool-entry.js";
import { BoundedMap } from "./_bounded-map.js";
import { encodeToolList } from "./_tools.js";
import { type JsonRecord, type MessageId, withEntry } from "./message.js";

/** A `tools/list` request waiting for its result. */
interface PendingList {
	/** No `cursor`: the result starts a fresh catalog rather than adding a page. */
	first: boolean;
}

/** What a {@link ListedCatalog} works with: the rewriter's own parts and options. */
export interface ListedCatalogParts {
	codec: WireNameCodec;
	router: ToolRouter;
	protection: Protection;
	rewriteDescriptions: boolean;
	/** How many unanswered lists to remember, oldest dropped first. */
	maxPending: number;
}

/** Client-issued `tools/list` ids awaiting the server's answer, and what the answer does. */
export class ListedCatalog {
	readonly #parts: ListedCatalogParts;
	readonly #pending: BoundedMap<MessageId, PendingList>;

	constructor(parts: ListedCatalogParts) {
		this.#parts = parts;
		this.#pending = new BoundedMap(parts.maxPending);
	}

	/** Tells whether a list of `id` is waiting for its result. */
	has(id: MessageId): boolean {
		return this.#pending.has(id);
	}

	/** Remembers a `tools/list` request of `id` with its `params`. */
	request(id: MessageId, params: unknown): void {
		this.#pending.set(id, {
			first: !isRecord(params) || typeof params.cursor !== "string",
		});
	}

	/** Forgets the list of `id` (the id now names another request). */
	forget(id: MessageId): void {
		this.#pending.delete(id);
	}

	/**
	 * Takes the answer for `id`: a list result sets the catalog (a first page replaces it, a
	 * further page extends it) and comes back with wire names; `undefined` when no list of
	 * that id was waiting.
	 */
	answer(message: JsonRecord, id: MessageId): JsonRecord | undefined {
		const list = this.#pending.take(id);
		if (list === undefined) return undefined;
		const result = message.result;
		if (!isRecord(result)) return message;
		const tools = result.tools;
		if (!Array.isArray(tools)) return message;
		const { codec, router, protection, rewriteDescriptions } = this.#parts;
		router.setTools(toolEntriesOf(tools, protection), { append: !list.first });
		const encoded = encodeToolList(codec, tools, rewriteDescriptions);
		return encoded === undefined
			? message
			: { ...message, result: withEntry(result, "tools", encoded) };
	}
}
