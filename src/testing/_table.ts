import { McpToolNamesError } from "../index.js";
import type { PolicyFailure } from "./policy-failure.js";

/** Renders rows as an aligned plain-text table, for assertion messages. */
function formatTable(
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

/**
 * Throws a `policy-violation` listing the failures as a table, unless there are none.
 *
 * @throws McpToolNamesError `policy-violation`
 */
export function throwIfAny(
	failures: readonly PolicyFailure[],
	summary: string,
): void {
	if (failures.length === 0) return;
	const table = formatTable(
		["name", "expected", "actual"],
		failures.map((failure) => [failure.name, failure.expected, failure.actual]),
	);
	throw new McpToolNamesError(
		"policy-violation",
		`${failures.length} ${summary}:\n${table}`,
	);
}
