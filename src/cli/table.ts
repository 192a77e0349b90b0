/**
 * One cell of a {@link renderTable} row: plain text, optionally decorated after padding.
 */
export interface TableCell {
	text: string;
	style?: (text: string) => string;
}

/**
 * Options of {@link renderTable}.
 */
interface TableOptions {
	/** Put before every line; default two spaces. */
	indent?: string;
	/** Between columns; default two spaces. */
	gap?: string;
	/** Widest a column grows, in terminal columns. */
	maxWidths?: readonly (number | undefined)[];
	/**
	 * What a cell wider than its column does: `wrap` (default) ends the line and continues
	 * the row below, aligned; `spill` runs on, and only the rest of that row shifts right.
	 */
	overflow?: readonly ("wrap" | "spill" | undefined)[];
}

const WIDE =
	/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff01-\uff60\uffe0-\uffe6\p{Extended_Pictographic}]/u;
const ZERO = /[\p{M}\u200b-\u200f\u2060\ufeff]/u;

/**
 * How many terminal columns a string takes: CJK, full-width forms and emoji take two,
 * combining marks and zero-width characters none, everything else one.
 *
 * @param text - plain text without escape codes
 * @returns its width in columns
 */
export function displayWidth(text: string): number {
	let width = 0;
	for (const char of text) {
		if (ZERO.test(char)) continue;
		width += WIDE.test(char) ? 2 : 1;
	}
	return width;
}

/**
 * Lays out rows in aligned columns, measuring cells with {@link displayWidth} and applying
 * each cell's style after padding, so colours never break the alignment.
 *
 * @param rows - rows of cells; rows may have fewer cells than others
 * @param options - indent, gap, widest columns
 * @returns the lines, without trailing spaces or newlines
 */
export function renderTable(
	rows: readonly (readonly TableCell[])[],
	options: TableOptions = {},
): string[] {
	const indent = options.indent ?? "  ";
	const gap = options.gap ?? "  ";
	const widths: number[] = [];
	for (const row of rows) {
		row.forEach((cell, column) => {
			const cap = options.maxWidths?.[column] ?? Number.POSITIVE_INFINITY;
			const width = Math.min(displayWidth(cell.text), cap);
			widths[column] = Math.max(widths[column] ?? 0, width);
		});
	}
	const lines: string[] = [];
	for (const row of rows) {
		let line = indent;
		let position = 0;
		row.forEach((cell, column) => {
			const styled = cell.style ? cell.style(cell.text) : cell.text;
			const width = displayWidth(cell.text);
			const columnWidth = widths[column] ?? 0;
			const last = column === row.length - 1;
			if (last) {
				line += styled;
				return;
			}
			if (width <= columnWidth) {
				line += styled + " ".repeat(columnWidth - width) + gap;
			} else if (options.overflow?.[column] === "spill") {
				line += styled + gap;
			} else {
				lines.push((line + styled).trimEnd());
				line = indent + " ".repeat(position + columnWidth + gap.length);
			}
			position += columnWidth + gap.length;
		});
		lines.push(line.trimEnd());
	}
	return lines;
}
