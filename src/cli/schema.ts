import type { AuditEntry, AuditReport, Resolution } from "../index.js";
import type { ToolFinding } from "./tool-list.js";

/**
 * Version of the `--json` documents, bumped on any incompatible change (a field removed,
 * renamed or retyped); new fields may appear within a version. Documented in docs/cli.md.
 */
export const SCHEMA_VERSION = 1;

/**
 * Where the tool names came from, in `--json` output. HTTP headers are never echoed.
 */
export type SourceJson =
	| { type: "demo" }
	| { type: "stdio"; command: string; args: string[] }
	| { type: "http"; url: string; transport: "streamable-http" | "sse" }
	| { type: "file"; path: string }
	| { type: "stdin" };

/**
 * The server's `serverInfo`, or `null` for files and stdin.
 */
interface ServerJson {
	name: string;
	version: string;
	title?: string;
}

/**
 * One name of {@link AuditProfileJson}: `auditNames`'s `AuditEntry`, and with `--host` the
 * names as that host presents them.
 */
export type AuditEntryJson = AuditEntry & {
	/** With `--host`: the wire name as the host presents it (its prefix, its characters). */
	presented?: string;
	/** With `--host`: the server's own name as the host presents it, without a proxy. */
	direct?: string;
	/** With `--host`: `direct` is longer than the host and the provider accept. */
	pastLimit?: boolean;
};

/** With `--host`: the host, the server's key and the limit of what it presents. */
export interface AuditHostJson {
	name: string;
	serverName: string;
	/** The prefix it puts before each name of this server. */
	prefix: string;
	/** The longest name it passes on as is: the provider's limit, or the host's own when lower. */
	limit: number;
}

/**
 * One profile of {@link AuditJson}: `auditNames`'s `AuditReport` (with `--host`, its entries
 * as the host presents them, and `host`).
 */
export type AuditProfileJson = Omit<AuditReport, "entries"> & {
	entries: AuditEntryJson[];
	host?: AuditHostJson;
};

/**
 * `mcp-tool-names audit --json`.
 */
export interface AuditJson {
	schemaVersion: typeof SCHEMA_VERSION;
	command: "audit";
	source: SourceJson;
	server: ServerJson | null;
	toolCount: number;
	/** One per audited profile, in `--profile` order. */
	profiles: AuditProfileJson[];
	/** What is wrong with the tool definitions (a schema MCP clients reject, a missing name). */
	findings: ToolFinding[];
	/**
	 * Every name is sent unchanged under every audited profile, no name is listed twice, and
	 * no tool definition has a finding.
	 */
	ok: boolean;
	strict: boolean;
	exitCode: 0 | 1;
}

/**
 * `mcp-tool-names resolve <name> --json`.
 */
export interface ResolveJson {
	schemaVersion: typeof SCHEMA_VERSION;
	command: "resolve";
	source: SourceJson;
	server: ServerJson | null;
	toolCount: number;
	input: string;
	mode: "safe" | "mcporter";
	/**
	 * With `--host` or `--reserve`: the name routed, once the host's prefix is taken off (wire
	 * names are then decoded by the proxy's codec).
	 */
	routed?: string;
	/** The call's arguments given with `--arguments`, or `null`. */
	arguments: Record<string, unknown> | null;
	/** What `resolveName` returned. */
	resolution: Resolution;
	/** `formatResolution`'s line, or `null` for `exact` and `none`. */
	message: string | null;
	exitCode: 0 | 1;
}
