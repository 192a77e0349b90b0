// Conformance, per SDK line: the private members _sdk-internals.ts relies on, and the
// not-found texts routing/not-found.ts reads, are where they are expected. A failure here means
// an SDK release moved one of them; fix those files (and the versions their comments name), not
// this test.
import { describe, expect, it } from "vitest";
import { isNotFoundText } from "../../../src/adapters/routing/not-found.js";
import {
	interceptHandlers,
	isEnabled,
	type RequestHandler,
	registeredToolsOf,
} from "../../../src/adapters/sdk/_sdk-internals.js";
import { detectServer } from "../../../src/adapters/sdk/detect.js";
import { quietToolNameWarnings, SERVER_KITS } from "./_kits.js";

quietToolNameWarnings();

describe.each(SERVER_KITS)("the internals of $label", (kit) => {
	it("keeps its request handlers in _requestHandlers, a Map written with set and read by the dispatcher", async () => {
		const handle = kit.create();
		handle.add({ name: "a/b" });
		const detected = detectServer(handle.server);
		expect(detected?.kind).toBe(kit.lowLevel ? "server" : "mcp-server");
		if (detected === undefined) return;
		expect(typeof detected.handlers.get("tools/call")).toBe("function");
		const seen: string[] = [];
		interceptHandlers(
			detected.handlers,
			new Map([
				[
					"tools/call",
					(handler: RequestHandler): RequestHandler =>
						(request, extra) => {
							seen.push("tools/call");
							return handler(request, extra);
						},
				],
			]),
		);
		const peer = await kit.connect(handle.server);
		try {
			expect((await peer.call("a/b")).kind).toBe("ok");
			expect(seen).toEqual(["tools/call"]);
		} finally {
			await peer.close();
		}
	});

	it("answers an unknown tool with the not-found text", async () => {
		const handle = kit.create();
		handle.add({ name: "a/b" });
		const peer = await kit.connect(handle.server);
		try {
			const outcome = await peer.call("nope");
			expect(outcome.kind).toBe(kit.notFound === "result" ? "result" : "error");
			expect(isNotFoundText(outcome.text)).toBe(true);
		} finally {
			await peer.close();
		}
	});
});

describe.each(SERVER_KITS.filter((kit) => !kit.lowLevel))(
	"the McpServer internals of $label",
	(kit) => {
		it("keeps McpServer tools in _registeredTools, with enabled and annotations", () => {
			const handle = kit.create();
			handle.add({ name: "a/b", destructive: true });
			const tool = registeredToolsOf(handle.server)?.["a/b"] as Record<
				string,
				unknown
			>;
			expect(isEnabled(tool)).toBe(true);
			expect(tool.annotations).toMatchObject({ destructiveHint: true });
			(tool.disable as () => void).call(tool);
			expect(isEnabled(tool)).toBe(false);
		});

		it("has the pre-dispatch lookups on the 2.x McpServer only", () => {
			const server = kit.create().server as Record<string, unknown>;
			const expected = kit.line === "v2" ? "function" : "undefined";
			expect(typeof server.toolInputSchemaJson).toBe(expected);
			expect(typeof server.resolveScopeChallenge).toBe(expected);
		});
	},
);
