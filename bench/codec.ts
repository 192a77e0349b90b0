/** The codec on the request path: decode against a bare Map, encodeTools, heap. */
import { WireNameCodec } from "../src/index.js";
import { heapOf, measure } from "./_measure.js";
import { catalog } from "./data.js";

export interface Comparison {
	what: string;
	/** Mean time of one operation, ms. */
	ours: number;
	baseline: number;
	baselineLabel: string;
	target?: string;
}

const SIZE = 10_000;

/** Several rounds, the median ratio: the two sides run close together each time. */
async function rounds(
	count: number,
	make: () => Parameters<typeof measure>[0],
): Promise<{ ours: number; baseline: number }> {
	const results: Array<{ ours: number; baseline: number }> = [];
	for (let i = 0; i < count; i++) {
		const times = await measure(make(), { time: 150, iterations: 10 });
		results.push({
			ours: times.get("ours") as number,
			baseline: times.get("baseline") as number,
		});
	}
	results.sort((a, b) => a.ours / a.baseline - b.ours / b.baseline);
	return results[Math.floor(results.length / 2)] as {
		ours: number;
		baseline: number;
	};
}

export async function benchCodec(): Promise<{
	rows: Comparison[];
	heap: number;
}> {
	const names = catalog(SIZE, 3);
	const codec = new WireNameCodec();
	const wires = codec.encodeAll(names);
	const map = new Map(wires.map((wire, i) => [wire, names[i] as string]));
	// Every issued name, and as many names it never issued (they decode to themselves).
	const sent = [...wires, ...names.map((name) => `${name}_unknown`)];
	let sink = 0;
	const decode = await rounds(5, () => [
		{
			name: "ours",
			ops: sent.length,
			run: () => {
				for (const wire of sent) sink += codec.decode(wire).length;
			},
		},
		{
			name: "baseline",
			ops: sent.length,
			run: () => {
				for (const wire of sent) sink += (map.get(wire) ?? wire).length;
			},
		},
	]);
	const tools = names.map((name) => ({
		name,
		description: `The ${name} tool`,
		inputSchema: { type: "object" as const },
	}));
	const copy = () => tools.map((tool) => ({ ...tool }));
	const fresh = await rounds(3, () => [
		{ name: "ours", ops: 1, run: () => new WireNameCodec().encodeTools(tools) },
		{ name: "baseline", ops: 1, run: copy },
	]);
	const warm = await rounds(3, () => [
		{ name: "ours", ops: 1, run: () => codec.encodeTools(tools) },
		{ name: "baseline", ops: 1, run: copy },
	]);
	if (sink === -1) console.log(sink);
	return {
		rows: [
			{
				what: `decode, ${SIZE.toLocaleString("en-US")} issued + ${SIZE.toLocaleString("en-US")} unknown names`,
				ours: decode.ours,
				baseline: decode.baseline,
				baselineLabel: "`map.get(wire) ?? wire`",
				target: "≤ 2×",
			},
			{
				what: `encodeTools of ${SIZE.toLocaleString("en-US")} tools, fresh codec (assigns every name)`,
				ours: fresh.ours,
				baseline: fresh.baseline,
				baselineLabel: "copying the tools",
			},
			{
				what: `encodeTools of ${SIZE.toLocaleString("en-US")} tools, names already assigned (every later tools/list)`,
				ours: warm.ours,
				baseline: warm.baseline,
				baselineLabel: "copying the tools",
			},
		],
		heap: heapOf(() => {
			const held = new WireNameCodec();
			held.encodeAll(names);
			return held;
		}),
	};
}
