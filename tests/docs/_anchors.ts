// Headings, links and anchors of the guides, read the way the two places that show them do:
// GitHub (the README on the registry page and in the repository) and TypeDoc (docs/api,
// where the guides are project documents).

/** A heading of a markdown file: its level, its text as written, and its 1-based line. */
export interface Heading {
	level: number;
	text: string;
	line: number;
}

/** A link of a markdown file: its target as written and its 1-based line. */
export interface Link {
	target: string;
	line: number;
}

/** The lines of a markdown file outside fenced code blocks, with their 1-based numbers. */
function proseLines(markdown: string): Array<[number, string]> {
	const out: Array<[number, string]> = [];
	let fence: string | undefined;
	markdown.split(/\r?\n/).forEach((line, i) => {
		const open = /^ {0,3}(`{3,}|~{3,})/.exec(line);
		if (fence !== undefined) {
			if (open?.[1]?.startsWith(fence) && line.trim() === open[1])
				fence = undefined;
			return;
		}
		if (open !== null) {
			fence = open[1];
			return;
		}
		out.push([i + 1, line]);
	});
	return out;
}

/** The ATX headings (`## Title`) of a markdown file, outside code blocks. */
export function headingsOf(markdown: string): Heading[] {
	return proseLines(markdown).flatMap(([line, text]) => {
		const m = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(text);
		return m === null
			? []
			: [{ level: m[1]?.length ?? 0, text: m[2] ?? "", line }];
	});
}

/** The inline links (`[text](target)`) of a markdown file, outside code blocks and spans. */
export function linksOf(markdown: string): Link[] {
	return proseLines(markdown).flatMap(([line, text]) =>
		[...text.replace(/`[^`]*`/g, "").matchAll(/\]\(([^)\s]+)\)/g)].map(
			(match) => ({ target: match[1] ?? "", line }),
		),
	);
}

/** A heading's text as both renderers show it: code spans and links keep their text. */
export function plainText(heading: string): string {
	return heading
		.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
		.replace(/`([^`]*)`/g, "$1")
		.replace(/(\*\*|__)(.*?)\1/g, "$2")
		.replace(/<[^>]+>/g, "");
}

/**
 * The anchors GitHub gives a file's headings (github-slugger): lowercased, every character
 * but letters, marks, numbers, `_`, `-` and spaces dropped, spaces made `-`; a repeated
 * anchor gets `-1`, `-2`, ….
 */
export function githubAnchors(headings: readonly Heading[]): string[] {
	const seen = new Map<string, number>();
	return headings.map((heading) => {
		const base = plainText(heading.text)
			.toLowerCase()
			.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
			.replace(/ /g, "-");
		const count = seen.get(base);
		seen.set(base, (count ?? 0) + 1);
		return count === undefined ? base : `${base}-${count}`;
	});
}

/**
 * The anchor TypeDoc 0.28 gives a heading of a project document (its `Slugger`): a set of
 * ASCII punctuation and the general-punctuation block dropped, whitespace made `-`, the
 * first run of `-` collapsed, lowercased; a repeated anchor gets `-1`, `-2`, ….
 */
export function typedocAnchors(headings: readonly Heading[]): string[] {
	const seen = new Map<string, number>();
	return headings.map((heading) => {
		const base =
			plainText(heading.text)
				.trim()
				.replace(
					/[\u2000-\u206F\u2E00-\u2E7F\\'!"#$%&()*+,./:;<=>?@[\]^`{|}~]/g,
					"",
				)
				.replace(/\s/g, "-")
				.replace(/--+/, "-")
				.toLowerCase() || "_";
		let count = seen.get(base) ?? 0;
		let anchor = base;
		if (seen.has(base)) {
			do {
				count++;
				anchor = `${base}-${count}`;
			} while (seen.has(anchor));
		}
		seen.set(base, count);
		return anchor;
	});
}
