import { existsSync, readdirSync, readFileSync } from "node:fs";
import { posix } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
	githubAnchors,
	headingsOf,
	linksOf,
	plainText,
	typedocAnchors,
} from "./_anchors.js";

/*
 * The README is shown on the registry's page and read in node_modules, where docs/ is not:
 * its links are absolute, into the repository package.json names, and each reaches a file
 * that exists here.
 */
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const readme = readFileSync(`${ROOT}README.md`, "utf8");
const pkg = JSON.parse(readFileSync(`${ROOT}package.json`, "utf8")) as {
	repository?: { url?: string };
	homepage?: string;
	bugs?: { url?: string };
};
const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map(
	(match) => match[1] ?? "",
);

describe("README links", () => {
	const repo = /^git\+(https:\/\/github\.com\/[^/]+\/[^/.]+)\.git$/.exec(
		pkg.repository?.url ?? "",
	)?.[1];

	it("package.json names the repository, homepage and issue tracker", () => {
		expect(repo).toBeDefined();
		expect(pkg.homepage).toBe(`${repo}#readme`);
		expect(pkg.bugs?.url).toBe(`${repo}/issues`);
	});

	it("are absolute, so they work on the registry page and in node_modules", () => {
		expect(links.length).toBeGreaterThan(10);
		expect(links.filter((link) => !/^https?:\/\//.test(link))).toEqual([]);
	});

	it("into the repository, reach files that exist", () => {
		const base = `${repo}/blob/main/`;
		const own = links.filter((link) => link.startsWith(`${repo}/`));
		expect(own.length).toBeGreaterThan(10);
		const missing = own.filter((link) => {
			if (!link.startsWith(base)) return true;
			const path = link.slice(base.length).replace(/#.*$/, "");
			return !existsSync(`${ROOT}${path}`);
		});
		expect(missing).toEqual([]);
	});
});

/*
 * Links between the guides (README.md and docs/*.md) reach files that exist and headings that
 * exist, by the anchors GitHub gives headings; and the same guides as TypeDoc renders them
 * (docs/api, built by `npm run docs`, which `npm test` runs before the tests) keep those
 * anchors and show each heading whole, code included.
 */
const GUIDES = [
	"README.md",
	...readdirSync(`${ROOT}docs`)
		.filter((file) => file.endsWith(".md"))
		.map((file) => `docs/${file}`),
];
const guideText = new Map(
	GUIDES.map((guide) => [guide, readFileSync(`${ROOT}${guide}`, "utf8")]),
);
const headingsByGuide = new Map(
	GUIDES.map((guide) => [guide, headingsOf(guideText.get(guide) ?? "")]),
);

describe("links between the guides", () => {
	const repo = /^git\+(https:\/\/github\.com\/[^/]+\/[^/.]+)\.git$/.exec(
		pkg.repository?.url ?? "",
	)?.[1];
	const base = `${repo}/blob/main/`;

	/** `guide:line → target` for every local link that reaches no file or no heading. */
	function broken(): string[] {
		const out: string[] = [];
		for (const guide of GUIDES) {
			for (const { target, line } of linksOf(guideText.get(guide) ?? "")) {
				let path: string;
				if (target.startsWith(base)) path = target.slice(base.length);
				else if (/^[a-z]+:/i.test(target)) continue;
				else if (target.startsWith("#")) path = `${guide}${target}`;
				else path = posix.normalize(posix.join(posix.dirname(guide), target));
				const [file = "", anchor] = path.split("#");
				const where = `${guide}:${line} → ${target}`;
				if (!existsSync(`${ROOT}${file}`)) {
					out.push(`${where}: no such file`);
					continue;
				}
				if (anchor === undefined) continue;
				const headings = headingsByGuide.get(file);
				if (headings === undefined) {
					out.push(`${where}: an anchor into a file that is no guide`);
				} else if (!githubAnchors(headings).includes(anchor)) {
					out.push(`${where}: no heading has the anchor #${anchor}`);
				}
			}
		}
		return out;
	}

	it("reach files that exist, and headings by GitHub's anchors", () => {
		const links = GUIDES.flatMap((guide) =>
			linksOf(guideText.get(guide) ?? ""),
		);
		expect(
			links.filter((link) => link.target.includes("#")).length,
		).toBeGreaterThan(5);
		expect(broken()).toEqual([]);
	});

	it("are anchored the same by GitHub and TypeDoc wherever a link points", () => {
		const differ: string[] = [];
		for (const guide of GUIDES) {
			for (const { target, line } of linksOf(guideText.get(guide) ?? "")) {
				const [path = "", anchor] = target.replace(base, "").split("#");
				if (anchor === undefined || /^[a-z]+:/i.test(path)) continue;
				const file =
					path === ""
						? guide
						: target.startsWith(base)
							? path
							: posix.normalize(posix.join(posix.dirname(guide), path));
				const headings = headingsByGuide.get(file) ?? [];
				const i = githubAnchors(headings).indexOf(anchor);
				if (i >= 0 && typedocAnchors(headings)[i] !== anchor)
					differ.push(
						`${guide}:${line} → #${anchor}: TypeDoc names "${headings[i]?.text}" #${typedocAnchors(headings)[i]}`,
					);
			}
		}
		expect(differ).toEqual([]);
	});
});

const API = `${ROOT}docs/api/`;

/** The HTML files of docs/api; fails with what to run when it was never built. */
function apiPages(): string[] {
	if (!existsSync(`${API}index.html`))
		throw new Error(
			"docs/api is missing: run `npm run docs` first (npm test does, before the tests)",
		);
	const out: string[] = [];
	const visit = (dir: string): void => {
		for (const entry of readdirSync(dir, { withFileTypes: true })) {
			const path = `${dir}${entry.name}`;
			if (entry.isDirectory()) visit(`${path}/`);
			else if (entry.name.endsWith(".html")) out.push(path);
		}
	};
	visit(API);
	return out;
}

const idsOfPage = new Map<string, Set<string>>();
function idsOf(page: string): Set<string> {
	let ids = idsOfPage.get(page);
	if (ids === undefined) {
		const html = readFileSync(page, "utf8");
		ids = new Set(
			[...html.matchAll(/\s(?:id|name)="([^"]+)"/g)].map((m) => m[1] ?? ""),
		);
		idsOfPage.set(page, ids);
	}
	return ids;
}

/** The page TypeDoc renders a guide as: the README is the front page. */
function pageOfGuide(guide: string): string {
	return guide === "README.md"
		? `${API}index.html`
		: `${API}documents/${posix.basename(guide, ".md")}.html`;
}

describe("the API reference (docs/api)", () => {
	it("links to no missing page and no missing anchor", () => {
		const pages = apiPages();
		expect(pages.length).toBeGreaterThan(100);
		const broken: string[] = [];
		for (const page of pages) {
			const html = readFileSync(page, "utf8");
			for (const match of html.matchAll(/href="([^"]+)"/g)) {
				const href = (match[1] ?? "").replaceAll("&amp;", "&");
				if (/^[a-z]+:/i.test(href)) continue;
				const [path = "", anchor] = href.split("#");
				const target =
					path === ""
						? page
						: posix.normalize(
								posix.join(posix.dirname(page), decodeURIComponent(path)),
							);
				const from = page.slice(API.length);
				if (!existsSync(target)) broken.push(`${from} → ${href}: no such file`);
				else if (
					anchor !== undefined &&
					anchor !== "" &&
					target.endsWith(".html") &&
					!idsOf(target).has(decodeURIComponent(anchor))
				)
					broken.push(`${from} → ${href}: no such anchor`);
			}
		}
		expect(broken).toEqual([]);
	});

	it("gives every public symbol's page an example", () => {
		const symbols = apiPages().filter((page) =>
			/\/(classes|functions|interfaces|types|variables)\/[^/]+\.html$/.test(
				page,
			),
		);
		expect(symbols.length).toBeGreaterThan(100);
		const without = symbols
			.filter((page) => !/\sid="example/.test(readFileSync(page, "utf8")))
			.map((page) => page.slice(API.length));
		expect(without).toEqual([]);
	});

	it("shows every heading of every guide whole, code included, under its own anchor", () => {
		const wrong: string[] = [];
		for (const guide of GUIDES) {
			const headings = headingsByGuide.get(guide) ?? [];
			const page = pageOfGuide(guide);
			const html = readFileSync(page, "utf8");
			const anchors = typedocAnchors(headings);
			headings.forEach((heading, i) => {
				const id = anchors[i] ?? "";
				const element = new RegExp(
					`<h${heading.level} id="${id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^>]*>(.*?)<a href="#`,
				).exec(html);
				const shown = (element?.[1] ?? "")
					.replace(/<[^>]+>/g, "")
					.replace(/&#39;|&apos;/g, "'")
					.replace(/&quot;/g, '"')
					.replace(/&lt;/g, "<")
					.replace(/&gt;/g, ">")
					.replace(/&amp;/g, "&");
				if (shown !== plainText(heading.text))
					wrong.push(
						`${guide}:${heading.line} "${heading.text}" is shown as "${shown}" at #${id}`,
					);
			});
		}
		expect(wrong).toEqual([]);
	});
});
