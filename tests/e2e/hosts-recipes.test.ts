import { describe, expect, it } from "vitest";
import { parseCliArgs } from "../../src/cli/options/cli.js";
import { type HostName, hostReserve } from "../../src/index.js";
import { hostRecipes, proxyArgsOf } from "./_hosts.js";

const HOSTS: Record<string, HostName | undefined> = {
	"Claude Code": "claude-code",
	Codex: "codex",
	"Gemini CLI": "gemini-cli",
	OpenCode: "opencode",
};

describe("the host recipes of docs/proxy-cli.md", () => {
	const recipes = hostRecipes();

	it("has one for each host, Claude Desktop and Cursor, with the key github", () => {
		expect(new Set(recipes.map((r) => r.title.split(" (")[0]))).toEqual(
			new Set([
				"Claude Code",
				"Codex",
				"Gemini CLI",
				"OpenCode",
				"Claude Desktop",
				"Cursor",
			]),
		);
		for (const recipe of recipes) expect(recipe.text).toContain("github");
	});

	it.each(
		recipes.map(
			(recipe) => [`${recipe.title} ${recipe.lang}`, recipe] as const,
		),
	)(
		"%s starts the proxy before node server.js, with room for the host's prefix",
		(_, recipe) => {
			const parsed = parseCliArgs(proxyArgsOf(recipe));
			expect(parsed).toMatchObject({
				command: "proxy",
				upstream: { type: "stdio", command: "node", args: ["server.js"] },
				serverNames: ["github"],
			});
			const host = HOSTS[recipe.title.split(" (")[0] as string];
			if (host !== undefined) {
				expect(parsed).toMatchObject({
					host: { name: host, keys: ["github"] },
					reserve: hostReserve(host, "github"),
				});
			} else if (recipe.title.startsWith("Cursor")) {
				// "combined server and tool name" under 60: the key's length and 5.
				expect(parsed).toMatchObject({ reserve: "github".length + 5 });
			} else {
				expect(parsed).toMatchObject({ profile: "anthropic", reserve: 0 });
			}
		},
	);
});
