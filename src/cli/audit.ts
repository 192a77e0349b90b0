import { type AuditReport, auditNames, type ProfileName } from "../index.js";
import { formatAudit } from "./audit-format.js";
import { asPresented } from "./audit-host.js";
import { createStyle, isColorEnabled } from "./colors.js";
import type { CliIo } from "./io.js";
import type { AuditCommand } from "./options/audit.js";
import { type AuditJson, SCHEMA_VERSION } from "./schema.js";
import { type Catalog, closeCatalog, loadCatalog } from "./targets.js";

/**
 * Runs `mcp-tool-names audit`: reads the target's tools, audits every name against each
 * profile and prints tables (or `--json`).
 *
 * @param command - the parsed command line
 * @param io - streams and environment
 * @returns 0, or 1 under `--strict` when any name would not be sent as is or a tool
 * definition breaks the MCP schema
 * @throws CliFailure when the target cannot be read (the caller prints it, exit 2)
 */
export async function runAudit(
	command: AuditCommand,
	io: CliIo,
): Promise<number> {
	const catalog = await loadCatalog(command, io);
	const json = buildAuditJson(catalog, command);
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
	await closeCatalog(catalog, io);
	return json.exitCode;
}

/**
 * Audits a catalog against profiles and builds the `--json` document (schema version 1).
 *
 * @param catalog - the tools and their source
 * @param command - the profiles (in output order), the reserve per profile and the host,
 * and whether a name that is not sent as is, or a finding, fails (exit code 1)
 * @returns the document `audit --json` prints
 */
function buildAuditJson(
	catalog: Catalog,
	{ profiles, strict, reserves, host }: AuditCommand,
): AuditJson {
	const names = catalog.tools.map((tool) => tool.name);
	const reports = profiles.map((profile) => {
		const report = reportOf(names, profile, reserves?.[profile] ?? 0);
		return host === undefined ? report : asPresented(report, profile, host);
	});
	const ok =
		catalog.findings.length === 0 &&
		reports.every((report) => report.ok && report.totals.duplicates === 0);
	return {
		schemaVersion: SCHEMA_VERSION,
		command: "audit",
		source: catalog.source,
		server: catalog.server,
		toolCount: names.length,
		profiles: reports,
		findings: catalog.findings,
		ok,
		strict,
		exitCode: strict && !ok ? 1 : 0,
	};
}

function reportOf(
	names: string[],
	profile: ProfileName,
	reserve: number,
): AuditReport {
	const { entries, ok, totals, maxLength } = auditNames(names, {
		profile,
		reserve,
	});
	// The key order of schema version 1; `reserve` came later.
	return { profile, maxLength, ok, totals, entries, reserve };
}
