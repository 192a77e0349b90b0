import { describe, expect, it } from "vitest";
import {
	type Diagnostic,
	isMcpToolNamesError,
	isWireSafe,
	type NameProfile,
	type ProfileName,
	WireNameCodec,
} from "../../src/index.js";
import wireNames from "../fixtures/wire-names.json" with { type: "json" };
import {
	deepFreeze,
	prototypeSnapshot,
	referenceHash,
	thrown,
} from "./_reference.js";

interface WireCase {
	canonical: string;
	profile: string;
	wire: string;
	rule: string;
	hashed?: boolean;
}

/** The custom all-lowercase profile the fixture calls "lowercase". */
const LOWERCASE: NameProfile = {
	name: "lowercase",
	maxLength: 32,
	allowed: /[a-z0-9_]/,
	leading: /[a-z]/,
};

const profileOf = (name: string): ProfileName | NameProfile =>
	name === "lowercase" ? LOWERCASE : (name as ProfileName);

const collect = (
	profile: ProfileName | NameProfile = "openai",
): { codec: WireNameCodec; diagnostics: Diagnostic[] } => {
	const diagnostics: Diagnostic[] = [];
	const codec = new WireNameCodec({
		profile,
		onDiagnostic: (d) => diagnostics.push(d),
	});
	return { codec, diagnostics };
};

const expectProgrammerError = (fn: () => unknown, code?: string): Error => {
	const error = thrown(fn);
	expect(isMcpToolNamesError(error)).toBe(true);
	expect(error).toBeInstanceOf(Error);
	const message = (error as Error).message;
	expect(message.length).toBeGreaterThan(0);
	expect(message).not.toContain("\n");
	if (code !== undefined) expect((error as { code: string }).code).toBe(code);
	return error as Error;
};

const h = referenceHash;

