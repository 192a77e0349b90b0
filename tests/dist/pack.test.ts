import { execFile } from "node:child_process";
import {
	cpSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	rmSync,
	writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, requireBuild } from "./_dist.js";

requireBuild();

const run = promisify(execFile);
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";

// The project lives under the repository's .tmp/, so Node finds the SDK, zod and tsx in the
// repository's node_modules by walking up, while `mcp-tool-names` itself resolves to the
// tarball installed in the project: what a user installs, not the src tree.
let project: string;

beforeAll(async () => {
	mkdirSync(join(ROOT, ".tmp"), { recursive: true });
	project = mkdtempSync(join(ROOT, ".tmp", "pack-"));
	await run(NPM, ["pack", "--silent", "--pack-destination", project], {
		cwd: ROOT,
	});
	const tarball = readdirSync(project).find((file) => file.endsWith(".tgz"));
	if (tarball === undefined) throw new Error("npm pack wrote no tarball");
	writeFileSync(
		join(project, "package.json"),
		JSON.stringify({ name: "smoke", private: true, type: "module" }),
	);
	await run(
		NPM,
		[
			"install",
			"--no-audit",
			"--no-fund",
			"--prefer-offline",
			"--no-package-lock",
			`./${tarball}`,
		],
		{ cwd: project },
	);
	cpSync(join(ROOT, "examples"), join(project, "examples"), {
		recursive: true,
	});
}, 120_000);

afterAll(() => {
	if (project !== undefined) rmSync(project, { recursive: true, force: true });
});

const node = (args: string[]): Promise<{ stdout: string; stderr: string }> =>
	run(process.execPath, args, { cwd: project, timeout: 60_000 });

describe("the packed package, installed", () => {
	it("ships only dist, the readme, the changelog and the licence", async () => {
		const { stdout } = await run(NPM, ["pack", "--dry-run", "--json"], {
			cwd: ROOT,
		});
		const [{ files }] = JSON.parse(stdout) as [{ files: { path: string }[] }];
		const paths = files.map((file) => file.path);
		expect(
			paths.every((path) =>
				/^(dist\/|README\.md$|CHANGELOG\.md$|LICENSE$|package\.json$)/.test(
					path,
				),
			),
		).toBe(true);
		expect(paths).toContain("dist/cli.js");
		expect(paths).toContain("dist/demo-server.js");
	});

	it("loads every entry point from ESM and CommonJS", async () => {
		const entries = [
			"mcp-tool-names",
			"mcp-tool-names/jsonrpc",
			"mcp-tool-names/sdk",
			"mcp-tool-names/testing",
			"mcp-tool-names/ai",
			"mcp-tool-names/openai-agents",
			"mcp-tool-names/langchain",
		];
		const esm = entries
			.map((entry) => `await import(${JSON.stringify(entry)})`)
			.join(";");
		await node(["--input-type=module", "-e", esm]);
		const cjs = entries
			.map((entry) => `require(${JSON.stringify(entry)})`)
			.join(";");
		const { stdout } = await node([
			"-e",
			`${cjs};console.log(require("mcp-tool-names").resolveName("vercek", ["vercel"]).kind)`,
		]);
		expect(stdout.trim()).toBe("corrected");
	});

	it("runs the CLI audit of the bundled demo server", async () => {
		const bin = join(project, "node_modules", ".bin", "mcp-tool-names");
		const { stdout } = await run(
			bin,
			["audit", "--profile", "openai", "--json"],
			{
				cwd: project,
				timeout: 60_000,
				env: { ...process.env, NO_COLOR: "1" },
			},
		);
		const report = JSON.parse(stdout) as {
			profiles: { entries: { name: string; wire: string }[] }[];
		};
		const entries = report.profiles[0]?.entries ?? [];
		expect(entries).toContainEqual(
			expect.objectContaining({
				name: "websearch/fetch_content",
				wire: "websearch_fetch_content",
			}),
		);
	});

	it("runs the host-client example against the installed package", async () => {
		const { stdout } = await node([
			"--import",
			"tsx",
			"examples/host-client.ts",
		]);
		expect(stdout).toContain("Tools for the model: websearch_fetch_content");
		expect(stdout).toContain("Result: Fetched https://example.com");
	});
});
