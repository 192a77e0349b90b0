/**
 * `npm run bench`: ratios measured side by side in one run, written to bench/RESULTS.md.
 * Absolute times are noise on shared machines; the ratios are what to read.
 *
 * Heap readings need `global.gc`, so without `--expose-gc` the bench runs itself again as
 * `node --expose-gc --import tsx bench/index.ts`. `--full` checks all 10,000 queries at
 * 100,000 names as well (a quarter of an hour on two cores instead of about three minutes).
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { formatBytes, formatRatio, formatTime } from "./_measure.js";
import { type CheckJob, type CheckResult, QUERIES } from "./check.js";
import { benchCodec, type Comparison } from "./codec.js";
import { MIX } from "./data.js";
import {
	type BuildRow,
	benchResolve,
	buildTable,
	type ResolveRow,
	resolveTable,
} from "./resolve.js";
import { benchSdk } from "./sdk.js";

const SIZES = (process.env.BENCH_SIZES ?? "100,1000,10000,100000")
	.split(",")
	.map(Number);
const FULL = process.argv.includes("--full");

if ((globalThis as { gc?: unknown }).gc === undefined) {
	const child = spawnSync(
		process.execPath,
		[
			"--expose-gc",
			"--import",
			"tsx",
			fileURLToPath(import.meta.url),
			...process.argv.slice(2),
		],
		{ stdio: "inherit" },
	);
	process.exit(child.status ?? 1);
}

// Workers do not inherit tsx's loader: load it, then the check, through its API.
const WORKER = `import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))}).then((api) => api.tsImport(${JSON.stringify(new URL("./check.ts", import.meta.url).href)}, ${JSON.stringify(import.meta.url)}))`;

/** The checks per size: how many queries, and every how many the plain call is asked too. */
function jobsFor(
	size: number,
): Array<Omit<CheckJob, "from" | "to"> & { count: number }> {
	// One plain call builds the tables afresh, 50 ms at 10,000 names: sample it at scale.
	const plainEvery =
		size <= 100 ? 1 : size <= 1_000 ? 10 : size <= 10_000 ? 100 : 100;
	const count = size >= 100_000 && !FULL ? 500 : QUERIES;
	return [{ size, plainEvery, count }];
}

async function check(): Promise<
	Array<{
		size: number;
		checked: number;
		plainChecked: number;
		mismatches: number;
		examples: string[];
	}>
> {
	const workers = Math.max(1, Math.min(2, availableParallelism()));
	const results: Array<{ size: number } & CheckResult> = [];
	for (const size of SIZES) {
		for (const { plainEvery, count } of jobsFor(size)) {
			const slice = Math.ceil(count / workers);
			const parts = await Promise.all(
				Array.from({ length: workers }, (_, w) => {
					const job: CheckJob = {
						size,
						from: w * slice,
						to: Math.min(count, (w + 1) * slice),
						plainEvery,
					};
					return new Promise<CheckResult>((resolve, reject) => {
						const worker = new Worker(WORKER, { eval: true, workerData: job });
						worker.once("message", resolve);
						worker.once("error", reject);
					});
				}),
			);
			results.push({
				size,
				checked: parts.reduce((n, p) => n + p.checked, 0),
				plainChecked: parts.reduce((n, p) => n + p.plainChecked, 0),
				mismatches: parts.reduce((n, p) => n + p.mismatches, 0),
				examples: parts.flatMap((p) => p.examples),
			});
		}
	}
	return results;
}

function comparisonTable(rows: readonly Comparison[]): string[] {
	const lines = [
		"| what | ours | baseline | ratio | target |",
		"|---|---:|---:|---:|---|",
	];
	for (const row of rows) {
		lines.push(
			`| ${row.what} | ${formatTime(row.ours)} | ${formatTime(row.baseline)} (${row.baselineLabel}) | **${formatRatio(row.ours / row.baseline)}** | ${row.target ?? ""} |`,
		);
	}
	return lines;
}

const started = performance.now();
const log = (message: string): void => {
	console.error(
		`[bench ${((performance.now() - started) / 1000).toFixed(0)}s] ${message}`,
	);
};

log("checking answers: naive scan, plain call and NameIndex");
const checks = await check();
const mismatches = checks.reduce((n, c) => n + c.mismatches, 0);
for (const c of checks)
	for (const example of c.examples) console.error(`mismatch: ${example}`);

const resolveRows: ResolveRow[] = [];
const buildRows: BuildRow[] = [];
for (const size of SIZES) {
	log(`resolution at ${size} names`);
	const { rows, build } = await benchResolve(size);
	resolveRows.push(...rows);
	buildRows.push(build);
}
log("codec");
const codec = await benchCodec();
log("SDK server, wrapped and unwrapped");
const sdk = await benchSdk();
log("done");

const mix = MIX.map(
	([kind, share]) => `${kind} ${Math.round(share * 100)} %`,
).join(", ");
const lines = [
	"# Benchmarks",
	"",
	`Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ${availableParallelism()} cores, ${((performance.now() - started) / 1000).toFixed(0)} s. Every ratio compares two things measured side by side in this one run; the absolute times are there to read the ratios by and vary from machine to machine and from run to run.`,
	"",
	"## Same answers",
	"",
	"The naive scan (bench/naive.ts: per query, normalise every candidate, `fastest-levenshtein` to each, the same rules), the plain call (`resolveName(input, names)`) and the `NameIndex` call must give identical results (`kind`, `name`, `reason`, `distance`, `suggestions`, and `suggest`), on queries that cycle through default options, `limit: 1`, and `limit: 5` with a protected set.",
	"",
	"| names | queries checked | of them also as a plain call | mismatches |",
	"|---:|---:|---:|---:|",
	...checks.map(
		(c) =>
			`| ${c.size.toLocaleString("en-US")} | ${c.checked.toLocaleString("en-US")} | ${c.plainChecked.toLocaleString("en-US")} | **${c.mismatches}** |`,
	),
	"",
	`## resolveName and suggest: NameIndex against the naive scan`,
	"",
	`Catalogs (bench/data.ts) are servers of 5 to 200 tools behind a namespace, every tenth a real catalog from tests/fixtures; the query stream is ${mix}. The naive side is timed on a sample of each group spread over it, the index on the whole group (at 100,000 names on 2,000 of the mixed stream).`,
	"",
	...resolveTable(resolveRows),
	"",
	"## Building a NameIndex",
	"",
	...buildTable(buildRows),
	"",
	"## Codec",
	"",
	...comparisonTable(codec.rows),
	"",
	`Heap of a codec holding 10,000 names: **${formatBytes(codec.heap)}** (target < 5 MB).`,
	"",
	"## SDK server: wrapped against unwrapped",
	"",
	"`McpServer` of @modelcontextprotocol/sdk with 1,000 tools, `Client` over `InMemoryTransport.createLinkedPair()`, `wrapServer` from mcp-tool-names/sdk; the median of three side-by-side rounds.",
	"",
	...comparisonTable(sdk),
	"",
];
const text = `${lines.join("\n")}\n`;
writeFileSync(new URL("./RESULTS.md", import.meta.url), text);
console.log(text);
if (mismatches > 0) {
	console.error(
		`${mismatches} mismatches between the naive scan, the plain call and NameIndex`,
	);
	process.exit(1);
}
