import { mkdirSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, requireBuild } from "../dist/_dist.js";
import { extractBlocks } from "../docs/_blocks.js";
import {
	installedVersion,
	packTarball,
	runLine,
	shellLines,
	tempDir,
	userEnv,
	writeFiles,
} from "./_project.js";

/*
 * The README's first screen, as a user follows it: a fresh `npm init -y` project outside the
 * repository (CommonJS by default), the README's install line run as written (the package
 * from its packed tarball), the README's server saved as `server.mjs`, started with
 * `node server.mjs` by a real SDK client over stdio, which lists and calls its tool. Once for
 * the 1.x SDK, once for the 2.x packages, concurrently, from one pack.
 */

requireBuild();

const README = readFileSync(join(ROOT, "README.md"), "utf8");
const shBlocks = [...README.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map(
	(match) => match[1] ?? "",
);
const codeBlocks = extractBlocks(ROOT, join(ROOT, "README.md"));

/** One SDK line: the README's install line and server for it. */
interface Variant {
	label: string;
	/** The SDK package the README's line installs and its server imports. */
	sdk: string;
	major: RegExp;
}

const VARIANTS: Variant[] = [
	{ label: "1.x", sdk: "@modelcontextprotocol/sdk", major: /^1\./ },
	{ label: "2.x", sdk: "@modelcontextprotocol/server", major: /^2\./ },
];

function installLineOf(variant: Variant): string {
	const line = shBlocks
		.flatMap(shellLines)
		.find(
			(text) =>
				text.startsWith("npm i mcp-tool-names ") &&
				text.includes(` ${variant.sdk} `),
		);
	if (line === undefined)
		throw new Error(
			`README.md has no \`npm i mcp-tool-names ${variant.sdk} …\` line`,
		);
	return line;
}

function serverOf(variant: Variant): string {
	const block = codeBlocks.find(
		(b) => b.kind === "program" && b.code.includes(`from "${variant.sdk}`),
	);
	if (block === undefined)
		throw new Error(`README.md has no server block importing ${variant.sdk}`);
	return block.code;
}

interface Project {
	dir: string;
	ms: number;
}

let work: string;
const projects = new Map<string, Promise<Project>>();

async function setUp(variant: Variant, tarball: string): Promise<Project> {
	const t0 = Date.now();
	const dir = join(work, variant.label);
	mkdirSync(dir);
	const env = userEnv();
	await runLine("npm init -y", dir, env, tarball);
	await runLine(installLineOf(variant), dir, env, tarball);
	writeFiles(dir, { "server.mjs": serverOf(variant) });
	return { dir, ms: Date.now() - t0 };
}

beforeAll(async () => {
	work = tempDir("readme");
	const tarball = await packTarball(join(work, "pack"));
	for (const variant of VARIANTS) {
		const project = setUp(variant, tarball);
		project.catch(() => {});
		projects.set(variant.label, project);
	}
}, 120_000);

afterAll(async () => {
	await Promise.allSettled(projects.values());
	if (work !== undefined) await rm(work, { recursive: true, force: true });
}, 300_000);

describe("the README's server, in a fresh npm init -y project", () => {
	it.each(VARIANTS)(
		"with $sdk, starts with node server.mjs, lists the wire name and routes a call",
		async (variant) => {
			const project = await projects.get(variant.label);
			if (project === undefined)
				throw new Error(`${variant.label} never set up`);
			const manifest = JSON.parse(
				readFileSync(join(project.dir, "package.json"), "utf8"),
			) as { type?: string };
			// npm init -y's default: a CommonJS project, where only the .mjs name makes it ESM
			expect(manifest.type ?? "commonjs").toBe("commonjs");
			expect(installedVersion(project.dir, variant.sdk)).toMatch(variant.major);
			const client = new Client({ name: "readme-check", version: "1.0.0" });
			const transport = new StdioClientTransport({
				command: process.execPath,
				args: ["server.mjs"],
				cwd: project.dir,
				stderr: "pipe",
			});
			let stderr = "";
			transport.stderr?.on("data", (chunk: Buffer) => {
				stderr += chunk.toString();
			});
			try {
				await client.connect(transport);
				const { tools } = await client.listTools();
				expect(tools.map((tool) => tool.name)).toEqual([
					"websearch_fetch_content",
				]);
				for (const name of [
					"websearch_fetch_content",
					"websearch/fetch_content",
				]) {
					const result = await client.callTool({
						name,
						arguments: { url: "https://example.com" },
					});
					expect(result.content, `${name}; server stderr:\n${stderr}`).toEqual([
						{ type: "text", text: "Fetched https://example.com" },
					]);
				}
			} finally {
				await client.close();
			}
			// The SDK's name warning goes to stderr, as the README says; stdout stays the protocol's.
			expect(stderr).toContain(
				'Tool name validation warning for "websearch/fetch_content"',
			);
			console.info(
				`README ${variant.label}: set up in ${(project.ms / 1000).toFixed(1)} s`,
			);
		},
		300_000,
	);
});
