import { describe, expect, it } from "vitest";
import { MAX_PAGES } from "../../src/adapters/routing/list-every-page.js";
import type { Frame } from "../../src/cli/proxy/_messages.js";
import type { ProxyEvent } from "../../src/cli/proxy/log.js";
import { createRouting } from "../../src/cli/proxy/routing.js";
import { ProxySession } from "../../src/cli/proxy/session.js";

const record = (frame: Frame | undefined) =>
	frame?.message as Record<string, any>;

function harness() {
	const up: Frame[] = [];
	const down: Frame[] = [];
	const events: ProxyEvent[] = [];
	const routing = createRouting({
		profile: "openai",
		correct: true,
		mode: "safe",
		protection: "destructive-hint",
		log: (event) => events.push(event),
	});
	const session = new ProxySession({
		routing,
		log: (event) => events.push(event),
		timeoutMs: 10_000,
		toUpstream: (frame) => up.push(frame),
		toClient: (frame) => down.push(frame),
	});
	const client = (message: unknown) =>
		session.fromClient(Buffer.from(`${JSON.stringify(message)}\n`));
	const server = (message: unknown) =>
		session.fromUpstream(Buffer.from(`${JSON.stringify(message)}\n`));
	const initialize = () => {
		client({ jsonrpc: "2.0", id: 1, method: "initialize", params: {} });
		server({ jsonrpc: "2.0", id: 1, result: { capabilities: { tools: {} } } });
		client({ jsonrpc: "2.0", method: "notifications/initialized" });
	};
	/** A `tools/call` from the client. */
	const call = (id: number, name: string) =>
		client({ jsonrpc: "2.0", id, method: "tools/call", params: { name } });
	/** Answers the last message that went up (the proxy's own listing, mostly). */
	const answer = (result: Record<string, unknown>) =>
		server({ jsonrpc: "2.0", id: record(up.at(-1)).id, result });
	return {
		session,
		up,
		down,
		events,
		client,
		server,
		initialize,
		call,
		answer,
	};
}

