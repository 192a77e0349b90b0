import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { extractBlocks } from "./_blocks.js";
import { withValueChecks } from "./_checks.js";

const DIR = mkdtempSync(join(tmpdir(), "docs-extract-"));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

function guide(text: string): string {
	const path = join(DIR, `${Math.random().toString(36).slice(2)}.md`);
	writeFileSync(path, text);
	return path;
}

describe("extractBlocks", () => {
	it("takes ts and typescript blocks with their markers, and skips other languages", () => {
		const path = guide(
			[
				"# Guide", // 1
				"```ts", // 2
				"const a = 1;", // 3
				"```",
				"<!-- excerpt: host -->",
				"",
				"```typescript",
				"client.close();", // 8
				"```",
				"```sh",
				"```ts inside a shell block is not a block",
				"```",
				"<!-- no-run: serves until stopped -->",
				"```ts",
				"serve();", // 15
				"```",
				"<!-- excerpt -->",
				"Prose in between drops the marker.",
				"```ts",
				"const b = 2;", // 20
				"```",
			].join("\n"),
		);
		const blocks = extractBlocks(DIR, path);
		expect(
			blocks.map(({ kind, line, code }) => ({ kind, line, code })),
		).toEqual([
			{ kind: "program", line: 3, code: "const a = 1;" },
			{ kind: "excerpt", line: 8, code: "client.close();" },
			{ kind: "no-run", line: 15, code: "serve();" },
			{ kind: "program", line: 20, code: "const b = 2;" },
		]);
		expect(blocks[1]).toMatchObject({ context: "host" });
		expect(blocks[2]).toMatchObject({ reason: "serves until stopped" });
	});

	it("refuses a no-run marker without a reason and a block that is never closed", () => {
		expect(() =>
			extractBlocks(DIR, guide("<!-- no-run -->\n```ts\nx;\n```\n")),
		).toThrow(/needs a reason/);
		expect(() => extractBlocks(DIR, guide("```ts\nx;\n"))).toThrow(
			/never closed/,
		);
	});
});

describe("withValueChecks", () => {
	const block = (code: string) =>
		({ kind: "program", file: "g.md", line: 10, code }) as const;

	it("turns a literal a comment claims into a check, on the line or the next", () => {
		const out = withValueChecks(
			block(
				[
					'codec.decode("a_b"); // "a/b"',
					"codec.encodeAll(names);",
					'// ["a_b"]',
				].join("\n"),
			),
			"./check.mjs",
		);
		expect(out.split("\n")).toEqual([
			'import { __docCheck } from "./check.mjs";',
			'await __docCheck(() => (codec.decode("a_b")), "a/b", "g.md:10");',
			'await __docCheck(() => (codec.encodeAll(names)), ["a_b"], "g.md:11");',
			'// ["a_b"]',
		]);
	});

	it("leaves prose comments, declarations and comments inside strings alone", () => {
		const code = [
			"resolveName(a, index); // corrected (normalized) → a",
			'const x = f(); // "y"',
			'log("// 1");',
		].join("\n");
		expect(withValueChecks(block(code), "./check.mjs")).toBe(code);
	});
});
