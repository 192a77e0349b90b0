/** Timings and memory of resolution: NameIndex against the naive scan, side by side. */
import { NameIndex, resolveName, suggest } from "../src/index.js";
import {
	formatBytes,
	formatRatio,
	formatTime,
	heapOf,
	measure,
} from "./_measure.js";
import { QUERIES } from "./check.js";
import { catalog, type Query, queries } from "./data.js";
import { naiveResolve, naiveSuggest } from "./naive.js";

/** A slice of the query stream, named for the table. */
interface Group {
	label: string;
	inputs: string[];
}

export interface ResolveRow {
	size: number;
	group: string;
	/** Mean time of one query, ms. */
	naive: number;
	index: number;
	queries: number;
	naiveQueries: number;
}

export interface BuildRow {
	size: number;
	build: number;
	naiveQuery: number;
	heap: number;
}

/** How many queries the naive scan is timed on: enough for a stable mean, within budget. */
function naiveSample(size: number): number {
	return size >= 100_000 ? 12 : size >= 10_000 ? 60 : 300;
}

/** Every `step`-th input, `count` at most: a sample spread over the whole group. */
function spread(inputs: readonly string[], count: number): string[] {
	if (inputs.length <= count) return [...inputs];
	const step = inputs.length / count;
	return Array.from(
		{ length: count },
		(_, i) => inputs[Math.floor(i * step)] as string,
	);
}

function groupsOf(stream: readonly Query[], index: NameIndex): Group[] {
	const lookups: string[] = [];
	const typos: string[] = [];
	const far: string[] = [];
	for (const { kind, input } of stream) {
		const r = resolveName(input, index);
		if (
			r.kind === "exact" ||
			(r.kind === "corrected" && r.reason === "normalized")
		)
			lookups.push(input);
		if (kind === "typo" && r.kind === "corrected" && r.reason === "distance")
			typos.push(input);
		if (kind === "far") far.push(input);
	}
	return [
		{ label: "mixed stream", inputs: stream.map((q) => q.input) },
		{ label: "typo corrections", inputs: typos },
		{ label: "far misses", inputs: far },
		{ label: "lookup hits (exact, normalised)", inputs: lookups },
	];
}

/** Times resolveName (and suggest on the mixed stream) for one catalog size. */
export async function benchResolve(
	size: number,
): Promise<{ rows: ResolveRow[]; build: BuildRow }> {
	const names = catalog(size);
	const stream = queries(names, QUERIES);
	const index = new NameIndex(names);
	const rows: ResolveRow[] = [];
	const sample = naiveSample(size);
	const indexCap = size >= 100_000 ? 2_000 : QUERIES;
	for (const group of groupsOf(stream, index)) {
		const naiveInputs = spread(group.inputs, sample);
		const indexInputs = spread(group.inputs, indexCap);
		const tasks = [
			{
				name: "naive",
				ops: naiveInputs.length,
				run: () => {
					for (const input of naiveInputs) naiveResolve(input, names);
				},
			},
			{
				name: "index",
				ops: indexInputs.length,
				run: () => {
					for (const input of indexInputs) resolveName(input, index);
				},
			},
		];
		const times = await measure(tasks, {
			time: size >= 100_000 ? 0 : 200,
			iterations: 3,
		});
		rows.push({
			size,
			group: `resolveName, ${group.label}`,
			naive: times.get("naive") as number,
			index: times.get("index") as number,
			queries: indexInputs.length,
			naiveQueries: naiveInputs.length,
		});
		if (group.label === "mixed stream") {
			const suggestTimes = await measure(
				[
					{
						name: "naive",
						ops: naiveInputs.length,
						run: () => {
							for (const input of naiveInputs) naiveSuggest(input, names);
						},
					},
					{
						name: "index",
						ops: indexInputs.length,
						run: () => {
							for (const input of indexInputs) suggest(input, index);
						},
					},
				],
				{ time: size >= 100_000 ? 0 : 200, iterations: 3 },
			);
			rows.push({
				size,
				group: "suggest, mixed stream",
				naive: suggestTimes.get("naive") as number,
				index: suggestTimes.get("index") as number,
				queries: indexInputs.length,
				naiveQueries: naiveInputs.length,
			});
		}
	}
	const buildTimes = await measure(
		[{ name: "build", ops: 1, run: () => new NameIndex(names) }],
		{ time: size >= 100_000 ? 0 : 300, iterations: size >= 100_000 ? 3 : 10 },
	);
	const mixed = rows[0] as ResolveRow;
	return {
		rows,
		build: {
			size,
			build: buildTimes.get("build") as number,
			naiveQuery: mixed.naive,
			heap: heapOf(() => new NameIndex(names)),
		},
	};
}

/** Markdown rows of the resolution table. */
export function resolveTable(rows: readonly ResolveRow[]): string[] {
	const lines = [
		"| names | what | naive scan | NameIndex | ratio | queries timed (naive / index) |",
		"|---:|---|---:|---:|---:|---:|",
	];
	for (const row of rows) {
		lines.push(
			`| ${row.size.toLocaleString("en-US")} | ${row.group} | ${formatTime(row.naive)} | ${formatTime(row.index)} | **${formatRatio(row.naive / row.index)}** | ${row.naiveQueries} / ${row.queries} |`,
		);
	}
	return lines;
}

/** Markdown rows of the index build table. */
export function buildTable(rows: readonly BuildRow[]): string[] {
	const lines = [
		"| names | build | build ÷ one naive query | heap of the index |",
		"|---:|---:|---:|---:|",
	];
	for (const row of rows) {
		lines.push(
			`| ${row.size.toLocaleString("en-US")} | ${formatTime(row.build)} | ${formatRatio(row.build / row.naiveQuery)} | ${formatBytes(row.heap)} |`,
		);
	}
	return lines;
}
