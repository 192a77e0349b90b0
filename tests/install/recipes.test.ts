import { copyFileSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, requireBuild } from "../dist/_dist.js";
import { exampleAfter } from "../docs/_blocks.js";
import {
	copiesOf,
	installedVersion,
	nodeBinary,
	packTarball,
	runLine,
	tempDir,
	tscInit,
	typeCheck,
	userEnv,
	writeFiles,
} from "./_project.js";
import { installRecipes } from "./_recipes.js";

/*
 * docs/hosts.md, "Install": each line run as written in an empty ESM project outside the
 * repository (the package from its packed tarball, npm's local cache first), on the Node the
 * recipe names (another major through `npx -p node@N`), then the framework's example from the
 * same guide type-checked with `tsc --noEmit` and the defaults `tsc --init` writes, which
 * include `exactOptionalPropertyTypes`. The recipes run concurrently from one pack.
 */

requireBuild();

const GUIDE = "docs/hosts.md";
const CONTEXTS = join(ROOT, "tests", "docs", "contexts");

/** The heading of each framework's section, whose first example the recipe must check. */
const EXAMPLES: Record<string, string> = {
	ai: "## Vercel AI SDK",
	"openai-agents": "## OpenAI Agents SDK",
	langchain: "## LangChain",
};

/** What npm must pick on each Node (the guide says why), and what must be one copy. */
const EXPECTED: Record<
	string,
	{ versions: Record<string, RegExp>; single?: string[] }
> = {
	"ai@20": {
		versions: { ai: /^6\./, "@ai-sdk/mcp": /^1\./ },
		single: ["@ai-sdk/provider-utils"],
	},
	"ai@22": {
		versions: { ai: /^7\./, "@ai-sdk/mcp": /^2\./ },
		single: ["@ai-sdk/provider-utils"],
	},
	"openai-agents@20": {
		versions: { "@openai/agents": /^0\.14\./, openai: /^6\./ },
	},
	"openai-agents@22": {
		versions: { "@openai/agents": /^0\.(1[5-9]|[2-9]\d)\./, openai: /^7\./ },
	},
	"langchain@20": {
		versions: {
			"@langchain/core": /^1\./,
			"@langchain/langgraph": /^1\./,
			"@langchain/mcp-adapters": /^1\./,
		},
	},
};

interface Outcome {
	dir: string;
	code: number;
	output: string;
	versions: Record<string, string>;
	copies: Record<string, string[]>;
	ms: number;
}

interface Job {
	key: string;
	name: string;
	node: number;
	lines: string[];
	files: Record<string, string>;
	/** Files that are not the example: a context of declarations, copied in. */
	context?: string;
	watch: string[];
}

const recipes = installRecipes(join(ROOT, GUIDE));
const jobs: Job[] = recipes.flatMap((recipe) =>
	recipe.nodes.map((node): Job => {
		const heading = EXAMPLES[recipe.name];
		if (heading === undefined)
			throw new Error(
				`${GUIDE}:${recipe.line}: no example for "${recipe.name}"`,
			);
		const example = exampleAfter(ROOT, GUIDE, heading);
		const key = `${recipe.name}@${node}`;
		const expected = EXPECTED[key];
		const files: Record<string, string> = { "example.ts": example.code };
		// On ai 7 the repair option has a non-experimental name: the guide says to use it.
		if (key === "ai@22" || key === "ai@20")
			files["repair-option.ts"] = example.code.replace(
				/\bexperimental_repairToolCall:/,
				"repairToolCall:",
			);
		return {
			key,
			name: recipe.name,
			node,
			lines: recipe.lines,
			files,
			...(example.kind === "excerpt" && example.context !== undefined
				? { context: example.context }
				: {}),
			watch: [
				...Object.keys(expected?.versions ?? {}),
				...(expected?.single ?? []),
			],
		};
	}),
);
// The control: the AI SDK without the overrides, as `npm i ai @ai-sdk/mcp` leaves it.
const aiRecipe = jobs.find((job) => job.key === "ai@20");
if (aiRecipe !== undefined) {
	jobs.push({
		...aiRecipe,
		key: "ai@20 without overrides",
		lines: aiRecipe.lines.filter((line) => !line.startsWith("npm pkg set")),
		files: { "example.ts": aiRecipe.files["example.ts"] ?? "" },
	});
}

const outcomes = new Map<string, Promise<Outcome>>();
let work: string;
const started = Date.now();

/** Type checks take the CPU: two at a time, while the installs run on. */
const lanes = { free: 2, waiting: [] as (() => void)[] };
async function inLane<T>(task: () => Promise<T>): Promise<T> {
	if (lanes.free === 0) await new Promise<void>((go) => lanes.waiting.push(go));
	else lanes.free--;
	try {
		return await task();
	} finally {
		const next = lanes.waiting.shift();
		if (next === undefined) lanes.free++;
		else next();
	}
}

