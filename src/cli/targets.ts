import { readFile } from "node:fs/promises";
import type { ToolEntry } from "../adapters/routing/tool-entry.js";
import { CliFailure } from "./_failure.js";
import { displayUrl } from "./_printable.js";
import { createStyle, isColorEnabled } from "./colors.js";
import { findDemoServer } from "./demo.js";
import type { CliInput, CliIo } from "./io.js";
import { listHttpTools } from "./mcp/http.js";
import type { ListedTools, ServerInfo, TargetOptions } from "./mcp/session.js";
import { listStdioTools } from "./mcp/stdio.js";
import type { TargetRun } from "./options/target.js";
import { startProgress } from "./progress.js";
import type { SourceJson } from "./schema.js";
import { readToolList, type ToolFinding } from "./tool-list.js";
import { parseToolsJson } from "./tools-file.js";

/**
 * The tools of a target, with where they came from.
 */
export interface Catalog {
	source: SourceJson;
	/** A noun phrase for people: `the demo server`, `the server "node server.js"`, `tools.json`. */
	label: string;
	server: ServerInfo | null;
	tools: ToolEntry[];
	/** What is wrong with the tool definitions (a bad schema, a tool without a name). */
	findings: ToolFinding[];
	/** Things worth telling on stderr, e.g. a server without the tools capability. */
	notes: string[];
	/**
	 * Lets the server go (ends a stdio server's process tree, an HTTP session), within the
	 * budget; call it once the result is printed.
	 *
	 * @returns a note for stderr when something outlived the budget
	 */
	close(): Promise<string | undefined>;
}

/**
 * Reads the tools of any target: starts a stdio server (or the bundled demo), connects over
 * HTTP, or parses a file or stdin. Shows a progress line on a terminal stderr meanwhile.
 *
 * @param run - the target and the time budgets {@link parseCliArgs} found
 * @param io - the CLI's streams
 * @returns the tools in listed order
 * @throws CliFailure `target` with one sentence on anything that goes wrong
 */
export async function loadCatalog(
	{ target, timeoutMs, startTimeoutMs }: TargetRun,
	io: CliIo,
): Promise<Catalog> {
	const env = io.env ?? {};
	if (target.type === "file" || target.type === "stdin") {
		const file = target.type === "file";
		const label = file ? target.path : "stdin";
		const text = file ? await readText(target.path) : await readInput(io.stdin);
		return {
			source: file ? { type: "file", path: target.path } : { type: "stdin" },
			label,
			server: null,
			...parseToolsJson(text, label),
			notes: [],
			close: async () => undefined,
		};
	}
	const progress = startProgress(io.stderr, env, "Starting");
	const stdio = (label: string): TargetOptions => ({
		timeoutMs,
		progress,
		label,
		startTimeoutMs,
		onStillStarting: (waitedMs) => {
			const text = `${capitalize(label)} is still starting (nothing written in ${waitedMs / 1000} s; npx -y may be downloading it); waiting up to ${startTimeoutMs / 1000} s (--start-timeout)`;
			if (progress.live === true) progress.update(text);
			else io.stderr.write(`${text}\n`);
		},
	});
	try {
		if (target.type === "http") {
			const label = displayUrl(target.url);
			const listed = await listHttpTools(
				{ url: target.url, headers: target.headers },
				{ timeoutMs, progress, label },
			);
			return catalogOf(listed, label, {
				type: "http",
				url: label,
				transport: listed.transport ?? "streamable-http",
			});
		}
		if (target.type === "stdio") {
			const label = `the server "${commandLine(target.command, target.args)}"`;
			const listed = await listStdioTools(
				{ command: target.command, args: target.args, env },
				stdio(label),
			);
			return catalogOf(listed, label, {
				type: "stdio",
				command: target.command,
				args: target.args,
			});
		}
		const demo = findDemoServer();
		const label = "the demo server";
		const listed = await listStdioTools({ ...demo, env }, stdio(label));
		return catalogOf(listed, label, { type: "demo" });
	} finally {
		progress.stop();
	}
}

function catalogOf(
	listed: ListedTools,
	label: string,
	source: SourceJson,
): Catalog {
	const notes = listed.noToolsCapability
		? [`${capitalize(label)} declares no tools capability; nothing to list`]
		: [];
	return {
		source,
		label,
		server: listed.server,
		...readToolList(listed.tools),
		notes,
		close: listed.close,
	};
}

/**
 * Lets a catalog's server go once the result is printed, and says so on stderr when
 * something outlived the budget.
 *
 * @param catalog - what {@link loadCatalog} returned
 * @param io - where the note goes
 */
export async function closeCatalog(catalog: Catalog, io: CliIo): Promise<void> {
	const note = await catalog.close();
	if (note === undefined) return;
	const style = createStyle(isColorEnabled(io.stderr, io.env ?? {}));
	io.stderr.write(`${style.yellow("note:")} ${note}\n`);
}

function capitalize(label: string): string {
	return `${label.charAt(0).toUpperCase()}${label.slice(1)}`;
}

/**
 * A command line as a person would type it: arguments with spaces or shell characters in
 * single quotes, shortened past 80 characters.
 *
 * @param command - the executable
 * @param args - its arguments
 * @returns one line of text
 */
export function commandLine(command: string, args: readonly string[]): string {
	const line = [command, ...args]
		.map(withoutCredentials)
		.map((word) =>
			/^[\w@%+=:,./-]+$/.test(word)
				? word
				: `'${word.replaceAll("'", `'\\''`)}'`,
		)
		.join(" ");
	return line.length > 80 ? `${line.slice(0, 77)}...` : line;
}

/**
 * A word of a command line with any URL in it (`redis://:pw@host`, `--url=https://…?token=…`)
 * printed without its userinfo and query: a store password or token given to a server in its
 * arguments never reaches a message.
 */
function withoutCredentials(word: string): string {
	const at = word.search(/[a-z][a-z0-9+.-]*:\/\//i);
	if (at === -1) return word;
	return `${word.slice(0, at)}${displayUrl(word.slice(at))}`;
}

/** Why a file could not be read, by its error code. */
const READ_FAILURES: Readonly<Record<string, string>> = {
	ENOENT: "no such file",
	EISDIR: "it is a directory",
	EACCES: "permission denied",
	EPERM: "permission denied",
};

async function readText(path: string): Promise<string> {
	try {
		return await readFile(path, "utf8");
	} catch (error) {
		const code = String((error as { code?: unknown }).code);
		const reason =
			READ_FAILURES[code] ??
			(error instanceof Error ? error.message : String(error));
		throw new CliFailure("target", `Cannot read ${path}: ${reason}`, {
			cause: error,
		});
	}
}

async function readInput(stdin: CliInput | undefined): Promise<string> {
	if (stdin === undefined || stdin.isTTY === true) {
		throw new CliFailure(
			"usage",
			"--file - reads stdin, but nothing is piped into it; e.g. cat tools.json | mcp-tool-names audit --file -",
		);
	}
	const decoder = new TextDecoder();
	let text = "";
	for await (const chunk of stdin) {
		text +=
			typeof chunk === "string"
				? chunk
				: decoder.decode(chunk, { stream: true });
	}
	return text + decoder.decode();
}
