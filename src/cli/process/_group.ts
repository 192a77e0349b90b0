// Whether a process group still has a living member. `kill(-pgid, 0)` also counts zombies:
// a grandchild that died after its parent is a zombie until init reaps it, which some
// container inits do late or never. On Linux, /proc tells zombies apart; elsewhere the
// signal check is the answer.
import { readdirSync, readFileSync } from "node:fs";
import process from "node:process";

const PROC = process.platform === "linux";

export function groupAlive(pgid: number): boolean {
	try {
		process.kill(-pgid, 0);
	} catch (error) {
		return (error as NodeJS.ErrnoException).code !== "ESRCH";
	}
	return !PROC || hasLivingMember(pgid);
}

function hasLivingMember(pgid: number): boolean {
	let entries: string[];
	try {
		entries = readdirSync("/proc");
	} catch {
		return true;
	}
	for (const entry of entries) {
		if (entry.charCodeAt(0) < 48 || entry.charCodeAt(0) > 57) continue;
		let stat: string;
		try {
			stat = readFileSync(`/proc/${entry}/stat`, "utf8");
		} catch {
			continue;
		}
		// pid (comm) state ppid pgrp …; comm may hold spaces and parentheses.
		const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
		if (Number(fields[2]) === pgid && fields[0] !== "Z" && fields[0] !== "X") {
			return true;
		}
	}
	return false;
}
