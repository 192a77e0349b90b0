import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const SCRIPT = fileURLToPath(
	new URL("../../scripts/check-structure.mjs", import.meta.url),
);
const roots: string[] = [];

/** A throw-away repository root holding `files` (paths relative to it). */
function tree(files: Record<string, string>): string {
	const root = mkdtempSync(join(tmpdir(), "structure-"));
	roots.push(root);
	for (const [path, text] of Object.entries(files)) {
		mkdirSync(dirname(join(root, path)), { recursive: true });
		writeFileSync(join(root, path), text);
	}
	return root;
}

function check(root: string): { status: number | null; output: string } {
	const run = spawnSync(process.execPath, [SCRIPT, root], { encoding: "utf8" });
	return { status: run.status, output: run.stdout + run.stderr };
}

afterEach(() => {
	for (const root of roots.splice(0))
		rmSync(root, { recursive: true, force: true });
});

describe("scripts/check-structure.mjs", () => {
	it("passes a tree whose imports point one way and whose exports are all used", () => {
		const root = tree({
			"src/index.ts": 'export { greet } from "./greet.js";\n',
			"src/greet.ts":
				'import type { Name } from "./name.js";\nexport function greet(name: Name): string { return name; }\n',
			"src/name.ts": "export type Name = string;\n",
		});
		expect(check(root)).toMatchObject({ status: 0 });
	});

	it("fails on a cycle made of type imports alone", () => {
		const root = tree({
			"src/index.ts": 'export { a } from "./a.js";\n',
			"src/a.ts":
				'import type { B } from "./b.js";\nexport type A = { b?: B };\nexport const a = 1;\n',
			"src/b.ts":
				'import type { A } from "./a.js";\nexport type B = { a?: A };\n',
		});
		const { status, output } = check(root);
		expect(status).toBe(1);
		expect(output).toContain("import cycle: src/a.ts ⇄ src/b.ts");
	});

	it("fails on an export that no file imports, and accepts one a test imports", () => {
		const root = tree({
			"src/index.ts": 'export { used } from "./parts.js";\n',
			"src/parts.ts":
				"export const used = 1;\nexport const tested = 2;\nexport const dead = 3;\n",
			"tests/parts.test.ts":
				'import { tested } from "../src/parts.js";\nvoid tested;\n',
		});
		const { status, output } = check(root);
		expect(status).toBe(1);
		expect(output).toContain(
			"src/parts.ts: export dead is imported by nothing",
		);
		expect(output).not.toContain("export tested");
	});

	it("fails on a source file over 600 lines", () => {
		const body = Array.from(
			{ length: 601 },
			(_, i) => `export const v${i} = ${i};`,
		).join("\n");
		const root = tree({
			"src/index.ts": 'export * from "./long.js";\n',
			"src/long.ts": `${body}\n`,
		});
		const { status, output } = check(root);
		expect(status).toBe(1);
		expect(output).toContain("src/long.ts: 601 lines");
	});

	it("fails on a function over 150 lines, counting the closures inside it, whatever its kind", () => {
		const lines = (n: number, indent: string): string =>
			Array.from({ length: n }, (_, i) => `${indent}total += ${i};`).join("\n");
		// 152 lines: a declaration whose length is nearly all in one closure of 147.
		const declaration = `export function long(): number {\n\tlet total = 0;\n\tconst add = (): void => {\n${lines(145, "\t\t")}\n\t};\n\tadd();\n\treturn total;\n}\n`;
		// A method and an arrow of 151 lines each; a function of exactly 150 passes.
		const method = `export class Long {\n\trun(): number {\n\t\tlet total = 0;\n${lines(147, "\t\t")}\n\t\treturn total;\n\t}\n}\n`;
		const arrow = `export const arrow = (): number => {\n\tlet total = 0;\n${lines(147, "\t")}\n\treturn total;\n};\n`;
		const fits = `export function fits(): number {\n\tlet total = 0;\n${lines(146, "\t")}\n\treturn total;\n}\n`;
		const root = tree({
			"src/index.ts":
				'export { long } from "./declaration.js";\nexport { Long } from "./method.js";\nexport { arrow } from "./arrow.js";\nexport { fits } from "./fits.js";\n',
			"src/declaration.ts": declaration,
			"src/method.ts": method,
			"src/arrow.ts": arrow,
			"src/fits.ts": fits,
		});
		const { status, output } = check(root);
		expect(status).toBe(1);
		expect(output).toContain(
			"src/declaration.ts:1: function long is 152 lines (over 150",
		);
		expect(output).toContain("src/method.ts:2: function run is 151 lines");
		expect(output).toContain("src/arrow.ts:1: function arrow is 151 lines");
		expect(output).not.toContain("src/fits.ts");
		// The closure itself is within the bound: only its enclosing function is long.
		expect(output).not.toContain("function add");
	});
});
