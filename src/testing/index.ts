/**
 * Helpers for unit-testing a tool-name policy in any test runner: each `check*` returns the
 * failures as data, each `assert*` throws an error whose message is a readable table.
 *
 * @module mcp-tool-names/testing
 */

export type { PolicyFailure, ResolutionCases } from "./checks.js";
export {
	assertResolves,
	assertRoundTrip,
	assertWireSafe,
	checkResolutions,
	checkRoundTrip,
	checkWireSafe,
} from "./checks.js";
export type { NamesInput } from "./names.js";
