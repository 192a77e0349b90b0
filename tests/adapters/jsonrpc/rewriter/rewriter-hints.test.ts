// The `Did you mean …?` hint on the jsonrpc path: a call whose name matched no tool, answered
// "Tool X not found" by the server, gets the hint wrapServer gives; every other answer passes
// as the same object (the same bytes through rewriteJsonBody).
import { rewriteJsonBody, type WireRewriter } from "mcp-tool-names/jsonrpc";
import { describe, expect, it } from "vitest";
import {
	callRequest,
	listed,
	listRequest,
	listResult,
	notFoundError,
	notFoundResult,
	tool,
} from "../_messages.js";

const TYPO = "linear_list_isues";
const HINT = "Did you mean linear_list_issues?";

/** Calls `TYPO` as `id` and tells whether its not-found answer came back with the hint. */
function hints(rewriter: WireRewriter, id: number): boolean {
	rewriter.clientToServer(callRequest(id, TYPO));
	const out = rewriter.serverToClient(notFoundError(id, TYPO));
	return out.error.message.endsWith(HINT);
}

const CATALOG = ["linear/list_issues", "github/get_user"];

describe("WireRewriter", () => {
	describe("not-found hints", () => {
		it.each([
			["without resolve", {}],
			[
				"with resolve, for a name only close enough for a hint",
				{ resolve: true },
			],
		])(
			"adds the hint to a not-found error answering a call whose name matched no tool, %s",
			(_, options) => {
				const rewriter = listed(CATALOG, options);
				const sent = "resolve" in options ? "github_set_user" : TYPO;
				const hint =
					"resolve" in options ? "Did you mean github_get_user?" : HINT;
				expect(rewriter.clientToServer(callRequest(5, sent)).params.name).toBe(
					sent,
				);
				const answer = notFoundError(5, sent);
				expect(rewriter.serverToClient(answer)).toEqual({
					...answer,
					error: {
						...answer.error,
						message: `MCP error -32602: Tool ${sent} not found. ${hint}`,
					},
				});
			},
		);

		it("adds the hint to the -32603 a low-level server's own Error becomes", () => {
			const rewriter = listed(CATALOG);
			rewriter.clientToServer(callRequest(5, TYPO));
			const out = rewriter.serverToClient(notFoundError(5, TYPO, -32603));
			expect(out.error.message).toBe(`Tool ${TYPO} not found. ${HINT}`);
			expect(out.error.code).toBe(-32603);
		});

		it("adds the hint to the first text of an isError not-found result, leaving the answer as it was", () => {
			const rewriter = listed(CATALOG);
			rewriter.clientToServer(callRequest(5, TYPO));
			const answer = notFoundResult(5, TYPO);
			const before = structuredClone(answer);
			expect(rewriter.serverToClient(answer)).toEqual({
				...answer,
				result: {
					content: [
						{
							type: "text",
							text: `MCP error -32602: Tool ${TYPO} not found. ${HINT}`,
						},
					],
					isError: true,
				},
			});
			expect(answer).toEqual(before);
		});

		it("passes every other answer to such a call on as the same object", () => {
			const rewriter = listed(CATALOG);
			const answers = [
				{ jsonrpc: "2.0", id: 5, result: { content: [] } },
				{
					jsonrpc: "2.0",
					id: 6,
					error: { code: -32000, message: `Tool ${TYPO} not found` },
				},
				{
					jsonrpc: "2.0",
					id: 7,
					error: { code: -32602, message: "Invalid arguments" },
				},
				{
					jsonrpc: "2.0",
					id: 8,
					result: {
						content: [{ type: "text", text: "rate limited" }],
						isError: true,
					},
				},
			];
			for (const answer of answers) {
				rewriter.clientToServer(callRequest(answer.id, TYPO));
				expect(rewriter.serverToClient(answer)).toBe(answer);
			}
			expect(hints(rewriter, 9)).toBe(true);
		});

		it("passes a not-found answer on as the same object when the call named a known tool, or nothing is close", () => {
			const rewriter = listed(CATALOG);
			rewriter.clientToServer(callRequest(5, "linear_list_issues"));
			const known = notFoundError(5, "linear/list_issues");
			expect(rewriter.serverToClient(known)).toBe(known);
			rewriter.clientToServer(callRequest(6, "weather_forecast"));
			const far = notFoundError(6, "weather_forecast");
			expect(rewriter.serverToClient(far)).toBe(far);
			const unasked = notFoundError(7, TYPO);
			expect(rewriter.serverToClient(unasked)).toBe(unasked);
			expect(hints(rewriter, 8)).toBe(true);
		});

		it.each([
			["without resolve", {}],
			["with resolve", { resolve: true }],
		])(
			"adds the hint to the not-found answer for a held wire name whose tool the latest listing dropped, and never re-routes it, %s",
			(_, options) => {
				const rewriter = listed(["a/list_items", "a/list_item"], options);
				rewriter.clientToServer(listRequest(1));
				rewriter.serverToClient(listResult(1, [tool("a/list_item")]));
				const call = rewriter.clientToServer(callRequest(5, "a_list_items"));
				expect(call.params.name).toBe("a/list_items");
				const error = rewriter.serverToClient(notFoundError(5, "a/list_items"));
				expect(error.error.message).toBe(
					"MCP error -32602: Tool a/list_items not found. Did you mean a_list_item?",
				);
				rewriter.clientToServer(callRequest(6, "a_list_items"));
				const result = rewriter.serverToClient(
					notFoundResult(6, "a/list_items"),
				);
				expect(result.result.content[0]?.text).toBe(
					"MCP error -32602: Tool a/list_items not found. Did you mean a_list_item?",
				);
			},
		);

		it("passes the not-found answer for a gone tool on as it came when nothing is close, and any other answer to it", () => {
			const rewriter = listed(["weather/forecast", "a/list_item"]);
			rewriter.clientToServer(listRequest(1));
			rewriter.serverToClient(listResult(1, [tool("a/list_item")]));
			rewriter.clientToServer(callRequest(5, "weather_forecast"));
			const far = notFoundError(5, "weather/forecast");
			expect(rewriter.serverToClient(far)).toBe(far);
			rewriter.clientToServer(callRequest(6, "weather_forecast"));
			const ok = { jsonrpc: "2.0", id: 6, result: { content: [] } };
			expect(rewriter.serverToClient(ok)).toBe(ok);
		});

		it("hints once: a second answer with the same id passes through", () => {
			const rewriter = listed(CATALOG);
			rewriter.clientToServer(callRequest(5, TYPO));
			expect(rewriter.serverToClient(notFoundError(5, TYPO))).not.toEqual(
				notFoundError(5, TYPO),
			);
			const again = notFoundError(5, TYPO);
			expect(rewriter.serverToClient(again)).toBe(again);
		});

		it("forgets a call the client cancelled", () => {
			const rewriter = listed(CATALOG);
			rewriter.clientToServer(callRequest(5, TYPO));
			const cancel = {
				jsonrpc: "2.0",
				method: "notifications/cancelled",
				params: { requestId: 5, reason: "user" },
			};
			expect(rewriter.clientToServer(cancel)).toBe(cancel);
			const late = notFoundError(5, TYPO);
			expect(rewriter.serverToClient(late)).toBe(late);
			expect(hints(rewriter, 6)).toBe(true);
		});

		it("forgets a call whose id a later request reuses", () => {
			const rewriter = listed(CATALOG);
			rewriter.clientToServer(callRequest(5, TYPO));
			rewriter.clientToServer({ jsonrpc: "2.0", id: 5, method: "ping" });
			const answer = notFoundError(5, TYPO);
			expect(rewriter.serverToClient(answer)).toBe(answer);
			expect(hints(rewriter, 5)).toBe(true);
		});

		it("still takes a list whose id reuses that of a hinted call", () => {
			const rewriter = listed(CATALOG);
			rewriter.clientToServer(callRequest(5, TYPO));
			rewriter.clientToServer(listRequest(5));
			const out = rewriter.serverToClient(listResult(5, [tool("a/b")]));
			expect(out.result.tools.map((t) => t.name)).toEqual(["a_b"]);
			// The list replaced the catalog: the typo is now far from everything.
			rewriter.clientToServer(callRequest(6, "a_c"));
			expect(
				rewriter.serverToClient(notFoundError(6, "a_c")).error.message,
			).toBe("MCP error -32602: Tool a_c not found. Did you mean a_b?");
		});

		it("remembers at most maxPending unanswered calls, oldest dropped first", () => {
			const rewriter = listed(CATALOG, { maxPending: 2 });
			for (const id of [1, 2, 3])
				rewriter.clientToServer(callRequest(id, TYPO));
			const oldest = notFoundError(1, TYPO);
			expect(rewriter.serverToClient(oldest)).toBe(oldest);
			expect(
				rewriter.serverToClient(notFoundError(2, TYPO)).error.message,
			).toContain(HINT);
			expect(
				rewriter.serverToClient(notFoundError(3, TYPO)).error.message,
			).toContain(HINT);
		});

		it("hints within a batch, element-wise", () => {
			const rewriter = listed(CATALOG);
			rewriter.clientToServer([
				callRequest(5, TYPO),
				callRequest(6, "linear_list_issues"),
			]);
			const other = { jsonrpc: "2.0", id: 6, result: { content: [] } };
			const out = rewriter.serverToClient([notFoundError(5, TYPO), other]);
			expect((out[0] as ReturnType<typeof notFoundError>).error.message).toBe(
				`MCP error -32602: Tool ${TYPO} not found. ${HINT}`,
			);
			expect(out[1]).toBe(other);
		});
	});
});

describe("rewriteJsonBody", () => {
	it("adds the hint to a not-found body and passes any other answer on as the same text", () => {
		const rewriter = listed(CATALOG);
		const request = JSON.stringify(callRequest(5, TYPO));
		expect(rewriteJsonBody(request, rewriter.clientToServer)).toBe(request);
		const answer = JSON.stringify(notFoundError(5, TYPO));
		expect(
			JSON.parse(rewriteJsonBody(answer, rewriter.serverToClient)).error
				.message,
		).toBe(`MCP error -32602: Tool ${TYPO} not found. ${HINT}`);
		rewriteJsonBody(
			JSON.stringify(callRequest(6, TYPO)),
			rewriter.clientToServer,
		);
		const success = '{ "id" : 6, "jsonrpc":"2.0", "result":{"content":[ ]}}';
		expect(rewriteJsonBody(success, rewriter.serverToClient)).toBe(success);
		const unasked =
			'{"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"Tool linear_list_isues not found" }}';
		expect(rewriteJsonBody(unasked, rewriter.serverToClient)).toBe(unasked);
	});
});
