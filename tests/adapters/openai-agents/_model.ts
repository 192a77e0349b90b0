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
	/** The text of each tool output the runner sent back, as the model read it, once each. */
	readonly read: string[] = [];
	readonly #readCalls = new Set<string>();
	readonly toolName: string;
	readonly args: Record<string, unknown>;
	#turn = 0;

	constructor(toolName: string, args: Record<string, unknown> = { q: "x" }) {
		this.toolName = toolName;
		this.args = args;
	}

	/** Records the tool outputs of a request it has not seen yet. */
	note(request: ModelRequest): void {
		for (const item of Array.isArray(request.input) ? request.input : []) {
			if (
				item.type !== "function_call_result" ||
				this.#readCalls.has(item.callId)
			)
				continue;
			this.#readCalls.add(item.callId);
			const { output } = item;
			this.read.push(
				typeof output === "string"
					? output
					: !Array.isArray(output) && output.type === "text"
						? output.text
						: JSON.stringify(output),
			);
		}
	}

	async getResponse(request: ModelRequest): Promise<ModelResponse> {
		this.note(request);
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

/**
 * A model that calls `toolName`, then reads what the runner sent back for that call and, when
 * it says `Did you mean X?`, calls X; then answers "done". It records what it read.
 */
export class HintFollowingModel extends ScriptedModel {
	#turn = 0;

	override async getResponse(request: ModelRequest): Promise<ModelResponse> {
		this.#turn += 1;
		if (this.#turn !== 2) return super.getResponse(request);
		this.note(request);
		const hinted = /Did you mean ([\w.-]+)\?$/.exec(this.read.at(-1) ?? "");
		if (hinted?.[1] === undefined) return super.getResponse(request);
		return {
			usage: new Usage(),
			responseId: "response-retry",
			output: [
				{
					type: "function_call",
					callId: "call-2",
					name: hinted[1],
					arguments: JSON.stringify(this.args),
					status: "completed",
				},
			],
		};
	}
}
