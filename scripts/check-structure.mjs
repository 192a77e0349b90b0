// Structure checks over src/, run by `npm test`: no import cycle (type imports counted), no
// source file over MAX_LINES, no function over MAX_FUNCTION_LINES, and no export that nothing
// imports. A function is a declaration, method, accessor, constructor, arrow or function
// expression; its length runs from its first line to its last, so the closures inside it count
// towards it (a 380-line function of fourteen closures is one long function, not fifteen short
// ones). An export is used when a published entry point exports it or another file (src,
// tests, bench, examples) imports it by name. Prints every finding and exits 1 when there is one.
//
// Usage: node scripts/check-structure.mjs [root]   (root defaults to this repository)
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

const MAX_LINES = 600;
const MAX_FUNCTION_LINES = 150;
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

/** How a finding names a function: its own name, or the name it is assigned to. */
function functionName(node) {
	if (ts.isConstructorDeclaration(node)) return "constructor";
	if (node.name) return node.name.getText();
	const parent = node.parent;
	if (
		parent &&
		(ts.isVariableDeclaration(parent) ||
			ts.isPropertyAssignment(parent) ||
			ts.isPropertyDeclaration(parent)) &&
		parent.name
	)
		return parent.name.getText();
	return "(anonymous)";
}

/** Each file's imports (target, names or "*"), the names it exports, and its functions. */
function readModule(path) {
	const text = readFileSync(path, "utf8");
	const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
	const imports = [];
	const exported = new Set();
	/** Each function's name, first line and length in lines. */
	const functions = [];
	const hasExport = (node) =>
		ts
			.getModifiers?.(node)
			?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
	const visit = (node) => {
		if (ts.isFunctionLike(node) && "body" in node && node.body) {
			const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
			const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
			functions.push({
				name: functionName(node),
				line: first + 1,
				lines: last - first + 1,
			});
		}
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
		functions,
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

for (const file of sources)
	for (const fn of modules.get(file).functions)
		if (fn.lines > MAX_FUNCTION_LINES)
			findings.push(
				`${name(file)}:${fn.line}: function ${fn.name} is ${fn.lines} lines (over ${MAX_FUNCTION_LINES}, closures included: a class with its state in fields reads better)`,
			);

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
	`structure: ${sources.length} source files, no cycle, none over ${MAX_LINES} lines, no function over ${MAX_FUNCTION_LINES} lines, no unused export`,
);
