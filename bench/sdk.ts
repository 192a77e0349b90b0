/**
 * A wrapped SDK server against the same server unwrapped, over the SDK's in-memory
 * transports: what wrapping costs a real `tools/list` and `tools/call` round trip.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { wrapServer } from "../src/adapters/sdk/index.js";
import { measure } from "./_measure.js";
import type { Comparison } from "./codec.js";
import { catalog } from "./data.js";

const TOOLS = 1_000;
const CALLS = 500;
// Round trips of tens of microseconds are noisy on a shared machine: the median of rounds.
const ROUNDS = 7;

interface Connected {
	client: Client;
	/** The names the client sees, wire names when wrapped. */
	listed: string[];
	close(): Promise<void>;
}

async function connect(
	names: readonly string[],
	wrapped: boolean,
): Promise<Connected> {
	const server = new McpServer({ name: "bench", version: "1.0.0" });
	if (wrapped) wrapServer(server);
	for (const name of names) {
		server.registerTool(
			name,
			{ description: `The ${name} tool`, inputSchema: {} },
			async () => ({ content: [{ type: "text", text: "ok" }] }),
		);
	}
	const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
	await server.connect(serverSide);
	const client = new Client({ name: "bench-client", version: "1.0.0" });
	await client.connect(clientSide);
	const listed = (await client.listTools()).tools.map((tool) => tool.name);
	return {
		client,
		listed,
		close: async () => {
			await client.close();
			await server.close();
		},
	};
}

export async function benchSdk(): Promise<Comparison[]> {
	const names = catalog(TOOLS, 4);
	// The SDK warns on stderr about every name such as `a/b`; those names are the point here.
	const warn = console.warn;
	console.warn = () => {};
	const plain = await connect(names, false);
	const wrapped = await connect(names, true);
	console.warn = warn;
	const picks = Array.from({ length: CALLS }, (_, i) => (i * 7919) % TOOLS);
	const calls = (side: Connected) => async () => {
		for (const at of picks) {
			await side.client.callTool({
				name: side.listed[at] as string,
				arguments: {},
			});
		}
	};
	const list = (side: Connected) => async () => {
		await side.client.listTools();
	};
	const rows: Comparison[] = [];
	for (const [what, ops, task] of [
		[`tools/list of ${TOOLS.toLocaleString("en-US")} tools`, 1, list],
		[
			`tools/call round trip (${TOOLS.toLocaleString("en-US")} tools registered)`,
			CALLS,
			calls,
		],
	] as const) {
		const ratios: Array<{ ours: number; baseline: number }> = [];
		for (let round = 0; round < ROUNDS; round++) {
			const times = await measure(
				[
					{ name: "ours", ops, run: task(wrapped) },
					{ name: "baseline", ops, run: task(plain) },
				],
				{ time: 400, iterations: 5 },
			);
			ratios.push({
				ours: times.get("ours") as number,
				baseline: times.get("baseline") as number,
			});
		}
		ratios.sort((a, b) => a.ours / a.baseline - b.ours / b.baseline);
		const median = ratios[ROUNDS >> 1] as { ours: number; baseline: number };
		rows.push({
			what,
			ours: median.ours,
			baseline: median.baseline,
			baselineLabel: "the same server unwrapped",
			target: "≤ 1.05×",
		});
	}
	await plain.close();
	await wrapped.close();
	return rows;
}
