/** One tool of a server's catalog, as far as naming and resolution care. */
export interface CatalogEntry {
	readonly name: string;
	/** MCP `annotations.destructiveHint === true`: never auto-correct onto it. */
	readonly destructive: boolean;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null;
}

function isDestructive(annotations: unknown): boolean {
	return isRecord(annotations) && annotations.destructiveHint === true;
}

/** The catalog entry of a tool definition from a `tools/list` result. */
export function entryOfTool(tool: unknown): CatalogEntry | undefined {
	if (!isRecord(tool)) return undefined;
	const { name } = tool;
	if (typeof name !== "string" || name === "") return undefined;
	return { name, destructive: isDestructive(tool.annotations) };
}

/** The catalog entries of a list of tool definitions. */
export function entriesOfTools(tools: readonly unknown[]): CatalogEntry[] {
	const entries: CatalogEntry[] = [];
	for (const tool of tools) {
		const entry = entryOfTool(tool);
		if (entry !== undefined) entries.push(entry);
	}
	return entries;
}

/**
 * The catalog of an `McpServer` registry: the enabled tools, the same set its `tools/list`
 * handler answers with (so wire names derived from it equal the listed ones).
 */
export function entriesOfRegistry(
	registry: Readonly<Record<string, unknown>>,
): CatalogEntry[] {
	const entries: CatalogEntry[] = [];
	for (const [name, tool] of Object.entries(registry)) {
		if (!isRecord(tool) || !tool.enabled) continue;
		entries.push({ name, destructive: isDestructive(tool.annotations) });
	}
	return entries;
}

/** Bounds an internal walk over pages, against a server whose cursors never end. */
const MAX_PAGES = 1000;

/**
 * Every tool of a paged `tools/list`, following `nextCursor` until it is missing or repeats
 * (or {@link MAX_PAGES} pages); a page that is not a list result ends the walk.
 */
export async function listEveryPage(
	listPage: (cursor: string | undefined, page: number) => Promise<unknown>,
): Promise<CatalogEntry[]> {
	const entries: CatalogEntry[] = [];
	const seen = new Set<string>();
	let cursor: string | undefined;
	for (let page = 0; page < MAX_PAGES; page++) {
		const result = await listPage(cursor, page);
		if (!isRecord(result) || !Array.isArray(result.tools)) break;
		entries.push(...entriesOfTools(result.tools));
		const next = result.nextCursor;
		if (typeof next !== "string" || seen.has(next)) break;
		seen.add(next);
		cursor = next;
	}
	return entries;
}
