/**
 * A host (a chat app, an agent runtime): it lists tools for the model under wire names and
 * calls what the model answers; a name the model got slightly wrong is corrected and retried.
 *
 * Run: `npx tsx examples/host-client.ts [server command...]` (default: the v1 server example).
 */
import { fileURLToPath, pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { wrapClient } from "mcp-tool-names/sdk";

const SERVER = fileURLToPath(new URL("./sdk-v1-server.ts", import.meta.url));

/**
 * Starts the server command, lists its tools and makes the call a model might make.
 *
 * @param command - the server to start; default: the v1 server example
 * @param log - where the lines go
 * @returns when the server has been stopped
 * @example
 * ```ts
 * await main(["npx", "-y", "@modelcontextprotocol/server-everything"]);
 * ```
 */
export async function main(
	command: string[] = [process.execPath, "--import", "tsx", SERVER],
	log: (line: string) => void = console.log,
): Promise<void> {
	const [program = "", ...args] = command;
	const client = wrapClient(new Client({ name: "host", version: "1.0.0" }), {
		onCorrection: (message) => log(message),
	});
	await client.connect(new StdioClientTransport({ command: program, args }));
	try {
		const { tools } = await client.listTools();
		log(`Tools for the model: ${tools.map((tool) => tool.name).join(", ")}`);
		// The model dropped the prefix of websearch_fetch_content.
		const result = await client.callTool({
			name: "fetch_content",
			arguments: { url: "https://example.com" },
		});
		const [first] = result.content as { type: string; text?: string }[];
		log(`Result: ${first?.text}`);
	} finally {
		await client.close();
	}
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
	await main(process.argv.length > 2 ? process.argv.slice(2) : undefined);
}
