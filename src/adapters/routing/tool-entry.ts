// TEMPORARY stand-in for the routing module another branch is adding with this exact API;
// it is replaced (not merged) when that lands on main. No new rule lives here.

/** Which annotation makes a tool a protected correction target. */
export type Protection = "destructive-hint" | "unless-read-only";

/** A tool as the router sees it. */
export interface ToolEntry {
	readonly name: string;
	readonly protected: boolean;
}

/** The entry of an MCP tool object, or `undefined` when it has no string name. */
export function toolEntryOf(
	tool: unknown,
	protection: Protection = "destructive-hint",
): ToolEntry | undefined {
	if (typeof tool !== "object" || tool === null) return undefined;
	const { name, annotations } = tool as {
		name?: unknown;
		annotations?: { destructiveHint?: unknown; readOnlyHint?: unknown };
	};
	if (typeof name !== "string") return undefined;
	const isProtected =
		protection === "destructive-hint"
			? annotations?.destructiveHint === true
			: annotations?.readOnlyHint !== true;
	return { name, protected: isProtected };
}

/** The entries of the MCP tool objects among `tools`. */
export function toolEntriesOf(
	tools: readonly unknown[],
	protection?: Protection,
): ToolEntry[] {
	const entries: ToolEntry[] = [];
	for (const tool of tools) {
		const entry = toolEntryOf(tool, protection);
		if (entry !== undefined) entries.push(entry);
	}
	return entries;
}
