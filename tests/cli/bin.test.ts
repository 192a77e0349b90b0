// A few runs of the built binary (dist/cli.js, with the built demo server): what only a real
// process shows. Everything else about the CLI runs in-process in main.test.ts.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_TOOLS } from "../../examples/demo-server/tools.js";
import {
	CLI,
	fixture,
	isAlive,
	plainEnv,
	ROOT,
	readPids,
	runCli,
} from "./_helpers.js";

const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
	version: string;
};
const scratch = mkdtempSync(join(tmpdir(), "mcp-tool-names-bin-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.concurrent("mcp-tool-names (built binary)", () => {
	it("audits the bundled demo server with every profile when given no target", async () => {
		const { code, stdout, stderr } = await runCli(["audit"]);
		expect(stderr).toBe("");
		expect(code).toBe(0);
		expect(stdout).toContain(
			`the demo server (mcp-tool-names-demo 1.0.0): ${DEMO_TOOLS.length} tools`,
		);
		expect(stdout).toMatch(
			/~ {2}websearch\/fetch_content +→ {2}websearch_fetch_content +renamed/,
		);
		expect(stdout).toMatch(
			/✗ {2}github\/search +→ {2}github_search_2 +collides with github\.search/,
		);
		for (const profile of ["openai", "gemini", "portable", "mcp"]) {
			expect(stdout).toMatch(new RegExp(`^${profile} {2}`, "m"));
		}
		expect(stdout).toMatch(/^anthropic .*same wire names as openai$/m);
	});

	it("auto-corrects against the demo server (exit 0) and exits 1 under --strict", async () => {
		const resolved = await runCli(["resolve", "fetch_content"]);
		expect(resolved.code).toBe(0);
		expect(resolved.stdout).toContain(
			"[mcp-tool-names] Auto-corrected tool call to websearch/fetch_content (input: fetch_content).",
		);
		const strict = await runCli(["audit", "--strict", "--profile", "gemini"]);
		expect(strict.code).toBe(1);
		expect(strict.stdout).toMatch(
			/✗ --strict: \d+ of 15 names would not be sent as is \(gemini\)\./,
		);
	});

	it("exits 2 with one sentence on an unknown command, and prints its version", async () => {
		const { code, stdout, stderr } = await runCli(["adit"], {
			env: plainEnv({ FORCE_COLOR: "0" }),
		});
		expect(code).toBe(2);
		expect(stdout).toBe("");
		expect(stderr).toBe(
			'mcp-tool-names: Unknown command "adit"; did you mean audit? expected audit, resolve or proxy (see mcp-tool-names --help)\n',
		);
		const version = await runCli(["--version"]);
		expect(version.stdout.trim()).toBe(pkg.version);
	});

	it.skipIf(process.platform === "win32")(
		"ends the server's whole tree when it is sent SIGTERM, then dies of the signal",
		async () => {
			const pidFile = join(scratch, "sigterm-pids.txt");
			const child = spawn(
				process.execPath,
				[
					CLI,
					"audit",
					"--timeout",
					"60000",
					"--",
					process.execPath,
					fixture("fork-wrapper.mjs"),
					"--hang-page",
					"1",
					"--ignore-term",
					"--pid-file",
					pidFile,
				],
				{ cwd: ROOT, env: plainEnv(), stdio: "ignore" },
			);
			const exited = new Promise<NodeJS.Signals | null>((resolve) =>
				child.on("exit", (_code, signal) => resolve(signal)),
			);
			const pids = await readPids(pidFile, 2);
			child.kill("SIGTERM");
			expect(await exited).toBe("SIGTERM");
			expect(pids.filter(isAlive)).toEqual([]);
		},
	);

	it("is the file package.json names as its bin", () => {
		const { bin } = JSON.parse(
			readFileSync(join(ROOT, "package.json"), "utf8"),
		) as {
			bin: Record<string, string>;
		};
		expect(join(ROOT, bin["mcp-tool-names"] ?? "")).toBe(CLI);
		expect(readFileSync(CLI, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(
			true,
		);
	});
});
