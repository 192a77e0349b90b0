import {
	type Model,
	type ModelRequest,
	type ModelResponse,
	type StreamEvent,
	Usage,
} from "@openai/agents";

type Done = Extract<StreamEvent, { type: "response_done" }>;

/**
 * A model for the Agents SDK's own `Model` interface, scripted to call `toolName` once and
 * then answer "done": the name is what a model sends back, right or wrong. It records the
 * tool names each request offered.
 */
export class ScriptedModel implements Model {
	readonly offered: string[][] = [];
	readonly toolName: string;
	readonly args: Record<string, unknown>;
	#turn = 0;

	constructor(toolName: string, args: Record<string, unknown> = { q: "x" }) {
		this.toolName = toolName;
		this.args = args;
	}

	async getResponse(request: ModelRequest): Promise<ModelResponse> {
		this.offered.push(
			request.tools.flatMap((tool) =>
				tool.type === "function" ? [tool.name] : [],
			),
		);
		this.#turn += 1;
		const output: ModelResponse["output"] =
			this.#turn === 1
				? [
						{
							type: "function_call",
							callId: "call-1",
							name: this.toolName,
							arguments: JSON.stringify(this.args),
							status: "completed",
						},
					]
				: [
						{
							type: "message",
							role: "assistant",
							status: "completed",
							content: [{ type: "output_text", text: "done" }],
						},
					];
		return { usage: new Usage(), output, responseId: `response-${this.#turn}` };
	}

	async *getStreamedResponse(
		request: ModelRequest,
	): AsyncIterable<StreamEvent> {
		const response = await this.getResponse(request);
		yield {
			type: "response_done",
			response: {
				id: response.responseId ?? "response",
				usage: {
					inputTokens: 0,
					outputTokens: 0,
					totalTokens: 0,
				},
				output: response.output as Done["response"]["output"],
			},
		};
	}
}
