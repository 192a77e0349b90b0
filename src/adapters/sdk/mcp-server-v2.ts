import { isRecord } from "./_catalog.js";
import { define } from "./_define.js";

/**
 * The 2.x `McpServer` answers two questions about a `tools/call` before dispatch, from the
 * raw request: the HTTP entry reads `toolInputSchemaJson(name)` to check `Mcp-Param-*`
 * headers (SEP-2243), and `resolveScopeChallenge(context)` to answer with an OAuth scope
 * challenge. Both look the name up in `_registeredTools`, so they must see the canonical
 * name too; on a 1.x server neither member exists and nothing changes.
 */
export function decodePreDispatchNames(
	server: object,
	canonicalOf: (name: string) => string,
): void {
	const target = server as Record<string, unknown>;
	const schemaOf = target.toolInputSchemaJson;
	if (typeof schemaOf === "function") {
		define(target, "toolInputSchemaJson", (name: unknown, ...rest: unknown[]) =>
			schemaOf.call(
				server,
				typeof name === "string" ? canonicalOf(name) : name,
				...rest,
			),
		);
	}
	const challenge = target.resolveScopeChallenge;
	if (typeof challenge === "function") {
		define(
			target,
			"resolveScopeChallenge",
			(context: unknown, ...rest: unknown[]) =>
				challenge.call(server, renamedContext(context, canonicalOf), ...rest),
		);
	}
}

function renamedContext(
	context: unknown,
	canonicalOf: (name: string) => string,
): unknown {
	if (!isRecord(context) || !isRecord(context.request)) return context;
	const { request } = context;
	if (request.method !== "tools/call" || !isRecord(request.params))
		return context;
	const { name } = request.params;
	if (typeof name !== "string") return context;
	const canonical = canonicalOf(name);
	if (canonical === name) return context;
	return {
		...context,
		request: { ...request, params: { ...request.params, name: canonical } },
	};
}
