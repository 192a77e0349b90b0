import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { DIST, requireBuild } from "./_dist.js";

requireBuild();

// The budget of the core entry, minified and gzipped, without its one dependency.
const CORE_BUDGET_BYTES = 6 * 1024;

async function minifiedGzipSize(entry: string): Promise<number> {
	const result = await build({
		entryPoints: [`${DIST}/${entry}`],
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
	it(`keeps the core entry under ${CORE_BUDGET_BYTES} bytes min+gz`, async () => {
		const size = await minifiedGzipSize("index.js");
		expect(size, `core entry is ${size} bytes min+gz`).toBeLessThan(
			CORE_BUDGET_BYTES,
		);
	});
});
