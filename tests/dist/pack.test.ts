import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, requireBuild } from "./_dist.js";
import { installPacked, NPM, run } from "./_pack.js";

requireBuild();

// The project lives under the repository's .tmp/, so Node finds the SDK, zod and tsx in the
// repository's node_modules by walking up, while `mcp-tool-names` itself resolves to the
// tarball installed in the project: what a user installs, not the src tree.
let project: string;

beforeAll(async () => {
	mkdirSync(join(ROOT, ".tmp"), { recursive: true });
	project = mkdtempSync(join(ROOT, ".tmp", "pack-"));
	await installPacked(project, {
		name: "smoke",
		private: true,
		type: "module",
	});
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

// What `npx -y mcp-tool-names` gets: the package alone in an empty project outside this
// repository, so no SDK can be found by walking up. The servers it talks to bring their own.
describe("the packed CLI, installed alone", () => {
	let alone = "";
	let bin = "";
	const sdkServer = join(ROOT, "tests", "dist", "fixtures", "sdk-server.mjs");

	beforeAll(async () => {
		alone = mkdtempSync(join(tmpdir(), "mcp-tool-names-alone-"));
		await installPacked(alone, { name: "alone", private: true });
		bin = join(alone, "node_modules", ".bin", "mcp-tool-names");
	}, 120_000);

	afterAll(() => {
		if (alone !== "") rmSync(alone, { recursive: true, force: true });
	});

	const cli = (
		args: string[],
	): Promise<{ code: number; stdout: string; stderr: string }> =>
		run(bin, args, {
			cwd: alone,
			timeout: 60_000,
			env: { ...process.env, NO_COLOR: "1" },
		}).then(
			({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
			(error: { code?: number; stdout?: string; stderr?: string }) => ({
				code: typeof error.code === "number" ? error.code : -1,
				stdout: error.stdout ?? "",
				stderr: error.stderr ?? "",
			}),
		);

	it("installs no MCP SDK next to it", () => {
		expect(existsSync(join(alone, "node_modules", "mcp-tool-names"))).toBe(
			true,
		);
		expect(
			existsSync(join(alone, "node_modules", "@modelcontextprotocol")),
		).toBe(false);
	});

	it("audits the bundled demo server", async () => {
		const { code, stdout, stderr } = await cli([
			"audit",
			"--profile",
			"openai",
		]);
		expect(stderr).toBe("");
		expect(code).toBe(0);
		expect(stdout).toMatch(
			/websearch\/fetch_content +→ {2}websearch_fetch_content/,
		);
	});

	it("audits an SDK server from another directory, and fails --strict on its names", async () => {
		const audit = await cli([
			"audit",
			"--json",
			"--",
			process.execPath,
			sdkServer,
		]);
		expect(audit.stderr).toBe("");
		expect(audit.code).toBe(0);
		const doc = JSON.parse(audit.stdout) as {
			server: { name: string };
			toolCount: number;
		};
		expect(doc).toMatchObject({
			server: { name: "sdk-fixture" },
			toolCount: 2,
		});
		const strict = await cli([
			"audit",
			"--strict",
			"--profile",
			"openai",
			"--",
			process.execPath,
			sdkServer,
		]);
		expect(strict.code).toBe(1);
		expect(strict.stdout).toContain(
			"✗ --strict: 2 of 2 names would not be sent as is (openai).",
		);
	});

	it("resolves against it, never onto its destructive tool", async () => {
		const read = await cli([
			"resolve",
			"read_file",
			"--",
			process.execPath,
			sdkServer,
		]);
		expect(read.code).toBe(0);
		expect(read.stdout).toContain("read_file → files/read_file");
		const remove = await cli([
			"resolve",
			"files/delete_fil",
			"--",
			process.execPath,
			sdkServer,
		]);
		expect(remove.code).toBe(1);
		expect(remove.stdout).toContain(
			"files/delete_file is marked destructiveHint",
		);
	});
});
