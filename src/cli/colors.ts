import { styleText } from "node:util";
import type { CliOutput } from "./io.js";

/**
 * Text decorations the CLI uses; each returns its input unchanged when colours are off.
 */
export interface Style {
	readonly enabled: boolean;
	bold(text: string): string;
	dim(text: string): string;
	red(text: string): string;
	green(text: string): string;
	yellow(text: string): string;
	magenta(text: string): string;
}

/**
 * Decides whether a stream gets ANSI colours, the way Node's own `tty.getColorDepth` reads
 * the environment: `FORCE_COLOR` (any value but `0`/`false`) forces them on and wins over
 * `NO_COLOR` (https://no-color.org: any non-empty value turns them off); otherwise
 * `TERM=dumb` or a stream that is not a terminal turns them off.
 *
 * @param stream - stdout or stderr
 * @param env - the environment
 * @returns `true` when escape codes may be written
 */
export function isColorEnabled(
	stream: CliOutput,
	env: Readonly<Record<string, string | undefined>>,
): boolean {
	const force = env.FORCE_COLOR;
	if (force !== undefined) {
		if (force === "0" || force.toLowerCase() === "false") return false;
		return true;
	}
	if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
	if (env.TERM === "dumb") return false;
	return stream.isTTY === true;
}

/**
 * Builds the {@link Style} for one stream: `node:util` `styleText` when colours are on (the
 * decision is {@link isColorEnabled}'s for the stream written to, so `styleText`'s own check of
 * `process.stdout` is off), the text as is otherwise.
 *
 * @param enabled - what {@link isColorEnabled} said
 * @returns decorators that add SGR codes, or return text as is
 */
export function createStyle(enabled: boolean): Style {
	const paint =
		(format: "bold" | "dim" | "red" | "green" | "yellow" | "magenta") =>
		(text: string): string =>
			enabled && text !== ""
				? styleText(format, text, { validateStream: false })
				: text;
	return {
		enabled,
		bold: paint("bold"),
		dim: paint("dim"),
		red: paint("red"),
		green: paint("green"),
		yellow: paint("yellow"),
		magenta: paint("magenta"),
	};
}
