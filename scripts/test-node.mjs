// `npm run test:node`: the tests that exercise the built package (CLI, proxy, dist entries,
// core, SDK adapters) on Node 22 and 24 as well, through npm's `node` packages, without
// touching the machine's Node. `npm test` runs everything on the machine's Node.
// Run `npm run build` first (npm test does). Pass versions to choose: `npm run test:node -- 24`.
import { spawnSync } from "node:child_process";
import process from "node:process";

const SUBSET = [
	"tests/core",
	"tests/cli",
	"tests/dist",
	"tests/adapters/sdk",
	"tests/e2e/proxy.test.ts",
	"tests/e2e/stdio.test.ts",
	"tests/docs/start.test.ts",
];
const versions = process.argv.slice(2).filter((arg) => /^\d+$/.test(arg));
const npx = process.platform === "win32" ? "npx.cmd" : "npx";
const root = new URL("..", import.meta.url);

for (const version of versions.length > 0 ? versions : ["22", "24"]) {
	const node = ["-y", "-p", `node@${version}`, "node"];
	const seen = spawnSync(npx, [...node, "-p", "process.version"], {
		cwd: root,
		encoding: "utf8",
		shell: process.platform === "win32",
	});
	const actual = seen.stdout.trim();
	if (seen.status !== 0 || !actual.startsWith(`v${version}.`)) {
		process.stderr.write(
			`Could not run Node ${version} through npx -p node@${version} (got ${JSON.stringify(actual)}): ${seen.stderr.trim()}\n`,
		);
		process.exit(1);
	}
	process.stderr.write(`\nTests on Node ${actual}:\n`);
	const run = spawnSync(
		npx,
		[...node, "node_modules/vitest/vitest.mjs", "run", ...SUBSET],
		{ cwd: root, stdio: "inherit", shell: process.platform === "win32" },
	);
	if (run.status !== 0) {
		process.stderr.write(`Tests failed on Node ${actual}.\n`);
		process.exit(run.status ?? 1);
	}
}
