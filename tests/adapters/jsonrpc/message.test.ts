import { describe, expect, it } from "vitest";
import {
	OrderedQueue,
	type StoreFailure,
} from "../../../src/adapters/jsonrpc/message.js";

describe("OrderedQueue", () => {
	it("runs a task at once, returning its value, when nothing waits", () => {
		const queue = new OrderedQueue();
		let ran = false;
		const value = queue.run(undefined, (failure) => {
			ran = true;
			return failure === undefined ? "now" : "failed";
		});
		expect(ran).toBe(true);
		expect(value).toBe("now");
	});

	it("keeps the order of tasks when an earlier one waits longer", async () => {
		const queue = new OrderedQueue();
		const order: string[] = [];
		let open = (): void => {};
		const slow = new Promise<void>((resolve) => {
			open = resolve;
		});
		const first = queue.run(slow, () => order.push("first"));
		const second = queue.run(undefined, () => order.push("second"));
		const third = queue.run(Promise.resolve(), () => order.push("third"));
		expect(order).toEqual([]);
		open();
		await Promise.all([first, second, third]);
		expect(order).toEqual(["first", "second", "third"]);
		// Drained: the next task runs at once again.
		queue.run(undefined, () => order.push("fourth"));
		expect(order).toEqual(["first", "second", "third", "fourth"]);
	});

	it("hands a failed wait to its task and goes on", async () => {
		const queue = new OrderedQueue();
		const cause = new Error("store down");
		const seen: Array<StoreFailure | undefined> = [];
		await queue.run(Promise.reject(cause), (failure) => seen.push(failure));
		await queue.run(Promise.resolve(), (failure) => seen.push(failure));
		expect(seen).toEqual([{ error: cause }, undefined]);
	});

	it("rejects only the promise of a task that throws, and runs the next", async () => {
		const queue = new OrderedQueue();
		const thrown = queue.run(Promise.resolve(), () => {
			throw new Error("task failed");
		});
		const next = queue.run(undefined, () => "next");
		await expect(thrown).rejects.toThrow("task failed");
		await expect(next).resolves.toBe("next");
	});
});
