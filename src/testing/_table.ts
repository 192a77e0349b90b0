/** Renders rows as an aligned plain-text table, for assertion messages. */
export function formatTable(
	headers: readonly string[],
	rows: readonly (readonly string[])[],
): string {
	const widths = headers.map((header, column) =>
		Math.max(header.length, ...rows.map((row) => (row[column] ?? "").length)),
	);
	const line = (cells: readonly string[]): string =>
		cells
			.map((cell, column) => cell.padEnd(widths[column] ?? 0))
			.join(" | ")
			.trimEnd();
	return [
		line(headers),
		widths.map((width) => "-".repeat(width)).join("-|-"),
		...rows.map(line),
	].join("\n");
}
