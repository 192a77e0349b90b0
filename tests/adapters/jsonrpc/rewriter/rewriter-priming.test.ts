import { WireNameCodec } from "mcp-tool-names";
import {
	type RewriterSnapshot,
	type RouteDecision,
	WireRewriter,
} from "mcp-tool-names/jsonrpc";
import { describe, expect, it } from "vitest";
import { callRequest, listRequest, listResult, tool } from "../_messages.js";

const DESTRUCTIVE = { annotations: { destructiveHint: true } };
const READ_ONLY = { annotations: { readOnlyHint: true } };

const UPSTREAM = [
	tool("docs/archive", DESTRUCTIVE),
	tool("docs/read", READ_ONLY),
	tool("repo/delete_repo", DESTRUCTIVE),
	tool("linear.list_issues"),
];

function callName(rewriter: WireRewriter, name: string): unknown {
	return rewriter.clientToServer(callRequest(99, name)).params.name;
}

describe("WireRewriter", () => {
	describe("priming", () => {
		it("never corrects onto a tool of a codec primed with encodeAll, whose annotations it never saw", () => {
			const codec = new WireNameCodec();
			codec.encodeAll(UPSTREAM.map((entry) => entry.name));
			const rewriter = new WireRewriter({ codec, resolve: true });
			expect(callName(rewriter, "docs_archiv")).toBe("docs_archiv");
			expect(callName(rewriter, "linear.listIssues")).toBe("linear.listIssues");
		});

		it("never corrects onto a tool of a codec primed with encodeTools, whose annotations the codec drops", () => {
			const codec = new WireNameCodec();
			codec.encodeTools(UPSTREAM);
			const corrections: string[] = [];
			const rewriter = new WireRewriter({
				codec,
				resolve: true,
				onCorrection: (message) => corrections.push(message),
			});
			expect(callName(rewriter, "docs_archiv")).toBe("docs_archiv");
			expect(corrections).toEqual([]);
		});

		it("guards destructive tools and corrects onto the others once primed with the tools", () => {
			const rewriter = new WireRewriter({ resolve: true });
			rewriter.prime(UPSTREAM);
			expect(callName(rewriter, "docs_archiv")).toBe("docs_archiv");
			expect(callName(rewriter, "repo_delete_rep")).toBe("repo_delete_rep");
			expect(callName(rewriter, "linear.listIssues")).toBe(
				"linear.list_issues",
			);
			// Decoding needs no list either: priming assigned the names a list derives.
			expect(callName(rewriter, "docs_archive")).toBe("docs/archive");
		});

		it("assigns the same wire names as a tools/list through it would", () => {
			const primed = new WireRewriter();
			primed.prime(UPSTREAM);
			const listed = new WireRewriter();
			listed.clientToServer(listRequest(1));
			listed.serverToClient(listResult(1, UPSTREAM));
			expect(primed.codec.toJSON()).toEqual(listed.codec.toJSON());
		});

		it("adds a page with append", () => {
			const rewriter = new WireRewriter({ resolve: true });
			rewriter.prime([tool("docs/read", READ_ONLY)]);
			rewriter.prime([tool("linear.list_issues")], { append: true });
			expect(callName(rewriter, "linear.listIssues")).toBe(
				"linear.list_issues",
			);
			expect(callName(rewriter, "docs_read")).toBe("docs/read");
		});

		it("refuses a value that is not an array", () => {
			const rewriter = new WireRewriter();
			expect(() => rewriter.prime({} as never)).toThrow(
				expect.objectContaining({ code: "invalid-argument" }),
			);
		});
	});

	describe("protection", () => {
		it("protects every tool not marked read-only with unless-read-only", () => {
			const rewriter = new WireRewriter({
				resolve: true,
				protection: "unless-read-only",
			});
			rewriter.prime([
				tool("linear.list_issues"),
				tool("docs/read_me", READ_ONLY),
			]);
			expect(callName(rewriter, "linear.listIssues")).toBe("linear.listIssues");
			expect(callName(rewriter, "docs.readMe")).toBe("docs/read_me");
		});

		it("rejects an unknown protection", () => {
			expect(
				() => new WireRewriter({ protection: "spec" as "destructive-hint" }),
			).toThrow(
				'WireRewriter option protection must be one of "destructive-hint", "unless-read-only", got "spec"',
			);
		});
	});

	describe("snapshot", () => {
		it("keeps each tool's protection across a restart, so the guard holds before any list", () => {
			const before = new WireRewriter();
			before.clientToServer(listRequest(1));
			before.serverToClient(listResult(1, UPSTREAM));
			const snapshot: RewriterSnapshot = JSON.parse(JSON.stringify(before));
			const after = new WireRewriter({ snapshot, resolve: true });
			expect(callName(after, "repo_delete_rep")).toBe("repo_delete_rep");
			expect(callName(after, "repo_delete_repo")).toBe("repo/delete_repo");
			expect(callName(after, "linear.listIssues")).toBe("linear.list_issues");
			expect(after.toJSON()).toEqual(snapshot);
		});

		it("only hints after a restart from a codec snapshot alone, which holds names only", () => {
			const codec = new WireNameCodec();
			codec.encodeTools(UPSTREAM);
			const restored = WireNameCodec.fromJSON(
				JSON.parse(JSON.stringify(codec)),
			);
			const decisions: RouteDecision[] = [];
			const rewriter = new WireRewriter({
				codec: restored,
				resolve: true,
				onDecision: (decision) => decisions.push(decision),
			});
			expect(callName(rewriter, "repo_delete_rep")).toBe("repo_delete_rep");
			expect(decisions).toMatchObject([
				{ kind: "unknown", hint: "Did you mean repo_delete_repo?" },
			]);
		});

		it("rejects a malformed snapshot, and a snapshot together with a codec", () => {
			expect(
				() => new WireRewriter({ snapshot: { version: 2 } as never }),
			).toThrow(expect.objectContaining({ code: "invalid-snapshot" }));
			const snapshot = new WireRewriter().toJSON();
			expect(
				() => new WireRewriter({ snapshot, codec: new WireNameCodec() }),
			).toThrow(/codec and snapshot cannot be combined/);
			expect(
				() =>
					new WireRewriter({
						snapshot: { ...snapshot, tools: [["a", "yes"]] } as never,
					}),
			).toThrow(/\[name, protected\] pair/);
		});

		it("grows its version when the catalog or the codec changes", () => {
			const rewriter = new WireRewriter();
			const start = rewriter.version;
			rewriter.prime([tool("a/b")]);
			const primed = rewriter.version;
			expect(primed).toBeGreaterThan(start);
			rewriter.prime([tool("a/b")]);
			expect(rewriter.version).toBe(primed);
			rewriter.codec.encode("c/d");
			expect(rewriter.version).toBeGreaterThan(primed);
		});
	});

	describe("decisions", () => {
		it("reports every decision on an unknown name through onDecision, corrections included", () => {
			const decisions: RouteDecision[] = [];
			const rewriter = new WireRewriter({
				resolve: true,
				onDecision: (decision) => decisions.push(decision),
			});
			rewriter.prime(UPSTREAM);
			callName(rewriter, "linear.listIssues");
			callName(rewriter, "docs_archiv");
			callName(rewriter, "begin_session");
			callName(rewriter, "docs_read");
			expect(decisions.map((decision) => decision.kind)).toEqual([
				"corrected",
				"unknown",
				"unknown",
			]);
			expect(decisions[0]).toMatchObject({
				message:
					"[mcp-tool-names] Auto-corrected tool call to linear.list_issues (input: linear.listIssues).",
			});
		});

		it("passes mode on to the resolution", () => {
			expect(() => new WireRewriter({ mode: "fuzzy" as "safe" })).toThrow(
				/mode/,
			);
			expect(() => new WireRewriter({ verbs: 3 as never })).toThrow(
				"WireRewriter option verbs must be an iterable of strings, got number 3",
			);
		});
	});
});
