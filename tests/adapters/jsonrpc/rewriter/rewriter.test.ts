import {
	isMcpToolNamesError,
	type Resolution,
	WireNameCodec,
} from "mcp-tool-names";
import { type RouteDecision, WireRewriter } from "mcp-tool-names/jsonrpc";
import { describe, expect, it } from "vitest";
import {
	callRequest,
	deepFreeze,
	listed,
	listRequest,
	listResult,
	samplingResult,
	tool,
} from "../_messages.js";

function callName(rewriter: WireRewriter, name: unknown): unknown {
	return rewriter.clientToServer(callRequest(99, name)).params.name;
}

function thrown(run: () => unknown): unknown {
	try {
		run();
	} catch (error) {
		return error;
	}
	return undefined;
}

describe("WireRewriter", () => {
	describe("tools/list", () => {
		it("rewrites the tools of a result whose id was requested, keeping every other field", () => {
			const rewriter = new WireRewriter();
			rewriter.clientToServer(listRequest(1));
			const response = listResult(
				1,
				[tool("websearch/fetch_content", { title: "Fetch" })],
				{ nextCursor: "page-2", _meta: { a: 1 } },
			);
			expect(rewriter.serverToClient(response)).toEqual({
				jsonrpc: "2.0",
				id: 1,
				result: {
					tools: [
						{
							name: "websearch_fetch_content",
							title: "Fetch",
							inputSchema: { type: "object" },
						},
					],
					nextCursor: "page-2",
					_meta: { a: 1 },
				},
			});
		});

		it("leaves a result untouched when no tools/list request had its id", () => {
			const rewriter = new WireRewriter();
			const response = listResult(1, [tool("a/b")]);
			expect(rewriter.serverToClient(response)).toBe(response);
		});

		it('treats 1 and "1" as different request ids', () => {
			const rewriter = new WireRewriter();
			rewriter.clientToServer(listRequest(1));
			const stringId = listResult("1", [tool("a/b")]);
			expect(rewriter.serverToClient(stringId)).toBe(stringId);
			const numberId = rewriter.serverToClient(listResult(1, [tool("a/b")]));
			expect(numberId.result.tools[0]?.name).toBe("a_b");
		});

		it("rewrites a result only once: a second answer with the same id passes through", () => {
			const rewriter = new WireRewriter();
			rewriter.clientToServer(listRequest(1));
			rewriter.serverToClient(listResult(1, [tool("a/b")]));
			const again = listResult(1, [tool("c/d")]);
			expect(rewriter.serverToClient(again)).toBe(again);
		});

		it("rewrites every page of a paginated listing", () => {
			const rewriter = new WireRewriter();
			rewriter.clientToServer(listRequest(1));
			const first = rewriter.serverToClient(
				listResult(1, [tool("a/one")], { nextCursor: "c2" }),
			);
			rewriter.clientToServer(listRequest(2, "c2"));
			const second = rewriter.serverToClient(listResult(2, [tool("a/two")]));
			expect(first.result.tools[0]?.name).toBe("a_one");
			expect(first.result.nextCursor).toBe("c2");
			expect(second.result.tools[0]?.name).toBe("a_two");
		});

		it("returns the same message when every listed name is already wire-safe", () => {
			const rewriter = new WireRewriter();
			rewriter.clientToServer(listRequest(1));
			const response = listResult(1, [tool("search"), tool("fetch-page")]);
			expect(rewriter.serverToClient(response)).toBe(response);
		});

		it("never mutates the response", () => {
			const rewriter = new WireRewriter();
			rewriter.clientToServer(listRequest(1));
			const response = listResult(1, [tool("a/b"), tool("ok")]);
			const before = structuredClone(response);
			const out = rewriter.serverToClient(response);
			expect(out).not.toBe(response);
			expect(out.result.tools.map((t) => t.name)).toEqual(["a_b", "ok"]);
			expect(response).toEqual(before);
		});

		it("keeps earlier wire names when the list changes (the codec is sticky)", () => {
			const rewriter = listed(["websearch/fetch_content"]);
			const notification = {
				jsonrpc: "2.0",
				method: "notifications/tools/list_changed",
			};
			expect(rewriter.serverToClient(notification)).toBe(notification);
			rewriter.clientToServer(listRequest(2));
			const out = rewriter.serverToClient(
				listResult(2, [
					tool("websearch_fetch_content"),
					tool("websearch/fetch_content"),
				]),
			);
			expect(out.result.tools.map((t) => t.name)).toEqual([
				"websearch_fetch_content_2",
				"websearch_fetch_content",
			]);
		});

		it("forgets the oldest unanswered requests beyond maxPending", () => {
			const rewriter = new WireRewriter({ maxPending: 3 });
			for (const id of [1, 2, 3, 4]) rewriter.clientToServer(listRequest(id));
			const oldest = listResult(1, [tool("a/b")]);
			expect(rewriter.serverToClient(oldest)).toBe(oldest);
			const newest = rewriter.serverToClient(listResult(4, [tool("a/b")]));
			expect(newest.result.tools[0]?.name).toBe("a_b");
		});

		it("remembers 1024 unanswered requests by default", () => {
			const rewriter = new WireRewriter();
			for (let id = 0; id <= 1024; id++)
				rewriter.clientToServer(listRequest(id));
			const dropped = listResult(0, [tool("a/b")]);
			expect(rewriter.serverToClient(dropped)).toBe(dropped);
			const kept = rewriter.serverToClient(listResult(1, [tool("a/b")]));
			expect(kept.result.tools[0]?.name).toBe("a_b");
		});

		it("does not take the answer to a later request that reuses the id for a list", () => {
			const rewriter = new WireRewriter();
			rewriter.clientToServer(listRequest(1));
			rewriter.clientToServer({ jsonrpc: "2.0", id: 1, method: "ping" });
			const answer = listResult(1, [tool("a/b")]);
			expect(rewriter.serverToClient(answer)).toBe(answer);
		});

		it("clears a pending request answered with an error", () => {
			const rewriter = new WireRewriter();
			rewriter.clientToServer(listRequest(1));
			const error = {
				jsonrpc: "2.0",
				id: 1,
				error: { code: -32603, message: "boom" },
			};
			expect(rewriter.serverToClient(error)).toBe(error);
			const late = listResult(1, [tool("a/b")]);
			expect(rewriter.serverToClient(late)).toBe(late);
		});

		it("rewrites descriptions only with rewriteDescriptions", () => {
			const description = "Run a/b first, then a/bc.";
			const plain = listed([]);
			plain.clientToServer(listRequest(1));
			const kept = plain.serverToClient(
				listResult(1, [tool("a/b", { description })]),
			);
			expect(kept.result.tools[0]?.description).toBe(description);

			const rewriting = new WireRewriter({ rewriteDescriptions: true });
			rewriting.clientToServer(listRequest(1));
			const out = rewriting.serverToClient(
				listResult(1, [tool("a/b", { description }), tool("a/bc")]),
			);
			expect(out.result.tools[0]?.description).toBe(
				"Run a_b first, then a_bc.",
			);
		});

		it("reports renames through the codec's onDiagnostic", () => {
			const codes: string[] = [];
			const rewriter = listed(["a/b"], {
				onDiagnostic: (d) => codes.push(`${d.code}:${d.wire}`),
			});
			expect(rewriter.codec.wireNameOf("a/b")).toBe("a_b");
			expect(codes).toEqual(["renamed:a_b"]);
		});

		it("uses the profile it is given", () => {
			const rewriter = listed(["1password/get-item"], { profile: "portable" });
			expect(rewriter.codec.wireNameOf("1password/get-item")).toBe(
				"tool_1password_get_item",
			);
		});
	});

	describe("tools/call", () => {
		it("maps a wire name it issued back to the canonical name", () => {
			const rewriter = listed(["websearch/fetch_content"]);
			const call = callRequest(5, "websearch_fetch_content");
			const out = rewriter.clientToServer(call);
			expect(out).toEqual({
				jsonrpc: "2.0",
				id: 5,
				method: "tools/call",
				params: { name: "websearch/fetch_content", arguments: { q: "x" } },
			});
			expect(call.params.name).toBe("websearch_fetch_content");
		});

		it("passes a name it never issued through unchanged", () => {
			const rewriter = listed(["websearch/fetch_content"]);
			const call = callRequest(5, "begin_session");
			expect(rewriter.clientToServer(call)).toBe(call);
		});

		it("passes a canonical name from a legacy client through unchanged", () => {
			const rewriter = listed(["websearch/fetch_content"]);
			const call = callRequest(5, "websearch/fetch_content");
			expect(rewriter.clientToServer(call)).toBe(call);
		});

		it("decodes a call that arrives before any list when the codec was primed", () => {
			const codec = new WireNameCodec();
			codec.encodeAll(["linear.list_issues"]);
			const rewriter = new WireRewriter({ codec });
			expect(rewriter.codec).toBe(codec);
			expect(callName(rewriter, "linear_list_issues")).toBe(
				"linear.list_issues",
			);
		});

		it("leaves a near miss alone when resolve is off", () => {
			const rewriter = listed(["websearch/fetch_content"]);
			const call = callRequest(5, "fetch_content");
			expect(rewriter.clientToServer(call)).toBe(call);
		});
	});

	describe("resolve", () => {
		it("corrects a near-miss name and reports it through onCorrection", () => {
			const reports: Array<[string, Resolution]> = [];
			const rewriter = listed(
				["websearch/fetch_content", "linear.list_issues"],
				{
					resolve: true,
					onCorrection: (message, resolution) =>
						reports.push([message, resolution]),
				},
			);
			expect(callName(rewriter, "websearch_fetch_contnt")).toBe(
				"websearch/fetch_content",
			);
			expect(reports).toHaveLength(1);
			expect(reports[0]?.[0]).toBe(
				"[mcp-tool-names] Auto-corrected tool call to websearch/fetch_content (input: websearch_fetch_contnt).",
			);
			expect(reports[0]?.[1]).toMatchObject({
				kind: "corrected",
				name: "websearch/fetch_content",
				reason: "distance",
			});
		});

		it("never corrects onto a tool annotated destructiveHint: true", () => {
			const catalog = (destructiveHint: boolean) => [
				tool("github/delete_issue", { annotations: { destructiveHint } }),
				tool("github/list_issues"),
			];
			const corrections: string[] = [];
			const onCorrection = (message: string) => corrections.push(message);
			const safe = new WireRewriter({ resolve: true, onCorrection });
			safe.clientToServer(listRequest(1));
			safe.serverToClient(listResult(1, catalog(false)));
			expect(callName(safe, "github_delete_isue")).toBe("github/delete_issue");

			const guarded = new WireRewriter({ resolve: true, onCorrection });
			guarded.clientToServer(listRequest(1));
			guarded.serverToClient(listResult(1, catalog(true)));
			expect(callName(guarded, "github_delete_isue")).toBe(
				"github_delete_isue",
			);
			expect(corrections).toHaveLength(1);
		});

		it("leaves names that are only close enough for a hint unchanged", () => {
			const rewriter = listed(["github/get_user"], { resolve: true });
			expect(callName(rewriter, "github_set_user")).toBe("github_set_user");
		});

		it("does not resolve a canonical name the server listed", () => {
			let called = 0;
			const rewriter = listed(["fetch", "websearch/fetch"], {
				resolve: true,
				onCorrection: () => called++,
			});
			expect(callName(rewriter, "fetch")).toBe("fetch");
			expect(called).toBe(0);
		});

		it("only hints, against a codec primed with bare names, since their annotations were never seen", () => {
			const codec = new WireNameCodec();
			codec.encodeAll(["linear.list_issues"]);
			const decisions: RouteDecision[] = [];
			const rewriter = new WireRewriter({
				codec,
				resolve: true,
				onDecision: (decision) => decisions.push(decision),
			});
			expect(callName(rewriter, "linear.listIssues")).toBe("linear.listIssues");
			expect(decisions).toMatchObject([
				{ kind: "unknown", hint: "Did you mean linear_list_issues?" },
			]);
		});

		it("corrects before anything was listed once primed with the tools and their annotations", () => {
			const rewriter = new WireRewriter({ resolve: true });
			rewriter.prime([tool("linear.list_issues")]);
			expect(callName(rewriter, "linear_list_issues")).toBe(
				"linear.list_issues",
			);
			expect(callName(rewriter, "linear.listIssues")).toBe(
				"linear.list_issues",
			);
		});

		it("starts a fresh catalog with the first page, so removed tools are no target", () => {
			const rewriter = listed(["websearch/fetch_content"], { resolve: true });
			rewriter.clientToServer(listRequest(1));
			rewriter.serverToClient(listResult(1, [tool("linear/list_issues")]));
			expect(callName(rewriter, "websearch_fetch_contnt")).toBe(
				"websearch_fetch_contnt",
			);
			expect(callName(rewriter, "linear_list_isues")).toBe(
				"linear/list_issues",
			);
		});

		it("adds later pages to the catalog", () => {
			const rewriter = new WireRewriter({ resolve: true });
			rewriter.clientToServer(listRequest(1));
			rewriter.serverToClient(
				listResult(1, [tool("websearch/fetch_content")], { nextCursor: "2" }),
			);
			rewriter.clientToServer(listRequest(2, "2"));
			rewriter.serverToClient(listResult(2, [tool("linear/list_issues")]));
			expect(callName(rewriter, "websearch_fetch_contnt")).toBe(
				"websearch/fetch_content",
			);
			expect(callName(rewriter, "linear_list_isues")).toBe(
				"linear/list_issues",
			);
		});

		it("passes everything through when nothing is known yet", () => {
			const rewriter = new WireRewriter({ resolve: true });
			const call = callRequest(1, "anything");
			expect(rewriter.clientToServer(call)).toBe(call);
		});
	});

	describe("sampling", () => {
		const samplingRequest = (id: number) => ({
			jsonrpc: "2.0",
			id,
			method: "sampling/createMessage",
			params: {
				maxTokens: 100,
				tools: [tool("web/search", { description: "Search" })],
				toolChoice: { mode: "auto", name: "web/search" },
				messages: [
					{ role: "user", content: { type: "text", text: "hi" } },
					{
						role: "assistant",
						content: [
							{ type: "text", text: "searching" },
							{ type: "tool_use", id: "t1", name: "web/search", input: {} },
						],
					},
					{
						role: "user",
						content: [{ type: "tool_result", toolUseId: "t1", content: [] }],
					},
				],
			},
		});

		it("encodes the tools, the tool choice and tool_use history of a sampling request", () => {
			const rewriter = new WireRewriter();
			const request = deepFreeze(samplingRequest(3));
			const out = rewriter.serverToClient(request);
			expect(out.params.tools[0]).toEqual(
				tool("web_search", { description: "Search" }),
			);
			expect(out.params.toolChoice).toEqual({
				mode: "auto",
				name: "web_search",
			});
			expect(out.params.messages[0]).toBe(request.params.messages[0]);
			expect(out.params.messages[1]?.content).toEqual([
				{ type: "text", text: "searching" },
				{ type: "tool_use", id: "t1", name: "web_search", input: {} },
			]);
			expect(out.params.messages[2]).toBe(request.params.messages[2]);
			expect(out.params.maxTokens).toBe(100);
		});

		it("decodes the tool_use names of the client's sampling result", () => {
			const rewriter = new WireRewriter();
			rewriter.serverToClient(samplingRequest(3));
			const out = rewriter.clientToServer(samplingResult(3, "web_search"));
			expect(out.result.content[0]?.name).toBe("web/search");
			expect(out.result.model).toBe("m");
		});

		it("decodes a single tool_use content block", () => {
			const rewriter = new WireRewriter();
			rewriter.serverToClient(samplingRequest(4));
			const out = rewriter.clientToServer({
				jsonrpc: "2.0",
				id: 4,
				result: {
					role: "assistant",
					model: "m",
					content: { type: "tool_use", id: "t", name: "web_search", input: {} },
				},
			});
			expect(out.result.content.name).toBe("web/search");
		});

		it("leaves a response to anything but a sampling request untouched", () => {
			const rewriter = new WireRewriter();
			rewriter.serverToClient(samplingRequest(3));
			const response = {
				jsonrpc: "2.0",
				id: 4,
				result: {
					content: [{ type: "tool_use", id: "t", name: "web_search" }],
				},
			};
			expect(rewriter.clientToServer(response)).toBe(response);
		});

		it("encodes sampling requests embedded in an input_required result (2026-07-28)", () => {
			const rewriter = new WireRewriter();
			const result = deepFreeze({
				jsonrpc: "2.0",
				id: 8,
				result: {
					resultType: "input_required",
					requestState: "s",
					inputRequests: {
						ask: { method: "elicitation/create", params: { message: "ok?" } },
						sample: {
							method: "sampling/createMessage",
							params: samplingRequest(0).params,
						},
					},
				},
			});
			const out = rewriter.serverToClient(result);
			expect(out.result.inputRequests.ask).toBe(
				result.result.inputRequests.ask,
			);
			expect(out.result.inputRequests.sample.params.tools[0]?.name).toBe(
				"web_search",
			);
			expect(out.result.requestState).toBe("s");
		});

		it("decodes sampling results in the inputResponses of a retried request", () => {
			const rewriter = listed(["linear/create_issue"]);
			rewriter.serverToClient(samplingRequest(0));
			const retry = {
				jsonrpc: "2.0",
				id: 9,
				method: "tools/call",
				params: {
					name: "linear_create_issue",
					requestState: "s",
					inputResponses: {
						ask: { action: "accept", content: { name: "web_search" } },
						sample: {
							role: "assistant",
							model: "m",
							content: [
								{ type: "tool_use", id: "t", name: "web_search", input: {} },
							],
						},
					},
				},
			};
			const out = rewriter.clientToServer(retry);
			expect(out.params.name).toBe("linear/create_issue");
			expect(out.params.inputResponses.ask).toBe(
				retry.params.inputResponses.ask,
			);
			expect(out.params.inputResponses.sample.content[0]?.name).toBe(
				"web/search",
			);
		});
	});

	describe("identity and malformed input", () => {
		it("returns the very same object for messages that carry no tool name", () => {
			const rewriter = listed(["a/b"]);
			const messages = [
				{ jsonrpc: "2.0", id: 1, method: "initialize", params: {} },
				{ jsonrpc: "2.0", id: 2, method: "ping" },
				{ jsonrpc: "2.0", method: "notifications/initialized" },
				{ jsonrpc: "2.0", method: "notifications/tools/list_changed" },
				{ jsonrpc: "2.0", id: 3, method: "resources/list" },
				{ jsonrpc: "2.0", id: 3, result: { resources: [] } },
				{ jsonrpc: "2.0", id: 4, result: { content: [] } },
				{ jsonrpc: "2.0", id: 5, error: { code: 1, message: "x" } },
				listRequest(6),
			];
			for (const message of messages) {
				expect(rewriter.clientToServer(message)).toBe(message);
				expect(rewriter.serverToClient(message)).toBe(message);
			}
		});

		it("rewrites batches element-wise and returns the same array when nothing changes", () => {
			const rewriter = listed(["a/b"]);
			const ping = { jsonrpc: "2.0", id: 1, method: "ping" };
			const untouched = [ping, { jsonrpc: "2.0", method: "x" }];
			expect(rewriter.clientToServer(untouched)).toBe(untouched);
			const batch = deepFreeze([ping, callRequest(2, "a_b"), listRequest(3)]);
			const out = rewriter.clientToServer(batch);
			expect(out).not.toBe(batch);
			expect(out[0]).toBe(ping);
			expect((out[1] as any).params.name).toBe("a/b");
			const answer = rewriter.serverToClient([listResult(3, [tool("c/d")])]);
			expect(answer[0]?.result.tools[0]?.name).toBe("c_d");
		});

		it.each([
			["null", null],
			["a number", 42],
			["a string", "tools/call"],
			["undefined", undefined],
			["an empty batch", []],
			["a method that is not a string", { id: 1, method: 5 }],
			[
				"params that are not an object",
				{ id: 1, method: "tools/call", params: [] },
			],
			["a name that is not a string", callRequest(1, 42)],
			["an empty name", callRequest(1, "")],
			["a name object", callRequest(1, { toString: () => "a_b" })],
			["an object id", { id: {}, method: "tools/list" }],
			["a null id", { id: null, result: { tools: [] } }],
			["tools that are not an array", listResult(1, "x" as never)],
			["a result that is not an object", { id: 1, result: "x" }],
			[
				"prototype keys",
				JSON.parse(
					'{"__proto__":{"method":"tools/call"},"constructor":{"name":"a_b"},"id":"__proto__"}',
				),
			],
			[
				"a __proto__ params key",
				JSON.parse(
					'{"id":1,"method":"tools/call","params":{"__proto__":{"name":"a_b"}}}',
				),
			],
			["a huge numeric id", { id: 1e308, method: "tools/list" }],
			["a huge string id", { id: "x".repeat(1_000_000), method: "tools/list" }],
			[
				"deeply nested params",
				{
					id: 1,
					method: "sampling/createMessage",
					params: JSON.parse(`${"[".repeat(5000)}${"]".repeat(5000)}`),
				},
			],
		])("passes %s through without throwing", (_label, message) => {
			const rewriter = listed(["a/b"], { resolve: true });
			const frozen = deepFreeze(message);
			expect(rewriter.clientToServer(frozen)).toBe(frozen);
			expect(rewriter.serverToClient(frozen)).toBe(frozen);
		});

		it("does not track an id too long to remember", () => {
			const rewriter = new WireRewriter();
			const id = "x".repeat(1_000_000);
			rewriter.clientToServer(listRequest(id));
			const response = listResult(id, [tool("a/b")]);
			expect(rewriter.serverToClient(response)).toBe(response);
		});

		it("handles 10 MB strings in names and descriptions", () => {
			const huge = "x/".repeat(5_000_000);
			const long = "y/".repeat(500_000);
			const rewriter = new WireRewriter({
				resolve: true,
				rewriteDescriptions: true,
			});
			rewriter.clientToServer(listRequest(1));
			const out = rewriter.serverToClient(
				listResult(1, [tool(long, { description: huge }), tool("a/b")]),
			);
			const wire = out.result.tools[0]?.name ?? "";
			expect(wire.length).toBeLessThanOrEqual(64);
			expect(out.result.tools[0]?.description).toBe(huge);
			expect(callName(rewriter, wire) === long).toBe(true);
			const unknown = callRequest(2, huge);
			expect(rewriter.clientToServer(unknown) === unknown).toBe(true);
		});

		it("can be used detached: both methods are bound", () => {
			const { clientToServer, serverToClient } = new WireRewriter();
			clientToServer(listRequest(1));
			const out = serverToClient(listResult(1, [tool("a/b")]));
			expect(out.result.tools[0]?.name).toBe("a_b");
		});
	});

	describe("options", () => {
		it.each([
			["maxPending 0", { maxPending: 0 }],
			["a fractional maxPending", { maxPending: 1.5 }],
			["a string maxPending", { maxPending: "10" }],
			["a codec that is not one", { codec: {} }],
			[
				"a codec with a profile",
				{ codec: new WireNameCodec(), profile: "openai" },
			],
			[
				"a codec with onDiagnostic",
				{ codec: new WireNameCodec(), onDiagnostic: () => {} },
			],
			["a non-boolean resolve", { resolve: "yes" }],
			["a non-function onCorrection", { onCorrection: "log" }],
		])("rejects %s with an invalid-option error", (_label, options) => {
			const error = thrown(() => new WireRewriter(options as never));
			expect(isMcpToolNamesError(error)).toBe(true);
			expect((error as { code: string }).code).toBe("invalid-option");
		});

		it("rejects an unknown profile", () => {
			const error = thrown(
				() => new WireRewriter({ profile: "opanai" as "openai" }),
			);
			expect((error as { code?: string }).code).toBe("invalid-profile");
		});

		it("shares the codec it is given between rewriters", () => {
			const codec = new WireNameCodec();
			const first = new WireRewriter({ codec });
			first.clientToServer(listRequest(1));
			first.serverToClient(listResult(1, [tool("a/b")]));
			const second = new WireRewriter({ codec });
			expect(callName(second, "a_b")).toBe("a/b");
		});
	});
});
