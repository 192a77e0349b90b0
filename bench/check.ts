/**
 * The correctness half of the resolution bench: the naive baseline, the plain call and the
 * NameIndex call must give identical answers. Runs in a worker thread per slice of queries,
 * so both cores share the naive scans.
 */
import { parentPort, workerData } from "node:worker_threads";
import {
	NameIndex,
	type Resolution,
	type ResolveOptions,
	resolveName,
	suggest,
} from "../src/index.js";
import { catalog, QUERIES, queries } from "./data.js";
import { naiveBoth, normaliseAll } from "./naive.js";

/** What one worker checks: queries `from` to `to` of the stream for `size` names. */
export interface CheckJob {
	size: number;
	from: number;
	to: number;
	/** Every `plainEvery`-th query is also asked with the names as a plain array. */
	plainEvery: number;
}

export interface CheckResult {
	checked: number;
	plainChecked: number;
	mismatches: number;
	examples: string[];
}

/** The option sets the queries cycle through: defaults, one hint, five and a protected set. */
export function optionsFor(i: number): ResolveOptions {
	switch (i % 3) {
		case 0:
			return {};
		case 1:
			return { limit: 1 };
		default:
			return {
				limit: 5,
				isProtected: (name) => name.length % 5 === 0,
			};
	}
}

export function runCheck(job: CheckJob): CheckResult {
	const names = catalog(job.size);
	const stream = queries(names, QUERIES);
	const index = new NameIndex(names);
	const prepared = normaliseAll(names);
	const result: CheckResult = {
		checked: 0,
		plainChecked: 0,
		mismatches: 0,
		examples: [],
	};
	const same = (a: unknown, b: unknown): boolean =>
		JSON.stringify(a) === JSON.stringify(b);
	for (let i = job.from; i < job.to; i++) {
		const input = (stream[i] as { input: string }).input;
		const options = optionsFor(i);
		const limit = options.limit === undefined ? {} : { limit: options.limit };
		const naive = naiveBoth(input, names, options, prepared);
		const indexed: { resolution: Resolution; suggestions: string[] } = {
			resolution: resolveName(input, index, options),
			suggestions: suggest(input, index, limit),
		};
		let ok = same(naive, indexed);
		if (i % job.plainEvery === 0) {
			result.plainChecked++;
			ok &&= same(indexed, {
				resolution: resolveName(input, names, options),
				suggestions: suggest(input, names, limit),
			});
		}
		result.checked++;
		if (!ok) {
			result.mismatches++;
			if (result.examples.length < 3) {
				result.examples.push(
					JSON.stringify({ size: job.size, input, naive, indexed }),
				);
			}
		}
	}
	return result;
}

if (parentPort !== null && workerData !== undefined) {
	parentPort.postMessage(runCheck(workerData as CheckJob));
}
