import { isMcpToolNamesError } from "../index.js";
import { CliFailure } from "./_failure.js";
import { printable } from "./_printable.js";
import { runAudit } from "./audit.js";
import { createStyle, isColorEnabled } from "./colors.js";
import type { CliIo } from "./io.js";
import { helpText, parseCliArgs } from "./options/cli.js";
import { VERSION } from "./options/values.js";
import { runProxy } from "./proxy/run.js";
import { runResolve } from "./resolve.js";

/**
 * The whole CLI as a function: parses `argv`, runs `audit` or `resolve`, writes to the
 * injected streams, and never throws. Failures print one sentence on stderr, never a stack.
 *
 * @param argv - the arguments after the binary, `process.argv.slice(2)`
 * @param io - stdout, stderr, stdin and the environment
 * @returns the exit code: 0 success, 1 `audit --strict` found names to rewrite or `resolve`
 * found no safe correction, 2 usage error or unreadable target
 */
export async function main(
	argv: readonly string[],
	io: CliIo,
): Promise<number> {
	try {
		const command = parseCliArgs(argv);
		switch (command.command) {
			case "help":
				io.stdout.write(helpText(command.topic));
				return 0;
			case "version":
				io.stdout.write(`${VERSION}\n`);
				return 0;
			case "audit":
				return await runAudit(command, io);
			case "resolve":
				return await runResolve(command, io);
			case "proxy":
				return await runProxy(command, io);
		}
	} catch (error) {
		const style = createStyle(isColorEnabled(io.stderr, io.env ?? {}));
		io.stderr.write(
			`${style.red("mcp-tool-names:")} ${printable(describe(error))}\n`,
		);
		return 2;
	}
}

function describe(error: unknown): string {
	if (error instanceof CliFailure || isMcpToolNamesError(error))
		return error.message;
	const message = error instanceof Error ? error.message : String(error);
	return `unexpected error: ${message.split("\n")[0]}`;
}
