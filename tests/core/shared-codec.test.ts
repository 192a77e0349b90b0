import { describe, expect, it } from "vitest";
import { SharedCodec } from "../../src/core/shared-codec.js";
import {
	type ClaimOutcome,
	type CodecStore,
	MemoryCodecStore,
	mergeClaim,
	type NameClaim,
	type StoredNames,
} from "../../src/core/store.js";
import { isMcpToolNamesError, WireNameCodec } from "../../src/index.js";
import { failureOf, rejectionOf, trap } from "../_support/hostile.js";

/** A real store that can be switched off, or made to hang, like a store whose server went away. */
class SwitchableStore implements CodecStore {
	readonly inner = new MemoryCodecStore();
	mode: "up" | "down" | "hang" = "up";
	claims = 0;

	load(scope: string): Promise<StoredNames> {
		return this.#gate(() => this.inner.load(scope));
	}

	claim(scope: string, claim: NameClaim): Promise<ClaimOutcome> {
		this.claims++;
		return this.#gate(() => this.inner.claim(scope, claim));
	}

	#gate<T>(run: () => Promise<T>): Promise<T> {
		if (this.mode === "down")
			return Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:1"));
		if (this.mode === "hang") return new Promise<T>(() => {});
		return run();
	}
}

const rejection = async (promise: Promise<unknown>): Promise<unknown> => {
	try {
		await promise;
	} catch (error) {
		return error;
	}
	throw new Error("expected a rejection");
};

