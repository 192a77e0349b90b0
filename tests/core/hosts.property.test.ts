import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
	type HostName,
	hostReserve,
	hostRules,
	hostToolName,
	isWireSafe,
	type ProfileName,
	profiles,
	WireNameCodec,
} from "../../src/index.js";
import { catalog, PROPERTY } from "../_support/fast-check.js";

/** Each host, a profile the proxy plans with, and the provider the host sends names to. */
const PAIRS: Array<[HostName, ProfileName, ProfileName]> = [
	["claude-code", "anthropic", "anthropic"],
	["claude-code", "openai", "anthropic"],
	["codex", "openai", "openai"],
	["gemini-cli", "gemini", "gemini"],
	["gemini-cli", "openai", "gemini"],
	["opencode", "openai", "openai"],
];

/** Server keys as users write them in a host's config: up to 32 characters, any of them. */
const serverKey = fc.oneof(
	fc.string({
		unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789-_"),
		minLength: 1,
		maxLength: 32,
	}),
	fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 32 }),
	fc
		.string({ unit: "binary", minLength: 1, maxLength: 32 })
		.filter((key) => key.length <= 32),
);

describe("hostReserve with WireNameCodec", () => {
	it.each(PAIRS)(
		"keeps every name %s presents, planned for %s, within %s's limit, distinct, and routing back",
		(host, profile, provider) => {
			fc.assert(
				fc.property(serverKey, catalog(16), (key, names) => {
					const reserve = hostReserve(host, key, profile);
					const codec = new WireNameCodec({ profile, reserve });
					const wires = codec.encodeAll(names);
					const limit = Math.min(
						profiles[profile].maxLength,
						hostRules[host].limit ?? 64,
					);
					const shown = wires.map((wire) => hostToolName(host, key, wire));
					for (const name of shown) {
						// Within the provider's (and the host's own) limit, and a name it accepts.
						expect(name.length).toBeLessThanOrEqual(limit);
						expect(isWireSafe(name, provider)).toBe(true);
					}
					// Codex writes a - as _: only names that differ in nothing else may meet
					// (Codex then tells them apart with a hash of its own).
					const distinct = new Set(
						host === "codex" ? wires.map((w) => w.replaceAll("-", "_")) : wires,
					);
					expect(new Set(shown).size).toBe(distinct.size);
					// Each host calls the server by the name it listed (the wire name), which the
					// proxy's codec decodes back to the tool it stands for.
					names.forEach((name, i) => {
						expect(codec.decode(wires[i] as string)).toBe(name);
					});
				}),
				PROPERTY,
			);
		},
	);
});
