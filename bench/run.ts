/**
 * The benchmarks proper, run by bench/index.ts (`npm run bench`) after building them; see
 * there. Ratios measured side by side in one run, written to bench/RESULTS.md.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { formatBytes, formatRatio, formatTime } from "./_measure.js";
import type { CheckJob, CheckResult } from "./check.js";
import { benchCodec, type Comparison } from "./codec.js";
import { MIX, QUERIES } from "./data.js";
import {
	type BuildRow,
	benchResolve,
	buildTable,
	type ResolveRow,
	resolveTable,
} from "./resolve.js";
import { benchSdk } from "./sdk.js";
import { notes, targets } from "./targets.js";

const SIZES = (process.env.BENCH_SIZES ?? "100,1000,10000,100000")
	.split(",")
	.map(Number);
const FULL = process.argv.includes("--full");

const started = performance.now();
const log = (message: string): void => {
	console.error(
		`[bench ${((performance.now() - started) / 1000).toFixed(0)}s] ${message}`,
	);
};

/** The checks per size: how many queries, and every how many the plain call is asked too. */
function jobsFor(
	size: number,
): Array<Omit<CheckJob, "from" | "to"> & { count: number }> {
	// A plain call builds the tables afresh (what NameIndex saves): sample it at scale. The
	// naive scan takes 50 ms a query at 100,000 names: all 10,000 there only with --full.
	const plainEvery =
		size <= 100 ? 1 : size <= 1_000 ? 10 : size <= 10_000 ? 100 : 80;
	const count = size >= 100_000 && !FULL ? 400 : QUERIES;
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
		log(`checking answers at ${size} names`);
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
						const worker = new Worker(new URL("./check.js", import.meta.url), {
							workerData: job,
						});
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
	"## Targets",
	"",
	...targets({
		mismatches,
		resolve: resolveRows,
		build: buildRows,
		codec: codec.rows,
		codecHeap: codec.heap,
		sdk,
	}),
	"",
	"How to read them:",
	"",
	...notes(checks.some((c) => c.checked < QUERIES)),
	"",
	"## Same answers",
	"",
	"The naive scan (bench/naive.ts, the oracle: per query, normalise every candidate, split it into words, test every rule of DESIGN.md on it, `fastest-levenshtein` to each), the plain call (`resolveName(input, names)`) and the `NameIndex` call must give identical results (`kind`, `name`, `reason`, `distance`, `suggestions`, and `suggest`), on queries that cycle through default options, `limit: 1`, and `limit: 5` with a protected set.",
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
	`Catalogs (bench/data.ts) are servers of 5 to 200 tools behind a namespace, every tenth a real catalog from tests/fixtures; the query stream is ${mix}; the far-miss stream is 1,000 far misses of their own (bench/data.ts \`farMisses\`), timed against the oracle and against the ranking alone (normalise and \`fastest-levenshtein\` every candidate, no rule: what 0.1's baseline paid for a far miss). The index is timed on the first queries of the stream (all 10,000 at 100 and 1,000 names, 3,000 at 10,000, 1,000 at 100,000) and each group of them; the naive scan, which costs about the same for any query, on a sample of each group spread over it.`,
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
	"`McpServer` of @modelcontextprotocol/sdk with 1,000 tools, `Client` over `InMemoryTransport.createLinkedPair()`, `wrapServer` from mcp-tool-names/sdk; every operation timed with the two sides strictly alternating (which goes first alternating too), medians of 20,000 calls and 60 lists.",
	"",
	...comparisonTable(sdk),
	"",
];
const target =
	process.env.BENCH_RESULTS ?? new URL("./RESULTS.md", import.meta.url);
// `npm run bench:proxy` (bench/proxy.ts) and `npm run bench:redis` write sections of their
// own; keep them.
const previous = existsSync(target) ? readFileSync(target, "utf8") : "";
const shared = /<!-- redis:start -->[\s\S]*<!-- redis:end -->\n?/.exec(
	previous,
)?.[0];
const proxyAt = previous.indexOf("## Proxy over stdio");
const proxy =
	proxyAt === -1
		? undefined
		: previous
				.slice(proxyAt)
				.replace(/<!-- (redis|arguments):start -->[\s\S]*$/, "");
// `npm run bench:arguments` (bench/arguments.ts) writes one too.
const withArguments =
	/<!-- arguments:start -->[\s\S]*<!-- arguments:end -->\n?/.exec(
		previous,
	)?.[0];
const kept = [proxy, shared, withArguments].filter(
	(part) => part !== undefined,
);
const text = `${lines.join("\n")}\n${kept.map((part) => `\n${part}`).join("")}`;
writeFileSync(target, text);
console.log(text);
if (mismatches > 0) {
	console.error(
		`${mismatches} mismatches between the naive scan, the plain call and NameIndex`,
	);
	process.exit(1);
}
