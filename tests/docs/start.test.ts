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
	it("runs scripts/start.mjs, which builds with tsup silenced", () => {
		expect(scripts.start).toBe("node scripts/start.mjs");
		expect(scripts.build).toMatch(/(^|&& )tsup$/);
		const script = readFileSync(new URL("scripts/start.mjs", ROOT), "utf8");
		expect(script).toContain('["run", "build", "--silent", "--", "--silent"]');
		expect(script).toContain("Building mcp-tool-names (about ");
	});

	it("shows the demo's audit, then what its marks mean and the commands to run next", async () => {
		if (!existsSync(new URL("dist/cli.js", ROOT))) {
			throw new Error(
				"dist/ is missing: run `npm run build` first (npm test does)",
			);
		}
		// --no-build: the other tests use dist/ meanwhile.
		const { stdout } = await promisify(execFile)(
			process.execPath,
			["scripts/start.mjs", "--no-build"],
			{ cwd: ROOT, env: { ...process.env, NO_COLOR: "1" } },
		);
		const lines = stdout.split("\n");
		expect(lines[0]).toMatch(/^Tool names of the demo server\b/);
		const legend = lines.indexOf("What the marks mean:");
		expect(legend).toBeGreaterThan(0);
		// Every mark the audit printed is explained.
		const marks = new Set(
			lines
				.slice(0, legend)
				.map((line) => /^ {2}([^\s\w]) {2}/.exec(line)?.[1])
				.filter((mark) => mark !== undefined),
		);
		expect(marks.size).toBeGreaterThan(2);
		const explained = lines.slice(legend);
		for (const mark of marks)
			expect(explained.some((line) => line.startsWith(`  ${mark}  `))).toBe(
				true,
			);
		expect(stdout).toContain(
			"npx -y mcp-tool-names audit -- <your server command>",
		);
		expect(stdout).toContain(
			"npx -y mcp-tool-names proxy -- <your server command>",
		);
	});
});
