import {
	booleanOption,
	checkOptions,
	functionOption,
	isRecord,
} from "../../core/guards.js";
import { McpToolNamesError, type Resolution } from "../../index.js";
import { listEveryPage } from "../routing/list-every-page.js";
import {
	type NotFound,
	settleNotFound,
	surfaceNotFound,
} from "../routing/not-found.js";
import {
	adapterOptionKeys,
	codecFromOptions,
	protectionOption,
} from "../routing/options.js";
import { ToolRouter } from "../routing/router.js";
import { toolEntriesOf } from "../routing/tool-entry.js";
import { define } from "./_sdk-internals.js";
import { type ClientMethod, clientArgument, WRAPPED_CLIENT } from "./detect.js";
import type { ClientLike, WrapClientOptions } from "./types.js";

const FN = "wrapClient";
const OPTION_KEYS = adapterOptionKeys<WrapClientOptions>({
	wire: true,
	autoCorrect: true,
});

type Method = ClientMethod;

/**
 * Puts wire names on the host side of an MCP connection: `listTools()` returns wire names
 * for the model, `callTool()` maps them back (canonical names work too), and the SDK's own
 * caches, such as output-schema validators, keep working. When the server answers "Tool X
 * not found" (1.x ≤ 1.20 error −32602, 1.x ≥ 1.21 `isError` result, 2.x `ProtocolError`),
 * it lists the tools, retries once with a safe correction and reports it through
 * `onCorrection`, or surfaces the original failure with `Did you mean …?` added.
 *
 * @param client - a `Client` of either SDK line, connected or not
 * @param options - codec or profile, `wire`, `autoCorrect`, `onCorrection`
 * @returns the same client instance
 * @throws McpToolNamesError `invalid-argument` for anything but an SDK client, or a client
 * wrapped twice; `invalid-option` for malformed options
 * @example
 * ```ts
 * const client = wrapClient(new Client({ name: "host", version: "1.0.0" }), {
 *   onCorrection: (message) => console.warn(message),
 * });
 * await client.connect(transport);
 * const { tools } = await client.listTools(); // websearch_fetch_content, ...
 * await client.callTool({ name: "fetch_content", arguments: { url } }); // auto-corrected
 * ```
 */
export function wrapClient<C extends ClientLike>(
	client: C,
	options?: WrapClientOptions,
): C {
	const opts = checkOptions(FN, options, OPTION_KEYS);
	const { listTools, callTool, wrapped } = clientArgument(FN, client);
	if (wrapped) {
		throw new McpToolNamesError(
			"invalid-argument",
			`${FN}: this client is already wrapped; wrap it once`,
		);
	}
	const codec = codecFromOptions(FN, opts);
	const wire = booleanOption(FN, "wire", opts.wire, true);
	const autoCorrect = booleanOption(FN, "autoCorrect", opts.autoCorrect, true);
	const onCorrection = functionOption<
		(message: string, resolution: Resolution) => void
	>(FN, "onCorrection", opts.onCorrection);
	const protection = protectionOption(FN, opts.protection);
	const router = new ToolRouter({
		...(wire ? { codec } : {}),
		correct: autoCorrect,
		onDecision: (decision) => {
			if (decision.kind === "corrected")
				onCorrection?.(decision.message, decision.resolution);
		},
	});

	const listed: Method = async (...args) => {
		const result = await listTools.apply(client, args);
		if (!wire || !isRecord(result) || !Array.isArray(result.tools))
			return result;
		return { ...result, tools: codec.encodeTools(result.tools) };
	};

	/** Every tool of the server, canonical names, walking pages as 1.x needs. */
	const listEvery = (options: unknown): Promise<unknown[]> =>
		listEveryPage((cursor) =>
			listTools.call(
				client,
				cursor === undefined ? undefined : { cursor },
				options,
			),
		);

	const invoke = (
		params: Record<string, unknown>,
		name: string,
		rest: unknown[],
	): Promise<unknown> =>
		callTool.call(
			client,
			{ ...params, name },
			...canonicalCallArguments(rest, (wireName) => codec.decode(wireName)),
		);

	/**
	 * After "Tool X not found": lists every page and routes the sent name against the fresh
	 * catalog. A wire name this client hands out routes to its tool (also the first time, when
	 * nothing was listed yet, like after a host restart); a safe correction is retried once;
	 * a wire name it handed out before keeps meaning its tool (a model may still hold the old
	 * list), so when that tool is gone it gets a hint at the others, never a call to them.
	 */
	const recover = async (
		params: Record<string, unknown>,
		sent: string,
		tried: string,
		rest: unknown[],
		failure: NotFound,
	): Promise<unknown> => {
		let tools: unknown[];
		try {
			tools = await listEvery(listOptionsOf(rest));
		} catch {
			return surfaceNotFound(failure, undefined);
		}
		router.setTools(toolEntriesOf(tools, protection));
		// The call's arguments weigh against the listed schemas (resolution rule 7).
		const args = params.arguments;
		const decision = router.route(sent, { arguments: args });
		if (decision.kind === "unknown")
			return surfaceNotFound(failure, decision.hint);
		// The server just refused that very tool: nothing better to call.
		if (decision.name === tried)
			return surfaceNotFound(
				failure,
				decision.kind === "known" ? router.hint(sent, args) : undefined,
			);
		return invoke(params, decision.name, rest);
	};

	const called: Method = async (params, ...rest) => {
		if (!isRecord(params) || typeof params.name !== "string") {
			return callTool.call(client, params, ...rest);
		}
		const sent = params.name;
		const canonical = codec.decode(sent);
		const settled = await settleNotFound(() => invoke(params, canonical, rest));
		if ("answer" in settled) return settled.answer;
		return recover(params, sent, canonical, rest, settled.notFound);
	};

	define(client, "listTools", listed);
	define(client, "callTool", called);
	Object.defineProperty(client, WRAPPED_CLIENT, { value: true });
	return client;
}

/**
 * The caller's abort signal and timeouts from `callTool`'s request options (1.x passes them
 * after a result schema, 2.x first), so the listing a recovery makes stops when the caller
 * gave up instead of waiting for the SDK's default 60 seconds.
 */
function listOptionsOf(rest: readonly unknown[]): unknown {
	for (const argument of rest) {
		if (!isRecord(argument)) continue;
		const options: Record<string, unknown> = {};
		for (const key of ["signal", "timeout", "maxTotalTimeout"]) {
			if (argument[key] !== undefined) options[key] = argument[key];
		}
		if (Object.keys(options).length > 0) return options;
	}
	return undefined;
}

/**
 * The 2.x `Client.callTool(params, options)` accepts `options.toolDefinition`, a tool as
 * `listTools()` returned it, to compile its output validator without the cache. Handed out
 * by a wrapped client, it carries the wire name; the SDK must see the canonical one it
 * caches by. 1.x passes a result schema and options, which have no `toolDefinition`, so the
 * same mapping leaves them untouched.
 */
function canonicalCallArguments(
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
