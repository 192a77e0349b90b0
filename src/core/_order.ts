/** Ascending UTF-16 code-unit order, the order `Array.prototype.sort` uses by default. */
export function compareCodeUnits(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}
