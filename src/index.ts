/**
 * Provider-safe, reversible MCP tool names on the wire, and safe resolution of the names
 * models send back.
 *
 * @module mcp-tool-names
 */

export type {
	AuditEntry,
	AuditOptions,
	AuditProblem,
	AuditProblemCode,
	AuditReport,
	AuditStatus,
	AuditTotals,
} from "./core/audit.js";
export { auditNames } from "./core/audit.js";
export type {
	CodecSnapshot,
	SnapshotProfile,
	WireNameCodecOptions,
} from "./core/codec.js";
export { WireNameCodec } from "./core/codec.js";
export type { Diagnostic, DiagnosticCode } from "./core/diagnostics.js";
export type { McpToolNamesErrorCode } from "./core/errors.js";
export { isMcpToolNamesError, McpToolNamesError } from "./core/errors.js";
export type { FormatResolutionOptions } from "./core/format.js";
export { formatResolution } from "./core/format.js";
export { fnv1a32, HASH_LENGTH, hashName } from "./core/hash.js";
export type { HostName, HostRule } from "./core/hosts.js";
export { hostReserve, hostRules, hostToolName } from "./core/hosts.js";
export type { ToolCandidate } from "./core/name-index.js";
export { NameIndex } from "./core/name-index.js";
export { normalizeName } from "./core/normalize.js";
export type { NameProfile, ProfileName } from "./core/profiles.js";
export { describeProfile, isWireSafe, profiles } from "./core/profiles.js";
export type { CodecRegistryOptions } from "./core/registry.js";
export { CodecRegistry } from "./core/registry.js";
export type { Resolution, ResolveOptions } from "./core/resolve.js";
export { MAX_INPUT_LENGTH, resolveName, suggest } from "./core/resolve.js";
export type {
	ClaimOutcome,
	CodecStore,
	NameClaim,
	StoredNames,
} from "./core/store.js";
