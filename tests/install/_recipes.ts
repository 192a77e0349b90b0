import { readFileSync } from "node:fs";

/** One install recipe of a guide: `<!-- install: NAME, node 20 22 -->` before a ```sh block. */
export interface Recipe {
	/** The framework, as the marker names it (`ai`, `openai-agents`, `langchain`). */
	name: string;
	/** The Node majors the lines are for. */
	nodes: number[];
	/** The shell lines, as written. */
	lines: string[];
	/** 1-based line of the marker in the guide. */
	line: number;
}

const MARKER = /^<!--\s*install:\s*([a-z0-9-]+),\s*node((?:\s+\d+)+)\s*-->$/;

/**
 * The install recipes of a guide, each with the shell lines of the ```sh block that follows
 * its marker.
 *
 * @throws Error for a marker that no ```sh block follows
 */
export function installRecipes(path: string): Recipe[] {
	const lines = readFileSync(path, "utf8").split(/\r?\n/);
	const recipes: Recipe[] = [];
	lines.forEach((text, i) => {
		const m = MARKER.exec(text.trim());
		if (m === null) return;
		let open = i + 1;
		while ((lines[open] ?? "").trim() === "") open++;
		if ((lines[open] ?? "").trim() !== "```sh")
			throw new Error(`${path}:${i + 1}: no \`\`\`sh block follows the marker`);
		const body: string[] = [];
		for (let j = open + 1; j < lines.length && lines[j] !== "```"; j++)
			body.push(lines[j] ?? "");
		recipes.push({
			name: m[1] ?? "",
			nodes: (m[2] ?? "").trim().split(/\s+/).map(Number),
			lines: body.filter((line) => line.trim() !== ""),
			line: i + 1,
		});
	});
	return recipes;
}
