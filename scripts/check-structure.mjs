// Structure checks over src/, run by `npm test`: no import cycle (type imports counted), no
// source file over MAX_LINES, and no export that nothing imports. An export is used when a
// published entry point exports it or another file (src, tests, bench, examples) imports it
// by name. Prints every finding and exits 1 when there is one.
//
// Usage: node scripts/check-structure.mjs [root]   (root defaults to this repository)
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

const MAX_LINES = 600;
const ROOT = resolve(process.argv[2] ?? join(import.meta.dirname, ".."));
const ENTRIES = [
	"src/index.ts",
	"src/adapters/jsonrpc/index.ts",
	"src/adapters/sdk/index.ts",
	"src/testing/index.ts",
	"src/adapters/ai/index.ts",
	"src/adapters/openai-agents/index.ts",
	"src/adapters/langchain/index.ts",
	"src/adapters/redis/index.ts",
	"src/cli/bin.ts",
	"examples/demo-server/server.ts",
].map((path) => join(ROOT, path));

function filesUnder(dir) {
	const found = [];
	try {
		statSync(dir);
	} catch {
		return found;
	}
	for (const name of readdirSync(dir)) {
		const path = join(dir, name);
		if (name === "node_modules" || name === "contexts") continue;
		if (statSync(path).isDirectory()) found.push(...filesUnder(path));
		else if (/\.(ts|mts)$/.test(name) && !name.endsWith(".d.ts"))
			found.push(path);
	}
	return found;
}

function resolveSpecifier(from, specifier) {
	if (!specifier.startsWith(".")) return undefined;
	const base = resolve(dirname(from), specifier).replace(/\.js$/, "");
	for (const candidate of [
		`${base}.ts`,
		`${base}.mts`,
		join(base, "index.ts"),
	]) {
		try {
			if (statSync(candidate).isFile()) return candidate;
		} catch {}
	}
	return undefined;
}

/** Each file's imports (target, names or "*"), and the names it exports. */
function readModule(path) {
	const text = readFileSync(path, "utf8");
	const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
	const imports = [];
	const exported = new Set();
	const hasExport = (node) =>
		ts
			.getModifiers?.(node)
			?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
	const visit = (node) => {
		if (
			(ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
			node.moduleSpecifier
		) {
			const target = resolveSpecifier(path, node.moduleSpecifier.text);
			if (target) {
				const names = [];
				if (ts.isImportDeclaration(node)) {
					const clause = node.importClause;
					if (clause?.name) names.push("default");
					const bindings = clause?.namedBindings;
					if (bindings && ts.isNamespaceImport(bindings)) names.push("*");
					else if (bindings)
						for (const el of bindings.elements)
							names.push((el.propertyName ?? el.name).text);
				} else if (!node.exportClause) names.push("*");
				else if (ts.isNamedExports(node.exportClause))
					for (const el of node.exportClause.elements) {
						names.push((el.propertyName ?? el.name).text);
						exported.add(el.name.text);
					}
				imports.push({ target, names });
			}
		} else if (
			ts.isImportTypeNode(node) &&
			ts.isLiteralTypeNode(node.argument)
		) {
			const target = resolveSpecifier(path, node.argument.literal.text);
			if (target)
				imports.push({
					target,
					names: [
						node.qualifier ? node.qualifier.getText().split(".")[0] : "*",
					],
				});
		} else if (
			ts.isCallExpression(node) &&
			node.expression.kind === ts.SyntaxKind.ImportKeyword
		) {
			const arg = node.arguments[0];
			const target =
				arg && ts.isStringLiteral(arg)
					? resolveSpecifier(path, arg.text)
					: undefined;
			if (target) imports.push({ target, names: ["*"] });
		} else if (node.parent === source && hasExport(node)) {
			if (ts.isVariableStatement(node)) {
				for (const d of node.declarationList.declarations)
					if (ts.isIdentifier(d.name)) exported.add(d.name.text);
			} else if (node.name) exported.add(node.name.text);
		} else if (
			ts.isExportDeclaration(node) &&
			node.exportClause &&
			ts.isNamedExports(node.exportClause)
		)
			for (const el of node.exportClause.elements) exported.add(el.name.text);
		ts.forEachChild(node, visit);
	};
	visit(source);
	return {
		imports,
		exported,
		lines: text.split("\n").length - (text.endsWith("\n") ? 1 : 0),
	};
}

const sources = filesUnder(join(ROOT, "src"));
const others = ["tests", "bench", "examples", "scripts"].flatMap((dir) =>
	filesUnder(join(ROOT, dir)),
);
const modules = new Map(
	[...sources, ...others].map((path) => [path, readModule(path)]),
);
const findings = [];
const name = (path) => relative(ROOT, path);

// Cycles: strongly connected components of src's import graph (Tarjan).
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const connect = (file) => {
	index.set(file, counter);
	low.set(file, counter++);
	stack.push(file);
	onStack.add(file);
	for (const { target } of modules.get(file).imports) {
		if (!index.has(target)) {
			connect(target);
			low.set(file, Math.min(low.get(file), low.get(target)));
		} else if (onStack.has(target))
			low.set(file, Math.min(low.get(file), index.get(target)));
	}
	if (low.get(file) !== index.get(file)) return;
	const component = [];
	let member;
	do {
		member = stack.pop();
		onStack.delete(member);
		component.push(member);
	} while (member !== file);
	if (component.length > 1)
		findings.push(`import cycle: ${component.map(name).sort().join(" ⇄ ")}`);
};
for (const file of sources) if (!index.has(file)) connect(file);

for (const file of sources) {
	const { lines } = modules.get(file);
	if (lines > MAX_LINES)
		findings.push(
			`${name(file)}: ${lines} lines (over ${MAX_LINES}: does it still hold one concern?)`,
		);
}

const used = new Map();
for (const [, { imports }] of modules)
	for (const { target, names } of imports) {
		if (!used.has(target)) used.set(target, new Set());
		for (const n of names) used.get(target).add(n);
	}
for (const file of sources) {
	if (ENTRIES.includes(file)) continue;
	const names = used.get(file) ?? new Set();
	if (names.has("*")) continue;
	for (const exported of modules.get(file).exported)
		if (!names.has(exported))
			findings.push(`${name(file)}: export ${exported} is imported by nothing`);
}

for (const finding of findings) console.error(finding);
if (findings.length > 0) process.exit(1);
console.log(
	`structure: ${sources.length} source files, no cycle, none over ${MAX_LINES} lines, no unused export`,
);
