/**
 * Stickiness through real SDK 1.32 components: 1,000 `tools/list_changed` cycles of a
 * server adding, removing and renaming tools (and adding tools named like wire names it
 * handed out), with a client that re-lists on every notification and calls names it was
 * given earlier. A wire name, once handed out, reaches the tool it was handed out for or
 * fails; it never reaches another tool.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import fc from "fast-check";
import { isWireSafe } from "mcp-tool-names";
import { wrapTransport } from "mcp-tool-names/jsonrpc";
import { wrapClient } from "mcp-tool-names/sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { quietToolNameWarnings } from "../adapters/sdk/_quiet.js";
import { hostileCatalog, hostileName, mangle, params } from "./_arbitraries.js";
import {
	addTool,
	type CallLog,
	CLIENT_INFO,
	callText,
	catalogServer,
} from "./_servers.js";

const CYCLES = 1000;
const MAX_TOOLS = 24;

beforeAll(quietToolNameWarnings);

type Wrapping = "wrapServer" | "wrapTransport" | "wrapClient";

/** A connected client whose `listTools` hands out wire names, one way or another. */
async function connect(
	wrapping: Wrapping,
	server: McpServer,
): Promise<{ client: Client; close(): Promise<void> }> {
	const client = new Client(CLIENT_INFO);
	if (wrapping === "wrapClient") wrapClient(client);
	const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
	await server.connect(
		wrapping === "wrapTransport"
			? wrapTransport(serverSide, { side: "server", resolve: true })
			: serverSide,
	);
	await client.connect(clientSide);
	return {
		client,
		close: async () => {
			await client.close();
			await server.close();
		},
	};
}

/** Names an SDK 1.x McpServer can register (its registry is a plain object). */
const registrable = (name: string): boolean =>
	!(name in {}) && name !== "__proto__";

type Op =
	| { kind: "add"; name: string }
	| { kind: "remove" | "squat"; pick: number }
	| { kind: "rename"; pick: number; how: number };

const op: fc.Arbitrary<Op> = fc.oneof(
	{
		weight: 3,
		arbitrary: hostileName.map((name): Op => ({ kind: "add", name })),
	},
	{
		weight: 2,
		arbitrary: fc.nat().map((pick): Op => ({ kind: "remove", pick })),
	},
	{
		weight: 2,
		arbitrary: fc
			.tuple(fc.nat(), fc.nat({ max: 7 }))
			.map(([pick, how]): Op => ({ kind: "rename", pick, how })),
	},
	{
		weight: 1,
		arbitrary: fc.nat().map((pick): Op => ({ kind: "squat", pick })),
	},
);

const nth = <T>(values: readonly T[], pick: number): T | undefined =>
	values.length === 0 ? undefined : values[pick % values.length];

describe.each<Wrapping>(["wrapServer", "wrapTransport", "wrapClient"])(
	"%s over 1,000 list_changed cycles",
	(wrapping) => {
		it("never re-targets a wire name it handed out", {
			timeout: 60_000,
		}, async () => {
			await fc.assert(
				fc.asyncProperty(
					hostileCatalog(10),
					fc.array(op, { minLength: CYCLES, maxLength: CYCLES }),
					fc.array(fc.nat(), { minLength: 2 * CYCLES, maxLength: 2 * CYCLES }),
					async (start, ops, probes) => {
						const calls: CallLog = [];
						const server = catalogServer(
							[],
							wrapping === "wrapServer" ? {} : null,
							calls,
						);
						const registered = new Map<string, { remove(): void }>();
						const add = (name: string): void => {
							// A bounded catalog: every cycle lists it all, through zod's JSON Schema.
							if (registered.size >= MAX_TOOLS) return;
							if (!registrable(name) || registered.has(name)) return;
							registered.set(name, addTool(server, { name }, calls));
						};
						add("seed/tool"); // tools/* handlers exist before the first list
						for (const name of start) add(name);
						const { client, close } = await connect(wrapping, server);
						let changed = 0;
						client.setNotificationHandler(
							ToolListChangedNotificationSchema,
							() => {
								changed++;
							},
						);
						const issued = new Map<string, string>(); // wire → first canonical
						const list = async (): Promise<void> => {
							const tools = (await client.listTools()).tools;
							const wires = tools.map((tool) => tool.name);
							expect(new Set(wires).size).toBe(wires.length);
							for (const tool of tools) {
								const canonical = (tool.description ?? "").slice(4, -5);
								const first = issued.get(tool.name);
								if (first === undefined) {
									expect(isWireSafe(tool.name)).toBe(true);
									issued.set(tool.name, canonical);
								} else if (first !== canonical) {
									expect.fail(`${tool.name} meant ${first}, now ${canonical}`);
								}
							}
						};
						try {
							await list();
							for (const [cycle, step] of ops.entries()) {
								const before = changed;
								const names = [...registered.keys()];
								if (step.kind === "add") add(step.name);
								else if (step.kind === "squat") {
									const wire = nth([...issued.keys()], step.pick);
									if (wire !== undefined) add(wire);
								} else {
									const name = nth(names, step.pick);
									if (name === undefined || name === "seed/tool") continue;
									registered.get(name)?.remove();
									registered.delete(name);
									if (step.kind === "rename")
										add(mangle(name, step.how, step.pick) || name);
								}
								await new Promise((resolve) => setImmediate(resolve));
								if (changed === before) continue; // nothing changed, no notification
								await list();
								const held = [...issued.keys()];
								for (const probe of probes.slice(2 * cycle, 2 * cycle + 2)) {
									const wire = nth(held, probe) as string;
									calls.length = 0;
									const owner = issued.get(wire) as string;
									const { ok, text } = await callText(client, wire);
									// its own tool while that is registered; a failure once it is gone
									expect(ok).toBe(registered.has(owner));
									if (ok) {
										expect(text).toBe(owner);
										expect(calls).toEqual([owner]);
									} else {
										expect(calls).toEqual([]);
									}
								}
							}
						} finally {
							await close();
						}
					},
				),
				// 1,000 steps take long to shrink: report the first failure, seed and path.
				{ ...params(1), endOnFailure: true },
			);
		});
	},
);

describe("wrapClient after a tool is gone", () => {
	it("fails a held wire name with a hint instead of calling the look-alike that replaced it", async () => {
		const calls: CallLog = [];
		const server = catalogServer(["echo"], null, calls);
		const gone = addTool(server, { name: "github/list_issues" }, calls);
		const { client, close } = await connect("wrapClient", server);
		try {
			const wires = (await client.listTools()).tools.map((tool) => tool.name);
			expect(wires).toContain("github_list_issues");
			gone.remove();
			addTool(server, { name: "github/list_issue" }, calls);

			const { ok, text } = await callText(client, "github_list_issues");
			expect(ok).toBe(false);
			expect(text).toMatch(/not found\. Did you mean github_list_issue\?$/);
			expect(calls).toEqual([]);
			// A name it never handed out is still corrected, as mcporter does.
			expect(await callText(client, "github_list_issu")).toEqual({
				ok: true,
				text: "github/list_issue",
			});
		} finally {
			await close();
		}
	});
});