describe("WireNameCodec", () => {
	describe("wire-name rules (tests/fixtures/wire-names.json)", () => {
		it.each(
			(wireNames as WireCase[]).map(
				(c) => [c.profile, c.canonical, c.wire, c] as const,
			),
		)("under %s encodes %j as %j", (_profile, canonical, wire, c) => {
			const profile = profileOf(c.profile);
			const codec = new WireNameCodec({ profile });
			expect(codec.encode(canonical)).toBe(wire);
			expect(isWireSafe(wire, profile)).toBe(true);
			if (c.hashed) expect(wire.endsWith(`_${h(canonical)}`)).toBe(true);
			expect(codec.decode(wire)).toBe(canonical);
		});

		it("has hashes in the fixture that match the independent FNV-1a", () => {
			for (const c of wireNames as WireCase[]) {
				if (c.hashed)
					expect([c.canonical, c.wire.slice(-7)]).toEqual([
						c.canonical,
						h(c.canonical),
					]);
			}
		});
	});

	describe("constructor", () => {
		it("uses the openai profile by default", () => {
			const codec = new WireNameCodec();
			expect(codec.encode("linear.list_issues")).toBe("linear_list_issues");
			expect(codec.encode("get-item")).toBe("get-item");
		});

		it("accepts a profile by name or as an object", () => {
			expect(
				new WireNameCodec({ profile: "gemini" }).encode("linear.list_issues"),
			).toBe("linear.list_issues");
			expect(new WireNameCodec({ profile: LOWERCASE }).encode("get-item")).toBe(
				"get_item",
			);
		});

		it("rejects an unknown profile name with a message listing the valid ones", () => {
			const error = expectProgrammerError(
				() => new WireNameCodec({ profile: "opanai" as ProfileName }),
				"invalid-profile",
			);
			expect(error.message).toContain('"opanai"');
			for (const name of ["openai", "anthropic", "gemini", "portable", "mcp"]) {
				expect(error.message).toContain(name);
			}
		});

		it("rejects a custom profile whose maxLength cannot hold a hashed name", () => {
			for (const maxLength of [
				0,
				-1,
				4,
				Number.NaN,
				1.5,
				Number.POSITIVE_INFINITY,
			]) {
				expectProgrammerError(
					() => new WireNameCodec({ profile: { ...LOWERCASE, maxLength } }),
				);
			}
		});

		it("rejects a custom profile whose alphabet cannot write the hash", () => {
			for (const allowed of [/[A-Z_]/, /[a-z_]/, /[0-9_]/]) {
				expectProgrammerError(
					() =>
						new WireNameCodec({
							profile: { name: "narrow", maxLength: 64, allowed },
						}),
				);
			}
		});

		it("rejects a custom profile that is not a profile", () => {
			for (const profile of [
				{ name: "x", maxLength: 64 },
				{ name: "x", maxLength: 64, allowed: "[a-z]" },
				{ name: "x", maxLength: "64", allowed: /[a-z0-9_]/ },
				null,
				42,
			]) {
				expectProgrammerError(
					() =>
						new WireNameCodec({ profile: profile as unknown as NameProfile }),
				);
			}
		});

		it("accepts a workable custom profile and keeps every name inside it", () => {
			const codec = new WireNameCodec({ profile: LOWERCASE });
			for (const name of [
				"GetItem",
				"websearch/fetch_content",
				"搜索",
				"9lives",
				"x".repeat(99),
			]) {
				expect(isWireSafe(codec.encode(name), LOWERCASE)).toBe(true);
			}
		});
	});

	describe("encode", () => {
		it("maps websearch/fetch_content to websearch_fetch_content and back", () => {
			const codec = new WireNameCodec();
			expect(codec.encode("websearch/fetch_content")).toBe(
				"websearch_fetch_content",
			);
			expect(codec.decode("websearch_fetch_content")).toBe(
				"websearch/fetch_content",
			);
		});

		it("maps all/websearch/fetch_content to all_websearch_fetch_content", () => {
			expect(new WireNameCodec().encode("all/websearch/fetch_content")).toBe(
				"all_websearch_fetch_content",
			);
		});

		it("returns the same wire name every time it is asked", () => {
			const codec = new WireNameCodec();
			const first = codec.encode("linear.list_issues");
			expect(codec.encode("linear.list_issues")).toBe(first);
			expect(codec.size).toBe(1);
		});

		it("reports a rename as a `renamed` diagnostic with a ready message", () => {
			const { codec, diagnostics } = collect();
			codec.encode("websearch/fetch_content");
			expect(diagnostics).toHaveLength(1);
			const [d] = diagnostics;
			expect(d).toMatchObject({
				code: "renamed",
				canonical: "websearch/fetch_content",
				wire: "websearch_fetch_content",
			});
			expect(d?.message).toContain("websearch/fetch_content");
			expect(d?.message).toContain("websearch_fetch_content");
			expect(d?.message).not.toContain("\n");
		});

		it("reports nothing for a name that is valid as is", () => {
			const { codec, diagnostics } = collect();
			codec.encode("begin_session");
			expect(diagnostics).toEqual([]);
		});

		it("reports nothing new when an assigned name is encoded again", () => {
			const { codec, diagnostics } = collect();
			codec.encode("websearch/fetch_content");
			const count = diagnostics.length;
			codec.encode("websearch/fetch_content");
			codec.encodeAll(["websearch/fetch_content"]);
			expect(diagnostics).toHaveLength(count);
		});

		it("reports a dropped letter as `lossy` and appends the hash", () => {
			const { codec, diagnostics } = collect();
			const wire = codec.encode("搜索/获取");
			expect(wire).toBe(`tool_${h("搜索/获取")}`);
			expect(diagnostics.map((d) => d.code)).toContain("lossy");
			expect(
				diagnostics.every(
					(d) => d.canonical === "搜索/获取" && d.wire === wire,
				),
			).toBe(true);
		});

		it("never lets a lossy name end with a bare '_'", () => {
			const codec = new WireNameCodec();
			for (const name of [
				"搜索",
				"获取",
				"搜索/获取",
				"привет/мир",
				"🔥搜索",
			]) {
				const wire = codec.encode(name);
				expect(wire).not.toMatch(/_$/);
				expect(wire).toBe(`tool_${h(name)}`);
			}
		});

		it("appends the hash when a Latin letter outside ASCII is dropped", () => {
			const codec = new WireNameCodec();
			const nfc = codec.encode("caf\u00e9");
			const nfd = codec.encode("cafe\u0301");
			expect(nfc.startsWith("caf")).toBe(true);
			expect(nfc.endsWith(`_${h("caf\u00e9")}`)).toBe(true);
			expect(nfd.endsWith(`_${h("cafe\u0301")}`)).toBe(true);
			expect(nfc).not.toBe(nfd);
			expect(codec.decode(nfc)).toBe("caf\u00e9");
			expect(codec.decode(nfd)).toBe("cafe\u0301");
		});

		it("keeps CJK names distinct although they all lose every letter", () => {
			const codec = new WireNameCodec();
			const wires = ["搜索", "获取", "读取", "写入"].map((n) =>
				codec.encode(n),
			);
			expect(new Set(wires).size).toBe(4);
		});

		it("reports a long name as `truncated` and fits it into maxLength with the hash", () => {
			const { codec, diagnostics } = collect();
			const name = "a".repeat(100);
			const wire = codec.encode(name);
			expect(wire).toBe(`${"a".repeat(56)}_${h(name)}`);
			expect(wire).toHaveLength(64);
			expect(diagnostics.map((d) => d.code)).toContain("truncated");
		});

		it("never truncates blindly: names that share their first 64 characters stay distinct", () => {
			const codec = new WireNameCodec();
			const prefix =
				"github_create_pull_request_review_comment_reply_with_suggestion_";
			expect(prefix.length).toBe(64);
			const a = codec.encode(`${prefix}alpha`);
			const b = codec.encode(`${prefix}beta`);
			expect(a).not.toBe(b);
			expect(a).not.toBe(`${prefix}alpha`.slice(0, 64));
			expect(a.endsWith(`_${h(`${prefix}alpha`)}`)).toBe(true);
			expect(b.endsWith(`_${h(`${prefix}beta`)}`)).toBe(true);
			expect(a.length).toBeLessThanOrEqual(64);
			expect(b.length).toBeLessThanOrEqual(64);
		});

		it("keeps the longest readable stem of a long name", () => {
			const name = "abcdefgh_".repeat(12);
			const wire = new WireNameCodec().encode(name);
			const stem = wire.slice(0, -8);
			expect(wire.endsWith(`_${h(name)}`)).toBe(true);
			expect(wire.length).toBeLessThanOrEqual(64);
			expect(name.startsWith(stem)).toBe(true);
			expect(stem.length).toBeGreaterThanOrEqual(48);
			expect(stem).not.toMatch(/_$/);
		});

		it("fits a long name into each profile's own maxLength", () => {
			const name = `all/github/${"x".repeat(300)}`;
			for (const profile of [
				"openai",
				"anthropic",
				"gemini",
				"portable",
				"mcp",
			] as const) {
				const wire = new WireNameCodec({ profile }).encode(name);
				expect(isWireSafe(wire, profile)).toBe(true);
				expect(wire.startsWith("all_github_x")).toBe(true);
				expect(wire.endsWith(`_${h(name)}`)).toBe(true);
			}
			expect(new WireNameCodec({ profile: "mcp" }).encode(name)).toHaveLength(
				128,
			);
		});

		it("adds the first-character prefix and still fits a long name", () => {
			const name = `1${"a".repeat(80)}`;
			const wire = new WireNameCodec({ profile: "portable" }).encode(name);
			expect(wire.startsWith("tool_1a")).toBe(true);
			expect(wire.endsWith(`_${h(name)}`)).toBe(true);
			expect(isWireSafe(wire, "portable")).toBe(true);
		});

		it("handles a 100 kB name within maxLength", () => {
			const codec = new WireNameCodec();
			const ascii = codec.encode("x".repeat(100_000));
			const cjk = codec.encode("搜".repeat(50_000));
			const mixed = codec.encode("a/".repeat(50_000));
			for (const wire of [ascii, cjk, mixed])
				expect(isWireSafe(wire)).toBe(true);
			expect(ascii.endsWith(`_${h("x".repeat(100_000))}`)).toBe(true);
		});

		it("turns control characters into '_' and never leaves one in a wire name", () => {
			const codec = new WireNameCodec();
			expect(codec.encode("a\u0000b")).toBe("a_b");
			expect(codec.encode("\u0000")).toBe("tool");
			const wire = codec.encode("\u0007list\u001bissues\u007f");
			expect(isWireSafe(wire)).toBe(true);
		});

		it("treats prototype keys as ordinary names", () => {
			const before = prototypeSnapshot();
			const codec = new WireNameCodec();
			expect(codec.encode("__proto__")).toBe("__proto__");
			expect(codec.encode("constructor")).toBe("constructor");
			// leading and trailing '_' are trimmed, the inner run stays
			expect(codec.encode("__proto__/polluted")).toBe("proto___polluted");
			expect(codec.encode("hasOwnProperty.toString")).toBe(
				"hasOwnProperty_toString",
			);
			expect(codec.decode("__proto__")).toBe("__proto__");
			expect(codec.decode("proto___polluted")).toBe("__proto__/polluted");
			expect(codec.size).toBe(4);
			expect({} as Record<string, unknown>).not.toHaveProperty("polluted");
			expect(prototypeSnapshot()).toEqual(before);
		});

		it("throws a McpToolNamesError for a value that is not a string", () => {
			const codec = new WireNameCodec();
			for (const value of [
				undefined,
				null,
				42,
				{},
				["a"],
				Symbol("s"),
				() => "a",
			]) {
				expectProgrammerError(
					() => codec.encode(value as unknown as string),
					"invalid-argument",
				);
			}
			expect(codec.size).toBe(0);
		});

		it("throws a McpToolNamesError for the empty name", () => {
			const codec = new WireNameCodec();
			expectProgrammerError(() => codec.encode(""), "invalid-argument");
			expect(codec.size).toBe(0);
		});
	});

	describe("encodeAll", () => {
		it("returns wire names in input order", () => {
			const codec = new WireNameCodec();
			expect(
				codec.encodeAll([
					"websearch/fetch_content",
					"begin_session",
					"linear.list_issues",
				]),
			).toEqual([
				"websearch_fetch_content",
				"begin_session",
				"linear_list_issues",
			]);
		});

		it("gives the second name of a collision the suffix _2", () => {
			const { codec, diagnostics } = collect();
			// "a.b" (002E) sorts before "a/b" (002F), so "a.b" takes the base
			expect(codec.encodeAll(["a/b", "a.b"])).toEqual(["a_b_2", "a_b"]);
			const collision = diagnostics.find((d) => d.code === "collision");
			expect(collision).toMatchObject({
				canonical: "a/b",
				wire: "a_b_2",
				existing: "a.b",
			});
		});

		it("lets a name valid as is keep itself in a fresh codec, whatever the order", () => {
			for (const names of [
				["websearch/fetch_content", "websearch_fetch_content"],
				["websearch_fetch_content", "websearch/fetch_content"],
			]) {
				const { codec, diagnostics } = collect();
				const wires = codec.encodeAll(names);
				expect(codec.wireNameOf("websearch_fetch_content")).toBe(
					"websearch_fetch_content",
				);
				expect(codec.wireNameOf("websearch/fetch_content")).toBe(
					"websearch_fetch_content_2",
				);
				expect(wires).toEqual(names.map((n) => codec.wireNameOf(n)));
				expect(diagnostics.find((d) => d.code === "collision")).toMatchObject({
					canonical: "websearch/fetch_content",
					wire: "websearch_fetch_content_2",
					existing: "websearch_fetch_content",
				});
			}
		});

		it("hands out suffixes in ascending UTF-16 code-unit order of the canonical names", () => {
			// UTF-16 order: "x/y" (002F) < "x\u{1F600}y" (D83D...) < "x\uFF61y" (FF61);
			// code-point order would put U+FF61 before U+1F600.
			const names = ["x\uFF61y", "x\u{1F600}y", "x/y"];
			const codec = new WireNameCodec();
			codec.encodeAll(names);
			expect(codec.wireNameOf("x/y")).toBe("x_y");
			expect(codec.wireNameOf("x\u{1F600}y")).toBe("x_y_2");
			expect(codec.wireNameOf("x\uFF61y")).toBe("x_y_3");
		});

		it("skips a suffix that is already a name of the batch", () => {
			const codec = new WireNameCodec();
			codec.encodeAll(["a/b", "a_b", "a_b_2"]);
			expect(codec.wireNameOf("a_b")).toBe("a_b");
			expect(codec.wireNameOf("a_b_2")).toBe("a_b_2");
			expect(codec.wireNameOf("a/b")).toBe("a_b_3");
		});

		it("lets a name keep a natural wire name that looks like another group's suffix", () => {
			// a/b/2 wants a_b_2 and nobody else does, so a/b (losing a_b to a.b) moves on to a_b_3
			const codec = new WireNameCodec();
			expect(codec.encodeAll(["a/b", "a.b", "a/b/2"])).toEqual([
				"a_b_3",
				"a_b",
				"a_b_2",
			]);
		});

		it("cuts the base so that a suffixed name still fits maxLength", () => {
			const valid = `${"a".repeat(62)}_b`;
			const other = `${"a".repeat(62)}/b`;
			expect(valid).toHaveLength(64);
			const codec = new WireNameCodec();
			codec.encodeAll([other, valid]);
			expect(codec.wireNameOf(valid)).toBe(valid);
			expect(codec.wireNameOf(other)).toBe(`${"a".repeat(62)}_2`);
		});

		it("settles a hash collision between two lossy names like any other collision", () => {
			// FNV-1a gives both CJK names 1vn18lv; U+68A0 sorts before U+96FD
			const a = "\u68a0\u958c\u8876";
			const b = "\u96fd\u6b0b\u759f";
			expect(h(a)).toBe(h(b));
			const codec = new WireNameCodec();
			expect(codec.encodeAll([b, a])).toEqual([
				`tool_${h(a)}_2`,
				`tool_${h(a)}`,
			]);
			expect(codec.decode(`tool_${h(a)}_2`)).toBe(b);
		});

		it("derives the same names from the same set in any order", () => {
			const names = [
				"a/b",
				"a.b",
				"a_b",
				"a:b",
				"websearch/fetch_content",
				"websearch_fetch_content",
				"搜索",
				"x".repeat(70),
			];
			const expected = new WireNameCodec().encodeAll(names);
			const mapping = new Map(names.map((n, i) => [n, expected[i]]));
			for (const order of [
				[...names].reverse(),
				[...names].sort(),
				[3, 1, 7, 0, 5, 2, 6, 4].map((i) => names[i] as string),
			]) {
				const wires = new WireNameCodec().encodeAll(order);
				expect(wires).toEqual(order.map((n) => mapping.get(n)));
			}
		});

		it("gives a name repeated within one call one wire name", () => {
			const codec = new WireNameCodec();
			const wires = codec.encodeAll(["a/b", "a/b", "a.b", "a/b"]);
			expect(wires[0]).toBe(wires[1]);
			expect(wires[0]).toBe(wires[3]);
			expect(wires[0]).not.toBe(wires[2]);
			expect(codec.size).toBe(2);
		});

		it("returns an empty list for an empty batch", () => {
			expect(new WireNameCodec().encodeAll([])).toEqual([]);
		});

		it("does not mutate its input array (it sorts a copy)", () => {
			const names = ["b/x", "a/x", "a_x"];
			const before = [...names];
			new WireNameCodec().encodeAll(names);
			expect(names).toEqual(before);
		});

		it("throws a McpToolNamesError for a batch that holds a non-string or empty name", () => {
			for (const batch of [["a", 42], ["a", ""], [null]]) {
				const codec = new WireNameCodec();
				expectProgrammerError(() => codec.encodeAll(batch as string[]));
			}
			expectProgrammerError(() =>
				new WireNameCodec().encodeAll("abc" as unknown as string[]),
			);
		});
	});

	describe("stickiness", () => {
		it("refuses a later name valid as is that would take a handed-out wire name", () => {
			const { codec, diagnostics } = collect();
			expect(codec.encode("websearch/fetch_content")).toBe(
				"websearch_fetch_content",
			);
			expect(codec.encode("websearch_fetch_content")).toBe(
				"websearch_fetch_content_2",
			);
			const refused = diagnostics.filter((d) => d.code === "refused");
			expect(refused).toHaveLength(1);
			expect(refused[0]).toMatchObject({
				canonical: "websearch_fetch_content",
				wire: "websearch_fetch_content_2",
				existing: "websearch/fetch_content",
			});
			expect(refused[0]?.message).toContain("websearch_fetch_content");
		});

		it("says so when a name is its own wire name of another tool, as names read back from a wrapped client are", () => {
			const { codec, diagnostics } = collect();
			codec.encodeAll(["github/search", "github/list_issues"]);
			// What a wrapped client's listTools() returns: the wire names, taken for canonical.
			codec.encodeAll(["github_search", "github_list_issues"]);
			const refused = diagnostics.filter((d) => d.code === "refused");
			expect(refused.map((d) => d.message)).toEqual([
				'Tool "github_list_issues" is already this codec\'s wire name of "github/list_issues", so it is sent as "github_list_issues_2"; if the names came from a wrapped client or server, they are wire names: encode the canonical ones',
				'Tool "github_search" is already this codec\'s wire name of "github/search", so it is sent as "github_search_2"; if the names came from a wrapped client or server, they are wire names: encode the canonical ones',
			]);
		});

		it("keeps the plain refusal text when a newcomer only collides with a held wire name", () => {
			const { codec, diagnostics } = collect();
			codec.encodeAll(["a/b", "a.b"]);
			codec.encode("a:b");
			const refused = diagnostics.filter((d) => d.code === "refused");
			expect(refused.map((d) => d.message)).toEqual([
				'Tool "a:b" cannot take a wire name already handed out for "a.b"; it is sent as "a_b_3"',
			]);
		});

		it("keeps decode pointing at the first owner after a refusal", () => {
			const codec = new WireNameCodec();
			codec.encode("websearch/fetch_content");
			codec.encode("websearch_fetch_content");
			expect(codec.decode("websearch_fetch_content")).toBe(
				"websearch/fetch_content",
			);
			expect(codec.lookup("websearch_fetch_content")).toBe(
				"websearch/fetch_content",
			);
			expect(codec.decode("websearch_fetch_content_2")).toBe(
				"websearch_fetch_content",
			);
		});

		it("refuses inside encodeAll too, and keeps earlier assignments", () => {
			const { codec, diagnostics } = collect();
			codec.encodeAll(["websearch/fetch_content"]);
			const wires = codec.encodeAll([
				"websearch_fetch_content",
				"websearch/fetch_content",
			]);
			expect(wires).toEqual([
				"websearch_fetch_content_2",
				"websearch_fetch_content",
			]);
			expect(diagnostics.some((d) => d.code === "refused")).toBe(true);
		});

		it("never changes a wire name once assigned, whatever arrives later", () => {
			const codec = new WireNameCodec();
			const first = codec.encodeAll(["a/b", "a.b"]);
			codec.encodeAll(["a_b", "a:b", "a_b_2", "a b"]);
			codec.encode("a_b_3");
			expect(codec.encodeAll(["a/b", "a.b"])).toEqual(first);
			expect(codec.decode(first[0] as string)).toBe("a/b");
			expect(codec.decode(first[1] as string)).toBe("a.b");
			const all = ["a/b", "a.b", "a_b", "a:b", "a_b_2", "a b", "a_b_3"];
			const wires = all.map((n) => codec.wireNameOf(n));
			expect(new Set(wires).size).toBe(all.length);
			for (const [i, n] of all.entries())
				expect(codec.decode(wires[i] as string)).toBe(n);
		});

		it("assigns newcomers independently of their order", () => {
			const prime = (): WireNameCodec => {
				const codec = new WireNameCodec();
				codec.encodeAll(["a/b"]);
				return codec;
			};
			const one = prime();
			const two = prime();
			one.encodeAll(["a.b", "a_b", "a:b"]);
			two.encodeAll(["a:b", "a_b", "a.b"]);
			for (const n of ["a/b", "a.b", "a_b", "a:b"])
				expect(one.wireNameOf(n)).toBe(two.wireNameOf(n));
		});
	});

	describe("encodeTools", () => {
		const tools = deepFreeze([
			{
				name: "websearch/fetch_content",
				description: "Fetch",
				inputSchema: { type: "object" },
			},
			{ name: "begin_session", annotations: { destructiveHint: false } },
			{ name: "websearch_fetch_content", description: "Other" },
		]);

		it("returns copies with wire names and every other field kept", () => {
			const codec = new WireNameCodec();
			const out = codec.encodeTools(tools);
			expect(out).toHaveLength(3);
			expect(out.map((t) => t.name)).toEqual([
				"websearch_fetch_content_2",
				"begin_session",
				"websearch_fetch_content",
			]);
			expect(out[0]).toEqual({
				...tools[0],
				name: "websearch_fetch_content_2",
			});
			expect(out[1]).toEqual(tools[1]);
			expect(out[2]).toEqual({ ...tools[2], name: "websearch_fetch_content" });
			expect(out).not.toBe(tools);
			expect(out[0]).not.toBe(tools[0]);
		});

		it("never mutates its input", () => {
			const input = structuredClone(tools) as typeof tools;
			new WireNameCodec().encodeTools(input);
			expect(input).toEqual(structuredClone(tools));
			expect(input[0]?.name).toBe("websearch/fetch_content");
		});

		it("assigns like encodeAll", () => {
			const a = new WireNameCodec().encodeTools(tools).map((t) => t.name);
			const b = new WireNameCodec().encodeAll(tools.map((t) => t.name));
			expect(a).toEqual(b);
		});

		it("passes a malformed tool entry through as data, without assigning it", () => {
			const codec = new WireNameCodec();
			const malformed = [{ name: 42 }, null] as unknown as { name: string }[];
			expect(codec.encodeTools(malformed)).toEqual([{ name: 42 }, null]);
			expect(codec.size).toBe(0);
		});
	});

	describe("decode", () => {
		it("decodes a name it never issued to itself", () => {
			const codec = new WireNameCodec();
			codec.encode("websearch/fetch_content");
			expect(codec.decode("begin_session")).toBe("begin_session");
			expect(codec.decode("unknown_tool")).toBe("unknown_tool");
		});

		it("passes a legacy client's canonical slash name through unchanged", () => {
			const codec = new WireNameCodec();
			codec.encode("websearch/fetch_content");
			expect(codec.decode("websearch/fetch_content")).toBe(
				"websearch/fetch_content",
			);
		});

		it("reverses exactly, without case or punctuation folding", () => {
			const codec = new WireNameCodec();
			codec.encode("websearch/fetch_content");
			expect(codec.decode("WebSearch_Fetch_Content")).toBe(
				"WebSearch_Fetch_Content",
			);
			expect(codec.decode("websearch-fetch-content")).toBe(
				"websearch-fetch-content",
			);
		});

		it("does not find inherited object properties", () => {
			const codec = new WireNameCodec();
			for (const key of [
				"constructor",
				"__proto__",
				"toString",
				"hasOwnProperty",
				"valueOf",
			]) {
				expect(codec.decode(key)).toBe(key);
			}
		});

		it("returns a non-string unchanged", () => {
			const codec = new WireNameCodec();
			const object = { name: "x" };
			for (const value of [undefined, null, 42, object, ["a"]]) {
				expect(codec.decode(value as unknown as string)).toBe(value);
			}
		});
	});

	describe("lookup", () => {
		it("returns the canonical name of an issued wire name", () => {
			const codec = new WireNameCodec();
			codec.encode("linear.list_issues");
			expect(codec.lookup("linear_list_issues")).toBe("linear.list_issues");
		});

		it("returns undefined for a name it never issued, canonical names included", () => {
			const codec = new WireNameCodec();
			codec.encode("linear.list_issues");
			expect(codec.lookup("linear.list_issues")).toBeUndefined();
			expect(codec.lookup("begin_session")).toBeUndefined();
		});

		it("returns undefined for inherited object property names", () => {
			const codec = new WireNameCodec();
			for (const key of ["constructor", "__proto__", "toString", "valueOf"]) {
				expect(codec.lookup(key)).toBeUndefined();
			}
		});

		it("returns undefined for a non-string", () => {
			const codec = new WireNameCodec();
			for (const value of [undefined, null, 42, {}, []]) {
				expect(codec.lookup(value as unknown as string)).toBeUndefined();
			}
		});
	});

	describe("wireNameOf", () => {
		it("returns undefined for a name not assigned yet, and assigns nothing", () => {
			const codec = new WireNameCodec();
			expect(codec.wireNameOf("linear.list_issues")).toBeUndefined();
			expect(codec.size).toBe(0);
			expect(codec.lookup("linear_list_issues")).toBeUndefined();
			expect(codec.wireNameOf("constructor")).toBeUndefined();
			expect(codec.wireNameOf("__proto__")).toBeUndefined();
		});

		it("returns the assigned wire name", () => {
			const codec = new WireNameCodec();
			codec.encode("linear.list_issues");
			expect(codec.wireNameOf("linear.list_issues")).toBe("linear_list_issues");
		});
	});

	describe("size", () => {
		it("counts the distinct canonical names assigned", () => {
			const codec = new WireNameCodec();
			expect(codec.size).toBe(0);
			codec.encodeAll(["a/b", "a.b", "a/b"]);
			expect(codec.size).toBe(2);
			codec.encode("begin_session");
			expect(codec.size).toBe(3);
		});
	});

	describe("rewriteText", () => {
		const codecOf = (...names: string[]): WireNameCodec => {
			const codec = new WireNameCodec();
			codec.encodeAll(names);
			return codec;
		};

		it("rewrites a whole name and leaves a longer name alone", () => {
			expect(codecOf("a/b/c").rewriteText("use a/b/c, not a/b/cd")).toBe(
				"use a_b_c, not a/b/cd",
			);
		});

		it("replaces the longest known name first", () => {
			const codec = codecOf("a/b", "a/b/c");
			expect(codec.rewriteText("a/b/c and a/b")).toBe("a_b_c and a_b");
			expect(codec.rewriteText("a/b/c")).toBe("a_b_c");
		});

		it.each([
			["x/a/b/c", "x/a/b/c"],
			["a/b/c/d", "a/b/c/d"],
			["a/b/c.d", "a/b/c.d"],
			["a/b/c:x", "a/b/c:x"],
			["za/b/c", "za/b/c"],
			["a/b/c_d", "a/b/c_d"],
			["a/b/c-d", "a/b/c-d"],
			["1a/b/c", "1a/b/c"],
			["-a/b/c", "-a/b/c"],
		])(
			"does not touch a name that continues another word: %j",
			(text, expected) => {
				expect(codecOf("a/b/c").rewriteText(text)).toBe(expected);
			},
		);

		it.each([
			["a/b/c", "a_b_c"],
			["a/b/c.", "a_b_c."],
			["Call a/b/c: it works", "Call a_b_c: it works"],
			["(a/b/c)", "(a_b_c)"],
			["`a/b/c`", "`a_b_c`"],
			['"a/b/c"', '"a_b_c"'],
			["/a/b/c", "/a_b_c"],
			["a/b/c/", "a_b_c/"],
			["a/b/c a/b/c\na/b/c", "a_b_c a_b_c\na_b_c"],
			["é a/b/c é", "é a_b_c é"],
		])("rewrites a name between boundaries: %j", (text, expected) => {
			expect(codecOf("a/b/c").rewriteText(text)).toBe(expected);
		});

		it("matches names literally, not as patterns", () => {
			const codec = codecOf("a.b", "x(y)+z");
			expect(codec.rewriteText("axb and a.b")).toBe("axb and a_b");
			expect(codec.rewriteText("call x(y)+z now")).toBe(
				`call ${codec.wireNameOf("x(y)+z")} now`,
			);
			expect(codec.rewriteText("xyyz")).toBe("xyyz");
		});

		it("rewrites unicode names to their hashed wire names", () => {
			const codec = codecOf("搜索/获取");
			expect(codec.rewriteText("try 搜索/获取 now")).toBe(
				`try tool_${h("搜索/获取")} now`,
			);
		});

		it("rewrites in one pass, to the wire name of the canonical name it found", () => {
			const fresh = codecOf("a/b", "a_b"); // a_b keeps itself, a/b becomes a_b_2
			expect(fresh.rewriteText("a_b and a/b")).toBe("a_b and a_b_2");
			const sticky = new WireNameCodec();
			sticky.encode("a/b"); // a_b
			sticky.encode("a_b"); // refused: a_b_2
			expect(sticky.rewriteText("a_b and a/b")).toBe("a_b_2 and a_b");
		});

		it("leaves names valid as is, unknown names and empty text unchanged", () => {
			const codec = codecOf("begin_session", "a/b");
			expect(codec.rewriteText("begin_session then c/d")).toBe(
				"begin_session then c/d",
			);
			expect(codec.rewriteText("")).toBe("");
			expect(new WireNameCodec().rewriteText("a/b")).toBe("a/b");
		});
	});

	describe("entries", () => {
		it("gives every assignment as a [canonical, wire] pair, in assignment order", () => {
			const codec = new WireNameCodec();
			expect([...codec.entries()]).toEqual([]);
			codec.encodeAll(["websearch/fetch_content", "plain"]);
			codec.encode("linear.list_issues");
			expect([...codec.entries()]).toEqual([
				["plain", "plain"],
				["websearch/fetch_content", "websearch_fetch_content"],
				["linear.list_issues", "linear_list_issues"],
			]);
		});

		it("holds the pairs toJSON writes, and the same after a restore", () => {
			const codec = new WireNameCodec();
			codec.encodeAll(["a/b", "a.b", "搜索/获取"]);
			expect([...codec.entries()]).toEqual(codec.toJSON().names);
			const restored = WireNameCodec.fromJSON(codec.toJSON());
			expect([...restored.entries()]).toEqual([...codec.entries()]);
		});

		it("hands out pairs whose change leaves the codec as it was", () => {
			const codec = new WireNameCodec();
			codec.encode("a/b");
			for (const pair of codec.entries()) pair[1] = "x";
			expect(codec.decode("a_b")).toBe("a/b");
			expect([...codec.entries()]).toEqual([["a/b", "a_b"]]);
		});
	});

	describe("toJSON / fromJSON", () => {
		it("produces a plain, versioned JSON snapshot", () => {
			const codec = new WireNameCodec();
			codec.encodeAll(["websearch/fetch_content", "begin_session", "搜索"]);
			const snapshot = codec.toJSON();
			expect(snapshot.version).toBe(1);
			expect(JSON.parse(JSON.stringify(snapshot))).toEqual(snapshot);
			expect(JSON.parse(JSON.stringify(codec))).toEqual(snapshot);
		});

		it("restores every assignment", () => {
			const codec = new WireNameCodec();
			const names = [
				"websearch/fetch_content",
				"begin_session",
				"搜索",
				"a/b",
				"a.b",
				"__proto__",
			];
			codec.encodeAll(names);
			const restored = WireNameCodec.fromJSON(
				JSON.parse(JSON.stringify(codec.toJSON())),
			);
			expect(restored.size).toBe(codec.size);
			for (const n of names) {
				const wire = codec.wireNameOf(n) as string;
				expect(restored.wireNameOf(n)).toBe(wire);
				expect(restored.decode(wire)).toBe(n);
				expect(restored.lookup(wire)).toBe(n);
			}
			expect(restored.toJSON()).toEqual(codec.toJSON());
		});

		it("keeps stickiness across the round trip", () => {
			const codec = new WireNameCodec();
			codec.encode("websearch/fetch_content");
			const diagnostics: Diagnostic[] = [];
			const restored = WireNameCodec.fromJSON(
				JSON.parse(JSON.stringify(codec.toJSON())),
				{
					onDiagnostic: (d) => diagnostics.push(d),
				},
			);
			expect(restored.encode("websearch_fetch_content")).toBe(
				"websearch_fetch_content_2",
			);
			expect(restored.decode("websearch_fetch_content")).toBe(
				"websearch/fetch_content",
			);
			expect(diagnostics.map((d) => d.code)).toContain("refused");
		});

		it("keeps the profile, a custom one included", () => {
			const codec = new WireNameCodec({ profile: LOWERCASE });
			codec.encode("GetItem");
			const restored = WireNameCodec.fromJSON(
				JSON.parse(JSON.stringify(codec.toJSON())),
			);
			const wire = restored.encode("Other/Name");
			expect(wire).toBe(
				new WireNameCodec({ profile: LOWERCASE }).encode("Other/Name"),
			);
			expect(isWireSafe(wire, LOWERCASE)).toBe(true);
			const gemini = new WireNameCodec({ profile: "gemini" });
			gemini.encode("a/b");
			expect(
				WireNameCodec.fromJSON(gemini.toJSON()).encode("linear.list_issues"),
			).toBe("linear.list_issues");
		});

		it("throws invalid-snapshot for a snapshot of another version", () => {
			const snapshot = new WireNameCodec().toJSON();
			for (const version of [0, 2, "1", undefined]) {
				expectProgrammerError(
					() =>
						WireNameCodec.fromJSON({
							...snapshot,
							version,
						} as unknown as typeof snapshot),
					"invalid-snapshot",
				);
			}
		});

		it("throws invalid-snapshot for a value that is not a snapshot", () => {
			const snapshot = new WireNameCodec().toJSON();
			for (const bad of [
				null,
				42,
				"{}",
				{},
				{ ...snapshot, names: "a" },
				{ ...snapshot, names: [["a"]] },
				{ ...snapshot, names: [[1, 2]] },
			]) {
				expectProgrammerError(
					() => WireNameCodec.fromJSON(bad as unknown as typeof snapshot),
					"invalid-snapshot",
				);
			}
		});

		it("throws invalid-snapshot for a wire name its profile would not accept", () => {
			const openai = new WireNameCodec();
			openai.encode("a/b");
			const snapshot = openai.toJSON();
			expectProgrammerError(
				() => WireNameCodec.fromJSON({ ...snapshot, names: [["a/b", "a/b"]] }),
				"invalid-snapshot",
			);
			const mcp = new WireNameCodec({ profile: "mcp" });
			mcp.encode("linear.list_issues"); // valid under mcp, not under openai
			expectProgrammerError(
				() => WireNameCodec.fromJSON(mcp.toJSON(), { profile: "openai" }),
				"invalid-snapshot",
			);
		});

		it("throws invalid-snapshot when two canonical names share one wire name", () => {
			const snapshot = new WireNameCodec().toJSON();
			expectProgrammerError(
				() =>
					WireNameCodec.fromJSON({
						...snapshot,
						names: [
							["a/b", "a_b"],
							["a.b", "a_b"],
						],
					}),
				"invalid-snapshot",
			);
		});
	});
});

describe("WireNameCodec with huge names", () => {
	it("keeps rewriting prose after a multi-megabyte name was encoded", () => {
		const codec = new WireNameCodec();
		const huge = "x/".repeat(2_000_000);
		const wire = codec.encode(huge);
		expect(wire.length).toBeLessThanOrEqual(64);
		expect(codec.decode(wire)).toBe(huge);
		codec.encode("websearch/fetch_content");
		expect(codec.rewriteText("call websearch/fetch_content")).toBe(
			"call websearch_fetch_content",
		);
	});

	it("tells apart huge names that differ only at their end", () => {
		const codec = new WireNameCodec();
		const a = `${"a".repeat(100_000)}/1`;
		const b = `${"a".repeat(100_000)}/2`;
		const [wa, wb] = codec.encodeAll([a, b]);
		expect(wa).not.toBe(wb);
		expect(codec.decode(wa as string)).toBe(a);
		expect(codec.decode(wb as string)).toBe(b);
	});
});
