import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

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
