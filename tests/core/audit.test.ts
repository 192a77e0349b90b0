import { describe, expect, it } from "vitest";
import {
	type AuditReport,
	auditNames,
	isMcpToolNamesError,
	isWireSafe,
	type ProfileName,
	WireNameCodec,
} from "../../src/index.js";
import catalogs from "../fixtures/tool-catalogs.json" with { type: "json" };
import { referenceHash, thrown } from "./_reference.js";

interface Catalog {
	server: string;
	tools: string[];
}

const CATALOGS = catalogs as Catalog[];
const PROFILES: ProfileName[] = [
	"openai",
	"anthropic",
	"gemini",
	"portable",
	"mcp",
];

const codesOf = (report: AuditReport, index: number): string[] =>
	(report.entries[index]?.problems ?? []).map((p) => p.code);

describe("auditNames", () => {
	it("reports one entry per name, in input order", () => {
		const report = auditNames(["websearch/fetch_content", "begin_session"]);
		expect(report.entries.map((e) => e.name)).toEqual([
			"websearch/fetch_content",
			"begin_session",
		]);
		expect(report.entries[0]).toMatchObject({
			valid: false,
			wire: "websearch_fetch_content",
			status: "renamed",
		});
		expect(codesOf(report, 0)).toContain("invalid-characters");
		expect(report.entries[1]).toMatchObject({
			valid: true,
			wire: "begin_session",
			status: "ok",
			problems: [],
		});
		expect(report.totals).toMatchObject({ names: 2, ok: 1, renamed: 1 });
		expect(report.ok).toBe(false);
	});

	it("names the profile and its maximum length, openai by default", () => {
		expect(auditNames([])).toMatchObject({
			profile: "openai",
			maxLength: 64,
			ok: true,
		});
		expect(auditNames([], { profile: "mcp" })).toMatchObject({
			profile: "mcp",
			maxLength: 128,
		});
	});

	it("classifies lossy, truncated and colliding names", () => {
		const long = "x".repeat(90);
		const report = auditNames(["搜索", long, "a/b", "a_b"]);
		expect(report.entries[0]).toMatchObject({
			status: "lossy",
			wire: `tool_${referenceHash("搜索")}`,
		});
		expect(codesOf(report, 0)).toContain("lossy");
		expect(report.entries[1]?.status).toBe("truncated");
		expect(codesOf(report, 1)).toContain("too-long");
		expect(report.entries[1]?.wire.length).toBeLessThanOrEqual(64);
		expect(report.entries[2]).toMatchObject({
			status: "collision",
			wire: "a_b_2",
		});
		expect(codesOf(report, 2)).toContain("collision");
		expect(report.entries[3]).toMatchObject({ status: "ok", wire: "a_b" });
		expect(report.totals).toMatchObject({
			names: 4,
			ok: 1,
			lossy: 1,
			truncated: 1,
			collision: 1,
		});
	});

	it("names, for a colliding name, the canonical name that keeps the wire name", () => {
		const report = auditNames(["github/search", "a/b", "github.search", "a_b"]);
		expect(report.entries.map((e) => [e.status, e.collidesWith])).toEqual([
			["collision", "github.search"],
			["collision", "a_b"],
			["renamed", undefined],
			["ok", undefined],
		]);
		expect(report.entries[1]?.wire).toBe("a_b_2");
		for (const entry of report.entries.filter(
			(e) => e.status !== "collision",
		)) {
			expect(Object.hasOwn(entry, "collidesWith")).toBe(false);
		}
	});

	it("names a holder only under a profile where the wire names collide", () => {
		// Under openai both become a_b; under mcp "a.b" is sent as is and "a:b" as a_b.
		const openai = auditNames(["a:b", "a.b"], { profile: "openai" });
		expect(openai.entries.map((e) => e.collidesWith)).toEqual([
			"a.b",
			undefined,
		]);
		const mcp = auditNames(["a:b", "a.b"], { profile: "mcp" });
		expect(mcp.entries.map((e) => e.collidesWith)).toEqual([
			undefined,
			undefined,
		]);
	});

	it("says which characters the profile allows when a name has others", () => {
		const message = auditNames(["a/b"], { profile: "gemini" }).entries[0]
			?.problems[0]?.message;
		expect(message).toContain('"/"');
		expect(message).toContain("it allows A-Z a-z 0-9 _ . : -");
	});

	it("reports a first-character problem under profiles that restrict it", () => {
		const report = auditNames(["1password/get-item"], { profile: "portable" });
		expect(report.entries[0]?.wire).toBe("tool_1password_get_item");
		expect(codesOf(report, 0)).toEqual(
			expect.arrayContaining(["invalid-characters", "invalid-first-character"]),
		);
		expect(
			codesOf(auditNames(["1password"], { profile: "openai" }), 0),
		).toEqual([]);
	});

	it("reports empty names and non-strings as invalid instead of throwing", () => {
		const report = auditNames(["", 42 as unknown as string, "ok_name"]);
		expect(report.entries[0]).toMatchObject({ status: "invalid", wire: "" });
		expect(codesOf(report, 0)).toContain("empty");
		expect(report.entries[1]).toMatchObject({ status: "invalid", wire: "" });
		expect(report.entries[2]?.status).toBe("ok");
		expect(report.totals.invalid).toBe(2);
		expect(report.ok).toBe(false);
	});

	it("counts repeated names as duplicates", () => {
		const report = auditNames(["a", "b", "a"]);
		expect(report.totals.duplicates).toBe(1);
		expect(codesOf(report, 2)).toContain("duplicate");
		expect(report.entries[2]?.wire).toBe("a");
	});

	it("gives every entry the wire name of a fresh codec", () => {
		const names = [
			"websearch/fetch_content",
			"websearch_fetch_content",
			"linear.list_issues",
			"搜索",
			"z".repeat(70),
		];
		for (const profile of PROFILES) {
			const report = auditNames(names, { profile });
			expect(report.entries.map((e) => e.wire)).toEqual(
				new WireNameCodec({ profile }).encodeAll(names),
			);
		}
	});

	it("gives every problem a one-line message", () => {
		const report = auditNames([
			"websearch/fetch_content",
			"搜索",
			"x".repeat(90),
			"a/b",
			"a_b",
			"",
			"a_b",
		]);
		for (const entry of report.entries) {
			for (const problem of entry.problems) {
				expect(problem.message.length).toBeGreaterThan(0);
				expect(problem.message).not.toContain("\n");
			}
		}
	});

	it.each(CATALOGS.map((c) => [c.server, c] as const))(
		"audits the real %s catalog under every profile",
		(_server, c) => {
			for (const profile of PROFILES) {
				const report = auditNames(c.tools, { profile });
				expect(report.entries).toHaveLength(c.tools.length);
				expect(report.totals.names).toBe(c.tools.length);
				for (const entry of report.entries) {
					expect(isWireSafe(entry.wire, profile)).toBe(true);
					expect(entry.valid).toBe(isWireSafe(entry.name, profile));
					if (entry.valid) expect(entry.wire).toBe(entry.name);
				}
				expect(new Set(report.entries.map((e) => e.wire)).size).toBe(
					c.tools.length,
				);
			}
		},
	);

	it("finds the snake_case catalogs valid everywhere and the dotted one only where '.' is allowed", () => {
		for (const c of CATALOGS.filter((x) => x.server !== "linear")) {
			expect([c.server, auditNames(c.tools).ok]).toEqual([c.server, true]);
		}
		const linear = CATALOGS.find((x) => x.server === "linear") as Catalog;
		expect(auditNames(linear.tools, { profile: "openai" }).totals.renamed).toBe(
			linear.tools.length,
		);
		expect(auditNames(linear.tools, { profile: "gemini" }).ok).toBe(true);
		expect(auditNames(linear.tools, { profile: "mcp" }).ok).toBe(true);
	});

	it("throws a McpToolNamesError for an unknown profile or a non-iterable", () => {
		expect(
			isMcpToolNamesError(
				thrown(() => auditNames(["a"], { profile: "opanai" as ProfileName })),
			),
		).toBe(true);
		expect(
			isMcpToolNamesError(thrown(() => auditNames(42 as unknown as string[]))),
		).toBe(true);
	});

	it("is not ok when a name is listed twice, even if it is valid", () => {
		const report = auditNames(["get_user", "get_user"]);
		expect(report.totals.duplicates).toBe(1);
		expect(report.ok).toBe(false);
		expect(auditNames(["get_user"]).ok).toBe(true);
	});
});
