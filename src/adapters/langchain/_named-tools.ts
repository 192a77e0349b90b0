import { invalidArgument, isRecord, readArgument } from "../../core/guards.js";

/** What both langchain entries accept as their `tools`. */
export const TOOLS = "an array of tools with a string name";

/**
 * Reads each of `tools` once, inside {@link readArgument}: anything but an array of tools
 * with a string name is refused, and so is a Proxy or getter of the caller's that throws.
 *
 * @param fn - the entry, for the error message
 * @param tools - the caller's argument
 * @param read - what to keep of each tool, given the tool and its name
 */
export function readNamedTools<R>(
	fn: string,
	tools: unknown,
	read: (tool: Record<string, unknown> & { name: string }, name: string) => R,
): R[] {
	if (!Array.isArray(tools)) throw invalidArgument(fn, "tools", TOOLS, tools);
	return readArgument(
		fn,
		"tools",
		tools,
		() =>
			tools.map((tool: unknown, index) => {
				const name = isRecord(tool) ? tool.name : undefined;
				if (typeof name !== "string")
					throw invalidArgument(
						fn,
						`tools[${index}]`,
						"a tool with a string name",
						tool,
					);
				return read(tool as Record<string, unknown> & { name: string }, name);
			}),
		TOOLS,
	);
}
