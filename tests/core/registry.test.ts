import { describe, expect, it } from "vitest";
import {
	CodecRegistry,
	isMcpToolNamesError,
	WireNameCodec,
} from "../../src/index.js";
import { thrown } from "./_reference.js";

describe("CodecRegistry", () => {
	it("returns the same codec for the same scope and different codecs for different scopes", () => {
		const registry = new CodecRegistry();
		const a = registry.get("server-a");
		expect(a).toBeInstanceOf(WireNameCodec);
		expect(registry.get("server-a")).toBe(a);
		expect(registry.get("server-b")).not.toBe(a);
		expect(registry.size).toBe(2);
	});

	it("keeps assignments per scope", () => {
		const registry = new CodecRegistry();
		registry.get("a").encode("websearch/fetch_content");
		expect(registry.get("a").decode("websearch_fetch_content")).toBe(
			"websearch/fetch_content",
		);
		expect(registry.get("b").decode("websearch_fetch_content")).toBe(
			"websearch_fetch_content",
		);
	});

	it("builds codecs with the create option", () => {
		const scopes: string[] = [];
		const registry = new CodecRegistry({
			create: (scope) => {
				scopes.push(scope);
				return new WireNameCodec({ profile: "portable" });
			},
		});
		expect(registry.get("x").encode("get-item")).toBe("get_item");
		registry.get("x");
		expect(scopes).toEqual(["x"]);
	});

	it("evicts the least recently used scope beyond maxScopes and reports it", () => {
		const evicted: string[] = [];
		const registry = new CodecRegistry({
			maxScopes: 2,
			onEvict: (s) => evicted.push(s),
		});
		const a = registry.get("a");
		registry.get("b");
		registry.get("a"); // a is now the most recently used
		registry.get("c");
		expect(evicted).toEqual(["b"]);
		expect(registry.size).toBe(2);
		expect(registry.get("a")).toBe(a);
		registry.get("b"); // rebuilt; c is the least recently used now that a was touched
		expect(evicted).toEqual(["b", "c"]);
	});

	it("holds 1000 scopes by default", () => {
		const evicted: string[] = [];
		const registry = new CodecRegistry({ onEvict: (s) => evicted.push(s) });
		for (let i = 0; i < 1000; i++) registry.get(`s${i}`);
		expect(registry.size).toBe(1000);
		expect(evicted).toEqual([]);
		registry.get("s1000");
		expect(registry.size).toBe(1000);
		expect(evicted).toEqual(["s0"]);
	});

	it("rebuilds an evicted scope with the same wire names from the same tools", () => {
		const names = [
			"websearch/fetch_content",
			"websearch_fetch_content",
			"搜索",
			"a".repeat(80),
		];
		const registry = new CodecRegistry({ maxScopes: 1 });
		const before = registry.get("a").encodeAll(names);
		registry.get("b"); // evicts a
		const rebuilt = registry.get("a");
		expect(rebuilt.size).toBe(0);
		expect(rebuilt.encodeAll([...names].reverse())).toEqual(
			[...before].reverse(),
		);
	});

	it("deletes a scope and tells whether it existed", () => {
		const registry = new CodecRegistry();
		const a = registry.get("a");
		expect(registry.delete("a")).toBe(true);
		expect(registry.delete("a")).toBe(false);
		expect(registry.delete("never")).toBe(false);
		expect(registry.size).toBe(0);
		expect(registry.get("a")).not.toBe(a);
	});

	it("treats prototype keys as ordinary scopes", () => {
		const registry = new CodecRegistry();
		const proto = registry.get("__proto__");
		const ctor = registry.get("constructor");
		expect(proto).toBeInstanceOf(WireNameCodec);
		expect(ctor).toBeInstanceOf(WireNameCodec);
		expect(proto).not.toBe(ctor);
		expect(registry.get("__proto__")).toBe(proto);
		expect(registry.size).toBe(2);
		expect(registry.delete("toString")).toBe(false);
	});

	it("rejects a maxScopes that is not a positive integer", () => {
		for (const maxScopes of [0, -1, 1.5, Number.NaN]) {
			const error = thrown(() => new CodecRegistry({ maxScopes }));
			expect(isMcpToolNamesError(error)).toBe(true);
		}
	});

	it("words every option error the same way, callbacks included", () => {
		expect(() => new CodecRegistry({ maxScopes: 0 })).toThrow(
			"CodecRegistry option maxScopes must be a positive integer, got number 0",
		);
		expect(() => new CodecRegistry({ create: "codec" as never })).toThrow(
			'CodecRegistry option create must be a function, got "codec"',
		);
		expect(() => new CodecRegistry({ onEvict: 1 as never })).toThrow(
			"CodecRegistry option onEvict must be a function, got number 1",
		);
		expect(() => new CodecRegistry([] as never)).toThrow(
			"CodecRegistry options must be an object, got an array",
		);
	});
});
