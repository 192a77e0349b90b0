import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
	silenceNameWarnings,
	wrapServer,
} from "../../src/adapters/sdk/index.js";
import { SERVER_KITS } from "../adapters/sdk/_kits.js";

/*
 * docs/wrapping-a-server.md quotes the warning the SDKs print for a name such as
 * `github/search`, and shows how to register without it (silenceNameWarnings). These are
 * the facts it states.
 */

const GUIDE = readFileSync(
	new URL("../../docs/wrapping-a-server.md", import.meta.url),
	"utf8",
);
const section = GUIDE.slice(GUIDE.indexOf("## The SDK's tool-name warning"));
const QUOTED = (/```text\n([\s\S]*?)\n```/.exec(section)?.[1] ?? "").split(
	"\n",
);

afterEach(() => {
	vi.restoreAllMocks();
});

const warned = (): string[][] => {
	const spy = vi.spyOn(console, "warn").mockImplementation(() => {});
	return spy.mock.calls as string[][];
};

const mcpServers = SERVER_KITS.filter((kit) => !kit.lowLevel);

describe("the SDK's tool-name warning (docs/wrapping-a-server.md)", () => {
	it("is quoted in the guide", () => {
		expect(QUOTED[0]).toBe('Tool name validation warning for "github/search":');
		expect(QUOTED).toHaveLength(6);
	});

	it.each(mcpServers.filter((kit) => kit.label !== "SDK 1.20 McpServer"))(
		"is what $label prints for github/search, wrapped or not",
		(kit) => {
			for (const wrap of [false, true]) {
				const calls = warned();
				const handle = kit.create();
				if (wrap) wrapServer(handle.server);
				handle.add({ name: "github/search" });
				expect(calls.map((args) => args.join(" "))).toEqual(QUOTED);
				vi.restoreAllMocks();
			}
		},
	);

	it("is not printed by SDK 1.20 McpServer, nor for names inside the charset", () => {
		const calls = warned();
		mcpServers
			.find((kit) => kit.label === "SDK 1.20 McpServer")
			?.create()
			?.add({
				name: "github/search",
			});
		for (const kit of mcpServers)
			kit.create().add({ name: "linear.list_issues" });
		expect(calls).toEqual([]);
	});

	it.each(mcpServers)(
		"is silenced by silenceNameWarnings on $label, whose wrapped tools still list and route",
		async (kit) => {
			const calls = warned();
			const handle = kit.create();
			wrapServer(handle.server);
			silenceNameWarnings(() => handle.add({ name: "github/search" }));
			expect(calls).toEqual([]);
			vi.restoreAllMocks();
			const peer = await kit.connect(handle.server);
			try {
				expect(await peer.names()).toEqual(["github_search"]);
				expect((await peer.call("github_search")).kind).toBe("ok");
				expect(handle.calls).toEqual(["github/search"]);
			} finally {
				await peer.close();
			}
		},
	);

	it("lets every other warning through, in order, around the SDK's lines", () => {
		const calls = warned();
		const handle = mcpServers[0]?.create();
		silenceNameWarnings(() => {
			console.warn("before");
			handle?.add({ name: "github/search" });
			console.warn("  - a list item of our own, after the warning ended");
			console.warn("Tool registration will proceed: our own words, twice", 2);
			handle?.add({ name: "linear/list issues" });
			console.warn("after");
		});
		expect(calls).toEqual([
			["before"],
			["  - a list item of our own, after the warning ended"],
			["Tool registration will proceed: our own words, twice", 2],
			["after"],
		]);
	});

	it("leaves console.warn as it was after a throw", () => {
		const before = console.warn;
		expect(() =>
			silenceNameWarnings(() => {
				throw new Error("registration failed");
			}),
		).toThrow("registration failed");
		expect(console.warn).toBe(before);
	});

	it("stays on until a returned promise settles, across overlapping calls", async () => {
		const calls = warned();
		const before = console.warn;
		const handle = mcpServers[0]?.create();
		let release: () => void = () => {};
		const slow = silenceNameWarnings(
			() => new Promise<void>((resolve) => (release = resolve)),
		);
		silenceNameWarnings(() => handle?.add({ name: "a/b" }));
		handle?.add({ name: "c/d" }); // still inside the slow call
		expect(console.warn).not.toBe(before);
		release();
		await slow;
		expect(console.warn).toBe(before);
		handle?.add({ name: "e/f" });
		expect(calls[0]).toEqual(['Tool name validation warning for "e/f":']);
		expect(calls).toHaveLength(QUOTED.length);
	});
});
