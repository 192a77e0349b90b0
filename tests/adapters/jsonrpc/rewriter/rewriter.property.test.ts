import fc from "fast-check";
import { WireRewriter } from "mcp-tool-names/jsonrpc";
import { describe, expect, it } from "vitest";
import { PROPERTY } from "../../../_support/fast-check.js";
import { callRequest, listRequest, listResult, tool } from "../_messages.js";

const METHODS = [
	"tools/list",
	"tools/call",
	"sampling/createMessage",
	"initialize",
	"ping",
	"notifications/tools/list_changed",
	"resources/read",
];
// Methods and fields through which a tool name can travel.
const NAMED_METHODS = new Set(["tools/call", "sampling/createMessage"]);
const NAMED_FIELDS = new Set(["inputResponses", "inputRequests"]);

const id = fc.oneof(
	fc.integer({ min: 0, max: 5 }),
	fc.constantFrom("0", "1", "__proto__", "constructor"),
	fc.constant(null),
	fc.double(),
);
const name = fc.oneof(
	fc.constantFrom("a/b", "a_b", "c.d", "c_d", "__proto__", "", "搜索/获取"),
	fc.string({ unit: "grapheme", maxLength: 20 }),
	fc.integer(),
);
const block = fc.record(
	{
		type: fc.constantFrom("tool_use", "text", 3),
		name,
		id: fc.string(),
	},
	{ requiredKeys: [] },
);
const toolish = fc.oneof(
	fc.record(
		{
			name,
			description: fc.oneof(fc.string(), fc.constant("use a/b")),
			annotations: fc.oneof(
				fc.record({ destructiveHint: fc.jsonValue() }),
				fc.jsonValue(),
			),
		},
		{ requiredKeys: [] },
	),
	fc.jsonValue(),
);
const params = fc.oneof(
	fc.record(
		{
			name,
			cursor: fc.oneof(fc.string(), fc.jsonValue()),
			tools: fc.oneof(fc.array(toolish, { maxLength: 4 }), fc.jsonValue()),
			toolChoice: fc.oneof(fc.record({ name }), fc.jsonValue()),
			messages: fc.array(
				fc.record({
					role: fc.string(),
					content: fc.oneof(block, fc.array(block, { maxLength: 3 })),
				}),
				{ maxLength: 3 },
			),
			inputResponses: fc.dictionary(
				fc.string(),
				fc.record({
					role: fc.string(),
					model: fc.string(),
					content: fc.array(block, { maxLength: 2 }),
				}),
			),
		},
		{ requiredKeys: [] },
	),
	fc.jsonValue(),
);
const result = fc.oneof(
	fc.record(
		{
			tools: fc.oneof(fc.array(toolish, { maxLength: 4 }), fc.jsonValue()),
			nextCursor: fc.string(),
			content: fc.oneof(block, fc.array(block, { maxLength: 3 })),
			resultType: fc.constantFrom("input_required", "complete"),
			inputRequests: fc.dictionary(
				fc.string(),
				fc.record({ method: fc.constantFrom(...METHODS), params }),
			),
		},
		{ requiredKeys: [] },
	),
	fc.jsonValue(),
);
/** Requests, notifications, responses, and near misses of each. */
const message = fc.oneof(
	fc.record(
		{
			jsonrpc: fc.constantFrom("2.0", "1.0"),
			id,
			method: fc.oneof(fc.constantFrom(...METHODS), fc.string()),
			params,
			result,
			error: fc.jsonValue(),
		},
		{ requiredKeys: [] },
	),
	fc.jsonValue(),
);
const traffic = fc.array(
	fc.record({
		direction: fc.constantFrom("clientToServer", "serverToClient"),
		message: fc.oneof(message, fc.array(message, { maxLength: 3 })),
	}),
	{ maxLength: 12 },
);

/** Whether a value holds a method or field through which a name can travel. */
function carriesNames(value: unknown): boolean {
	if (Array.isArray(value)) return value.some(carriesNames);
	if (typeof value !== "object" || value === null) return false;
	const record = value as Record<string, unknown>;
	if (typeof record.method === "string" && NAMED_METHODS.has(record.method))
		return true;
	return Object.entries(record).some(
		([key, inner]) => NAMED_FIELDS.has(key) || carriesNames(inner),
	);
}

/** A rewriter that has listed some tools and is waiting for more lists, as a proxy would. */
function busyRewriter(resolve: boolean): WireRewriter {
	const rewriter = new WireRewriter({ resolve, rewriteDescriptions: true });
	rewriter.clientToServer(listRequest(100));
	rewriter.serverToClient(
		listResult(100, [
			tool("a/b"),
			tool("c.d", { annotations: { destructiveHint: true } }),
		]),
	);
	for (const pending of [0, 1, "0", "__proto__"])
		rewriter.clientToServer(listRequest(pending));
	return rewriter;
}

describe("WireRewriter", () => {
	it("never throws and never mutates, whatever the traffic", () => {
		fc.assert(
			fc.property(traffic, fc.boolean(), (steps, resolve) => {
				const rewriter = busyRewriter(resolve);
				for (const step of steps) {
					const input = structuredClone(step.message);
					rewriter[step.direction](input);
					// Compared with the untouched original: a mutation of `input` shows here.
					expect(input).toEqual(step.message);
				}
			}),
			PROPERTY,
		);
	});

	it("returns the same reference for any message without a tool name", () => {
		const quiet = fc.oneof(message, fc.array(message, { maxLength: 3 }));
		fc.assert(
			fc.property(
				fc.array(
					quiet.filter((m) => !carriesNames(m)),
					{ maxLength: 12 },
				),
				(messages) => {
					// Requests it remembers do not matter to the client-to-server direction; the
					// other direction gets a rewriter with nothing pending.
					const toServer = busyRewriter(true);
					const toClient = new WireRewriter({ resolve: true });
					for (const m of messages) {
						expect(toServer.clientToServer(m)).toBe(m);
						expect(toClient.serverToClient(m)).toBe(m);
					}
				},
			),
			PROPERTY,
		);
	});

	it("routes every listed tool's wire name back to its canonical name", () => {
		const names = fc.uniqueArray(
			fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }),
			{ minLength: 1, maxLength: 20 },
		);
		fc.assert(
			fc.property(
				names,
				fc.constantFrom("openai", "portable", "gemini"),
				(catalog, profile) => {
					const rewriter = new WireRewriter({ profile });
					rewriter.clientToServer(listRequest(1));
					const listed = rewriter.serverToClient(
						listResult(
							1,
							catalog.map((n) => tool(n)),
						),
					);
					const wires = listed.result.tools.map((t) => t.name);
					expect(new Set(wires).size).toBe(catalog.length);
					wires.forEach((wire, i) => {
						const call = rewriter.clientToServer(callRequest(2, wire));
						expect(call.params.name).toBe(catalog[i]);
					});
				},
			),
			PROPERTY,
		);
	});
});
