// The MCP SDK's tool-name warning, as `McpServer.registerTool` prints it through
// `console.warn` for a name outside SEP-986's charset (checked against
// @modelcontextprotocol/sdk 1.32.2 and @modelcontextprotocol/server 2.4.0; 1.20 prints
// none): a header line, one `  - ` line per problem, and three fixed lines. The SDK has no
// option to turn it off. These patterns are the only knowledge of that text in the package,
// and tests/docs/sdk-name-warning.test.ts checks them against each SDK line.
import { invalidArgument } from "../../core/guards.js";

const HEADER = /^Tool name validation warning for ".*":$/s;
const PROBLEM = /^ {2}- /;
const TRAILER =
	/^(Tool registration will proceed|Consider updating the tool name)/;
const LAST = /^See SEP: Specify Format for Tool Names/;

const FN = "silenceNameWarnings";

type Warn = (...args: unknown[]) => void;

/** Calls of {@link silenceNameWarnings} in progress (an async `register` may overlap others). */
let depth = 0;
/** The `console.warn` in place when the first of them started. */
let original: Warn | undefined;
/** Whether the last line passed to the filter was part of a name warning. */
let inWarning = false;

function filter(...args: unknown[]): void {
	const line = typeof args[0] === "string" ? args[0] : undefined;
	if (line !== undefined && args.length === 1) {
		if (HEADER.test(line)) {
			inWarning = true;
			return;
		}
		if (inWarning && (PROBLEM.test(line) || TRAILER.test(line))) return;
		if (inWarning && LAST.test(line)) {
			inWarning = false;
			return;
		}
	}
	inWarning = false;
	original?.(...args);
}

function start(): void {
	if (depth++ > 0) return;
	original = console.warn;
	inWarning = false;
	console.warn = filter;
}

function stop(): void {
	if (--depth > 0) return;
	// Put back what was there, unless someone replaced the filter meanwhile.
	if (console.warn === filter && original !== undefined)
		console.warn = original;
	original = undefined;
}

/**
 * Runs `register` without the MCP SDK's six-line "Tool name validation warning" for each
 * canonical name it registers (`github/search`: a wrapped server lists `github_search`, a
 * valid name, so the warning is about a name no client sees). Only those lines are held
 * back: every other `console.warn` goes through. When `register` returns a promise, the
 * warnings stay silenced until it settles.
 *
 * @param register - the registrations, e.g. `() => server.registerTool("github/search", …)`
 * @returns what `register` returns
 * @throws McpToolNamesError `invalid-argument` when `register` is not a function; whatever
 * `register` throws, with `console.warn` restored
 * @example
 * ```ts
 * const server = wrapServer(new McpServer({ name: "github", version: "1.0.0" }));
 * silenceNameWarnings(() => {
 *   server.registerTool("github/search", { description: "Search code" }, searchCode);
 * });
 * ```
 */
export function silenceNameWarnings<T>(register: () => T): T {
	if (typeof register !== "function")
		throw invalidArgument(FN, "register", "a function", register);
	start();
	let stopped = false;
	const end = (): void => {
		if (stopped) return;
		stopped = true;
		stop();
	};
	let result: T;
	try {
		result = register();
	} catch (error) {
		end();
		throw error;
	}
	if (!isThenable(result)) {
		end();
		return result;
	}
	try {
		result.then(end, end);
	} catch (error) {
		end();
		throw error;
	}
	return result;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
	return (
		typeof value === "object" &&
		value !== null &&
		typeof (value as { then?: unknown }).then === "function"
	);
}
