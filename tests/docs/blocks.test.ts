import { spawn } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CodeBlock, extractBlocks, guideFiles } from "./_blocks.js";
import { CHECK_HELPER, withValueChecks } from "./_checks.js";

/*
 * Docs that run as written: every ```ts block of README.md and docs/*.md is type-checked
 * against the BUILT package (dist/, reached as `mcp-tool-names` through the package's
 * self-reference, as a user's code reaches it), and every block that is a whole program
 * is run and must exit 0. See tests/docs/README.md for the markers.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const CONTEXTS = join(ROOT, "tests/docs/contexts");
// Inside the package, so `mcp-tool-names` resolves to this package's own exports (dist).
const WORK = join(ROOT, ".tmp", `docs-blocks-${process.pid}`);
const RUN_TIMEOUT_MS = 60_000;

const blocks: CodeBlock[] = guideFiles(ROOT).flatMap((file) =>
	extractBlocks(ROOT, file),
);
const slug = (block: CodeBlock): string =>
	`${block.file.replace(/[^A-Za-z0-9]+/g, "-")}-${block.line}`;
const sourceOf = (block: CodeBlock): string => join(WORK, `${slug(block)}.ts`);

/** Type errors per block, as `guide:line: message`. */
const typeErrors = new Map<CodeBlock, string[]>();
/** Exit code and output of each program block. */
const runs = new Map<
	CodeBlock,
	Promise<{ code: number | null; output: string }>
>();

const OPTIONS: ts.CompilerOptions = {
	target: ts.ScriptTarget.ES2022,
	lib: ["lib.es2023.d.ts", "lib.dom.d.ts"],
	module: ts.ModuleKind.NodeNext,
	moduleResolution: ts.ModuleResolutionKind.NodeNext,
	types: ["node"],
	strict: true,
	skipLibCheck: true,
	noEmit: true,
};

/**
 * Two programs: the blocks that declare nothing, and the excerpts with every context file
 * (their declarations are global, so they must stay out of the first). An excerpt that uses
 * a name of another context than its own is reported, as if that name were undeclared. The
 * host caches parsed files, so the libraries are read once for both.
 */
function typeCheck(): void {
	const host = ts.createCompilerHost(OPTIONS);
	const cache = new Map<string, ts.SourceFile | undefined>();
	const getSourceFile = host.getSourceFile.bind(host);
	host.getSourceFile = (name, version, onError, create) => {
		const key = `${name}\0${JSON.stringify(version)}`;
		if (!name.startsWith(WORK) && cache.has(key)) return cache.get(key);
		const file = getSourceFile(name, version, onError, create);
		cache.set(key, file);
		return file;
	};
	const contextOf = (block: CodeBlock): string | undefined =>
		block.kind === "excerpt" ? block.context : undefined;
	const plain = blocks.filter((block) => contextOf(block) === undefined);
	const excerpts = blocks.filter((block) => contextOf(block) !== undefined);
	const contextFiles = [
		...new Set(excerpts.map((block) => contextFile(contextOf(block) ?? ""))),
	].filter((file) => existsSync(file));
	let oldProgram: ts.Program | undefined;
	for (const [group, extra] of [
		[plain, []],
		[excerpts, contextFiles],
	] as const) {
		if (group.length === 0) continue;
		const program: ts.Program = ts.createProgram({
			rootNames: [...group.map(sourceOf), ...extra],
			options: OPTIONS,
			host,
			...(oldProgram === undefined ? {} : { oldProgram }),
		});
		oldProgram = program;
		const byFile = new Map(group.map((block) => [sourceOf(block), block]));
		for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
			const source = diagnostic.file;
			const file = source?.fileName;
			const block = file === undefined ? undefined : byFile.get(resolve(file));
			const text = ts.flattenDiagnosticMessageText(
				diagnostic.messageText,
				"\n",
			);
			if (block === undefined || source === undefined) {
				// a context file or a library: report it against every block of the group
				for (const member of group) push(member, `${file ?? "tsc"}: ${text}`);
				continue;
			}
			push(block, `${where(block, source, diagnostic.start ?? 0)}: ${text}`);
		}
		const checker = program.getTypeChecker();
		for (const block of group) {
			const own = contextOf(block);
			const source = program.getSourceFile(sourceOf(block));
			if (own === undefined || source === undefined) continue;
			const visit = (node: ts.Node): void => {
				if (ts.isIdentifier(node)) {
					const declared = checker
						.getSymbolAtLocation(node)
						?.declarations?.[0]?.getSourceFile().fileName;
					const file = declared === undefined ? undefined : resolve(declared);
					if (file?.startsWith(CONTEXTS) && file !== contextFile(own)) {
						push(
							block,
							`${where(block, source, node.getStart())}: '${node.text}' is declared by the context ${relative(CONTEXTS, file)}, not by ${own}`,
						);
					}
				}
				ts.forEachChild(node, visit);
			};
			visit(source);
		}
	}
}

