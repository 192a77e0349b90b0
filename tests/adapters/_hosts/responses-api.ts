// A stand-in for OpenAI's Responses API on 127.0.0.1, so the real provider packages
// (`openai` inside `@openai/agents`, `@ai-sdk/openai`, `@langchain/openai`) send their real
// requests and parse real response bodies. Shapes follow the `openai` package's types
// (`resources/responses`, 7.60): `function_call` items carry `namespace` beside `name`, and
// `namespace` tools group function tools.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A `function_call` output item as the API sends it, `namespace` when the model gave one. */
export interface FunctionCallItem {
	name: string;
	namespace?: string;
	/** Default `{ q: "x" }`, which every tool of the test catalogs takes. */
	arguments?: Record<string, unknown>;
}

/** What one request asked for, as the provider package sent it. */
export interface ResponsesRequest {
	tools: Record<string, unknown>[];
	input: unknown[];
}

/** The reply of one turn: tool calls, or a final text. */
export type Turn = { calls: FunctionCallItem[] } | { text: string };

/** A scripted Responses API: `base` is the `baseURL` to give a client (`…/v1`). */
export interface ResponsesApi {
	readonly base: string;
	readonly requests: ResponsesRequest[];
	close(): Promise<void>;
}

let counter = 0;

function outputOf(turn: Turn): unknown[] {
	if ("text" in turn) {
		return [
			{
				type: "message",
				id: `msg_${++counter}`,
				role: "assistant",
				status: "completed",
				content: [{ type: "output_text", text: turn.text, annotations: [] }],
			},
		];
	}
	return turn.calls.map((call) => {
		const id = ++counter;
		return {
			type: "function_call",
			id: `fc_${id}`,
			call_id: `call_${id}`,
			name: call.name,
			...(call.namespace === undefined ? {} : { namespace: call.namespace }),
			arguments: JSON.stringify(call.arguments ?? { q: "x" }),
			status: "completed",
		};
	});
}

function responseOf(turn: Turn): Record<string, unknown> {
	const output = outputOf(turn);
	return {
		id: `resp_${++counter}`,
		object: "response",
		created_at: 1_760_000_000,
		status: "completed",
		model: "gpt-5",
		output,
		output_text: "text" in turn ? turn.text : "",
		error: null,
		incomplete_details: null,
		instructions: null,
		metadata: {},
		parallel_tool_calls: true,
		temperature: 1,
		top_p: 1,
		tool_choice: "auto",
		tools: [],
		usage: {
			input_tokens: 1,
			input_tokens_details: { cached_tokens: 0 },
			output_tokens: 1,
			output_tokens_details: { reasoning_tokens: 0 },
			total_tokens: 2,
		},
	};
}

/**
 * Starts the API. `script` is asked for each request's reply, with the request and the
 * number of requests before it.
 */
export async function responsesApi(
	script: (request: ResponsesRequest, turn: number) => Turn,
): Promise<ResponsesApi> {
	const requests: ResponsesRequest[] = [];
	const server: Server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on("data", (chunk: Buffer) => chunks.push(chunk));
		req.on("end", () => {
			const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
			const request: ResponsesRequest = {
				tools: Array.isArray(body.tools) ? body.tools : [],
				input: Array.isArray(body.input) ? body.input : [body.input],
			};
			const turn = script(request, requests.length);
			requests.push(request);
			res.writeHead(200, { "content-type": "application/json" });
			res.end(JSON.stringify(responseOf(turn)));
		});
	});
	await new Promise<void>((resolve) =>
		server.listen(0, "127.0.0.1", () => resolve()),
	);
	const { port } = server.address() as AddressInfo;
	return {
		base: `http://127.0.0.1:${port}/v1`,
		requests,
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}

/** Calls `calls` on the first turn, then answers "done". */
export function callsOnce(...calls: FunctionCallItem[]) {
	return (_: ResponsesRequest, turn: number): Turn =>
		turn === 0 ? { calls } : { text: "done" };
}

/** The text of each `function_call_output` a request sent back (string or input_text parts). */
export function toolOutputsOf(request: ResponsesRequest | undefined): string[] {
	return (request?.input ?? []).flatMap((item) => {
		const { type, output } = item as { type?: unknown; output?: unknown };
		if (type !== "function_call_output") return [];
		if (typeof output === "string") return [output];
		return Array.isArray(output)
			? [output.map((part) => (part as { text?: string }).text ?? "").join("")]
			: [JSON.stringify(output)];
	});
}
