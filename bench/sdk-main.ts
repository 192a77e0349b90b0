/**
 * `npm run bench -- --sdk` runs this alone: the wrapped-server round trips of bench/sdk.ts,
 * printed as ratios, without the minutes the resolution benchmarks take. `BENCH_AA=1` puts an
 * unwrapped server on both sides, to show what the harness alone gives (about 1.00×).
 */
import { formatRatio, formatTime } from "./_measure.js";
import { benchSdk } from "./sdk.js";

for (const row of await benchSdk()) {
	console.log(
		`${row.what}: ${formatRatio(row.ours / row.baseline)} (${formatTime(row.ours)} wrapped, ${formatTime(row.baseline)} ${row.baselineLabel}; target ${row.target})`,
	);
}
