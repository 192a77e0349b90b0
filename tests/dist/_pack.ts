import { execFile } from "node:child_process";
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { ROOT } from "./_dist.js";

/** `execFile` as a promise: rejects with the child's `code`, `stdout` and `stderr`. */
export const run: typeof execFile.__promisify__ = promisify(execFile);

/** The npm executable of this platform. */
export const NPM: string = process.platform === "win32" ? "npm.cmd" : "npm";

/**
 * Packs the repository with `npm pack` and installs the tarball into `project`, an empty
 * directory that gets a package.json of `manifest`: the package as a user installs it, not
 * the src tree. The tarball stays in `project`, so removing `project` removes everything.
 */
export async function installPacked(
	project: string,
	manifest: Record<string, unknown>,
): Promise<void> {
	await run(NPM, ["pack", "--silent", "--pack-destination", project], {
		cwd: ROOT,
	});
	const tarball = readdirSync(project).find((file) => file.endsWith(".tgz"));
	if (tarball === undefined) throw new Error("npm pack wrote no tarball");
	writeFileSync(join(project, "package.json"), JSON.stringify(manifest));
	await run(
		NPM,
		[
			"install",
			"--no-audit",
			"--no-fund",
			"--prefer-offline",
			"--no-package-lock",
			`./${tarball}`,
		],
		{ cwd: project },
	);
}
