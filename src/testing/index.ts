/**
 * Helpers for unit-testing a tool-name policy in any test runner: each `check*` returns the
 * failures as data, each `assert*` throws an error whose message is a readable table.
 *
 * @module mcp-tool-names/testing
 */

export type { NamesInput } from "./names.js";
export type { PolicyFailure } from "./policy-failure.js";
export type { ResolutionCases } from "./resolutions.js";
export { assertResolves, checkResolutions } from "./resolutions.js";
export { assertRoundTrip, checkRoundTrip } from "./round-trip.js";
export type { WireSafeOptions } from "./wire-safe.js";
export { assertWireSafe, checkWireSafe } from "./wire-safe.js";
