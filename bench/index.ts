/**
 * `npm run bench`: builds the benchmarks and the library with esbuild, as tsup ships it (tsx
 * would add `keepNames` wrappers to every closure, which costs the library and not the
 * baseline), then runs them with `node --expose-gc` for the heap readings. The results go to
 * bench/RESULTS.md. `--full` checks all 10,000 queries at 100,000 names too; `--sdk` runs only
 * the wrapped-server round trips (bench/sdk-main.ts) and prints them.
 */
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = fileURLToPath(new URL(".", import.meta.url));
const out = join(here, "..", ".tmp", `bench-${process.pid}`);
await build({
	entryPoints: [
		join(here, "run.ts"),
		join(here, "check.ts"),
		join(here, "sdk-main.ts"),
	],
	outdir: out,
	bundle: true,
	splitting: true,
	format: "esm",
	platform: "node",
	target: "node20",
	packages: "external",
	logLevel: "warning",
});
const child = spawnSync(
	process.execPath,
	[
		"--expose-gc",
		join(out, process.argv.includes("--sdk") ? "sdk-main.js" : "run.js"),
		...process.argv.slice(2).filter((arg) => arg !== "--sdk"),
	],
	{
		stdio: "inherit",
		env: { ...process.env, BENCH_RESULTS: join(here, "RESULTS.md") },
	},
);
rmSync(out, { recursive: true, force: true });
process.exit(child.status ?? 1);
