import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

/*
 * `npm start` is the first thing a newcomer runs (README, Quick start): the first screen it
 * prints must be the demo, not some 45 lines of build output.
 */
const ROOT = new URL("../..", import.meta.url);
const scripts = (
	JSON.parse(readFileSync(new URL("package.json", ROOT), "utf8")) as {
		scripts: Record<string, string>;
	}
).scripts;

describe("npm start", () => {
	it("builds with tsup silenced, then audits the demo server", () => {
		const [build, audit, ...rest] = (scripts.start ?? "").split(" && ");
		// npm appends the arguments after `--` to the build script, whose last command is tsup
		expect(build).toBe("npm run build --silent -- --silent");
		expect(scripts.build).toMatch(/(^|&& )tsup$/);
		expect(audit).toBe("node dist/cli.js audit");
		expect(rest).toEqual([]);
	});

	it("shows the demo's audit as the first lines after the build", async () => {
		if (!existsSync(new URL("dist/cli.js", ROOT))) {
			throw new Error(
				"dist/ is missing: run `npm run build` first (npm test does)",
			);
		}
		const { stdout } = await promisify(execFile)(
			process.execPath,
			["dist/cli.js", "audit"],
			{ cwd: ROOT, env: { ...process.env, NO_COLOR: "1" } },
		);
		expect(stdout.split("\n")[0]).toMatch(/^Tool names of the demo server\b/);
	});
});
