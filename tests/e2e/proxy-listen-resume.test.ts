// `proxy --listen` streams are resumable (MCP 2025-11-25 "Resumability and Redelivery"): every
// event carries an id unique in its session, a POST stream opens with a priming event for
// clients of that revision, and a GET with `Last-Event-ID` replays what the stream sent after
// that id (its response included) before anything new, within a bounded replay buffer.
import { createConnection, createServer, type Socket } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, expect, it } from "vitest";
import {
	cleanupsAfterEach,
	INITIALIZE_MESSAGE,
	openStream,
	post,
	postStream,
	serveFixture,
} from "./_listen.js";
import { textOf } from "./_proxy.js";

const cleanups = cleanupsAfterEach();
const REVISION = "2025-11-25";

/** Initializes a session as a client of revision 2025-11-25; returns its id and the answer's ids. */
async function openResumable(
	url: URL,
): Promise<{ session: string; initializeIds: string[] }> {
	const init = await postStream(url, {
		...INITIALIZE_MESSAGE,
		params: {
			...(INITIALIZE_MESSAGE.params as Record<string, unknown>),
			protocolVersion: REVISION,
		},
	});
	await init.closed;
	const session = init.headers["mcp-session-id"] as string;
	const headers = {
		"mcp-session-id": session,
		"mcp-protocol-version": REVISION,
	};
	expect(
		(
			await post(
				url,
				{ jsonrpc: "2.0", method: "notifications/initialized" },
				headers,
			)
		).status,
	).toBe(202);
	return { session, initializeIds: init.ids };
}

function progressCall(id: string, steps: number, delayMs = 0) {
	return {
		jsonrpc: "2.0",
		id,
		method: "tools/call",
		params: {
			name: "debug_progress",
			arguments: { steps, delayMs },
			_meta: { progressToken: `${id}-token` },
		},
	};
}