describe("ProxySession", () => {
	it("lists the tools itself after initialized, through every page, and holds calls until then", () => {
		const h = harness();
		h.initialize();
		const first = record(h.up.at(-1));
		expect(first.method).toBe("tools/list");
		h.client({
			jsonrpc: "2.0",
			id: 2,
			method: "tools/call",
			params: { name: "a_b" },
		});
		expect(h.up.map((f) => record(f).id)).not.toContain(2);
		h.server({
			jsonrpc: "2.0",
			id: first.id,
			result: { tools: [{ name: "x/y" }], nextCursor: "p2" },
		});
		const second = record(h.up.at(-1));
		expect(second.params).toEqual({ cursor: "p2" });
		h.server({
			jsonrpc: "2.0",
			id: second.id,
			result: { tools: [{ name: "a/b" }] },
		});
		const call = record(h.up.at(-1));
		expect(call).toMatchObject({ id: 2, params: { name: "a/b" } });
		// The proxy's own listing never reaches the client.
		expect(h.down.map((f) => record(f).id)).toEqual([1]);
		h.session.close();
	});

	it("stops its own listing at a repeated cursor, says so, and lets the held call go with the tools listed", () => {
		const h = harness();
		h.initialize();
		h.call(2, "a_b");
		h.answer({ tools: [{ name: "a/b" }], nextCursor: "again" });
		expect(record(h.up.at(-1)).params).toEqual({ cursor: "again" });
		h.answer({ tools: [{ name: "c/d" }], nextCursor: "again" });
		// No third page: the call went up instead, routed on what was listed.
		expect(record(h.up.at(-1))).toMatchObject({
			id: 2,
			params: { name: "a/b" },
		});
		expect(h.up.filter((f) => record(f).method === "tools/list")).toHaveLength(
			2,
		);
		expect(h.events).toContainEqual(
			expect.objectContaining({
				event: "upstream-error",
				message: expect.stringContaining(
					'tools/list page 2 repeated the cursor "again"',
				),
			}),
		);
		h.session.close();
	});

	it(`asks for no page after the library's ${MAX_PAGES}, and says the listing stopped there`, () => {
		const h = harness();
		h.initialize();
		for (let page = 1; page <= MAX_PAGES; page++) {
			expect(record(h.up.at(-1)).method).toBe("tools/list");
			h.answer({ tools: [], nextCursor: `c${page}` });
		}
		expect(h.up.filter((f) => record(f).method === "tools/list")).toHaveLength(
			MAX_PAGES,
		);
		expect(h.events.at(-1)).toMatchObject({
			event: "upstream-error",
			message: expect.stringContaining(`after ${MAX_PAGES} pages`),
		});
		h.session.close();
	});

	it("keeps a tools/list pipelined behind initialize when it learns the server's name", () => {
		const h = harness();
		h.client({ jsonrpc: "2.0", id: 1, method: "initialize", params: {} });
		h.client({ jsonrpc: "2.0", id: 2, method: "tools/list" });
		expect(h.up.map((f) => record(f).id)).toEqual([1, 2]);
		h.server({
			jsonrpc: "2.0",
			id: 1,
			result: {
				capabilities: { tools: {} },
				serverInfo: { name: "echo", version: "1.0.0" },
			},
		});
		h.server({ jsonrpc: "2.0", id: 2, result: { tools: [{ name: "a/b" }] } });
		expect(record(h.down.at(-1))).toMatchObject({
			id: 2,
			result: { tools: [{ name: "a_b" }] },
		});
		h.client({ jsonrpc: "2.0", method: "notifications/initialized" });
		h.call(3, "mcp__echo__a_b");
		// The session primes its own listing after initialized; answer it, then the call goes.
		h.answer({ tools: [{ name: "a/b" }] });
		expect(record(h.up.at(-1))).toMatchObject({
			id: 3,
			params: { name: "a/b" },
		});
		h.session.close();
	});

	it("passes an unchanged line on as the same bytes", () => {
		const h = harness();
		const line = Buffer.from(
			'{"id":5, "method":"ping","jsonrpc":"2.0","params":{"n":1.50}}\n',
		);
		h.session.fromClient(line);
		expect(h.up[0]?.bytes).toBe(line);
		h.session.close();
	});

	it("answers a call it cannot write again with an error instead of passing it on", () => {
		const h = harness();
		h.initialize();
		const list = record(h.up.at(-1));
		h.server({
			jsonrpc: "2.0",
			id: list.id,
			result: { tools: [{ name: "a/b" }] },
		});
		const sent = h.up.length;
		let deep = "0";
		for (let i = 0; i < 100_000; i++) deep = `[${deep}]`;
		h.session.fromClient(
			Buffer.from(
				`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"a_b","arguments":{"x":${deep}}}}\n`,
			),
		);
		expect(h.up.length).toBe(sent);
		expect(record(h.down.at(-1))).toMatchObject({
			id: 9,
			error: { code: -32600 },
		});
		h.session.close();
	});

	it("answers every pending request with an error when the upstream goes away", () => {
		const h = harness();
		h.client({ jsonrpc: "2.0", id: "a", method: "resources/list" });
		h.session.upstreamGone("the server exited with code 1");
		expect(record(h.down.at(-1))).toMatchObject({
			id: "a",
			error: { message: "MCP server closed: the server exited with code 1" },
		});
	});

	it("keeps the rest of an upstream batch when part of it answered the proxy's own listing", () => {
		const h = harness();
		h.initialize();
		const list = record(h.up.at(-1));
		h.session.fromUpstream(
			Buffer.from(
				`${JSON.stringify([
					{ jsonrpc: "2.0", id: list.id, result: { tools: [] } },
					{ jsonrpc: "2.0", method: "notifications/message", params: {} },
				])}\n`,
			),
		);
		const batch = h.down.at(-1)?.message as unknown[];
		expect(batch).toHaveLength(1);
		expect(h.down.at(-1)?.bytes.toString()).toBe(`${JSON.stringify(batch)}\n`);
		h.session.close();
	});
});
