// Empty projects outside the repository, set up the way a user sets one up: the packed
// tarball of this package (one `npm pack` shared by every project of a test file), the
// install lines of a guide run as written through a shell, and `tsc --noEmit` with the
// defaults `tsc --init` writes. Nothing on the resolution path leads back into the repository.
import { execFile } from "node:child_process";
import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { promisify } from "node:util";
import { ROOT } from "../dist/_dist.js";
import { NPM, run } from "../dist/_pack.js";

const execFileAsync = promisify(execFile);

/** The TypeScript compiler of this repository (the one its own build uses). */
export const TSC: string = join(
	ROOT,
	"node_modules",
	"typescript",
	"bin",
	"tsc",
);

/** A directory of its own under the system's temp directory. */
export function tempDir(prefix: string): string {
	return mkdtempSync(join(tmpdir(), `mtn-${prefix}-`));
}

/**
 * Packs the repository once into `dir` and returns the tarball's path.
 *
 * @throws when `npm pack` writes no tarball
 */
export async function packTarball(dir: string): Promise<string> {
	mkdirSync(dir, { recursive: true });
	await run(NPM, ["pack", "--silent", "--pack-destination", dir], {
		cwd: ROOT,
	});
	const tarball = readdirSync(dir).find((file) => file.endsWith(".tgz"));
	if (tarball === undefined) throw new Error("npm pack wrote no tarball");
	return join(dir, tarball);
}

/**
 * The environment of a user's shell: this process's, without what `npm run` or vitest added
 * (`npm_config_local_prefix` would point npm at the repository), with npm told to use its
 * local cache first and to keep quiet about audits and funding. `node` is `nodeBin` when
 * given (another Node, first on `PATH`).
 */
export function userEnv(nodeBin?: string): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [key, value] of Object.entries(process.env)) {
		if (!/^npm_/i.test(key) && !/^(VITEST|TEST|NODE_OPTIONS)/.test(key))
			env[key] = value;
	}
	const cache = process.env.npm_config_cache;
	if (cache !== undefined) env.npm_config_cache = cache;
	env.npm_config_prefer_offline = "true";
	env.npm_config_audit = "false";
	env.npm_config_fund = "false";
	env.npm_config_update_notifier = "false";
	env.npm_config_loglevel = "error";
	if (nodeBin !== undefined)
		env.PATH = `${dirname(nodeBin)}${delimiter}${env.PATH ?? ""}`;
	return env;
}

/** The path of a Node binary of the given major, from npm's `node` package (cached by npx). */
export async function nodeBinary(major: number): Promise<string> {
	if (process.versions.node.split(".")[0] === String(major))
		return process.execPath;
	const { stdout } = await execFileAsync(
		process.platform === "win32" ? "npx.cmd" : "npx",
		["-y", "-p", `node@${major}`, "node", "-p", "process.execPath"],
		{ env: userEnv(), timeout: 180_000 },
	);
	return stdout.trim();
}

/**
 * Runs one line of a guide's ```sh block in `cwd` through the shell, as typed, except that
 * the word `mcp-tool-names` of an `npm i` line becomes the tarball: what is published is not
 * yet on the registry, the packed tarball is what it will be.
 *
 * @returns the line's output
 * @throws with the line and its output when it exits non-zero
 */
export async function runLine(
	line: string,
	cwd: string,
	env: NodeJS.ProcessEnv,
	tarball: string,
): Promise<string> {
	const command = /^npm (i|install)\b/.test(line)
		? line.replace(/(?<=\s)mcp-tool-names(?=\s|$)/, tarball)
		: line;
	try {
		const { stdout, stderr } = await execFileAsync("sh", ["-c", command], {
			cwd,
			env,
			timeout: 300_000,
			maxBuffer: 16 * 1024 * 1024,
		});
		return stdout + stderr;
	} catch (error) {
		const { stdout = "", stderr = "" } = error as {
			stdout?: string;
			stderr?: string;
		};
		throw new Error(`\`${line}\` failed in ${cwd}:\n${stdout}${stderr}`);
	}
}

/** The shell lines of a ```sh block: comments and blank lines left out. */
export function shellLines(block: string): string[] {
	return block
		.split("\n")
		.map((line) => line.replace(/\s+#.*$/, "").trim())
		.filter((line) => line !== "" && !line.startsWith("#"));
}

/**
 * Writes the `tsconfig.json` that `tsc --init` writes (its strict defaults include
 * `noUncheckedIndexedAccess` and `exactOptionalPropertyTypes`), by running it.
 */
export async function tscInit(cwd: string): Promise<void> {
	await execFileAsync(process.execPath, [TSC, "--init"], { cwd });
	if (!existsSync(join(cwd, "tsconfig.json")))
		throw new Error(`tsc --init wrote no tsconfig.json in ${cwd}`);
}

/** `tsc --noEmit` in `cwd`: its exit code and output. */
export async function typeCheck(
	cwd: string,
): Promise<{ code: number; output: string }> {
	try {
		const { stdout } = await execFileAsync(
			process.execPath,
			[TSC, "--noEmit", "-p", "."],
			{ cwd, maxBuffer: 16 * 1024 * 1024 },
		);
		return { code: 0, output: stdout };
	} catch (error) {
		const { code, stdout = "" } = error as { code?: number; stdout?: string };
		return { code: typeof code === "number" ? code : 1, output: stdout };
	}
}

/** The version of a package installed at the top of `cwd`'s node_modules. */
export function installedVersion(cwd: string, name: string): string {
	const file = join(cwd, "node_modules", name, "package.json");
	return (JSON.parse(readFileSync(file, "utf8")) as { version: string })
		.version;
}

/** Every installed copy of a package under `cwd`'s node_modules, nested ones included. */
export function copiesOf(cwd: string, name: string): string[] {
	const found: string[] = [];
	const visit = (modules: string): void => {
		if (!existsSync(modules)) return;
		for (const entry of readdirSync(modules)) {
			if (entry.startsWith(".")) continue;
			const scoped = entry.startsWith("@")
				? readdirSync(join(modules, entry)).map((sub) => `${entry}/${sub}`)
				: [entry];
			for (const pkg of scoped) {
				const dir = join(modules, pkg);
				if (pkg === name)
					found.push(
						(
							JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
								version: string;
							}
						).version,
					);
				visit(join(dir, "node_modules"));
			}
		}
	};
	visit(join(cwd, "node_modules"));
	return found;
}

/** Writes `files` (name → text) into `cwd`. */
export function writeFiles(cwd: string, files: Record<string, string>): void {
	for (const [name, text] of Object.entries(files))
		writeFileSync(join(cwd, name), text);
}
