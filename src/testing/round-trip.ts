import { optionsArgument } from "../core/guards.js";
import {
	isWireSafe,
	WireNameCodec,
	type WireNameCodecOptions,
} from "../index.js";
import { throwIfAny } from "./_table.js";
import { type NamesInput, namesOf } from "./names.js";
import type { PolicyFailure } from "./policy-failure.js";

/**
 * Checks that a fresh codec maps the names safely: every wire name passes the profile, no
 * two names share one, each decodes back, the mapping does not depend on the order of the
 * names, and a snapshot restores it.
 *
 * @param names - tool names, tool objects or a `tools/list` result
 * @param options - codec options (profile, reserve)
 * @returns the failures, empty when the names round-trip
 * @example
 * ```ts
 * checkRoundTrip(["a/b", "a.b", "搜索"]); // []
 * checkRoundTrip(names, { reserve: hostReserve("codex", "github") }); // [] when they fit
 * ```
 */
export function checkRoundTrip(
	names: NamesInput,
	options?: Omit<WireNameCodecOptions, "onDiagnostic">,
): PolicyFailure[] {
	return roundTrip("checkRoundTrip", names, options).failures;
}

function roundTrip(
	fn: string,
	names: NamesInput,
	options: unknown,
): { failures: PolicyFailure[]; codec: WireNameCodec } {
	const opts = optionsArgument(fn, options, ["profile", "reserve"]) as Omit<
		WireNameCodecOptions,
		"onDiagnostic"
	>;
	const list = [...new Set(namesOf(fn, names))].filter((name) => name !== "");
	const codec = new WireNameCodec(opts);
	const wires = codec.encodeAll(list);
	const reversed = new WireNameCodec(opts);
	reversed.encodeAll([...list].reverse());
	const restored = WireNameCodec.fromJSON(
		JSON.parse(JSON.stringify(codec)) as ReturnType<WireNameCodec["toJSON"]>,
		opts,
	);
	const failures: PolicyFailure[] = [];
	const owners = new Map<string, string>();
	list.forEach((name, i) => {
		const wire = wires[i] as string;
		const fail = (expected: string, actual: string): void => {
			failures.push({ name, expected, actual });
		};
		if (
			!isWireSafe(wire, codec.profile) ||
			wire.length > codec.profile.maxLength - codec.reserve
		) {
			fail(
				`a wire name valid for ${codec.profile.name}${codec.reserve === 0 ? "" : ` within ${codec.profile.maxLength - codec.reserve} characters`}`,
				wire,
			);
		}
		const owner = owners.get(wire);
		if (owner !== undefined)
			fail("a wire name of its own", `${wire}, shared with ${owner}`);
		owners.set(wire, name);
		if (codec.decode(wire) !== name)
			fail(`decode(${wire}) to give it back`, codec.decode(wire));
		if (reversed.wireNameOf(name) !== wire) {
			fail(
				`the same wire name in any order (${wire})`,
				String(reversed.wireNameOf(name)),
			);
		}
		if (restored.decode(wire) !== name)
			fail("a snapshot to keep the mapping", restored.decode(wire));
	});
	return { failures, codec };
}

/**
 * Throws unless {@link checkRoundTrip} passes, with a table of what failed.
 *
 * @param names - tool names, tool objects or a `tools/list` result
 * @param options - codec options (profile, reserve)
 * @returns the codec that encoded the names, for further assertions
 * @throws McpToolNamesError `policy-violation` listing each failure
 * @example
 * ```ts
 * const codec = assertRoundTrip(server.toolNames, { profile: "portable" });
 * expect(codec.encode("websearch/fetch_content")).toBe("websearch_fetch_content");
 * ```
 */
export function assertRoundTrip(
	names: NamesInput,
	options?: Omit<WireNameCodecOptions, "onDiagnostic">,
): WireNameCodec {
	const { failures, codec } = roundTrip("assertRoundTrip", names, options);
	throwIfAny(failures, "tool name(s) do not round-trip");
	return codec;
}
