// What the CLI asks child_process.spawn for on Windows, with the platform simulated in a
// process of its own (cross-spawn reads it when loaded). The real thing runs under Wine in
// tests/windows/wine.test.ts.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { fixture, ROOT } from "./_helpers.js";

const bin = mkdtempSync(join(tmpdir(), "mcp-tool-names-win32-"));
afterAll(() => rmSync(bin, { recursive: true, force: true }));
// What npm and uv install on Windows: `.cmd` shims for npx and a package's bin, uvx.exe.
for (const file of ["npx.cmd", "mcp-server-everything.cmd", "uvx.exe"])
	writeFileSync(join(bin, file), "");

interface Spawned {
	calls: Array<{
		command: string;
		args: string[];
		detached: boolean;
		windowsHide: boolean;
		windowsVerbatimArguments: boolean;
		shell: boolean;
	}>;
	ends: string[];
}

async function spawnedFor(
	commands: Array<{ command: string; args: string[] }>,
): Promise<Spawned> {
	const { stdout } = await promisify(execFile)(
		process.execPath,
		["--import", "tsx", fixture("spawn-as-win32.ts"), JSON.stringify(commands)],
		{
			cwd: ROOT,
			env: { ...process.env, PATH: bin, PATHEXT: ".com;.exe;.bat;.cmd" },
		},
	);
	return JSON.parse(stdout) as Spawned;
}

const SHELL_FLAGS = ["/d", "/e:on", "/v:off", "/s", "/c"];

describe("startServerProcess on Windows (simulated)", () => {
	it("runs npx, uvx and a package's .cmd shim found on PATH the way Windows can start them", async () => {
		const { calls } = await spawnedFor([
			{
				command: "npx",
				args: ["-y", "@modelcontextprotocol/server-everything"],
			},
			{ command: "uvx", args: ["mcp-server-fetch"] },
			{ command: "mcp-server-everything", args: ["a b", "x&y"] },
		]);
		const [npx, uvx, shim] = calls;
		// A .cmd shim runs through cmd.exe, found on PATH by its full name (plain spawn("npx")
		// finds nothing on Windows, and since CVE-2024-27980 will not run a .cmd itself).
		expect(npx).toMatchObject({
			command: "cmd.exe",
			windowsVerbatimArguments: true,
			shell: false,
			detached: false,
			windowsHide: true,
		});
		expect(npx?.args.slice(0, 5)).toEqual(SHELL_FLAGS);
		expect(npx?.args[5]).toContain(join(bin, "npx.cmd"));
		expect(npx?.args[5]).toContain("@modelcontextprotocol/server-everything");
		// An .exe is started directly, its arguments untouched.
		expect(uvx).toEqual({
			command: "uvx",
			args: ["mcp-server-fetch"],
			detached: false,
			windowsHide: true,
			windowsVerbatimArguments: false,
			shell: false,
		});
		// Arguments reach a .cmd quoted for cmd.exe: a space stays inside one argument, and
		// & is no operator.
		expect(shim?.command).toBe("cmd.exe");
		expect(shim?.args[5]).toBe(
			`""${join(bin, "mcp-server-everything.cmd")}" "a b" "x&y""`,
		);
	}, 30_000);

	it("says command not found when cmd.exe finds no such command, instead of waiting for its exit", async () => {
		const { calls, ends } = await spawnedFor([
			{ command: "no-such-server", args: [] },
			{ command: "npx", args: ["-y", "pkg"] },
		]);
		expect(calls[0]?.command).toBe("cmd.exe");
		expect(ends).toEqual([
			'Cannot start "no-such-server": command not found',
			"exited with code 1",
		]);
	}, 30_000);
});
