import {
	type AuditEntry,
	describeProfile,
	type HostName,
	hostRules,
	type ProfileName,
} from "../index.js";
import type { Style } from "./colors.js";
import type { AuditEntryJson, AuditJson, AuditProfileJson } from "./schema.js";
import { renderTable, type TableCell } from "./table.js";

// A longer name ends its line and the row continues below, aligned; a longer wire name
// pushes its note right.
const NAME_COLUMN_MAX = 40;
const WIRE_COLUMN_MAX = 40;

/**
 * The tables people read: per profile, canonical → wire with a status mark and a note, a
 * summary line, and a closing verdict. Profiles with the same result as an earlier one are
 * folded into one line.
 *
 * @param doc - what {@link buildAuditJson} returned
 * @param label - where the tools came from, e.g. `the demo server`
 * @param style - colours, or none
 * @returns the text, ending with a newline
 */
export function formatAudit(
	doc: AuditJson,
	label: string,
	style: Style,
): string {
	const lines: string[] = [];
	const server =
		doc.server === null ? "" : ` (${doc.server.name} ${doc.server.version})`;
	lines.push(
		`${style.bold("Tool names")} of ${label}${server}: ${plural(doc.toolCount, "tool")}`,
	);
	if (doc.toolCount === 0) {
		lines.push("", "Nothing to audit.");
		return `${lines.join("\n")}\n`;
	}
	const shown: AuditProfileJson[] = [];
	for (const report of doc.profiles) {
		lines.push("");
		const rules = describeProfile(report.profile as ProfileName);
		const same = shown.find((earlier) => sameResult(earlier, report));
		if (same !== undefined) {
			lines.push(
				`${style.bold(report.profile)}  ${style.dim(rules)}: same wire names as ${same.profile}`,
			);
			continue;
		}
		shown.push(report);
		lines.push(
			`${style.bold(report.profile)}  ${style.dim(rules)}${style.dim(roomOf(report))}`,
		);
		lines.push(
			...renderTable(
				report.entries.map((entry) => rowOf(entry, report, style)),
				{
					maxWidths: [undefined, NAME_COLUMN_MAX, undefined, WIRE_COLUMN_MAX],
					overflow: [undefined, "wrap", undefined, "spill"],
				},
			),
		);
		lines.push(`  ${style.dim(summaryOf(report))}`);
	}
	if (doc.findings.length > 0) {
		lines.push(
			"",
			`${style.bold("Tool definitions")}: ${plural(doc.findings.length, "problem")}`,
			...renderTable(
				doc.findings.map((finding) => [
					{ text: "✗", style: style.red },
					{ text: finding.tool ?? `tools[${finding.index}]` },
					{ text: finding.message, style: style.dim },
				]),
				{
					maxWidths: [undefined, NAME_COLUMN_MAX],
					overflow: [undefined, "wrap"],
				},
			),
		);
	}
	lines.push("", verdictOf(doc, style));
	return `${lines.join("\n")}\n`;
}

function rowOf(
	entry: AuditEntryJson,
	report: AuditProfileJson,
	style: Style,
): TableCell[] {
	const [mark, paint] = markOf(entry, style);
	const changed = entry.status !== "ok";
	return [
		{ text: mark, style: paint },
		{ text: entry.name === "" ? '""' : entry.name },
		{
			text: changed || entry.presented !== undefined ? "→" : "",
			style: style.dim,
		},
		{ text: entry.presented ?? entry.wire, style: changed ? paint : style.dim },
		{ text: noteOf(entry, report), style: style.dim },
	];
}

function markOf(
	entry: AuditEntry,
	style: Style,
): [string, (text: string) => string] {
	switch (entry.status) {
		case "ok":
			return ["✓", style.green];
		case "renamed":
			return ["~", style.yellow];
		case "lossy":
		case "truncated":
			return ["!", style.magenta];
		default:
			return ["✗", style.red];
	}
}

