import {
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	statSync,
	writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { DIST, ROOT, requireBuild } from "./_dist.js";
import { NPM, run } from "./_pack.js";

requireBuild();

// Budgets, minified and gzipped, without the one dependency. The codec path is what every
// server wrapper and proxy ships; the whole entry adds resolution (the closed list of slips
// with its word lists, the bit-parallel distance and its letter-class bound), audit and the
// profile descriptions, the argument checks at every public function, plan/adopt for shared
// state, their messages, resolution rules 7 (arguments against schemas) and 8 (about 0.5 KB
// together), and room for a host's prefix (`reserve`, `hostReserve`, `hostToolName` and the
// four hosts' rules, about 0.8 KB).
const CODEC_PATH_BUDGET = 6 * 1024;
const WHOLE_ENTRY_BUDGET = 16 * 1024;

mkdirSync(join(ROOT, ".tmp"), { recursive: true });
const scratch = mkdtempSync(join(ROOT, ".tmp", "size-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Bundles what importing `names` from the built core pulls in, after tree shaking. */
async function minifiedGzipSize(names: string): Promise<number> {
	const entry = join(scratch, `${names.replace(/\W+/g, "-")}.mjs`);
	writeFileSync(
		entry,
		`export ${names} from ${JSON.stringify(join(DIST, "index.js"))};\n`,
	);
	const result = await build({
		entryPoints: [entry],
		bundle: true,
		minify: true,
		format: "esm",
		write: false,
		external: ["fastest-levenshtein"],
		logLevel: "silent",
	});
	return gzipSync(result.outputFiles[0]?.contents ?? new Uint8Array(), {
		level: 9,
	}).length;
}

describe("bundle size", () => {
	it(`keeps the codec path (WireNameCodec, isWireSafe) under ${CODEC_PATH_BUDGET} bytes min+gz`, async () => {
		const size = await minifiedGzipSize("{ WireNameCodec, isWireSafe }");
		expect(size, `codec path is ${size} bytes min+gz`).toBeLessThan(
			CODEC_PATH_BUDGET,
		);
	});

	it(`keeps the whole core entry under ${WHOLE_ENTRY_BUDGET} bytes min+gz`, async () => {
		const size = await minifiedGzipSize("*");
		expect(size, `core entry is ${size} bytes min+gz`).toBeLessThan(
			WHOLE_ENTRY_BUDGET,
		);
	});
});

describe("the sizes docs/cli.md gives", () => {
	const doc = readFileSync(join(ROOT, "docs", "cli.md"), "utf8");
	const documented = (row: RegExp): number => {
		const kb = row.exec(doc)?.[1];
		if (kb === undefined) throw new Error(`docs/cli.md has no row ${row}`);
		return Number(kb) * 1000;
	};
	// Within a quarter: the doc is a guide, but 72 KB for 237 KB is not.
	const near = (claimed: number, measured: number): boolean =>
		Math.abs(claimed - measured) <= measured / 4;

	it("gives the size of dist/cli.js", () => {
		const claimed = documented(/\| `dist\/cli\.js` +\| (\d+) KB/);
		const measured = statSync(join(DIST, "cli.js")).size;
		expect(near(claimed, measured), `dist/cli.js is ${measured} bytes`).toBe(
			true,
		);
	});

	it("gives the installed size of the package, as npm pack counts it", async () => {
		const claimed = documented(
			/\| installed, package \+ dependency +\| (\d+) KB/,
		);
		const { stdout } = await run(NPM, ["pack", "--dry-run", "--json"], {
			cwd: ROOT,
		});
		const [packed] = JSON.parse(stdout) as Array<{ unpackedSize: number }>;
		const measured = packed?.unpackedSize ?? 0;
		expect(near(claimed, measured), `unpacked size is ${measured} bytes`).toBe(
			true,
		);
	}, 60_000);
});
