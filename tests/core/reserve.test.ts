import { describe, expect, it } from "vitest";
import { SharedCodec } from "../../src/core/shared-codec.js";
import { MemoryCodecStore } from "../../src/core/store.js";
import { auditNames, type Diagnostic, WireNameCodec } from "../../src/index.js";
import { checkRoundTrip, checkWireSafe } from "../../src/testing/index.js";
import { failureOf } from "../_support/hostile.js";

const LONG =
	"atlassian-rovo-mcp-server-cloud/createConfluencePageWithAttachments";
const NAMES = [
	"begin_session",
	"websearch/fetch_content",
	"github.search",
	"github/search",
	LONG,
	"a".repeat(55),
	"b".repeat(50),
];

describe("WireNameCodec reserve", () => {
	it("plans every name within maxLength less the reserve", () => {
		const codec = new WireNameCodec({ reserve: 14 });
		for (const wire of codec.encodeAll(NAMES))
			expect(wire.length).toBeLessThanOrEqual(50);
		expect(codec.reserve).toBe(14);
		expect(codec.profile.maxLength).toBe(64);
	});

	it("keeps a name that fits as is, and cuts one that fits only without the reserve", () => {
		const codec = new WireNameCodec({ reserve: 14 });
		expect(codec.encode("b".repeat(50))).toBe("b".repeat(50));
		const wire = codec.encode("a".repeat(55));
		expect(wire).toMatch(/^a{42}_[0-9a-z]{7}$/);
		expect(new WireNameCodec().encode("a".repeat(55))).toBe("a".repeat(55));
	});

	it("keeps the hash and collision rules: the same names as a profile of that length", () => {
		const reserved = new WireNameCodec({ reserve: 20 }).encodeAll(NAMES);
		const shorter = new WireNameCodec({
			profile: { name: "openai", maxLength: 44, allowed: /[A-Za-z0-9_-]/ },
		}).encodeAll(NAMES);
		expect(reserved).toEqual(shorter);
		expect(reserved[3]).toBe("github_search_2");
	});

	it("says in the truncation diagnostic which limit and reserve applied", () => {
		const seen: Diagnostic[] = [];
		new WireNameCodec({
			reserve: 14,
			onDiagnostic: (d) => seen.push(d),
		}).encode(LONG);
		expect(seen[0]?.message).toContain(
			"at most 50 (64 less a reserve of 14 for the host's prefix)",
		);
	});

	it.each([
		[53, /reserve 53 leaves 11 of profile openai's 64 characters; at most 52/],
		[200, /leaves 0 of profile openai's 64/],
	])(
		"refuses a reserve of %i that leaves too little room for the hash",
		(reserve, message) => {
			const error = failureOf(() => new WireNameCodec({ reserve }));
			expect(error.code).toBe("invalid-option");
			expect(error.message).toMatch(message);
		},
	);

	it.each([-1, 1.5, "14", Number.NaN])(
		"refuses a reserve of %j that is no whole number",
		(reserve) => {
			const error = failureOf(
				() => new WireNameCodec({ reserve: reserve as number }),
			);
			expect(error.code).toBe("invalid-option");
		},
	);

	it("takes 52 on openai: exactly room for tool_ and the hash", () => {
		expect(new WireNameCodec({ reserve: 52 }).encode("搜索")).toMatch(
			/^tool_[0-9a-z]{7}$/,
		);
	});

	it("refuses to adopt a wire name longer than the reserve allows", () => {
		const codec = new WireNameCodec({ reserve: 14 });
		const error = failureOf(() => codec.adopt([["x", "y".repeat(51)]]));
		expect(error.code).toBe("invalid-argument");
		expect(codec.adopt([["x", "y".repeat(50)]])).toBe(1);
	});

	it("records its reserve in a snapshot, and restores with it", () => {
		const codec = new WireNameCodec({ reserve: 14 });
		codec.encodeAll(NAMES);
		const snapshot = JSON.parse(JSON.stringify(codec));
		expect(snapshot.reserve).toBe(14);
		const copy = WireNameCodec.fromJSON(snapshot);
		expect(copy.reserve).toBe(14);
		expect([...copy.entries()]).toEqual([...codec.entries()]);
		expect(copy.encode("c".repeat(60)).length).toBeLessThanOrEqual(50);
		expect(WireNameCodec.fromJSON(snapshot, { reserve: 14 }).size).toBe(
			NAMES.length,
		);
	});

	it("writes no reserve into a snapshot without one", () => {
		expect("reserve" in new WireNameCodec().toJSON()).toBe(false);
	});

	it.each([
		[14, 0],
		[0, 12],
		[14, 12],
	])(
		"names the error when a snapshot planned with %i is restored with %i",
		(planned, asked) => {
			const snapshot = new WireNameCodec({ reserve: planned }).toJSON();
			const error = failureOf(() =>
				WireNameCodec.fromJSON(snapshot, { reserve: asked }),
			);
			expect(error.code).toBe("reserve-mismatch");
			expect(error.message).toContain(
				`planned with a reserve of ${planned}, not ${asked}`,
			);
		},
	);

	it("refuses a snapshot whose reserve is no whole number", () => {
		const snapshot = { ...new WireNameCodec().toJSON(), reserve: -3 };
		const error = failureOf(() => WireNameCodec.fromJSON(snapshot));
		expect(error.code).toBe("invalid-snapshot");
	});
});

describe("auditNames reserve", () => {
	it("audits within the limit less the reserve and says so", () => {
		const report = auditNames(["b".repeat(50), "a".repeat(55)], {
			reserve: 14,
		});
		expect(report.maxLength).toBe(50);
		expect(report.reserve).toBe(14);
		expect(report.entries.map((e) => [e.status, e.valid])).toEqual([
			["ok", true],
			["truncated", false],
		]);
		expect(report.entries[1]?.problems[0]?.message).toBe(
			"Has 55 characters; openai allows at most 50 (64 less a reserve of 14 for the host's prefix)",
		);
	});
});

describe("testing helpers reserve", () => {
	it("checkWireSafe fails a name that only fits without the reserve", () => {
		expect(checkWireSafe(["a".repeat(55)])).toEqual([]);
		const [failure] = checkWireSafe(["a".repeat(55)], { reserve: 14 });
		expect(failure?.expected).toBe("valid for openai within 50 characters");
	});

	it("checkRoundTrip plans with the reserve", () => {
		expect(checkRoundTrip(NAMES, { reserve: 30 })).toEqual([]);
	});
});

describe("SharedCodec reserve", () => {
	it("keeps one plan per reserve: a scope under another reserve is a new scope", async () => {
		const store = new MemoryCodecStore();
		const plain = new SharedCodec({ store, scope: "github" });
		const hosted = new SharedCodec({ store, scope: "github", reserve: 14 });
		await plain.sync(["a".repeat(55)]);
		await hosted.sync(["a".repeat(55)]);
		expect(plain.codec.encode("a".repeat(55))).toBe("a".repeat(55));
		expect(hosted.codec.encode("a".repeat(55)).length).toBeLessThanOrEqual(50);
		expect((await store.load("github")).names).toEqual([
			["a".repeat(55), "a".repeat(55)],
		]);
		const kept = await store.load("github:reserve=14");
		expect(kept.names).toEqual([...hosted.codec.entries()]);
		expect(JSON.parse(kept.profile).reserve).toBe(14);
		// A second replica with the same reserve agrees.
		const twin = new SharedCodec({ store, scope: "github", reserve: 14 });
		await twin.sync(["a".repeat(55)]);
		expect(twin.codec.encode("a".repeat(55))).toBe(
			hosted.codec.encode("a".repeat(55)),
		);
	});

	it("refuses reserve together with a codec", () => {
		const error = failureOf(
			() =>
				new SharedCodec({
					store: new MemoryCodecStore(),
					scope: "s",
					codec: new WireNameCodec(),
					reserve: 3,
				}),
		);
		expect(error.code).toBe("invalid-option");
	});
});
