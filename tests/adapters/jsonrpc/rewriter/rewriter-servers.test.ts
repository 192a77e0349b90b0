// WireRewriter.addServers: a server name learnt mid-session (a proxy reads it from the answer
// to `initialize`) takes effect in place, and nothing the rewriter tracks for requests still
// in flight is lost.
import { isMcpToolNamesError } from "mcp-tool-names";
import { WireRewriter } from "mcp-tool-names/jsonrpc";
import { describe, expect, it } from "vitest";
import {
	callRequest,
	listed,
	listRequest,
	listResult,
	notFoundError,
	samplingResult,
	tool,
} from "../_messages.js";

const sampling = (id: number) => ({
	jsonrpc: "2.0",
	id,
	method: "sampling/createMessage",
	params: {
		maxTokens: 100,
		tools: [tool("web/search")],
		messages: [{ role: "user", content: { type: "text", text: "hi" } }],
	},
});

describe("WireRewriter", () => {
	describe("addServers", () => {
		it("routes the learnt server's prefix from then on, and no other server's", () => {
			const rewriter = listed(["issues/list_all", "get_user"], {
				resolve: true,
			});
			const sent = "mcp__linear__issues_list_all";
			expect(rewriter.clientToServer(callRequest(1, sent)).params.name).toBe(
				sent,
			);
			rewriter.addServers(["linear"]);
			expect(rewriter.clientToServer(callRequest(2, sent)).params.name).toBe(
				"issues/list_all",
			);
			const other = "mcp__jira__issues_list_all";
			expect(rewriter.clientToServer(callRequest(3, other)).params.name).toBe(
				other,
			);
		});

		it("keeps a tools/list sent before it: the answer still goes out with wire names", () => {
			const rewriter = new WireRewriter();
			rewriter.clientToServer(listRequest(1));
			rewriter.addServers(["echo"]);
			const out = rewriter.serverToClient(listResult(1, [tool("a/b")]));
			expect(out.result.tools.map((t) => t.name)).toEqual(["a_b"]);
			expect(rewriter.clientToServer(callRequest(2, "a_b")).params.name).toBe(
				"a/b",
			);
		});

		it("keeps the hint remembered for a call still in flight", () => {
			const rewriter = listed(["linear/list_issues", "github/get_user"], {
				resolve: true,
			});
			rewriter.clientToServer(callRequest(5, "github_set_user"));
			rewriter.addServers(["github"]);
			expect(
				rewriter.serverToClient(notFoundError(5, "github_set_user")).error
					.message,
			).toBe(
				"MCP error -32602: Tool github_set_user not found. Did you mean github_get_user?",
			);
		});

		it("keeps a sampling round trip in flight: the client's tool_use names are decoded", () => {
			const rewriter = new WireRewriter();
			const request = rewriter.serverToClient(sampling(3));
			expect(request.params.tools[0]?.name).toBe("web_search");
			rewriter.addServers(["search"]);
			const answer = rewriter.clientToServer(samplingResult(3, "web_search"));
			expect(answer.result.content[0]?.name).toBe("web/search");
		});

		it("keeps the codec, the catalog and the version", () => {
			const rewriter = listed(["a/b", "c/d"]);
			const version = rewriter.version;
			const snapshot = JSON.stringify(rewriter);
			rewriter.addServers(["echo", "echo", "other"]);
			expect(rewriter.version).toBe(version);
			expect(JSON.stringify(rewriter)).toBe(snapshot);
			rewriter.clientToServer(listRequest(9));
			rewriter.serverToClient(listResult(9, [tool("e/f")]));
			expect(rewriter.version).toBeGreaterThan(version);
		});

		it("refuses anything but an iterable of strings", () => {
			const rewriter = new WireRewriter();
			for (const names of ["echo", [1], null, { name: "echo" }]) {
				let caught: unknown;
				try {
					rewriter.addServers(names as never);
				} catch (error) {
					caught = error;
				}
				expect(isMcpToolNamesError(caught)).toBe(true);
				expect((caught as Error).message).toMatch(
					/^WireRewriter\.addServers expects names to be an iterable of strings, got /,
				);
			}
		});
	});
});
