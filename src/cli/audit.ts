import {
	type AuditEntry,
	type AuditReport,
	auditNames,
	type ProfileName,
	WireNameCodec,
} from "../index.js";
import type { AuditCommand } from "./args.js";
import { createStyle, isColorEnabled, type Style } from "./colors.js";
import type { CliIo } from "./io.js";
import {
	type AuditEntryJson,
	type AuditJson,
	type AuditProfileJson,
	SCHEMA_VERSION,
} from "./schema.js";
import { renderTable, type TableCell } from "./table.js";
import { type Catalog, loadCatalog } from "./targets.js";

const RULES: Readonly<Record<ProfileName, string>> = {
	openai: "A-Z a-z 0-9 _ -",
	anthropic: "A-Z a-z 0-9 _ -",
	gemini: "A-Z a-z 0-9 _ . : -, first a letter or _",
	portable: "A-Z a-z 0-9 _, first a letter",
	mcp: "A-Z a-z 0-9 _ . -",
};

// A longer name ends its line and the row continues below, aligned; a longer wire name
// pushes its note right.
const NAME_COLUMN_MAX = 40;
const WIRE_COLUMN_MAX = 40;

/**
 * Runs `mcp-tool-names audit`: reads the target's tools, audits every name against each
 * profile and prints tables (or `--json`).
 *
 * @param command - the parsed command line
 * @param io - streams and environment
 * @returns 0, or 1 under `--strict` when any name would not be sent as is
 * @throws CliFailure when the target cannot be read (the caller prints it, exit 2)
 * @example
 * ```ts
 * const code = await runAudit({ command: "audit", target: { type: "demo" }, profiles: ["openai"], json: false, strict: true, timeoutMs: 15_000 }, io);
 * ```
 */
export async function runAudit(
	command: AuditCommand,
	io: CliIo,
): Promise<number> {
	const catalog = await loadCatalog(command.target, {
		io,
		timeoutMs: command.timeoutMs,
	});
	const json = buildAuditJson(catalog, command.profiles, command.strict);
	const errStyle = createStyle(isColorEnabled(io.stderr, io.env ?? {}));
	for (const note of catalog.notes) {
		io.stderr.write(`${errStyle.yellow("note:")} ${note}\n`);
	}
	if (command.json) {
		io.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
	} else {
		const style = createStyle(isColorEnabled(io.stdout, io.env ?? {}));
		io.stdout.write(formatAudit(json, catalog.label, style));
	}
	return json.exitCode;
}

/**
 * Audits a catalog against profiles and builds the `--json` document (schema version 1).
 *
 * @param catalog - the tools and their source
 * @param profiles - the profiles, in output order
 * @param strict - whether a name that is not sent as is fails (exit code 1)
 * @returns the document `audit --json` prints
 * @example
 * ```ts
 * const doc = buildAuditJson(catalog, ["openai"], false);
 * doc.profiles[0]?.totals.renamed;
 * ```
 */
export function buildAuditJson(
	catalog: Catalog,
	profiles: readonly ProfileName[],
	strict: boolean,
): AuditJson {
	const names = catalog.tools.map((tool) => tool.name);
	const reports = profiles.map((profile) => annotate(names, profile));
	const ok = reports.every(
		(report) => report.ok && report.totals.duplicates === 0,
	);
	return {
		schemaVersion: SCHEMA_VERSION,
		command: "audit",
		source: catalog.source,
		server: catalog.server,
		toolCount: names.length,
		profiles: reports,
		ok,
		strict,
		exitCode: strict && !ok ? 1 : 0,
	};
}

function annotate(names: string[], profile: ProfileName): AuditProfileJson {
	const report: AuditReport = auditNames(names, { profile });
	const holders = new Map<string, string>();
	const codec = new WireNameCodec({
		profile,
		onDiagnostic: (d) => {
			if (d.existing !== undefined) holders.set(d.canonical, d.existing);
		},
	});
	codec.encodeAll([...new Set(names.filter((name) => name !== ""))]);
	const entries = report.entries.map((entry): AuditEntryJson => {
		const holder = holders.get(entry.name);
		return entry.status === "collision" && holder !== undefined
			? { ...entry, collidesWith: holder }
			: entry;
	});
	return {
		profile: report.profile,
		maxLength: report.maxLength,
		ok: report.ok,
		totals: report.totals,
		entries,
	};
}

/**
 * The tables people read: per profile, canonical → wire with a status mark and a note, a
 * summary line, and a closing verdict. Profiles with the same result as an earlier one are
 * folded into one line.
 *
 * @param doc - what {@link buildAuditJson} returned
 * @param label - where the tools came from, e.g. `the demo server`
 * @param style - colours, or none
 * @returns the text, ending with a newline
 * @example
 * ```ts
 * stdout.write(formatAudit(buildAuditJson(catalog, ["openai"], false), "tools.json", createStyle(false)));
 * ```
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
		const rules = `${RULES[report.profile as ProfileName] ?? "custom"}, at most ${report.maxLength}`;
		const same = shown.find((earlier) => sameResult(earlier, report));
		if (same !== undefined) {
			lines.push(
				`${style.bold(report.profile)}  ${style.dim(rules)}: same wire names as ${same.profile}`,
			);
			continue;
		}
		shown.push(report);
		lines.push(`${style.bold(report.profile)}  ${style.dim(rules)}`);
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
		{ text: changed ? "→" : "", style: style.dim },
		{ text: entry.wire, style: changed ? paint : style.dim },
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
	return notes.join("; ");
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
	if (failing.length === 0) {
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
	if (doc.strict) {
		return style.red(`✗ --strict: ${count}.`);
	}
	return `${style.yellow("!")} ${count}; a WireNameCodec maps them to these wire names and back.`;
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
