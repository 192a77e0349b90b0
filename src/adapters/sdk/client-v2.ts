import { isRecord } from "../../core/_guards.js";

/**
 * The 2.x `Client.callTool(params, options)` accepts `options.toolDefinition`, a tool as
 * `listTools()` returned it, to compile its output validator without the cache. Handed out
 * by a wrapped client, it carries the wire name; the SDK must see the canonical one it
 * caches by. 1.x passes a result schema and options, which have no `toolDefinition`, so the
 * same mapping leaves them untouched.
 */
export function canonicalCallArguments(
	rest: readonly unknown[],
	decode: (name: string) => string,
): unknown[] {
	return rest.map((argument) => {
		if (!isRecord(argument) || !isRecord(argument.toolDefinition))
			return argument;
		const definition = argument.toolDefinition;
		if (typeof definition.name !== "string") return argument;
		const name = decode(definition.name);
		if (name === definition.name) return argument;
		return { ...argument, toolDefinition: { ...definition, name } };
	});
}