describe("SharedCodec", () => {
	it("refuses a codec together with options that would configure a new one", () => {
		for (const extra of [
			{ profile: "openai" },
			{ onDiagnostic: () => {} },
			{ onChange: () => {} },
		]) {
			const key = Object.keys(extra)[0] as string;
			expect(
				() =>
					new SharedCodec({
						store: new MemoryCodecStore(),
						scope: "s",
						codec: new WireNameCodec(),
						...extra,
						// The types refuse the pair already; a JavaScript caller gets this.
					} as never),
			).toThrow(
				expect.objectContaining({
					code: "invalid-option",
					message: expect.stringContaining(
						`codec and ${key} cannot be combined`,
					),
				}),
			);
		}
	});

	it("gives two replicas of one scope the same names, churn history included", async () => {
		const store = new MemoryCodecStore();
		const a = new SharedCodec({ store, scope: "s" });
		await a.sync(["github/search"]);
		// github.search appears later: on a, github_search was handed out before.
		await a.sync(["github.search"]);
		const b = new SharedCodec({ store, scope: "s" });
		await b.sync(["github.search", "github/search"]);
		expect(b.codec.encode("github.search")).toBe(
			a.codec.encode("github.search"),
		);
		expect(b.codec.encode("github/search")).toBe("github_search");
		expect(b.codec.encode("github.search")).toBe("github_search_2");
	});

	it("ends concurrent claims of the same new names with one assignment", async () => {
		const store = new MemoryCodecStore();
		const replicas = Array.from(
			{ length: 8 },
			() => new SharedCodec({ store, scope: "s" }),
		);
		// Every replica sees another order and another subset first.
		const names = ["a/b", "a.b", "a_b", "c/d", "c.d", "e"];
		await Promise.all(
			replicas.map((replica, i) =>
				replica.sync(
					names
						.slice(i % 3)
						.concat(names.slice(0, i % 3))
						.reverse(),
				),
			),
		);
		const stored = new Map((await store.load("s")).names);
		for (const replica of replicas)
			expect(new Map(replica.codec.toJSON().names)).toEqual(stored);
		expect(stored.size).toBe(names.length);
	});

	it("never lets its codec assign on its own", () => {
		const names = new SharedCodec({
			store: new MemoryCodecStore(),
			scope: "s",
		});
		let error: unknown;
		try {
			names.codec.encode("a/b");
		} catch (caught) {
			error = caught;
		}
		expect(isMcpToolNamesError(error)).toBe(true);
		expect((error as { code: string }).code).toBe("unassigned");
	});

	it("learns names another replica handed out when looking up a wire name it does not know", async () => {
		const store = new MemoryCodecStore();
		const a = new SharedCodec({ store, scope: "s" });
		const b = new SharedCodec({ store, scope: "s" });
		await a.sync(["x/y"]);
		expect(b.codec.lookup("x_y")).toBeUndefined();
		expect(await b.lookup("x_y")).toBe("x/y");
		expect(await b.lookup("never_issued")).toBeUndefined();
	});

	it("keeps known names working while the store is down and fails new ones with store-unavailable", async () => {
		const store = new SwitchableStore();
		const names = new SharedCodec({ store, scope: "s", timeoutMs: 50 });
		await names.sync(["a/b"]);
		store.mode = "down";
		await names.sync(["a/b"]);
		expect(await names.lookup("a_b")).toBe("a/b");
		const error = await rejection(names.sync(["c/d"]));
		expect((error as { code: string }).code).toBe("store-unavailable");
		expect((error as Error).message).toContain("ECONNREFUSED");
		expect(names.codec.wireNameOf("c/d")).toBeUndefined();
		store.mode = "hang";
		const timeout = await rejection(names.sync(["c/d"]));
		expect((timeout as { code: string }).code).toBe("store-unavailable");
		expect((timeout as Error).message).toContain("50 ms");
		store.mode = "up";
		await names.sync(["c/d"]);
		expect(names.codec.encode("c/d")).toBe("c_d");
	});

	it("refuses a scope that holds names of another profile", async () => {
		const store = new MemoryCodecStore();
		await new SharedCodec({ store, scope: "s" }).sync(["a/b"]);
		const other = new SharedCodec({ store, scope: "s", profile: "portable" });
		const error = await rejection(other.sync(["c/d"]));
		expect((error as { code: string }).code).toBe("profile-mismatch");
		expect((error as Error).message).toContain('"openai"');
		const portable = new SharedCodec({
			store,
			scope: "t",
			profile: "portable",
		});
		await portable.sync(["x"]);
		const refused = await rejection(
			new SharedCodec({ store, scope: "t" }).refresh(),
		);
		expect((refused as { code: string }).code).toBe("profile-mismatch");
	});

	it("puts its names back when the scope was lost, before anyone plans against the gap", async () => {
		let store = new MemoryCodecStore();
		const switching: CodecStore = {
			load: (scope) => store.load(scope),
			claim: (scope, claim) => store.claim(scope, claim),
		};
		const a = new SharedCodec({ store: switching, scope: "s" });
		await a.sync(["github/search"]);
		await a.sync(["github.search"]);
		store = new MemoryCodecStore(); // flushed
		await a.refresh();
		const b = new SharedCodec({ store: switching, scope: "s" });
		await b.sync(["github.search"]);
		expect(b.codec.encode("github.search")).toBe("github_search_2");
	});

	it("seeds the store with the names a restored codec holds", async () => {
		const store = new MemoryCodecStore();
		const restored = new WireNameCodec();
		restored.encodeAll(["a.b"]);
		restored.encodeAll(["a/b"]);
		const a = new SharedCodec({ store, scope: "s", codec: restored });
		await a.sync([]);
		expect(new Map((await store.load("s")).names)).toEqual(
			new Map(restored.toJSON().names),
		);
	});

	it("reports assignment-conflict when the store contradicts a name held here", async () => {
		const store = new MemoryCodecStore();
		await new SharedCodec({ store, scope: "s" }).sync(["a.b"]);
		const local = new WireNameCodec();
		local.encodeAll(["a/b"]); // a_b locally, for another tool
		const error = await rejection(
			new SharedCodec({ store, scope: "s", codec: local }).refresh(),
		);
		expect((error as { code: string }).code).toBe("assignment-conflict");
		expect((error as Error).message).toContain('"a.b" ⇄ "a_b"');
	});

	it("rejects malformed options", () => {
		for (const bad of [
			{ store: {}, scope: "s" },
			{ store: new MemoryCodecStore(), scope: "" },
			{ store: new MemoryCodecStore(), scope: "s", timeoutMs: 0 },
		]) {
			let error: unknown;
			try {
				new SharedCodec(bad as never);
			} catch (caught) {
				error = caught;
			}
			expect((error as { code: string }).code).toBe("invalid-option");
		}
	});

	it("refuses options, a store or a codec that are not what they say, naming the option", () => {
		expect(failureOf(() => new SharedCodec(trap as never))).toEqual({
			code: "invalid-argument",
			message:
				"SharedCodec could not read options (an object): hostile ownKeys",
		});
		expect(
			failureOf(() => new SharedCodec({ store: trap as never, scope: "s" })),
		).toEqual({
			code: "invalid-argument",
			message:
				"SharedCodec expects options.store to be a CodecStore (with load and claim), got an object that throws when read: hostile getter",
		});
		expect(
			failureOf(() => new SharedCodec({ store: {} as never, scope: "s" })),
		).toEqual({
			code: "invalid-option",
			message:
				"SharedCodec option store must be a CodecStore (with load and claim), got an object",
		});
		const store = new MemoryCodecStore();
		expect(
			failureOf(
				() => new SharedCodec({ store, scope: "s", codec: {} as never }),
			),
		).toEqual({
			code: "invalid-option",
			message:
				"SharedCodec option codec must be a WireNameCodec, got an object",
		});
	});
});

