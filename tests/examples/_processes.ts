import { existsSync, readdirSync, readFileSync } from "node:fs";

/**
 * Pids of running processes whose command line contains `marker`, read from /proc (Linux);
 * elsewhere an empty list. A process that has exited (a zombie included) has no command line.
 */
export function processesWith(marker: string): number[] {
	if (!existsSync("/proc/self/cmdline")) return [];
	const pids: number[] = [];
	for (const entry of readdirSync("/proc")) {
		if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
		try {
			if (readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(marker))
				pids.push(Number(entry));
		} catch {
			// exited meanwhile
		}
	}
	return pids;
}
