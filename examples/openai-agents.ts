/**
 * An agent on the OpenAI Agents SDK: an MCP server's tools under wire names, and the name
 * the model gets wrong repaired, never onto the destructive tool.
 *
 * Run: `npx tsx examples/openai-agents.ts`. It runs with a scripted stand-in for a model;
 * for a real one, pass e.g. `new OpenAIResponsesModel(new OpenAI(), "gpt-5")` as `model`.
 */
import { fileURLToPath, pathToFileURL } from "node:url";
import {
	Agent,
	MCPServerStdio,
	type Model,
	type ModelResponse,
	Runner,
	Usage,
} from "@openai/agents";
import { repairModel, wrapMcpServer } from "mcp-tool-names/openai-agents";

const TRACKER = fileURLToPath(new URL("./_tracker-server.ts", import.meta.url));

/** A stand-in model: calls `linear_listIssues` (camelCased), then answers. */
function scriptedModel(): Model {
	let turn = 0;
	const answer = async (): Promise<ModelResponse> => {
		turn += 1;
		return {
			usage: new Usage(),
			output:
				turn === 1
					? [
							{
								type: "function_call",
								callId: "1",
								name: "linear_listIssues",
								arguments: '{"team":"core"}',
							},
						]
					: [
							{
								type: "message",
								role: "assistant",
								status: "completed",
								content: [{ type: "output_text", text: "Two open issues." }],
							},
						],
		};
	};
	return {
		getResponse: answer,
		getStreamedResponse() {
			throw new Error("this stand-in does not stream");
		},
	};
}

/**
 * Starts the tracker server over stdio, runs one agent turn and logs what happened.
 *
 * @param model - the model; default: the stand-in above
 * @param log - where the lines go
 * @returns when the server has been stopped
 * @example
 * ```ts
 * await main(new OpenAIResponsesModel(new OpenAI(), "gpt-5"));
 * ```
 */
export async function main(
	model: Model = scriptedModel(),
	log: (line: string) => void = console.log,
): Promise<void> {
	const tracker = wrapMcpServer(
		new MCPServerStdio({
			name: "tracker",
			command: process.execPath,
			args: ["--import", "tsx", TRACKER],
		}),
	);
	await tracker.connect();
	try {
		log(
			`Tools for the model: ${(await tracker.listTools()).map((t) => t.name).join(", ")}`,
		);
		const agent = new Agent({
			name: "helper",
			model: repairModel(model, {
				servers: [tracker],
				onCorrection: (message) => log(message),
			}),
			mcpServers: [tracker],
		});
		const result = await new Runner({ tracingDisabled: true }).run(
			agent,
			"Which issues are open for the core team?",
		);
		log(`Answer: ${result.finalOutput}`);
	} finally {
		await tracker.close();
	}
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
	await main();
}
