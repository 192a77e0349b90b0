#!/usr/bin/env node
/**
 * The `mcp-tool-names` binary: runs {@link main} on the process's streams.
 *
 * @module mcp-tool-names/cli
 */
import process from "node:process";
import { main } from "./main.js";

// `mcp-tool-names audit | head` closes the pipe early: stop quietly instead of crashing.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
	if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
	throw error;
});

main(process.argv.slice(2), {
	stdout: process.stdout,
	stderr: process.stderr,
	stdin: process.stdin,
	env: process.env,
}).then(
	(code) => {
		process.exitCode = code;
	},
	(error: unknown) => {
		process.stderr.write(
			`mcp-tool-names: unexpected error: ${String(error)}\n`,
		);
		process.exitCode = 2;
	},
);