describe("proxy --listen resumable streams", () => {
	it("gives every event an id unique in its session, and opens each POST stream of a 2025-11-25 client with a priming event (an older client gets none)", async () => {
		const { url } = await serveFixture(cleanups);
		const { session, initializeIds } = await openResumable(url);
		const headers = {
			"mcp-session-id": session,
			"mcp-protocol-version": REVISION,
		};
		const events = await openStream(url, session, headers);
		const call = await postStream(url, progressCall("a", 3), headers);
		await call.closed;
		// Priming first: an id and no data, then the progress and the answer, each with its id.
		expect(call.ids).toHaveLength(5);
		expect(call.messages.map((m) => m.method ?? m.id)).toEqual([
			"notifications/progress",
			"notifications/progress",
			"notifications/progress",
			"a",
		]);
		const older = await postStream(url, progressCall("b", 2), {
			"mcp-session-id": session,
			"mcp-protocol-version": "2025-06-18",
		});
		await older.closed;
		// No priming event for a client that cannot read one; ids all the same.
		expect(older.ids).toHaveLength(older.messages.length);
		await events.next((m) => m.method === "notifications/message");
		const all = [...initializeIds, ...call.ids, ...older.ids, ...events.ids];
		expect(new Set(all).size).toBe(all.length);
		events.close();
	});

	it("replays what a dropped POST stream sent after Last-Event-ID, its answer included, and nothing twice", async () => {
		const { url, proxy } = await serveFixture(cleanups);
		const { session } = await openResumable(url);
		const headers = {
			"mcp-session-id": session,
			"mcp-protocol-version": REVISION,
		};
		const call = await postStream(url, progressCall("slow", 6, 150), headers);
		await call.next((m) => m.params?.progress === 2);
		// The client's network goes away mid-call.
		call.close();
		await call.closed;
		const seen = call.messages.length;
		const lastId = call.ids.at(-1) as string;
		const resumed = await openStream(url, session, {
			"mcp-protocol-version": REVISION,
			"last-event-id": lastId,
		});
		expect(resumed.status).toBe(200);
		await resumed.closed;
		// Every message once: what came before the drop, then the rest, ending with the answer.
		// (The server's log message, tied to no request, may come on this stream too.)
		expect(
			[...call.messages, ...resumed.messages]
				.filter((m) => m.method !== "notifications/message")
				.map((m) => m.params?.progress ?? m.id),
		).toEqual([1, 2, 3, 4, 5, 6, "slow"]);
		expect(seen).toBeGreaterThanOrEqual(2);
		expect(textOf(resumed.messages.at(-1)?.result)).toBe("progressed 6");
		expect(proxy.stderr()).not.toMatch(/no longer kept/);
	});

	it("resumes the session's GET stream: what it sent after the id first, then what comes new on it", async () => {
		const { url } = await serveFixture(cleanups);
		const { session } = await openResumable(url);
		const headers = {
			"mcp-session-id": session,
			"mcp-protocol-version": REVISION,
		};
		const events = await openStream(url, session, headers);
		// Each call logs one message that answers no request: it goes on the GET stream.
		for (const id of ["one", "two"]) {
			const call = await post(url, progressCall(id, 1), headers);
			expect(call.status).toBe(200);
		}
		await expect.poll(() => events.messages.length).toBe(2);
		const [first] = events.ids;
		events.close();
		await events.closed;
		const resumed = await openStream(url, session, {
			...headers,
			"last-event-id": first as string,
		});
		expect(resumed.status).toBe(200);
		await expect.poll(() => resumed.messages.length).toBe(1);
		expect(resumed.ids).toEqual([events.ids[1]]);
		const third = await post(url, progressCall("three", 1), headers);
		expect(third.status).toBe(200);
		await expect.poll(() => resumed.messages.length).toBe(2);
		expect(resumed.messages.map((m) => m.method)).toEqual([
			"notifications/message",
			"notifications/message",
		]);
		// Still the session's one GET stream: a second one is refused.
		const second = await openStream(url, session, headers);
		expect(second.status).toBe(409);
		resumed.close();
	});

	it("replays what is left when the id is older than the replay buffer, and logs the gap", async () => {
		const { url, proxy } = await serveFixture(cleanups);
		const { session } = await openResumable(url);
		const headers = {
			"mcp-session-id": session,
			"mcp-protocol-version": REVISION,
		};
		// 1,500 progress events and the answer: more than the 1,000 events a session keeps.
		const call = await postStream(url, progressCall("many", 1500), headers);
		await call.closed;
		const priming = call.ids[0] as string;
		const resumed = await openStream(url, session, {
			"mcp-protocol-version": REVISION,
			"last-event-id": priming,
		});
		await resumed.closed;
		// The newest 1,000 events of the session: the last 999 progress events and the answer.
		expect(resumed.messages).toHaveLength(1000);
		expect(resumed.messages.at(-1)?.id).toBe("many");
		expect(resumed.messages[0]?.params?.progress).toBe(502);
		const missed = call.messages.length - 1000;
		await expect
			.poll(() => proxy.stderr())
			.toContain(
				`Session ${session} resumed a stream after event ${priming}, but ${missed} of the events sent after it are no longer kept`,
			);
		const unknown = await openStream(url, session, {
			"last-event-id": "not-an-event",
		});
		expect(unknown.status).toBe(400);
	});

	it("gets a real SDK client's answer after its connection drops mid-call: it reconnects with Last-Event-ID", async () => {
		const { url } = await serveFixture(cleanups);
		const relay = await startCuttingRelay(
			url,
			"debug_progress",
			"notifications/progress",
		);
		cleanups.push(relay.close);
		const client = new Client({ name: "resume-e2e", version: "1.0.0" });
		await client.connect(
			new StreamableHTTPClientTransport(relay.url, {
				reconnectionOptions: {
					initialReconnectionDelay: 100,
					maxReconnectionDelay: 1_000,
					reconnectionDelayGrowFactor: 1.5,
					maxRetries: 5,
				},
			}),
		);
		cleanups.push(() => client.close());
		const progress: number[] = [];
		const result = await client.callTool(
			{ name: "debug_progress", arguments: { steps: 5, delayMs: 150 } },
			undefined,
			{ onprogress: (p) => progress.push(p.progress), timeout: 30_000 },
		);
		expect(relay.cuts()).toBe(1);
		expect(textOf(result)).toBe("progressed 5");
		expect(progress).toEqual([1, 2, 3, 4, 5]);
	});
});

/**
 * A TCP relay in front of `target` that cuts, once, the connection whose request carries
 * `request` as soon as its answer carries `answer`: a network that fails mid-call.
 */
async function startCuttingRelay(
	target: URL,
	request: string,
	answer: string,
): Promise<{ url: URL; cuts(): number; close(): Promise<void> }> {
	let cuts = 0;
	const sockets = new Set<Socket>();
	const server = createServer((inbound) => {
		const outbound = createConnection(Number(target.port), target.hostname);
		sockets.add(inbound);
		sockets.add(outbound);
		let marked = false;
		inbound.on("data", (chunk: Buffer) => {
			if (cuts === 0 && chunk.includes(request)) marked = true;
			outbound.write(chunk);
		});
		outbound.on("data", (chunk: Buffer) => {
			inbound.write(chunk);
			if (marked && cuts === 0 && chunk.includes(answer)) {
				cuts += 1;
				inbound.destroy();
				outbound.destroy();
			}
		});
		const end = (): void => {
			inbound.destroy();
			outbound.destroy();
		};
		inbound.on("close", end).on("error", end);
		outbound.on("close", end).on("error", end);
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const address = server.address() as { port: number };
	const url = new URL(target);
	url.port = String(address.port);
	return {
		url,
		cuts: () => cuts,
		close: async () => {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
