import { isRecord } from "../../core/_guards.js";

/** Bounds a walk over pages, against a server whose cursors never end. */
export const MAX_PAGES = 1000;

/**
 * Every tool of a paged `tools/list`: calls `listPage` with each `nextCursor` until it is
 * missing, empty or repeats (or {@link MAX_PAGES} pages were read); a page that is not a list
 * result ends the walk. A failing page rejects the whole walk.
 *
 * @param listPage - reads one page: `undefined` for the first, then the cursor
 * @returns the raw tool objects of every page, in listed order
 */
export async function listEveryPage(
	listPage: (cursor: string | undefined, page: number) => Promise<unknown>,
): Promise<unknown[]> {
	const tools: unknown[] = [];
	const seen = new Set<string>();
	let cursor: string | undefined;
	for (let page = 0; page < MAX_PAGES; page++) {
		const result = await listPage(cursor, page);
		if (!isRecord(result) || !Array.isArray(result.tools)) break;
		for (const tool of result.tools as unknown[]) tools.push(tool);
		const next = result.nextCursor;
		if (typeof next !== "string" || next === "" || seen.has(next)) break;
		seen.add(next);
		cursor = next;
	}
	return tools;
}
