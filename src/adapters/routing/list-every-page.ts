// The one policy for walking a paged `tools/list`, for every lister (the sdk adapters, the
// CLI's audit, the proxy's own listing): a catalog is whole or the walk fails, never a
// silently partial catalog that would route a call against half the tools.
import { isRecord } from "../../core/guards.js";
import { McpToolNamesError } from "../../index.js";

/** Bounds a walk over pages, against a server whose cursors never end. */
export const MAX_PAGES = 10_000;

/**
 * The pages of one `tools/list` walk, fed one result at a time, so that a lister driven by
 * messages (the proxy) and one that awaits each page ({@link listEveryPage}) keep one policy:
 * a missing, `null` or empty `nextCursor` ends the walk; a page that is not a list result, a
 * repeated cursor, or a cursor still there after {@link MAX_PAGES} pages is an error.
 */
export class ToolPages {
	readonly #tools: unknown[] = [];
	readonly #cursors = new Set<string>();
	#pages = 0;

	/** The raw tool objects of the pages accepted so far, in listed order. */
	get tools(): unknown[] {
		return this.#tools;
	}

	/** How many pages were accepted. */
	get pages(): number {
		return this.#pages;
	}

	/**
	 * Takes the result of the next page.
	 *
	 * @param result - the `result` of the page's `tools/list` answer
	 * @returns the cursor to ask the next page with, or `undefined` when the walk is done
	 * @throws McpToolNamesError `unprocessable-message` when the page is not a list result,
	 * its cursor repeats an earlier one, or a cursor is still there after {@link MAX_PAGES} pages
	 */
	accept(result: unknown): string | undefined {
		const page = this.#pages + 1;
		if (!isRecord(result) || !Array.isArray(result.tools))
			throw unprocessable(
				`tools/list page ${page} is not a list result (no "tools" array); stopped listing`,
			);
		const next = result.nextCursor;
		if (next !== undefined && next !== null && typeof next !== "string")
			throw unprocessable(
				`tools/list page ${page} has a nextCursor that is no string (${typeof next}); stopped listing`,
			);
		this.#pages = page;
		for (const tool of result.tools as unknown[]) this.#tools.push(tool);
		if (next === undefined || next === null || next === "") return undefined;
		if (this.#cursors.has(next))
			throw unprocessable(
				`tools/list page ${page} repeated the cursor ${quoted(next)}; stopped listing`,
			);
		if (page >= MAX_PAGES)
			throw unprocessable(
				`tools/list still had a nextCursor (${quoted(next)}) after ${MAX_PAGES} pages; stopped listing`,
			);
		this.#cursors.add(next);
		return next;
	}
}

/**
 * Every tool of a paged `tools/list`: calls `listPage` with each `nextCursor` until there is
 * none, under the policy of {@link ToolPages}. A failing page rejects the whole walk.
 *
 * @param listPage - reads one page: `undefined` for the first, then the cursor; `page`
 * counts from 0
 * @returns the raw tool objects of every page, in listed order
 * @throws McpToolNamesError `unprocessable-message` on a break of the policy (see
 * {@link ToolPages.accept}), or what `listPage` rejects with
 */
export async function listEveryPage(
	listPage: (cursor: string | undefined, page: number) => Promise<unknown>,
): Promise<unknown[]> {
	const pages = new ToolPages();
	let cursor: string | undefined;
	do {
		cursor = pages.accept(await listPage(cursor, pages.pages));
	} while (cursor !== undefined);
	return pages.tools;
}

function unprocessable(message: string): McpToolNamesError {
	return new McpToolNamesError("unprocessable-message", message);
}

/** A cursor in a message: quoted, and cut short (cursors can be long opaque tokens). */
function quoted(cursor: string): string {
	return JSON.stringify(
		cursor.length > 40 ? `${cursor.slice(0, 40)}…` : cursor,
	);
}
