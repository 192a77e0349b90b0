import type { CodeBlock } from "./_blocks.js";

/**
 * Turns the results a guide claims into checks that run with the block: a statement line
 * `expr; // value`, or an expression statement followed by a line that is only `// value`,
 * where `value` is a JavaScript literal (a string, number, boolean, null, array or object).
 * The program then fails when `expr` does not give `value` (objects compare by the keys
 * the comment names). Lines whose comment is prose stay as they are.
 */
export function withValueChecks(block: CodeBlock, helper: string): string {
	const lines = block.code.split("\n");
	const out: string[] = [];
	let checks = 0;
	for (let i = 0; i < lines.length; i++) {
		const line = lines[i] ?? "";
		const trailing = splitTrailingComment(line);
		const next = (lines[i + 1] ?? "").trim();
		const own = next.startsWith("//") ? next.slice(2).trim() : undefined;
		const [code, expected] =
			trailing !== undefined && isLiteral(trailing[1])
				? trailing
				: own !== undefined && isLiteral(own)
					? [line, own]
					: [line, undefined];
		const statement = code.trim().replace(/;$/, "");
		if (expected !== undefined && isExpression(statement)) {
			const indent = /^\s*/.exec(code)?.[0] ?? "";
			const where = JSON.stringify(`${block.file}:${block.line + i}`);
			out.push(
				`${indent}await __docCheck(() => (${statement}), ${expected}, ${where});`,
			);
			checks++;
			if (trailing === undefined) {
				out.push(lines[i + 1] ?? "");
				i++;
			}
			continue;
		}
		out.push(line);
	}
	if (checks === 0) return block.code;
	return `import { __docCheck } from ${JSON.stringify(helper)};\n${out.join("\n")}`;
}

/** The source of the module that `withValueChecks` imports. */
export const CHECK_HELPER = `import { isDeepStrictEqual, inspect } from "node:util";
function matches(actual, expected) {
	if (expected !== null && typeof expected === "object" && !Array.isArray(expected)) {
		return actual !== null && typeof actual === "object" &&
			Object.keys(expected).every((key) => matches(actual[key], expected[key]));
	}
	if (Array.isArray(expected)) {
		return Array.isArray(actual) && actual.length === expected.length &&
			expected.every((item, i) => matches(actual[i], item));
	}
	return isDeepStrictEqual(actual, expected);
}
export async function __docCheck(run, expected, where) {
	const actual = await run();
	if (!matches(actual, expected)) {
		console.error(\`\${where}: the guide says \${inspect(expected, { depth: 8 })}, the code gives \${inspect(actual, { depth: 8 })}\`);
		process.exitCode = 1;
	}
	return actual;
}
`;

/** `[code, comment]` when the line ends with a `//` comment outside strings. */
function splitTrailingComment(line: string): [string, string] | undefined {
	let quote: string | undefined;
	for (let i = 0; i < line.length; i++) {
		const ch = line[i];
		if (quote !== undefined) {
			if (ch === "\\") i++;
			else if (ch === quote) quote = undefined;
		} else if (ch === '"' || ch === "'" || ch === "`") {
			quote = ch;
		} else if (ch === "/" && line[i + 1] === "/") {
			const code = line.slice(0, i);
			if (code.trim() === "") return undefined;
			return [code.trimEnd(), line.slice(i + 2).trim()];
		}
	}
	return undefined;
}

const LITERAL_START = /^(["'[{\d-]|true\b|false\b|null\b|undefined\b)/;
const AsyncFunction = (async () => {}).constructor as new (
	body: string,
) => unknown;

function parses(body: string): boolean {
	try {
		new AsyncFunction(body);
		return true;
	} catch {
		return false;
	}
}

function isLiteral(text: string): boolean {
	return LITERAL_START.test(text) && parses(`return (${text});`);
}

function isExpression(code: string): boolean {
	if (
		code === "" ||
		/^(const|let|var|if|for|while|return|import|export|function|class|throw|try)\b/.test(
			code,
		)
	)
		return false;
	return parses(`return (${code});`);
}
