import { describe, expect, it } from "vitest";
import {
	listEveryPage,
	MAX_PAGES,
	ToolPages,
} from "../../../src/adapters/routing/list-every-page.js";
import { isMcpToolNamesError } from "../../../src/index.js";

/** The error a walk failed with, checked to be the policy's own. */
async function policyBreak(walk: Promise<unknown>): Promise<string> {
	const error: unknown = await walk.then(
		() => undefined,
		(reason: unknown) => reason,
	);
	expect(isMcpToolNamesError(error)).toBe(true);
	expect((error as { code?: unknown }).code).toBe("unprocessable-message");
	return (error as Error).message;
}

describe("listEveryPage", () => {
	it("follows nextCursor through every page and returns the raw tools in order", async () => {
		const pages: Record<string, unknown> = {
			"": { tools: [{ name: "a" }], nextCursor: "2" },
			"2": { tools: [{ name: "b", annotations: { x: 1 } }], nextCursor: "3" },
			"3": { tools: [{ name: "c" }] },
		};
		const cursors: Array<string | undefined> = [];
		const numbers: number[] = [];
		const tools = await listEveryPage(async (cursor, page) => {
			cursors.push(cursor);
			numbers.push(page);
			return pages[cursor ?? ""];
		});
		expect(tools).toEqual([
			{ name: "a" },
			{ name: "b", annotations: { x: 1 } },
			{ name: "c" },
		]);
		expect(cursors).toEqual([undefined, "2", "3"]);
		expect(numbers).toEqual([0, 1, 2]);
	});

	it("ends the walk at an empty or null nextCursor", async () => {
		for (const nextCursor of ["", null]) {
			let calls = 0;
			const tools = await listEveryPage(async () => {
				calls++;
				return { tools: [{ name: "a" }], nextCursor };
			});
			expect(calls).toBe(1);
			expect(tools).toEqual([{ name: "a" }]);
		}
	});

	it("fails at the first repeated cursor, naming it, instead of returning part of the catalog", async () => {
		let calls = 0;
		const message = await policyBreak(
			listEveryPage(async () => {
				calls++;
				return { tools: [{ name: `t${calls}` }], nextCursor: "again" };
			}),
		);
		expect(calls).toBe(2);
		expect(message).toBe(
			'tools/list page 2 repeated the cursor "again"; stopped listing',
		);
	});

	it("fails at a repeat of any earlier cursor, not only the last one", async () => {
		const next: Record<string, string> = { "": "a", a: "b", b: "a" };
		const message = await policyBreak(
			listEveryPage(async (cursor) => ({
				tools: [],
				nextCursor: next[cursor ?? ""],
			})),
		);
		expect(message).toBe(
			'tools/list page 3 repeated the cursor "a"; stopped listing',
		);
	});

	it(`fails when a cursor is still there after ${MAX_PAGES} pages`, async () => {
		let calls = 0;
		const message = await policyBreak(
			listEveryPage(async (_cursor, page) => {
				calls++;
				return { tools: [], nextCursor: `c${page}` };
			}),
		);
		expect(calls).toBe(MAX_PAGES);
		expect(message).toBe(
			`tools/list still had a nextCursor ("c${MAX_PAGES - 1}") after ${MAX_PAGES} pages; stopped listing`,
		);
	});

	it(`returns a catalog of exactly ${MAX_PAGES} pages`, async () => {
		const tools = await listEveryPage(async (_cursor, page) => ({
			tools: [{ name: `t${page}` }],
			...(page < MAX_PAGES - 1 ? { nextCursor: `c${page}` } : {}),
		}));
		expect(tools).toHaveLength(MAX_PAGES);
		expect(tools.at(-1)).toEqual({ name: `t${MAX_PAGES - 1}` });
	});

	it("fails at a page that is not a list result, naming the page", async () => {
		const message = await policyBreak(
			listEveryPage(async (cursor) =>
				cursor === undefined
					? { tools: [{ name: "a" }], nextCursor: "x" }
					: { error: "nope" },
			),
		);
		expect(message).toBe(
			'tools/list page 2 is not a list result (no "tools" array); stopped listing',
		);
	});

	it("fails at a nextCursor that is no string", async () => {
		const message = await policyBreak(
			listEveryPage(async () => ({ tools: [], nextCursor: 2 })),
		);
		expect(message).toBe(
			"tools/list page 1 has a nextCursor that is no string (number); stopped listing",
		);
	});

	it("cuts a long cursor short in its message", async () => {
		const long = "x".repeat(100);
		const message = await policyBreak(
			listEveryPage(async () => ({ tools: [], nextCursor: long })),
		);
		expect(message).toBe(
			`tools/list page 2 repeated the cursor "${"x".repeat(40)}…"; stopped listing`,
		);
	});

	it("rejects when a page fails", async () => {
		await expect(
			listEveryPage(async () => {
				throw new Error("boom");
			}),
		).rejects.toThrow("boom");
	});
});

describe("ToolPages", () => {
	it("returns each next cursor, then undefined, and gathers the tools and the page count", () => {
		const pages = new ToolPages();
		expect(pages.accept({ tools: [{ name: "a" }], nextCursor: "p2" })).toBe(
			"p2",
		);
		expect(pages.accept({ tools: [{ name: "b" }] })).toBeUndefined();
		expect(pages.tools).toEqual([{ name: "a" }, { name: "b" }]);
		expect(pages.pages).toBe(2);
	});

	it("throws on a page that is not a list result and keeps what it had", () => {
		const pages = new ToolPages();
		pages.accept({ tools: [{ name: "a" }], nextCursor: "p2" });
		expect(() => pages.accept(undefined)).toThrow(
			'tools/list page 2 is not a list result (no "tools" array); stopped listing',
		);
		expect(pages.pages).toBe(1);
		expect(pages.tools).toEqual([{ name: "a" }]);
	});
});
