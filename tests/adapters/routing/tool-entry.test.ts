import { describe, expect, it } from "vitest";
import {
	toolEntriesOf,
	toolEntryOf,
} from "../../../src/adapters/routing/tool-entry.js";

describe("toolEntryOf", () => {
	it.each([
		[{ destructiveHint: true }, true, true],
		[{ destructiveHint: false }, false, false],
		[{ readOnlyHint: true }, false, false],
		[{ readOnlyHint: false }, false, true],
		[{}, false, true],
		[undefined, false, true],
		["not annotations", false, true],
		[{ readOnlyHint: true, destructiveHint: true }, true, false],
	])(
		"reads annotations %j as protected %s (destructive-hint), %s (unless-read-only)",
		(annotations, byHint, unlessReadOnly) => {
			const tool = { name: "a/b", annotations };
			expect(toolEntryOf(tool)).toEqual({ name: "a/b", protected: byHint });
			expect(toolEntryOf(tool, "destructive-hint")?.protected).toBe(byHint);
			expect(toolEntryOf(tool, "unless-read-only")?.protected).toBe(
				unlessReadOnly,
			);
		},
	);

	it("protects a bare name, whose annotations were never seen, under either protection", () => {
		expect(toolEntryOf("docs/archive")).toEqual({
			name: "docs/archive",
			protected: true,
		});
		expect(toolEntryOf("docs/archive", "unless-read-only")?.protected).toBe(
			true,
		);
	});

	it.each([[null], [{}], [{ name: "" }], [{ name: 3 }], [""], [[]]])(
		"has no entry for %j",
		(tool) => {
			expect(toolEntryOf(tool)).toBeUndefined();
		},
	);
});

describe("toolEntriesOf", () => {
	it("keeps the tools with a usable name, in order", () => {
		expect(
			toolEntriesOf([
				{ name: "b" },
				null,
				{ name: "a", annotations: { destructiveHint: true } },
			]),
		).toEqual([
			{ name: "b", protected: false },
			{ name: "a", protected: true },
		]);
	});

	it("returns nothing for a value that is not an array", () => {
		expect(toolEntriesOf({ name: "a" } as unknown as unknown[])).toEqual([]);
	});
});
