import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT: string = resolve(
	dirname(fileURLToPath(import.meta.url)),
	"../..",
);
export const DIST: string = join(ROOT, "dist");
export const ENTRIES = [
	"index",
	"jsonrpc",
	"sdk",
	"testing",
	"redis",
	"cli",
] as const;

/** Fails with a clear message when the package has not been built. */
export function requireBuild(): void {
	if (!existsSync(join(DIST, "index.js"))) {
		throw new Error(
			"dist/ is missing: run `npm run build` before the dist tests (npm test does)",
		);
	}
}

const STATIC_IMPORT =
	/(?:^|[;\n])\s*(?:import|export)\b[^'"`;]*?from\s*["']([^"']+)["']|(?:^|[;\n])\s*import\s*["']([^"']+)["']/g;
const REQUIRE = /\brequire\(\s*["']([^"']+)["']\s*\)/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

export interface ImportGraph {
	/** Files reached through static imports, relative to dist/. */
	files: string[];
	/** Bare specifiers imported statically anywhere in the graph. */
	external: string[];
	/** Specifiers imported with `import()` anywhere in the graph. */
	dynamic: string[];
}

/** Follows the static imports (or requires) of a built entry through its chunks. */
export function importGraph(entry: string): ImportGraph {
	const files = new Set<string>();
	const external = new Set<string>();
	const dynamic = new Set<string>();
	const pattern = entry.endsWith(".cjs") ? REQUIRE : STATIC_IMPORT;
	const visit = (file: string): void => {
		if (files.has(file)) return;
		files.add(file);
		const code = readFileSync(join(DIST, file), "utf8");
		for (const match of code.matchAll(pattern)) {
			const specifier = (match[1] ?? match[2]) as string;
			if (specifier.startsWith(".")) visit(join(dirname(file), specifier));
			else external.add(specifier);
		}
		for (const match of code.matchAll(DYNAMIC_IMPORT))
			dynamic.add(match[1] as string);
	};
	visit(entry);
	return { files: [...files], external: [...external], dynamic: [...dynamic] };
}
