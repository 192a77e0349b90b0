import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DIST, importGraph, ROOT, requireBuild } from "./_dist.js";

requireBuild();

/** The packages a built file bundles: esbuild heads each of their modules `// node_modules/…`. */
function bundledPackages(file: string): string[] {
	const text = readFileSync(join(DIST, file), "utf8");
	const names = [
		...text.matchAll(/^\/\/ node_modules\/((?:@[^/]+\/)?[^/]+)\//gm),
	];
	return [...new Set(names.map((match) => match[1] as string))].sort();
}

/**
 * What the CLI bundles besides the Redis client of `--store`: cross-spawn (with what it
 * requires) to start servers, and the event-stream parser.
 */
const CLI_BUNDLED = [
	"cross-spawn",
	"eventsource-parser",
	"isexe",
	"path-key",
	"shebang-command",
	"shebang-regex",
	"which",
];

describe("built import graph", () => {
	for (const format of ["js", "cjs"]) {
		it(`keeps the core (${format}) free of node: modules and SDKs`, () => {
			expect(importGraph(`index.${format}`).external).toEqual([
				"fastest-levenshtein",
			]);
		});

		it(`keeps mcp-tool-names/jsonrpc (${format}) on the core alone`, () => {
			expect(
				importGraph(`jsonrpc.${format}`).external.filter(
					(s) => s !== "fastest-levenshtein",
				),
			).toEqual([]);
		});

		it(`keeps mcp-tool-names/testing (${format}) on the core alone`, () => {
			expect(
				importGraph(`testing.${format}`).external.filter(
					(s) => s !== "fastest-levenshtein",
				),
			).toEqual([]);
		});

		it(`keeps mcp-tool-names/redis (${format}) free of any runtime import of a Redis client`, () => {
			const graph = importGraph(`redis.${format}`);
			expect(graph.external.filter((s) => s !== "fastest-levenshtein")).toEqual(
				[],
			);
			expect(graph.dynamic).toEqual([]);
		});

		it(`keeps the store logic out of the core chunks (${format})`, () => {
			const redis = importGraph(`redis.${format}`).files;
			const core = importGraph(`index.${format}`).files;
			expect(redis.some((chunk) => !core.includes(chunk))).toBe(true);
		});

		it(`never imports an SDK at runtime from mcp-tool-names/sdk (${format})`, () => {
			const graph = importGraph(`sdk.${format}`);
			expect(graph.external.filter((s) => s !== "fastest-levenshtein")).toEqual(
				[],
			);
			expect(graph.dynamic).toEqual([]);
		});

		for (const entry of ["ai", "openai-agents", "langchain"]) {
			it(`never imports its framework at runtime from mcp-tool-names/${entry} (${format})`, () => {
				const graph = importGraph(`${entry}.${format}`);
				expect(
					graph.external.filter((s) => s !== "fastest-levenshtein"),
				).toEqual([]);
				expect(graph.dynamic).toEqual([]);
			});
		}

		it(`keeps the framework entries out of the core and of each other (${format})`, () => {
			const own = (entry: string) =>
				importGraph(`${entry}.${format}`).files.filter(
					(file) => !file.startsWith("chunk-"),
				);
			expect(own("index")).toEqual([`index.${format}`]);
			for (const entry of ["ai", "openai-agents", "langchain"])
				expect(own(entry)).toEqual([`${entry}.${format}`]);
		});
	}

	it.each(["cli.js", "demo-server.js"])(
		"imports no SDK at all from %s, only node: modules and the one dependency",
		(file) => {
			const graph = importGraph(file);
			const loaded = graph.dynamic.map((chunk) => importGraph(chunk));
			for (const { external } of [graph, ...loaded])
				expect(
					external.every(
						(s) => s.startsWith("node:") || s === "fastest-levenshtein",
					),
				).toBe(true);
			// Only the CLI's own chunks load later (the --store client), never a package.
			expect(
				[graph, ...loaded]
					.flatMap((g) => g.dynamic)
					.every((s) => s.startsWith("./")),
			).toBe(true);
		},
	);

	it("bundles the --store client (ioredis) into a chunk only the CLI loads, and only for --store", () => {
		const cli = importGraph("cli.js");
		const [store, ...more] = cli.dynamic;
		expect(more).toEqual([]);
		expect(store).toMatch(/^\.\/store-client-[\w-]+\.js$/);
		expect([...new Set(cli.files.flatMap(bundledPackages))].sort()).toEqual(
			CLI_BUNDLED,
		);
		expect(readFileSync(join(DIST, store as string), "utf8")).toContain(
			"// node_modules/ioredis/",
		);
	});

	it("keeps every library chunk free of a bundled package but the event-stream parser of mcp-tool-names/jsonrpc", () => {
		const library = [
			"index",
			"jsonrpc",
			"sdk",
			"testing",
			"ai",
			"openai-agents",
			"langchain",
			"redis",
		].flatMap((entry) =>
			["js", "cjs"].flatMap(
				(format) => importGraph(`${entry}.${format}`).files,
			),
		);
		expect(library.length).toBeGreaterThan(16);
		const bundling = [...new Set(library)]
			.filter((file) => bundledPackages(file).length > 0)
			.map((file) => [file, bundledPackages(file)]);
		expect(bundling.sort()).toEqual([
			["jsonrpc.cjs", ["eventsource-parser"]],
			["jsonrpc.js", ["eventsource-parser"]],
		]);
		for (const file of library)
			expect(readFileSync(join(DIST, file), "utf8")).not.toMatch(
				/\b(?:require\(|from ?)["'](?:ioredis|redis|@redis\/client)["']/,
			);
	});

	it("leaves fastest-levenshtein the package's one dependency; Redis clients stay optional peers", () => {
		const manifest = JSON.parse(
			readFileSync(join(ROOT, "package.json"), "utf8"),
		) as Record<string, Record<string, unknown>>;
		expect(Object.keys(manifest.dependencies ?? {})).toEqual([
			"fastest-levenshtein",
		]);
		for (const client of ["ioredis", "redis"])
			expect(manifest.peerDependenciesMeta?.[client]).toEqual({
				optional: true,
			});
	});

	it("shares one copy of the core between the entries", () => {
		for (const format of ["js", "cjs"]) {
			const core = importGraph(`index.${format}`).files.filter(
				(f) => f !== `index.${format}`,
			);
			const jsonrpc = importGraph(`jsonrpc.${format}`).files;
			expect(core.length).toBeGreaterThan(0);
			expect(core.every((chunk) => jsonrpc.includes(chunk))).toBe(true);
		}
	});

	/** How many of `files` (relative to dist/) hold `marker`. */
	const holding = (files: readonly string[], marker: string): number =>
		files.filter((file) =>
			readFileSync(join(DIST, file), "utf8").includes(marker),
		).length;
	// Code of the bundled packages, as they name it themselves.
	const PARSER = "function createParser(";
	const CROSS_SPAWN = "windowsVerbatimArguments = true";

	it("bundles eventsource-parser once into mcp-tool-names/jsonrpc, and keeps it out of the core", () => {
		for (const format of ["js", "cjs"]) {
			expect(holding(importGraph(`jsonrpc.${format}`).files, PARSER)).toBe(1);
			expect(holding(importGraph(`index.${format}`).files, PARSER)).toBe(0);
		}
	});

	it("bundles cross-spawn and eventsource-parser once into the CLI", () => {
		const files = importGraph("cli.js").files;
		expect(holding(files, CROSS_SPAWN)).toBe(1);
		expect(holding(files, PARSER)).toBe(1);
	});
});
