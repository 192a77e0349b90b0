import { describe, expect, it } from "vitest";
import {
	type Diagnostic,
	isMcpToolNamesError,
	type McpToolNamesError,
	WireNameCodec,
} from "../../src/index.js";

const caught = (fn: () => unknown): McpToolNamesError => {
	try {
		fn();
	} catch (error) {
		expect(isMcpToolNamesError(error)).toBe(true);
		return error as McpToolNamesError;
	}
	throw new Error("expected a throw");
};

describe("WireNameCodec.plan", () => {
	it("tells what encodeAll would assign without assigning anything", () => {
		const codec = new WireNameCodec();
		codec.encode("a_b");
		const before = codec.version;
		const plan = codec.plan(["a/b", "a.b", "a_b", "c"]);
		expect(codec.size).toBe(1);
		expect(codec.version).toBe(before);
		expect(codec.wireNameOf("a/b")).toBeUndefined();
		const twin = WireNameCodec.fromJSON(codec.toJSON());
		twin.encodeAll(["a/b", "a.b", "a_b", "c"]);
		expect(new Map(plan)).toEqual(
			new Map(["a/b", "a.b", "c"].map((name) => [name, twin.wireNameOf(name)])),
		);
	});

	it("plans the same pairs whatever the order of the names", () => {
		const codec = new WireNameCodec();
		const one = codec.plan(["x/y", "x.y", "x_y", "z/é"]);
		const two = codec.plan(["z/é", "x_y", "x.y", "x/y", "x.y"]);
		expect(two).toEqual(one);
	});

	it("throws invalid-argument for a name that is not a non-empty string", () => {
		const codec = new WireNameCodec();
		expect(caught(() => codec.plan(["ok", ""])).code).toBe("invalid-argument");
		expect(caught(() => codec.plan("a" as unknown as string[])).code).toBe(
			"invalid-argument",
		);
	});
});

describe("WireNameCodec.adopt", () => {
	it("takes in assignments made elsewhere into the running codec", () => {
		const codec = new WireNameCodec();
		expect(codec.adopt([["github/search", "github_search_2"]])).toBe(1);
		expect(codec.decode("github_search_2")).toBe("github/search");
		expect(codec.encode("github/search")).toBe("github_search_2");
	});

	it("keeps planning around adopted names (the sticky rule holds for them)", () => {
		const codec = new WireNameCodec();
		codec.adopt([["a.b", "a_b"]]);
		expect(codec.encode("a_b")).toBe("a_b_2");
	});

	it("skips pairs it holds already and reports none of them again", () => {
		const diagnostics: Diagnostic[] = [];
		const codec = new WireNameCodec({
			onDiagnostic: (d) => diagnostics.push(d),
		});
		codec.encode("a/b");
		const version = codec.version;
		expect(codec.adopt([["a/b", "a_b"]])).toBe(0);
		expect(codec.version).toBe(version);
		expect(diagnostics).toHaveLength(1);
	});

	it("reports the diagnostics the assigning replica reported", () => {
		const seen: Diagnostic[] = [];
		const here: Diagnostic[] = [];
		const origin = new WireNameCodec({ onDiagnostic: (d) => seen.push(d) });
		origin.encodeAll(["a.b", "a/b", "x/y"]);
		const copy = new WireNameCodec({ onDiagnostic: (d) => here.push(d) });
		copy.adopt(origin.toJSON().names);
		const key = (d: Diagnostic) => `${d.code} ${d.canonical} ${d.wire}`;
		expect(here.map(key).sort()).toEqual(seen.map(key).sort());
	});

	it("rejects a pair giving a wire name another meaning, naming both pairs, and adopts nothing of the batch", () => {
		const codec = new WireNameCodec();
		codec.encode("github/search");
		const error = caught(() =>
			codec.adopt([
				["new/tool", "new_tool"],
				["github.search", "github_search"],
			]),
		);
		expect(error.code).toBe("assignment-conflict");
		expect(error.message).toContain('"github.search" ⇄ "github_search"');
		expect(error.message).toContain('"github/search" ⇄ "github_search"');
		expect(codec.wireNameOf("new/tool")).toBeUndefined();
		expect(codec.decode("github_search")).toBe("github/search");
	});

	it("rejects a pair giving a canonical name another wire name", () => {
		const codec = new WireNameCodec();
		codec.encode("a/b");
		const error = caught(() => codec.adopt([["a/b", "a_b_2"]]));
		expect(error.code).toBe("assignment-conflict");
		expect(error.message).toContain('"a/b" ⇄ "a_b"');
	});

	it("rejects two pairs of one batch that contradict each other", () => {
		const codec = new WireNameCodec();
		const error = caught(() =>
			codec.adopt([
				["a/b", "a_b"],
				["a.b", "a_b"],
			]),
		);
		expect(error.code).toBe("assignment-conflict");
		expect(codec.size).toBe(0);
	});

	it("throws invalid-argument for a wire name the profile does not accept", () => {
		const codec = new WireNameCodec();
		expect(caught(() => codec.adopt([["a/b", "a/b"]])).code).toBe(
			"invalid-argument",
		);
		expect(
			caught(() => codec.adopt(42 as unknown as [string, string][])).code,
		).toBe("invalid-argument");
	});
});

describe("WireNameCodec.version", () => {
	it("counts changes and calls onChange after each one", () => {
		const versions: number[] = [];
		const codec = new WireNameCodec({
			onChange: (changed) => versions.push(changed.version),
		});
		codec.encode("a/b");
		codec.encode("a/b");
		codec.encodeAll(["c", "d"]);
		codec.adopt([["e/f", "e_f"]]);
		codec.adopt([["e/f", "e_f"]]);
		expect(versions).toEqual([1, 2, 3]);
		expect(codec.version).toBe(3);
	});

	it("rejects an onChange that is not a function", () => {
		expect(
			caught(
				() =>
					new WireNameCodec({
						onChange: "save" as unknown as () => void,
					}),
			).code,
		).toBe("invalid-option");
	});
});

describe("WireNameCodec.fromJSON naming the wrong pair", () => {
	it("names both pairs when two canonical names share one wire name", () => {
		const snapshot = new WireNameCodec().toJSON();
		const error = caught(() =>
			WireNameCodec.fromJSON({
				...snapshot,
				names: [
					["a/b", "a_b"],
					["a.b", "a_b"],
				],
			}),
		);
		expect(error.message).toContain('"a.b" ⇄ "a_b"');
		expect(error.message).toContain('"a/b" ⇄ "a_b"');
	});

	it("names the tool whose wire name breaks the profile", () => {
		const mcp = new WireNameCodec({ profile: "mcp" });
		mcp.encode("linear.list_issues");
		const error = caught(() =>
			WireNameCodec.fromJSON(mcp.toJSON(), { profile: "openai" }),
		);
		expect(error.code).toBe("invalid-snapshot");
		expect(error.message).toContain('"linear.list_issues"');
	});
});
