import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// docs/architecture.md is the map of src/ a newcomer reads first: each `## …` section names its
// folder (`src/core/`), and every file it names must be in that folder, or the map has rotted.
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const text = readFileSync(`${ROOT}docs/architecture.md`, "utf8");
const sections = text.split(/^## /m).slice(1);

describe("docs/architecture.md", () => {
	it("names a folder in every section", () => {
		expect(sections.length).toBeGreaterThanOrEqual(3);
		for (const section of sections)
			expect(section.split("\n")[0]).toMatch(/`src\/[a-z/]+\/`/);
	});

	it("names only files that exist", () => {
		const missing: string[] = [];
		let named = 0;
		for (const section of sections) {
			const folder = /`(src\/[a-z/]+\/)`/.exec(section)?.[1] ?? "";
			for (const [, file] of section.matchAll(/`([\w./-]+\.ts)`/g)) {
				named++;
				if (!existsSync(`${ROOT}${folder}${file}`))
					missing.push(`${folder}${file}`);
			}
		}
		expect(named).toBeGreaterThan(30);
		expect(missing).toEqual([]);
	});
});
