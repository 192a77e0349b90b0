import type { CliOutput } from "./io.js";

/**
 * Text decorations the CLI uses; each returns its input unchanged when colours are off.
 *
 * @example
 * ```ts
 * const style: Style = createStyle(true);
 * stdout.write(style.green("✓ ok"));
 * ```
 */
export interface Style {
	readonly enabled: boolean;
	bold(text: string): string;
	dim(text: string): string;
	red(text: string): string;
	green(text: string): string;
	yellow(text: string): string;
	magenta(text: string): string;
	cyan(text: string): string;
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
 * @example
 * ```ts
 * isColorEnabled(process.stdout, { NO_COLOR: "1" }); // false
 * isColorEnabled({ write() {}, isTTY: false }, { FORCE_COLOR: "1" }); // true
 * ```
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

const CODES = {
	bold: [1, 22],
	dim: [2, 22],
	red: [31, 39],
	green: [32, 39],
	yellow: [33, 39],
	magenta: [35, 39],
	cyan: [36, 39],
} as const;

/**
 * Builds the {@link Style} for one stream.
 *
 * @param enabled - what {@link isColorEnabled} said
 * @returns decorators that add SGR codes, or return text as is
 * @example
 * ```ts
 * const style = createStyle(false);
 * style.red("x"); // "x"
 * ```
 */
export function createStyle(enabled: boolean): Style {
	const paint =
		(open: number, close: number) =>
		(text: string): string =>
			enabled && text !== "" ? `\u001b[${open}m${text}\u001b[${close}m` : text;
	return {
		enabled,
		bold: paint(...CODES.bold),
		dim: paint(...CODES.dim),
		red: paint(...CODES.red),
		green: paint(...CODES.green),
		yellow: paint(...CODES.yellow),
		magenta: paint(...CODES.magenta),
		cyan: paint(...CODES.cyan),
	};
}
