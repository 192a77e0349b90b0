/**
 * A wrapped SDK server against the same server unwrapped, over the SDK's in-memory
 * transports: what wrapping costs a real `tools/list` and `tools/call` round trip.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { wrapServer } from "../src/adapters/sdk/index.js";
import type { Comparison } from "./codec.js";
import { catalog } from "./data.js";

const TOOLS = 1_000;
const CALLS = 20_000;
const LISTS = 60;
// Round trips of tens of microseconds are noisy on a shared machine: see `interleaved`.
const WARMUP = 200;

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
	const wrapped = await connect(names, process.env.BENCH_AA !== "1");
	console.warn = warn;
	const picks = Array.from({ length: 1000 }, (_, i) => (i * 7919) % TOOLS);
	const calls = (side: Connected) => (i: number) =>
		side.client.callTool({
			name: side.listed[picks[Math.abs(i) % picks.length] as number] as string,
			arguments: {},
		});
	const list = (side: Connected) => () => side.client.listTools();
	const rows: Comparison[] = [];
	for (const [what, samples, task, target] of [
		[
			`tools/list of ${TOOLS.toLocaleString("en-US")} tools`,
			LISTS,
			list,
			"≤ 1.05×",
		],
		[
			`tools/call round trip (${TOOLS.toLocaleString("en-US")} tools registered)`,
			CALLS,
			calls,
			"≤ 1.03×",
		],
	] as const) {
		const { ours, baseline } = await interleaved(
			task(wrapped),
			task(plain),
			samples,
		);
		rows.push({
			what,
			ours,
			baseline,
			baselineLabel: "the same server unwrapped",
			target,
		});
	}
	await plain.close();
	await wrapped.close();
	return rows;
}

/**
 * Median time of one operation of each side, the two strictly alternating operation by
 * operation (and which goes first alternating too), so that a busy spell of a shared machine
 * falls on both alike; medians, since such spells make the slow tail.
 */
async function interleaved(
	ours: (i: number) => Promise<unknown>,
	baseline: (i: number) => Promise<unknown>,
	samples: number,
): Promise<{ ours: number; baseline: number }> {
	const a: number[] = [];
	const b: number[] = [];
	const time = async (
		run: (i: number) => Promise<unknown>,
		i: number,
		into: number[],
	): Promise<void> => {
		const start = performance.now();
		await run(i);
		if (i >= 0) into.push(performance.now() - start);
	};
	const warmup = Math.min(WARMUP, samples);
	for (let i = -warmup; i < samples; i++) {
		if (i % 2 === 0) {
			await time(ours, i, a);
			await time(baseline, i, b);
		} else {
			await time(baseline, i, b);
			await time(ours, i, a);
		}
	}
	return { ours: median(a), baseline: median(b) };
}

function median(values: number[]): number {
	const sorted = [...values].sort((x, y) => x - y);
	return sorted[sorted.length >> 1] as number;
}
