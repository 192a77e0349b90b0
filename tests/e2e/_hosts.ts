// The host recipes of docs/proxy-cli.md ("Behind a host"), read from the page itself so the
// tests run the lines users copy.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./_proxy.js";

/** One recipe: the host it is for, its kind, and its text. */
export interface Recipe {
	/** The heading it sits under, e.g. `Gemini CLI`. */
	title: string;
	/** `sh` for a command line, `json` or `toml` for a config file. */
	lang: string;
	text: string;
}

const SECTION = "## Behind a host: Claude Code, Codex, Gemini CLI, OpenCode";

/** Every fenced block of the section, with the bold title it follows. */
export function hostRecipes(): Recipe[] {
	const page = readFileSync(join(ROOT, "docs", "proxy-cli.md"), "utf8");
	const start = page.indexOf(SECTION);
	if (start === -1) throw new Error(`docs/proxy-cli.md has no "${SECTION}"`);
	const end = page.indexOf("\n## ", start + SECTION.length);
	const section = page.slice(start, end === -1 ? undefined : end);
	const recipes: Recipe[] = [];
	let title = "";
	const pattern = /^\*\*([^*]+)\*\*|^```(\w+)\n([\s\S]*?)^```/gm;
	for (const match of section.matchAll(pattern)) {
		if (match[1] !== undefined) title = match[1].trim();
		else
			recipes.push({
				title,
				lang: match[2] as string,
				text: (match[3] as string).trim(),
			});
	}
	return recipes;
}

/**
 * The command line a recipe gives its host: the words of a shell line (no quoting is used in
 * the recipes), the `args` of a JSON or TOML config, or OpenCode's `command` array.
 */
export function commandOf(recipe: Recipe): string[] {
	if (recipe.lang === "sh") return recipe.text.split(/\s+/);
	if (recipe.lang === "toml") {
		const command = /^command = (".*")$/m.exec(recipe.text)?.[1];
		const args = /^args = (\[.*\])$/m.exec(recipe.text)?.[1];
		return [JSON.parse(command ?? '""'), ...JSON.parse(args ?? "[]")];
	}
	const config = JSON.parse(recipe.text) as {
		mcpServers?: Record<string, { command: string; args: string[] }>;
		mcp?: Record<string, { command: string[] }>;
	};
	const [entry] = Object.values(config.mcpServers ?? {});
	if (entry !== undefined) return [entry.command, ...entry.args];
	return Object.values(config.mcp ?? {})[0]?.command ?? [];
}

/**
 * The arguments the proxy receives: what follows `mcp-tool-names` in the command its host
 * starts. Claude Code and Codex keep everything after their own first `--`; Gemini CLI's
 * `mcp add` stores the line without the `--` (measured with Gemini CLI 0.61).
 */
export function proxyArgsOf(recipe: Recipe): string[] {
	const words = commandOf(recipe);
	const at = words.indexOf("mcp-tool-names");
	const args = words.slice(at + 1);
	if (recipe.lang === "sh" && words[0] === "gemini")
		return args.filter(
			(word, i) => !(word === "--" && args.indexOf("--") === i),
		);
	return args;
}