function noteOf(entry: AuditEntryJson, report: AuditProfileJson): string {
	const notes: string[] = [];
	if (entry.problems.some((p) => p.code === "duplicate")) {
		notes.push("listed more than once");
	}
	const lossy = entry.problems.some((p) => p.code === "lossy");
	switch (entry.status) {
		case "renamed":
			notes.push("renamed");
			break;
		case "lossy":
			notes.push("lossy: hash added");
			break;
		case "truncated":
			notes.push(
				`truncated: ${entry.name.length} > ${report.maxLength} characters${lossy ? ", lossy" : ""}`,
			);
			break;
		case "collision":
			notes.push(
				entry.collidesWith === undefined
					? "collision: suffix added"
					: `collides with ${entry.collidesWith}`,
			);
			break;
		case "invalid":
			notes.push("empty: cannot be sent");
			break;
		default:
			break;
	}
	if (entry.pastLimit === true && report.host !== undefined)
		notes.push(
			`without the proxy ${hostRules[report.host.name as HostName].title} shows ${(entry.direct ?? "").length} > ${report.host.limit} characters`,
		);
	return notes.join("; ");
}

/** After the profile's rules: whose prefix the names leave room for, and how much. */
function roomOf(report: AuditProfileJson): string {
	const { host } = report;
	if (host !== undefined)
		return ` · as ${hostRules[host.name as HostName].title} shows them for ${JSON.stringify(host.serverName)}: ${host.prefix}<name>, at most ${host.limit}`;
	return report.reserve > 0
		? ` · ${report.reserve} characters kept for a host's prefix`
		: "";
}

function summaryOf(report: AuditProfileJson): string {
	const { totals } = report;
	const parts = (
		[
			["ok", totals.ok],
			["renamed", totals.renamed],
			["lossy", totals.lossy],
			["truncated", totals.truncated],
			[totals.collision === 1 ? "collision" : "collisions", totals.collision],
			["invalid", totals.invalid],
			[totals.duplicates === 1 ? "duplicate" : "duplicates", totals.duplicates],
			[
				"past the host's limit without the proxy",
				report.entries.filter((entry) => entry.pastLimit === true).length,
			],
		] as const
	)
		.filter(([, count]) => count > 0)
		.map(([word, count]) => `${count} ${word}`);
	return `${plural(totals.names, "name")}: ${parts.join(", ")}`;
}

function verdictOf(doc: AuditJson, style: Style): string {
	const failing = doc.profiles.filter(
		(report) => !report.ok || report.totals.duplicates > 0,
	);
	const broken =
		doc.findings.length === 0
			? ""
			: `${plural(doc.findings.length, "tool definition problem")} (see above)`;
	if (failing.length === 0) {
		if (broken !== "") {
			return doc.strict
				? style.red(`✗ --strict: ${broken}.`)
				: `${style.yellow("!")} Every name is sent as is, but there ${doc.findings.length === 1 ? "is" : "are"} ${broken}.`;
		}
		return style.green(
			`✓ Every name is sent as is under ${listOf(doc.profiles.map((r) => r.profile))}.`,
		);
	}
	const rewritten = new Set<string>();
	for (const report of failing) {
		for (const entry of report.entries) {
			if (entry.status !== "ok") rewritten.add(entry.name);
		}
	}
	const which = listOf(failing.map((r) => r.profile));
	const count =
		rewritten.size === 0
			? "Some names are listed more than once"
			: `${rewritten.size} of ${plural(doc.toolCount, "name")} would not be sent as is (${which})`;
	const also = broken === "" ? "" : `; and ${broken}`;
	if (doc.strict) {
		return style.red(`✗ --strict: ${count}${also}.`);
	}
	return `${style.yellow("!")} ${count}; a WireNameCodec maps them to these wire names and back${also}.`;
}

function sameResult(a: AuditProfileJson, b: AuditProfileJson): boolean {
	return (
		a.maxLength === b.maxLength &&
		a.entries.length === b.entries.length &&
		a.entries.every((entry, index) => {
			const other = b.entries[index];
			return (
				other !== undefined &&
				other.wire === entry.wire &&
				other.status === entry.status
			);
		})
	);
}

function listOf(items: readonly string[]): string {
	if (items.length <= 1) return items.join("");
	return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function plural(count: number, word: string): string {
	return `${count} ${word}${count === 1 ? "" : "s"}`;
}