describe("MemoryCodecStore", () => {
	it("rejects a claim of another shape and leaves the scope as it was", async () => {
		const store = new MemoryCodecStore();
		const bad = { profile: "p", epoch: "", version: 0, names: "a/b" };
		expect(await rejectionOf(() => store.claim("s", bad as never))).toEqual({
			code: "invalid-argument",
			message:
				'MemoryCodecStore.claim expects claim.names to be an array of [canonical, wire] string pairs, got "a/b"',
		});
		expect(
			(await rejectionOf(() => store.claim("s", trap as never))).code,
		).toBe("invalid-argument");
		expect(await store.load("s")).toEqual({
			epoch: "",
			version: 0,
			profile: "",
			names: [],
		});
	});

	it("rejects a scope that is not a string, naming the argument", async () => {
		const store = new MemoryCodecStore();
		expect(await rejectionOf(() => store.load(undefined as never))).toEqual({
			code: "invalid-argument",
			message:
				"MemoryCodecStore.load expects scope to be a string, got undefined",
		});
		const claim: NameClaim = { profile: "p", epoch: "", version: 0, names: [] };
		expect(
			(await rejectionOf(() => store.claim(Symbol("s") as never, claim)))
				.message,
		).toBe(
			"MemoryCodecStore.claim expects scope to be a string, got symbol Symbol(s)",
		);
	});
});

describe("mergeClaim", () => {
	const empty: StoredNames = { epoch: "", version: 0, profile: "", names: [] };

	it("refuses a state or claim of another shape, naming the field", () => {
		const claim: NameClaim = { profile: "p", epoch: "", version: 0, names: [] };
		expect(failureOf(() => mergeClaim(undefined as never, claim, "e"))).toEqual(
			{
				code: "invalid-argument",
				message:
					"mergeClaim expects state to be a StoredNames ({ epoch, version, profile, names }), got undefined",
			},
		);
		expect(
			failureOf(() => mergeClaim(empty, { ...claim, version: -1 }, "e")),
		).toEqual({
			code: "invalid-argument",
			message:
				"mergeClaim expects claim.version to be a non-negative integer, got number -1",
		});
		expect(
			failureOf(() =>
				mergeClaim(empty, { ...claim, names: [["a/b", 1]] } as never, "e"),
			),
		).toEqual({
			code: "invalid-argument",
			message:
				"mergeClaim expects claim.names to be an array of [canonical, wire] string pairs, got an array",
		});
		expect(
			failureOf(() => mergeClaim({ ...empty, profile: 1 } as never, claim, "e"))
				.message,
		).toBe("mergeClaim expects state.profile to be a string, got number 1");
		expect(failureOf(() => mergeClaim(empty, claim, 1 as never)).message).toBe(
			"mergeClaim expects newEpoch to be a string, got number 1",
		);
		expect(failureOf(() => mergeClaim(empty, trap as never, "e"))).toEqual({
			code: "invalid-argument",
			message:
				"mergeClaim expects claim to be a NameClaim ({ profile, epoch, version, names }), got an object that throws when read: hostile getter",
		});
	});

	it("creates a scope with the claimed names at version 1", () => {
		const { outcome, next } = mergeClaim(
			empty,
			{ profile: "p", epoch: "", version: 0, names: [["a/b", "a_b"]] },
			"e1",
		);
		expect(outcome).toEqual({ status: "claimed", epoch: "e1", version: 1 });
		expect(next?.names).toEqual([["a/b", "a_b"]]);
	});

	it("calls a claim planned on another epoch (a lost scope) stale", () => {
		const state: StoredNames = {
			...empty,
			epoch: "e1",
			version: 2,
			profile: "p",
		};
		expect(
			mergeClaim(
				state,
				{ profile: "p", epoch: "e0", version: 2, names: [] },
				"x",
			).outcome.status,
		).toBe("stale");
	});

	it("accepts a claim planned on an older version when none of its pairs contradicts the scope", () => {
		const state: StoredNames = {
			epoch: "e1",
			version: 2,
			profile: "p",
			names: [["a/b", "a_b"]],
		};
		const { outcome, next } = mergeClaim(
			state,
			{ profile: "p", epoch: "e1", version: 1, names: [["c/d", "c_d"]] },
			"x",
		);
		expect(outcome).toEqual({ status: "claimed", epoch: "e1", version: 3 });
		expect(next?.names).toEqual([
			["a/b", "a_b"],
			["c/d", "c_d"],
		]);
	});

	it("calls stale a claim that would give a wire name another meaning", () => {
		const state: StoredNames = {
			epoch: "e",
			version: 1,
			profile: "p",
			names: [["a/b", "a_b"]],
		};
		const claim = { profile: "p", epoch: "e", version: 1 };
		expect(
			mergeClaim(state, { ...claim, names: [["a.b", "a_b"]] }, "x").outcome
				.status,
		).toBe("stale");
		expect(
			mergeClaim(state, { ...claim, names: [["a/b", "a_b_2"]] }, "x").outcome
				.status,
		).toBe("stale");
		expect(
			mergeClaim(state, { ...claim, names: [["a/b", "a_b"]] }, "x").outcome,
		).toEqual({ status: "claimed", epoch: "e", version: 1 });
	});

	it("refuses a claim of another profile", () => {
		const state: StoredNames = { ...empty, epoch: "e", profile: "p" };
		expect(
			mergeClaim(
				state,
				{ profile: "q", epoch: "e", version: 0, names: [] },
				"x",
			).outcome,
		).toEqual({ status: "profile-mismatch", profile: "p" });
	});
});
