import { describe, expect, it } from "vitest";
import {
	listEveryPage,
	MAX_PAGES,
} from "../../../src/adapters/routing/list-every-page.js";

describe("listEveryPage", () => {
	it("follows nextCursor through every page and returns the raw tools in order", async () => {
		const pages: Record<string, unknown> = {
			"": { tools: [{ name: "a" }], nextCursor: "2" },
			"2": { tools: [{ name: "b", annotations: { x: 1 } }], nextCursor: "3" },
			"3": { tools: [{ name: "c" }] },
		};
		const cursors: Array<string | undefined> = [];
		const tools = await listEveryPage(async (cursor) => {
			cursors.push(cursor);
			return pages[cursor ?? ""];
		});
		expect(tools).toEqual([
			{ name: "a" },
			{ name: "b", annotations: { x: 1 } },
			{ name: "c" },
		]);
		expect(cursors).toEqual([undefined, "2", "3"]);
	});

	it("ends a cursor loop at the first repeated cursor", async () => {
		let calls = 0;
		const tools = await listEveryPage(async () => {
			calls++;
			return { tools: [{ name: `t${calls}` }], nextCursor: "again" };
		});
		expect(calls).toBe(2);
		expect(tools).toHaveLength(2);
	});

	it(`stops after ${MAX_PAGES} pages of ever new cursors`, async () => {
		let calls = 0;
		await listEveryPage(async (_cursor, page) => {
			calls++;
			return { tools: [], nextCursor: `c${page}` };
		});
		expect(calls).toBe(MAX_PAGES);
	});

	it("ends the walk at a page that is not a list result", async () => {
		const tools = await listEveryPage(async (cursor) =>
			cursor === undefined
				? { tools: [{ name: "a" }], nextCursor: "x" }
				: { error: "nope" },
		);
		expect(tools).toEqual([{ name: "a" }]);
	});

	it("rejects when a page fails", async () => {
		await expect(
			listEveryPage(async () => {
				throw new Error("boom");
			}),
		).rejects.toThrow("boom");
	});
});
