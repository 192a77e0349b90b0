/**
 * The textbook distance the naive oracle (bench/naive.ts) and the core tests' references
 * (tests/core/_reference.ts) both check the bit-parallel one in src/core against. No import, so
 * both stay independent of src/.
 */

/** Textbook optimal string alignment distance (Damerau–Levenshtein, each substring edited once). */
export function osa(a: string, b: string): number {
	const x = [...a];
	const y = [...b];
	const d = Array.from({ length: x.length + 1 }, (_, i) =>
		Array.from({ length: y.length + 1 }, (_, j) =>
			i === 0 ? j : j === 0 ? i : 0,
		),
	);
	for (let i = 1; i <= x.length; i++) {
		for (let j = 1; j <= y.length; j++) {
			const row = d[i] as number[];
			const up = d[i - 1] as number[];
			let v = Math.min(
				(up[j] as number) + 1,
				(row[j - 1] as number) + 1,
				(up[j - 1] as number) + (x[i - 1] === y[j - 1] ? 0 : 1),
			);
			if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
				v = Math.min(v, ((d[i - 2] as number[])[j - 2] as number) + 1);
			row[j] = v;
		}
	}
	return (d[x.length] as number[])[y.length] as number;
}
