/** Timings and memory of resolution: NameIndex against the naive scan, side by side. */
import { NameIndex, resolveName, suggest } from "../src/index.js";
import {
	formatBytes,
	formatRatio,
	formatTime,
	heapOf,
	measure,
	repeated,
} from "./_measure.js";
import { catalog, farMisses, QUERIES, type Query, queries } from "./data.js";
import { naiveRanking, naiveResolve, naiveSuggest } from "./naive.js";

/** The far-miss-only stream (bench/data.ts `farMisses`), timed against two baselines. */
export const FAR_STREAM = "far-miss stream";

/** The same stream against the ranking alone (normalise + Levenshtein per candidate). */
export const FAR_STREAM_RANKING = "far-miss stream, baseline ranking alone";

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

/**
 * How many queries each side is timed on. The naive scan costs about the same for every
 * query (it visits every candidate), so a small sample gives a stable mean; the index varies
 * from query to query, so it runs on many.
 */
function sampleSizes(size: number): { naive: number; index: number } {
	if (size >= 100_000) return { naive: 5, index: 1_000 };
	if (size >= 10_000) return { naive: 30, index: 3_000 };
	if (size >= 1_000) return { naive: 100, index: QUERIES };
	return { naive: 200, index: QUERIES };
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
	const exact: string[] = [];
	const normalised: string[] = [];
	const typos: string[] = [];
	const far: string[] = [];
	for (const { kind, input } of stream) {
		const r = resolveName(input, index);
		if (r.kind === "exact") exact.push(input);
		if (r.kind === "corrected" && r.reason === "normalized")
			normalised.push(input);
		if (kind === "typo" && r.kind === "corrected" && r.reason === "distance")
			typos.push(input);
		if (kind === "far") far.push(input);
	}
	return [
		{ label: "mixed stream", inputs: stream.map((q) => q.input) },
		{ label: "typo corrections", inputs: typos },
		{ label: "far misses", inputs: far },
		{ label: FAR_STREAM, inputs: farMisses(Math.min(stream.length, 1_000)) },
		{ label: "exact hits", inputs: exact },
		{ label: "normalised hits", inputs: normalised },
	];
}

/** Times resolveName (and suggest on the mixed stream) for one catalog size. */
export async function benchResolve(
	size: number,
): Promise<{ rows: ResolveRow[]; build: BuildRow }> {
	const names = catalog(size);
	const sample = sampleSizes(size);
	// The same stream the checks use, cut to what the index side is timed on.
	const stream = queries(names, QUERIES).slice(0, sample.index);
	const index = new NameIndex(names);
	const rows: ResolveRow[] = [];
	const options =
		size >= 100_000 ? { time: 0, iterations: 2 } : { time: 100, iterations: 3 };
	for (const group of groupsOf(stream, index)) {
		const naiveInputs = spread(group.inputs, sample.naive);
		const indexInputs = group.inputs;
		const times = await measure(
			[
				{
					name: "naive",
					ops: naiveInputs.length,
					run: () => {
						for (const input of naiveInputs) naiveResolve(input, names);
					},
				},
				repeated("index", indexInputs, (input) => resolveName(input, index)),
			],
			options,
		);
		rows.push({
			size,
			group: `resolveName, ${group.label}`,
			naive: times.get("naive") as number,
			index: times.get("index") as number,
			queries: indexInputs.length,
			naiveQueries: naiveInputs.length,
		});
		if (group.label === FAR_STREAM) {
			const rankingTimes = await measure(
				[
					{
						name: "naive",
						ops: naiveInputs.length,
						run: () => {
							for (const input of naiveInputs) naiveRanking(input, names);
						},
					},
					repeated("index", indexInputs, (input) => resolveName(input, index)),
				],
				options,
			);
			rows.push({
				size,
				group: `resolveName, ${FAR_STREAM_RANKING}`,
				naive: rankingTimes.get("naive") as number,
				index: rankingTimes.get("index") as number,
				queries: indexInputs.length,
				naiveQueries: naiveInputs.length,
			});
		}
		if (group.label === "mixed stream") {
			// suggest ranks in full for every query: half the queries at 100,000 names.
			const suggestInputs =
				size >= 100_000 ? spread(indexInputs, 500) : indexInputs;
			const suggestTimes = await measure(
				[
					{
						name: "naive",
						ops: naiveInputs.length,
						run: () => {
							for (const input of naiveInputs) naiveSuggest(input, names);
						},
					},
					repeated("index", suggestInputs, (input) => suggest(input, index)),
				],
				options,
			);
			rows.push({
				size,
				group: "suggest, mixed stream",
				naive: suggestTimes.get("naive") as number,
				index: suggestTimes.get("index") as number,
				queries: suggestInputs.length,
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
