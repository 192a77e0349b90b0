import { WireRewriter } from "mcp-tool-names/jsonrpc";

// Message builders shared by the jsonrpc adapter tests.

export type Id = string | number;

export interface Request {
	jsonrpc: "2.0";
	id: Id;
	method: string;
	params?: Record<string, any>;
}

export const listRequest = (id: Id, cursor?: string): Request =>
	cursor === undefined
		? { jsonrpc: "2.0", id, method: "tools/list" }
		: { jsonrpc: "2.0", id, method: "tools/list", params: { cursor } };

/** A tool definition as tests read it back. */
export interface ToolShape {
	name: string;
	[key: string]: any;
}

/** A `tools/list` response as tests read it back. */
export interface ListResponse {
	jsonrpc: "2.0";
	id: Id;
	result: { tools: ToolShape[]; [key: string]: any };
}

export const tool = (
	name: string,
	extra: Record<string, unknown> = {},
): ToolShape => ({
	name,
	inputSchema: { type: "object" as const },
	...extra,
});

export const listResult = (
	id: Id,
	tools: readonly unknown[],
	extra: Record<string, unknown> = {},
): ListResponse => ({
	jsonrpc: "2.0",
	id,
	result: { tools: tools as ToolShape[], ...extra },
});

export interface CallRequest {
	jsonrpc: "2.0";
	id: Id;
	method: "tools/call";
	params: { name: unknown; arguments: { q: string } };
}

export const callRequest = (id: Id, name: unknown): CallRequest => ({
	jsonrpc: "2.0",
	id,
	method: "tools/call",
	params: { name, arguments: { q: "x" } },
});

/** Freezes a value and everything inside it, to prove the input is never mutated. */
export function deepFreeze<T>(value: T): T {
	if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
		Object.freeze(value);
		for (const key of Reflect.ownKeys(value)) {
			deepFreeze((value as Record<PropertyKey, unknown>)[key]);
		}
	}
	return value;
}

/** A rewriter that has listed `names` once (request id 0). */
export function listed(
	names: readonly string[],
	options: ConstructorParameters<typeof WireRewriter>[0] = {},
): WireRewriter {
	const rewriter = new WireRewriter(options);
	rewriter.clientToServer(listRequest(0));
	rewriter.serverToClient(
		listResult(
			0,
			names.map((name) => tool(name)),
		),
	);
	return rewriter;
}

export interface ErrorResponse {
	jsonrpc: string;
	id: Id;
	error: { code: number; message: string; data: { name: string } };
}

export interface ToolResultResponse {
	jsonrpc: string;
	id: Id;
	result: { content: { type: string; text: string }[]; isError: boolean };
}

/** The SDK's answer to a call of a tool it lacks: an error (1.x's -32602, or -32603 text). */
export const notFoundError = (
	id: Id,
	name: string,
	code = -32602,
): ErrorResponse => ({
	jsonrpc: "2.0",
	id,
	error: {
		code,
		message:
			code === -32602
				? `MCP error -32602: Tool ${name} not found`
				: `Tool ${name} not found`,
		data: { name },
	},
});

/** The same answer as an `isError` result (the 1.x `McpServer` shape). */
export const notFoundResult = (id: Id, name: string): ToolResultResponse => ({
	jsonrpc: "2.0",
	id,
	result: {
		content: [
			{ type: "text", text: `MCP error -32602: Tool ${name} not found` },
		],
		isError: true,
	},
});

export interface SamplingResult {
	jsonrpc: string;
	id: Id;
	result: {
		role: string;
		model: string;
		stopReason: string;
		content: { type: string; id: string; name: string; input: object }[];
	};
}

/** The client's answer to `sampling/createMessage`: one `tool_use` block for `name`. */
export const samplingResult = (id: Id, name: string): SamplingResult => ({
	jsonrpc: "2.0",
	id,
	result: {
		role: "assistant",
		model: "m",
		stopReason: "toolUse",
		content: [{ type: "tool_use", id: "t", name, input: {} }],
	},
});
