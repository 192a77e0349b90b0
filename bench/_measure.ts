/** Side-by-side timing with tinybench, and heap readings. */
import { Bench } from "tinybench";

/** A task: one call of `run` does `ops` operations. */
export interface Task {
	name: string;
	ops: number;
	run: () => unknown;
}

/** Mean time of one operation of each task, in milliseconds, measured in one bench. */
export async function measure(
	tasks: readonly Task[],
	options: { time?: number; iterations?: number } = {},
): Promise<Map<string, number>> {
	const bench = new Bench({
		time: options.time ?? 300,
		iterations: options.iterations ?? 5,
		warmupTime: 50,
		warmupIterations: 1,
		throws: true,
	});
	for (const task of tasks) bench.add(task.name, task.run);
	await bench.run();
	const out = new Map<string, number>();
	for (const task of tasks) {
		const result = bench.getTask(task.name)?.result;
		const mean =
			result !== undefined && "latency" in result
				? result.latency.mean
				: Number.NaN;
		out.set(task.name, mean / task.ops);
	}
	return out;
}

/** Forces a full collection; the bench runs with `--expose-gc`. */
export function collect(): void {
	const gc = (globalThis as { gc?: () => void }).gc;
	if (gc === undefined) throw new Error("run node with --expose-gc");
	gc();
	gc();
}

/** Heap growth, in bytes, from building what `make` returns (kept alive while measured). */
export function heapOf(make: () => unknown): number {
	collect();
	const before = process.memoryUsage().heapUsed;
	const kept = make();
	collect();
	const after = process.memoryUsage().heapUsed;
	// Keep `kept` reachable until after the second reading.
	if (kept === Symbol.for("never")) console.log(kept);
	return after - before;
}

/** `1234.5` → `"1,234"`; ratios get one decimal below 100. */
export function formatRatio(ratio: number): string {
	if (!Number.isFinite(ratio)) return "–";
	return ratio >= 100
		? `${Math.round(ratio).toLocaleString("en-US")}×`
		: `${ratio.toFixed(ratio >= 10 ? 0 : 2)}×`;
}

/** A duration in ms as µs or ms, for the absolute columns. */
export function formatTime(ms: number): string {
	if (!Number.isFinite(ms)) return "–";
	if (ms < 0.001) return `${(ms * 1e6).toFixed(0)} ns`;
	if (ms < 1) return `${(ms * 1000).toFixed(ms < 0.01 ? 2 : 1)} µs`;
	return `${ms.toFixed(ms < 10 ? 2 : 0)} ms`;
}

/** Bytes as MB with two decimals. */
export function formatBytes(bytes: number): string {
	return `${(bytes / 1e6).toFixed(2)} MB`;
}

/**
 * A task that calls `call` on every input, in as many passes as make one iteration last
 * about 20 ms: a pass over a few hundred lookups is too short to time on its own.
 */
export function repeated(
	name: string,
	inputs: readonly string[],
	call: (input: string) => unknown,
): Task {
	const pass = (): void => {
		for (const input of inputs) call(input);
	};
	const start = performance.now();
	pass();
	const once = performance.now() - start;
	const passes = Math.max(1, Math.ceil(20 / Math.max(once, 0.001)));
	return {
		name,
		ops: passes * inputs.length,
		run: () => {
			for (let i = 0; i < passes; i++) pass();
		},
	};
}