async function runJob(
	job: Job,
	tarball: string,
	nodes: Map<number, Promise<string>>,
): Promise<Outcome> {
	const t0 = Date.now();
	const dir = join(work, job.key.replace(/[^a-z0-9]+/gi, "-"));
	mkdirSync(dir);
	writeFiles(dir, {
		"package.json": `${JSON.stringify({ name: "install-check", private: true, type: "module" }, null, 2)}\n`,
		...job.files,
	});
	if (job.context !== undefined)
		copyFileSync(
			join(CONTEXTS, `${job.context}.d.ts`),
			join(dir, "context.d.ts"),
		);
	await tscInit(dir);
	const node = await (nodes.get(job.node) ?? Promise.resolve(process.execPath));
	const env = userEnv(node);
	for (const line of job.lines) await runLine(line, dir, env, tarball);
	const { code, output } = await inLane(() => typeCheck(dir));
	const versions: Record<string, string> = {};
	const copies: Record<string, string[]> = {};
	for (const name of job.watch) {
		copies[name] = copiesOf(dir, name);
		try {
			versions[name] = installedVersion(dir, name);
		} catch {
			// not at the top: only nested copies, which `copies` shows
		}
	}
	return { dir, code, output, versions, copies, ms: Date.now() - t0 };
}

beforeAll(async () => {
	work = tempDir("install");
	const tarball = await packTarball(join(work, "pack"));
	const nodes = new Map<number, Promise<string>>();
	for (const job of jobs)
		if (!nodes.has(job.node)) nodes.set(job.node, nodeBinary(job.node));
	for (const job of jobs) {
		const outcome = runJob(job, tarball, nodes);
		outcome.catch(() => {});
		outcomes.set(job.key, outcome);
	}
	// Each test awaits its own recipe; this hook only starts them.
}, 300_000);

afterAll(async () => {
	await Promise.allSettled(outcomes.values());
	const lines = await Promise.allSettled(
		[...outcomes].map(async ([key, outcome]) => {
			const { ms, versions } = await outcome;
			return `${key}: ${(ms / 1000).toFixed(1)} s, ${Object.entries(versions)
				.map(([name, version]) => `${name} ${version}`)
				.join(", ")}`;
		}),
	);
	console.info(
		[
			`install recipes, ${((Date.now() - started) / 1000).toFixed(1)} s in all:`,
			...lines.map((line) =>
				line.status === "fulfilled" ? line.value : String(line.reason),
			),
		].join("\n  "),
	);
	if (work !== undefined) await rm(work, { recursive: true, force: true });
}, 300_000);

const TIMEOUT = 600_000;

/** The outcome of a recipe, once it has run. */
async function outcomeOf(key: string): Promise<Outcome> {
	const outcome = await outcomes.get(key);
	if (outcome === undefined) throw new Error(`${key} never ran`);
	return outcome;
}

describe(`the install lines of ${GUIDE}`, () => {
	it("cover every framework entry, the AI SDK on Node 20 and 22, the Agents SDK on both", () => {
		expect(jobs.map((job) => job.key).sort()).toEqual([
			"ai@20",
			"ai@20 without overrides",
			"ai@22",
			"langchain@20",
			"openai-agents@20",
			"openai-agents@22",
		]);
	});

	for (const job of jobs.filter((j) => !j.key.includes(" "))) {
		it(
			`${job.lines.at(-1)} (Node ${job.node}) installs what the guide says and its example type-checks`,
			async () => {
				const outcome = await outcomeOf(job.key);
				const expected = EXPECTED[job.key];
				for (const [name, pattern] of Object.entries(expected?.versions ?? {}))
					expect(outcome.versions[name], name).toMatch(pattern);
				for (const name of expected?.single ?? [])
					expect(outcome.copies[name], `copies of ${name}`).toHaveLength(1);
				if (job.name === "ai" && job.node === 20) {
					// ai 6 knows only the experimental name: the renamed option is refused there.
					const errors = outcome.output
						.split("\n")
						.filter((line) => /error TS\d+/.test(line));
					expect(errors.length, outcome.output).toBeGreaterThan(0);
					expect(
						errors.every((line) =>
							/^repair-option\.ts\(\d+,\d+\): error TS2353: .*'repairToolCall'/.test(
								line,
							),
						),
						outcome.output,
					).toBe(true);
					return;
				}
				expect(outcome.output).toBe("");
				expect(outcome.code).toBe(0);
			},
			TIMEOUT,
		);
	}

	it(
		"ai 7 deprecates experimental_repairToolCall for repairToolCall, as the guide says",
		async () => {
			const outcome = await outcomeOf("ai@22");
			const dist = join(outcome.dir, "node_modules", "ai", "dist");
			const types = readdirSync(dist)
				.filter((file) => file.endsWith(".d.ts"))
				.map((file) => readFileSync(join(dist, file), "utf8"))
				.join("\n");
			expect(types).toMatch(
				/@deprecated Use `repairToolCall` instead\.\s*\*\/\s*experimental_repairToolCall\?:/,
			);
		},
		TIMEOUT,
	);

	it(
		"without the overrides, two copies of @ai-sdk/provider-utils fail the AI SDK example",
		async () => {
			const outcome = await outcomeOf("ai@20 without overrides");
			expect(
				new Set(outcome.copies["@ai-sdk/provider-utils"]).size,
			).toBeGreaterThan(1);
			expect(outcome.code).not.toBe(0);
			expect(outcome.output).toContain(
				"with 'exactOptionalPropertyTypes: true'",
			);
			expect(outcome.output).toContain("Property '[schemaSymbol]' is missing");
		},
		TIMEOUT,
	);
});
