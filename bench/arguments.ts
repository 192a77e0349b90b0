/**
 * Resolution with arguments (rule 7) against without, side by side, and the far-miss stream
 * against the ranking alone: `npm run bench:arguments` writes its section of RESULTS.md.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { NameIndex, resolveName } from "../src/index.js";
import { formatRatio, formatTime, measure, repeated } from "./_measure.js";
import { catalog, farMisses, QUERIES, queries } from "./data.js";
import { naiveRanking } from "./naive.js";

const SIZES = [10_000, 100_000];

/** A schema per tool: plural-looking names take `ids`, others `id` (both required). */
function toolsOf(names: readonly string[]) {
	return names.map((name) => {
		const key = name.endsWith("s") ? "ids" : "id";
		return {
			name,
			inputSchema: {
				type: "object",
				properties: { [key]: { type: key === "ids" ? "array" : "string" } },
				required: [key],
			},
		};
	});
}

const rows: string[] = [];
for (const size of SIZES) {
	const names = catalog(size);
	const plain = new NameIndex(names);
	const withSchemas = new NameIndex(toolsOf(names));
	const stream = queries(names, QUERIES)
		.slice(0, size >= 100_000 ? 1_000 : 3_000)
		.map((q) => q.input);
	const args = { id: "x" };
	const options =
		size >= 100_000 ? { time: 0, iterations: 3 } : { time: 200, iterations: 5 };
	const mixed = await measure(
		[
			repeated("without", stream, (input) => resolveName(input, plain)),
			repeated("with", stream, (input) =>
				resolveName(input, withSchemas, { arguments: args }),
			),
		],
		options,
	);
	const far = farMisses(1_000);
	const sample = far.slice(0, size >= 100_000 ? 5 : 30);
	const farTimes = await measure(
		[
			{
				name: "ranking",
				ops: sample.length,
				run: () => {
					for (const input of sample) naiveRanking(input, names);
				},
			},
			repeated("index", far, (input) =>
				resolveName(input, withSchemas, { arguments: args }),
			),
		],
		options,
	);
	const without = mixed.get("without") as number;
	const withArgs = mixed.get("with") as number;
	const ranking = farTimes.get("ranking") as number;
	const index = farTimes.get("index") as number;
	rows.push(
		`| ${size.toLocaleString("en-US")} | mixed stream, with arguments against without | ${formatTime(without)} | ${formatTime(withArgs)} | **${formatRatio(withArgs / without)}** (≤ 1.10×) |`,
		`| ${size.toLocaleString("en-US")} | far-miss stream with arguments, ranking alone against the index | ${formatTime(ranking)} | ${formatTime(index)} | **${formatRatio(ranking / index)}** (≥ ${size >= 100_000 ? 30 : 20}×) |`,
	);
	console.error(rows.slice(-2).join("\n"));
}

const section = [
	"<!-- arguments:start -->",
	"## resolveName with arguments (rule 7)",
	"",
	`Written by \`npm run bench:arguments\` on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}. The catalogs and query stream of the section above (bench/data.ts); every tool carries a schema requiring \`id\` (a string) or, for a name ending in \`s\`, \`ids\` (an array), and every query passes \`{ id: "x" }\`: the rivals of each query are checked against their schemas. The first row times the same stream through a \`NameIndex\` of names without arguments and through a \`NameIndex\` of tool objects with arguments; the second, the far-miss stream with arguments against the ranking alone (normalise and \`fastest-levenshtein\` every candidate).`,
	"",
	"| names | what | first | second | ratio |",
	"|---:|---|---:|---:|---:|",
	...rows,
	"<!-- arguments:end -->",
	"",
].join("\n");
const target =
	process.env.BENCH_RESULTS ?? new URL("./RESULTS.md", import.meta.url);
const previous = existsSync(target) ? readFileSync(target, "utf8") : "";
const marked = /<!-- arguments:start -->[\s\S]*<!-- arguments:end -->\n?/;
writeFileSync(
	target,
	marked.test(previous)
		? previous.replace(marked, section)
		: `${previous.trimEnd()}\n\n${section}`,
);
console.log(section);
