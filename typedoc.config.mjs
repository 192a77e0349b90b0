// The API reference (`npm run docs` → docs/api), with the guides (docs/*.md) as project
// documents and the README as the front page.
import { readFileSync } from "node:fs";

/** The entry points: the sources tsconfig.json maps each `mcp-tool-names…` import to. */
const ENTRY_POINTS = Object.values(
	JSON.parse(readFileSync(new URL("tsconfig.json", import.meta.url), "utf8"))
		.compilerOptions.paths,
).map(([source]) => source);

/**
 * TypeDoc names a heading (in "On This Page" and in its anchor) after the heading's text
 * tokens only, so inline code drops out: `### \`mcp-tool-names/sdk\`: wrap …` became ": wrap …"
 * and its anchor lost the name (typedoc 0.28, `getTokenTextContent`). The guides keep
 * their code in headings, as GitHub shows them; this markdown-it rule hands TypeDoc a code
 * span in a heading as `<code>` + text + `</code>`, which renders the same and names the
 * heading with its code, as GitHub does.
 *
 * @param {{ core: { ruler: { push: Function } } }} parser - the markdown-it instance TypeDoc uses
 */
function codeInHeadings(parser) {
	parser.core.ruler.push("code-in-headings", (state) => {
		state.tokens.forEach((token, i) => {
			const inline = state.tokens[i + 1];
			if (token.type !== "heading_open" || inline?.children == null) return;
			inline.children = inline.children.flatMap((child) => {
				if (child.type !== "code_inline") return [child];
				const open = new state.Token("html_inline", "", 0);
				open.content = "<code>";
				const text = new state.Token("text", "", 0);
				text.content = child.content;
				const close = new state.Token("html_inline", "", 0);
				close.content = "</code>";
				return [open, text, close];
			});
		});
	});
}

/** @type {Partial<import("typedoc").TypeDocOptions>} */
export default {
	name: "mcp-tool-names",
	entryPoints: ENTRY_POINTS,
	out: "docs/api",
	readme: "README.md",
	projectDocuments: ["docs/*.md"],
	excludePrivate: true,
	excludeInternal: true,
	treatWarningsAsErrors: true,
	validation: {
		notExported: true,
		invalidLink: true,
		notDocumented: true,
	},
	requiredToBeDocumented: [
		"Class",
		"Function",
		"Interface",
		"TypeAlias",
		"Variable",
		"Method",
		"Accessor",
		"Constructor",
	],
	disableSources: true,
	highlightLanguages: [
		"typescript",
		"javascript",
		"json",
		"sh",
		"bash",
		"text",
		"python",
		"yaml",
		"toml",
		"ini",
		"dockerfile",
	],
	markdownItLoader: codeInHeadings,
};
