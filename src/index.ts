/**
 * Provider-safe, reversible MCP tool names on the wire, and safe resolution of the names
 * models send back.
 *
 * @module mcp-tool-names
 */
export { WireNameCodec } from "./core/codec.js";
export type { CodecSnapshot, SnapshotProfile, WireNameCodecOptions } from "./core/codec.js";
export type { Diagnostic, DiagnosticCode } from "./core/diagnostics.js";
export { McpToolNamesError, isMcpToolNamesError } from "./core/errors.js";
export type { McpToolNamesErrorCode } from "./core/errors.js";
export { fnv1a32, hashName, HASH_LENGTH } from "./core/hash.js";
export { isWireSafe, profiles } from "./core/profiles.js";
export type { NameProfile, ProfileName } from "./core/profiles.js";
