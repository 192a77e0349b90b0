import { describe, expect, it } from "vitest";
import {
	EVENTS_STREAM,
	ReplayBuffer,
} from "../../src/cli/proxy/_listen-replay.js";

describe("ReplayBuffer", () => {
	it("gives each event an id unique in the session that names its stream and place", () => {
		const buffer = new ReplayBuffer(100, 1_000_000);
		const a = buffer.openStream();
		const b = buffer.openStream();
		const ids = [
			buffer.record(a, "a1"),
			buffer.record(b, "b1"),
			buffer.record(EVENTS_STREAM, "g1"),
			buffer.record(a, "a2"),
		];
		expect(ids).toEqual([`${a}_1`, `${b}_1`, "0_1", `${a}_2`]);
		expect(buffer.primingId(b)).toBe(`${b}_0`);
		expect(buffer.parse(`${a}_1`)).toEqual({ stream: a, after: 1 });
		expect(buffer.replay(a, 0)).toEqual({
			events: [
				{ id: `${a}_1`, data: "a1" },
				{ id: `${a}_2`, data: "a2" },
			],
			missed: 0,
		});
		expect(buffer.replay(a, 1).events.map((e) => e.data)).toEqual(["a2"]);
	});

	it("refuses ids it never gave: another shape, a stream not opened, a place not reached", () => {
		const buffer = new ReplayBuffer(100, 1_000_000);
		const stream = buffer.openStream();
		buffer.record(stream, "x");
		for (const id of [
			"",
			"x",
			"1-1",
			`${stream + 1}_0`,
			`${stream}_2`,
			"1_99999999999999999",
		])
			expect(buffer.parse(id)).toBeUndefined();
	});

	it("keeps the newest events within its event bound, and counts what a resumption missed", () => {
		const buffer = new ReplayBuffer(3, 1_000_000);
		const stream = buffer.openStream();
		for (let i = 1; i <= 5; i++) buffer.record(stream, `m${i}`);
		expect(buffer.replay(stream, 0)).toEqual({
			events: ["m3", "m4", "m5"].map((data, i) => ({
				id: `${stream}_${i + 3}`,
				data,
			})),
			missed: 2,
		});
		expect(buffer.replay(stream, 2).missed).toBe(0);
		expect(buffer.replay(stream, 4).events).toHaveLength(1);
	});

	it("keeps the newest events within its byte bound, but always the newest one, however large", () => {
		const buffer = new ReplayBuffer(100, 10);
		const stream = buffer.openStream();
		buffer.record(stream, "12345");
		buffer.record(stream, "67890");
		expect(buffer.replay(stream, 0).events.map((e) => e.data)).toEqual([
			"12345",
			"67890",
		]);
		buffer.record(stream, "é"); // two bytes in UTF-8: 12 > 10
		expect(buffer.replay(stream, 0).events.map((e) => e.data)).toEqual([
			"67890",
			"é",
		]);
		const huge = "x".repeat(50);
		buffer.record(stream, huge);
		expect(buffer.replay(stream, 0)).toMatchObject({
			events: [{ data: huge }],
			missed: 3,
		});
	});

	it("forgets a finished stream once none of its events is kept, and says its events are unknown", () => {
		const buffer = new ReplayBuffer(2, 1_000_000);
		const done = buffer.openStream();
		buffer.record(done, "answer");
		buffer.finish(done);
		expect(buffer.replay(done, 0).events).toHaveLength(1);
		const other = buffer.openStream();
		buffer.record(other, "1");
		buffer.record(other, "2");
		expect(buffer.parse(`${done}_0`)).toEqual({ stream: done, after: 0 });
		expect(buffer.replay(done, 0)).toEqual({ events: [], missed: "unknown" });
		// The GET stream is never finished: it lives as long as the session.
		buffer.record(EVENTS_STREAM, "g");
		buffer.finish(EVENTS_STREAM);
		buffer.record(other, "3");
		buffer.record(other, "4");
		expect(buffer.replay(EVENTS_STREAM, 0)).toEqual({ events: [], missed: 1 });
	});

	it("stays linear over many events (the evicted slots are let go)", () => {
		const buffer = new ReplayBuffer(1_000, 4 * 1024 * 1024);
		const stream = buffer.openStream();
		let most = 0;
		for (let i = 0; i < 200_000; i++) {
			buffer.record(stream, `{"n":${i}}`);
			most = Math.max(most, buffer.slots);
		}
		// Evicted slots are let go once they are half the array: never more than twice what is kept.
		expect(most).toBeLessThanOrEqual(2 * 1_000 + 1_024);
		const { events, missed } = buffer.replay(stream, 0);
		expect(events).toHaveLength(1_000);
		expect(missed).toBe(199_000);
	});
});