const contextFile = (context: string): string =>
	join(CONTEXTS, `${context}.d.ts`);

function where(block: CodeBlock, source: ts.SourceFile, at: number): string {
	const { line } = source.getLineAndCharacterOfPosition(at);
	return `${block.file}:${block.line + line}`;
}

function push(block: CodeBlock, message: string): void {
	typeErrors.set(block, [...(typeErrors.get(block) ?? []), message]);
}

function run(
	block: CodeBlock,
): Promise<{ code: number | null; output: string }> {
	const file = join(WORK, `${slug(block)}.run.ts`);
	writeFileSync(file, withValueChecks(block, "./_check.mjs"));
	return new Promise((done, fail) => {
		const child = spawn(process.execPath, ["--import", "tsx", file], {
			cwd: WORK,
			stdio: ["ignore", "pipe", "pipe"],
			detached: process.platform !== "win32",
		});
		let output = "";
		child.stdout.on("data", (chunk: Buffer) => {
			output += chunk.toString();
		});
		child.stderr.on("data", (chunk: Buffer) => {
			output += chunk.toString();
		});
		const timer = setTimeout(() => {
			output += `\n(still running after ${RUN_TIMEOUT_MS} ms: ended)`;
			killGroup(child.pid);
		}, RUN_TIMEOUT_MS);
		child.on("error", fail);
		child.on("close", (code) => {
			clearTimeout(timer);
			// a block that started a server and left it running must not outlive the test
			killGroup(child.pid);
			done({ code, output });
		});
	});
}

function killGroup(pid: number | undefined): void {
	if (pid === undefined) return;
	try {
		process.kill(process.platform === "win32" ? pid : -pid, "SIGKILL");
	} catch {
		// already gone
	}
}

/** Runs the program blocks two at a time: the machine is shared. */
function runAll(): void {
	const lanes: Promise<unknown>[] = [Promise.resolve(), Promise.resolve()];
	blocks
		.filter((block) => block.kind === "program")
		.forEach((block, i) => {
			const lane = i % lanes.length;
			const result = (lanes[lane] ?? Promise.resolve()).then(() => run(block));
			lanes[lane] = result.catch(() => {});
			runs.set(block, result);
		});
}

beforeAll(() => {
	if (!existsSync(join(ROOT, "dist", "index.d.ts"))) {
		throw new Error(
			"dist/ is missing: run `npm run build` before the docs test (npm test does)",
		);
	}
	mkdirSync(WORK, { recursive: true });
	writeFileSync(join(WORK, "_check.mjs"), CHECK_HELPER);
	for (const block of blocks) {
		// `export {}` makes every block a module, so blocks never share top-level names
		writeFileSync(sourceOf(block), `${block.code}\nexport {};\n`);
	}
	typeCheck();
	runAll();
}, 120_000);

afterAll(() => {
	rmSync(WORK, { recursive: true, force: true });
});

describe.each(guideFiles(ROOT).map((file) => relative(ROOT, file)))(
	"%s",
	(guide) => {
		const own = blocks.filter((block) => block.file === guide);
		if (own.length === 0) {
			it("has no TypeScript blocks", () => {
				expect(own).toEqual([]);
			});
			return;
		}
		for (const block of own) {
			const title =
				block.kind === "program"
					? `the block at line ${block.line} type-checks against dist and runs to exit 0`
					: block.kind === "no-run"
						? `the program at line ${block.line} type-checks against dist (not run: ${block.reason})`
						: `the excerpt at line ${block.line} type-checks against dist${block.context === undefined ? "" : ` in the context ${block.context}`}`;
			it(
				title,
				async () => {
					expect(typeErrors.get(block) ?? []).toEqual([]);
					const result = runs.get(block);
					if (result === undefined) return;
					const { code, output } = await result;
					expect(code, `${block.file}:${block.line} printed:\n${output}`).toBe(
						0,
					);
				},
				RUN_TIMEOUT_MS * 2,
			);
		}
	},
);

describe("the docs test", () => {
	it("finds the blocks of every guide", () => {
		expect(blocks.length).toBeGreaterThan(10);
		expect(new Set(blocks.map((block) => block.file))).toContain("README.md");
	});

	it("names a context file that exists for every excerpt", () => {
		const missing = blocks
			.filter(
				(block) => block.kind === "excerpt" && block.context !== undefined,
			)
			.map((block) => (block.kind === "excerpt" ? block.context : ""))
			.filter((context) => !existsSync(join(CONTEXTS, `${context}.d.ts`)));
		expect(missing).toEqual([]);
	});
});
