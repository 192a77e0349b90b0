import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { startServerProcess } from "../../src/cli/process/server-process.js";
import { causeLines, StderrLog } from "../../src/cli/process/stderr.js";
import {
	createIo,
	fixture,
	isAlive,
	processesWith,
	ROOT,
	readPids,
} from "./_helpers.js";

const scratch = mkdtempSync(join(tmpdir(), "mcp-tool-names-process-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let files = 0;
const pidFile = (): string => join(scratch, `pids-${files++}.txt`);

const raw = fixture("raw-server.mjs");
const wrapper = fixture("fork-wrapper.mjs");
const posix = process.platform !== "win32";

/** The three ways client configs start servers: directly, through a shell, through a launcher. */
function startedThreeWays(
	flags: string[],
): Array<[string, (file: string) => string[], number]> {
	return [
		[
			"directly",
			(file) => [process.execPath, raw, ...flags, "--pid-file", file],
			1,
		],
		[
			"through sh -c",
			(file) => [
				"sh",
				"-c",
				`"${process.execPath}" "${raw}" ${flags.join(" ")} --pid-file "${file}"`,
			],
			1,
		],
		[
			"through a launcher that forks the server",
			(file) => [process.execPath, wrapper, ...flags, "--pid-file", file],
			2,
		],
	];
}

describe.skipIf(!posix)("startServerProcess", () => {
	it.each(startedThreeWays(["--keep-alive", "--ignore-term"]))(
		"ends the whole tree of a server started %s that ignores stdin's end and SIGTERM",
		async (_how, argv, count) => {
			const file = pidFile();
			const [command = "", ...args] = argv(file);
			const server = startServerProcess({ command, args });
			await server.spawned;
			const pids = await readPids(file, count);
			expect(pids.every(isAlive)).toBe(true);
			expect(await server.end({ stdinGraceMs: 50, termGraceMs: 200 })).toBe(
				true,
			);
			expect(pids.filter(isAlive)).toEqual([]);
			expect(await server.exited).toEqual(
				expect.objectContaining({ code: null }),
			);
		},
	);

	it("forwards a signal to the server in forward mode, and lets its owner exit with the server's code", async () => {
		const owner = spawn(
			process.execPath,
			["--import", "tsx", fixture("forward-signals.ts")],
			{ cwd: ROOT, stdio: ["ignore", "pipe", "ignore"] },
		);
		let out = "";
		const ready = new Promise<void>((resolve) => {
			owner.stdout.on("data", (chunk: Buffer) => {
				out += chunk.toString();
				if (out.includes("server ready")) resolve();
			});
		});
		const exited = new Promise<number | null>((resolve) =>
			owner.on("exit", (code) => resolve(code)),
		);
		await ready;
		owner.kill("SIGTERM");
		expect(await exited).toBe(7);
		expect(out).toContain('{"code":7,"signal":null}');
	});

	it("gives the server the whole environment", async () => {
		const server = startServerProcess({
			command: process.execPath,
			args: ["-e", "process.stdout.write(process.env.MCP_TOOL_NAMES_SECRET)"],
			env: { ...process.env, MCP_TOOL_NAMES_SECRET: "s3cret" },
		});
		let out = "";
		server.stdout.on("data", (chunk: Buffer) => {
			out += chunk.toString();
		});
		expect(await server.exited).toEqual({ code: 0, signal: null });
		await server.end();
		expect(out).toBe("s3cret");
	});

	it("rejects spawned for a command that does not exist, and still settles exited", async () => {
		const server = startServerProcess({
			command: "mcp-tool-names-no-such-command",
			args: [],
		});
		await expect(server.spawned).rejects.toMatchObject({ code: "ENOENT" });
		expect(await server.exited).toEqual({ code: null, signal: null });
		expect(await server.end()).toBe(true);
	});

	it("captures stderr and resolves exited with the exit code", async () => {
		const server = startServerProcess({
			command: process.execPath,
			args: [raw, "--crash"],
		});
		expect((await server.exited).code).toBe(1);
		await server.end();
		expect(server.stderr.cause()).toEqual(["Error: LINEAR_API_KEY is not set"]);
		expect(server.stderr.fatalLine).toBe("Error: LINEAR_API_KEY is not set");
	});
});

describe.skipIf(!posix)(
	"main with servers that outlive the end of stdin",
	() => {
		it.each(startedThreeWays(["--keep-alive"]))(
			"prints the result and leaves no process of a server started %s",
			async (_how, argv, count) => {
				const file = pidFile();
				const fake = createIo();
				const code = await main(
					["audit", "--profile", "mcp", "--", ...argv(file)],
					fake.io,
				);
				expect(fake.stderr()).toBe("");
				expect(code).toBe(0);
				expect(fake.stdout()).toContain("gitlab/create_issue");
				const pids = await readPids(file, count);
				expect(pids.filter(isAlive)).toEqual([]);
			},
		);

		it("ends the tree of a server that timed out, however far it got", async () => {
			const file = pidFile();
			const fake = createIo();
			const code = await main(
				[
					"audit",
					// Room for both processes to start on a loaded machine: the fatal line ends
					// the run long before this.
					"--timeout",
					"10000",
					"--",
					process.execPath,
					wrapper,
					"--hang-page",
					"1",
					"--ignore-term",
					"--pid-file",
					file,
				],
				fake.io,
			);
			expect(code).toBe(2);
			expect(fake.stderr()).toContain("within 1000 ms (--timeout)");
			// On a slow machine the launcher may have been ended before it started the server:
			// look for every process that has the pid file on its command line as well.
			expect(processesWith(file)).toEqual([]);
			const pids = await readPids(file, 1);
			expect(pids.filter(isAlive)).toEqual([]);
		});
	},
);

describe("StderrLog", () => {
	it("keeps what a server wrote and notices the first fatal line", () => {
		const log = new StderrLog();
		const seen: string[] = [];
		log.onFatal((line) => seen.push(line));
		log.push("starting\nError: getaddrinfo ENOTF");
		expect(log.fatalLine).toBeUndefined();
		log.push(Buffer.from("OUND api.stripe.com\n    at x\n"));
		expect(seen).toEqual(["Error: getaddrinfo ENOTFOUND api.stripe.com"]);
		expect(log.text).toContain("starting\n");
		const late: string[] = [];
		log.onFatal((line) => late.push(line));
		expect(late).toEqual(seen);
	});

	it("does not take ordinary log lines for fatal ones", () => {
		const log = new StderrLog();
		log.push(
			"info: listening\n[warn] retrying after ValidationError: x\nerror count: 0\n",
		);
		expect(log.fatalLine).toBeUndefined();
	});
});

describe("causeLines", () => {
	it("quotes a Node crash by its Error line, not by the Node.js footer", () => {
		const text = [
			"file:///srv/server.mjs:3",
			'  throw new Error("LINEAR_API_KEY is not set");',
			"  ^",
			"",
			"Error: LINEAR_API_KEY is not set",
			"    at file:///srv/server.mjs:3:9",
			"    at ModuleJob.run (node:internal/modules/esm/module_job:325:25)",
			"",
			"Node.js v20.20.2",
		].join("\n");
		expect(causeLines(text)).toEqual(["Error: LINEAR_API_KEY is not set"]);
	});

	it("keeps the lines that go with the error, up to the stack, at most three", () => {
		const text =
			"TypeError [ERR_INVALID_URL]: Invalid URL\n  input: 'x'\n  more: 1\n  and: 2\n    at new URL\n";
		expect(causeLines(text)).toEqual([
			"TypeError [ERR_INVALID_URL]: Invalid URL",
			"input: 'x'",
			"more: 1",
		]);
	});

	it("finds the last line of a Python traceback", () => {
		const text =
			"Traceback (most recent call last):\n  File \"/srv/main.py\", line 1, in <module>\n    import mcp\nModuleNotFoundError: No module named 'mcp'\n";
		expect(causeLines(text)).toEqual([
			"ModuleNotFoundError: No module named 'mcp'",
		]);
	});

	it("falls back to the last meaningful lines, and strips colours", () => {
		expect(
			causeLines(
				"\u001b[31mstarting\u001b[0m\nLINEAR_API_KEY is not set\n\nNode.js v22.1.0\n",
			),
		).toEqual(["starting", "LINEAR_API_KEY is not set"]);
		expect(causeLines("")).toEqual([]);
	});
});
