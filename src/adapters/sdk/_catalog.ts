import {
	type Protection,
	type ToolEntry,
	toolEntryOf,
} from "../routing/tool-entry.js";
import { isEnabled, type RegisteredToolLike } from "./_sdk-internals.js";

/**
 * The catalog of an `McpServer` registry: the enabled tools, the same set its `tools/list`
 * handler answers with (so wire names derived from it equal the listed ones).
 */
export function entriesOfRegistry(
	registry: Readonly<Record<string, RegisteredToolLike>> | undefined,
	protection: Protection,
): ToolEntry[] {
	const entries: ToolEntry[] = [];
	if (registry === undefined) return entries;
	for (const [name, tool] of Object.entries(registry)) {
		if (!isEnabled(tool)) continue;
		const entry = toolEntryOf(
			{ name, annotations: tool.annotations },
			protection,
		);
		if (entry !== undefined) entries.push(entry);
	}
	return entries;
}

/**
 * Whether an `McpServer` registry has an enabled tool of this name: the ones its `tools/call`
 * handler runs rather than answering "not found".
 */
export function isRegistered(
	registry: Readonly<Record<string, RegisteredToolLike>> | undefined,
	name: string,
): boolean {
	// One keyed read: what the registry inherits from Object.prototype has no `enabled`.
	return registry !== undefined && isEnabled(registry[name]);
}
