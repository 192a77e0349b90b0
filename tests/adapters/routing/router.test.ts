import { WireNameCodec } from "mcp-tool-names";
import { describe, expect, it } from "vitest";
import {
	type RouteDecision,
	ToolRouter,
} from "../../../src/adapters/routing/router.js";
import type { ToolEntry } from "../../../src/adapters/routing/tool-entry.js";

const open = (name: string): ToolEntry => ({ name, protected: false });
const guarded = (name: string): ToolEntry => ({ name, protected: true });

function router(
	entries: readonly ToolEntry[],
	options: ConstructorParameters<typeof ToolRouter>[0] = {},
): { router: ToolRouter; codec: WireNameCodec; decisions: RouteDecision[] } {
	const codec = options.codec ?? new WireNameCodec();
	const decisions: RouteDecision[] = [];
	const made = new ToolRouter({
		codec,
		onDecision: (decision) => decisions.push(decision),
		...options,
	});
	made.setTools(entries);
	return { router: made, codec, decisions };
}

describe("ToolRouter", () => {
	it("routes a wire name it handed out to its tool, without resolving or reporting", () => {
		const { router: r, decisions } = router([open("websearch/fetch_content")]);
		expect(r.route("websearch_fetch_content")).toEqual({
			kind: "known",
			sent: "websearch_fetch_content",
			name: "websearch/fetch_content",
		});
		expect(decisions).toEqual([]);
	});

	it("routes a canonical name of the catalog to itself", () => {
		const { router: r } = router([open("websearch/fetch_content")]);
		expect(r.route("websearch/fetch_content")).toMatchObject({
			kind: "known",
			name: "websearch/fetch_content",
		});
	});

	it("encodes the catalog on setTools, so a call before any list routes", () => {
		const codec = new WireNameCodec();
		const r = new ToolRouter({ codec });
		r.setTools([open("linear.list_issues")]);
		expect(codec.wireNameOf("linear.list_issues")).toBe("linear_list_issues");
		r.setTools([open("a/b")]);
		expect(r.route("a_b")).toMatchObject({ kind: "known", name: "a/b" });
	});

	it("corrects a near miss and names the canonical target in the one message shape", () => {
		const { router: r, decisions } = router([open("websearch/fetch_content")], {
			correct: true,
		});
		const decision = r.route("fetch_content");
		expect(decision).toMatchObject({
			kind: "corrected",
			sent: "fetch_content",
			name: "websearch/fetch_content",
			message:
				"[mcp-tool-names] Auto-corrected tool call to websearch/fetch_content (input: fetch_content).",
			resolution: { kind: "corrected", name: "websearch/fetch_content" },
		});
		expect(decisions).toEqual([decision]);
	});

	it("only hints without correct, naming the wire name the caller can send", () => {
		const { router: r, decisions } = router([open("websearch/fetch_content")]);
		expect(r.route("fetch_content")).toEqual({
			kind: "unknown",
			sent: "fetch_content",
			name: "fetch_content",
			resolution: expect.objectContaining({ kind: "corrected" }),
			hint: "Did you mean websearch_fetch_content?",
			message: "[mcp-tool-names] Did you mean websearch_fetch_content?",
		});
		expect(decisions).toHaveLength(1);
	});

	it("never corrects onto a protected tool, and hints at it instead", () => {
		const { router: r } = router([guarded("linear.list_issues")], {
			correct: true,
		});
		expect(r.route("linear.listIssues")).toMatchObject({
			kind: "unknown",
			name: "linear.listIssues",
			hint: "Did you mean linear_list_issues?",
		});
	});

	it("only hints against a codec primed with bare names, whose annotations were never seen", () => {
		const codec = new WireNameCodec();
		codec.encodeAll(["docs/archive", "linear.list_issues"]);
		const r = new ToolRouter({ codec, correct: true });
		expect(r.route("linear.listIssues")).toMatchObject({
			kind: "unknown",
			hint: "Did you mean linear_list_issues?",
		});
	});

	it("keeps a held wire name meaning its tool once the tool left the catalog", () => {
		const { router: r } = router([open("a/list_items")], { correct: true });
		r.setTools([open("a/list_item")]);
		expect(r.route("a_list_items")).toMatchObject({
			kind: "known",
			name: "a/list_items",
		});
		expect(r.hint("a_list_items")).toBe("Did you mean a_list_item?");
	});

	it("tells whether its catalog lists a canonical name", () => {
		const { router: r } = router([open("a/list_items")]);
		expect(r.lists("a/list_items")).toBe(true);
		r.setTools([open("a/list_item")]);
		expect(r.lists("a/list_items")).toBe(false);
		expect(r.lists("a_list_item")).toBe(false);
	});

	it("learns server names in place: their prefixes route, the catalog and the version stay", () => {
		const { router: r, codec } = router(
			[open("issues/list_all"), open("get_user")],
			{ correct: true },
		);
		// Resolved once before, so a stale index would be reused if nothing were reset.
		expect(r.route("mcp__linear__issues_list_all").kind).toBe("unknown");
		const version = r.version;
		const size = codec.size;
		r.addServers(["linear"]);
		expect(r.route("mcp__linear__issues_list_all")).toMatchObject({
			kind: "corrected",
			name: "issues/list_all",
		});
		expect(r.route("mcp__jira__issues_list_all").kind).toBe("unknown");
		r.addServers(["linear", "jira"]);
		expect(r.route("mcp__jira__issues_list_all").kind).toBe("corrected");
		expect(r.version).toBe(version);
		expect(codec.size).toBe(size);
		expect(r.tools.map((tool) => tool.name)).toEqual([
			"issues/list_all",
			"get_user",
		]);
	});

	it("keeps the servers it was configured with when it learns more", () => {
		const { router: r } = router([open("list_issues")], {
			correct: true,
			resolve: { servers: ["linear"] },
		});
		r.addServers(["jira"]);
		expect(r.route("mcp__linear__list_issues").kind).toBe("corrected");
		expect(r.route("mcp__jira__list_issues").kind).toBe("corrected");
	});

	it("resolves against canonical names when there is no codec", () => {
		const r = new ToolRouter({ correct: true });
		r.setTools([open("websearch/fetch_content")]);
		expect(r.route("fetch_content")).toMatchObject({
			kind: "corrected",
			name: "websearch/fetch_content",
		});
		expect(r.route("websearch_fetch_content")).toMatchObject({
			kind: "corrected",
			name: "websearch/fetch_content",
		});
	});

	it("adds a page with append and starts over without it", () => {
		const { router: r } = router([open("a/one")], { correct: true });
		r.setTools([open("linear.list_issues")], { append: true });
		expect(r.tools.map((tool) => tool.name)).toEqual([
			"a/one",
			"linear.list_issues",
		]);
		r.setTools([open("b/two")]);
		expect(r.tools.map((tool) => tool.name)).toEqual(["b/two"]);
		expect(r.route("linear.listIssues").kind).toBe("unknown");
	});

	it("protects a name listed twice when either entry is protected", () => {
		const { router: r } = router(
			[open("linear.list_issues"), guarded("linear.list_issues")],
			{ correct: true },
		);
		expect(r.route("linear.listIssues").kind).toBe("unknown");
	});

	it("keeps its version, and so its index, when set to the catalog it holds", () => {
		const { router: r } = router([open("a/b"), guarded("c/d")]);
		const version = r.version;
		r.setTools([open("a/b"), guarded("c/d")]);
		expect(r.version).toBe(version);
		r.setTools([open("a/b"), open("c/d")]);
		expect(r.version).toBe(version + 1);
	});

	it("reads a relisting's schemas: another schema changes the decision, an equal copy keeps the index", () => {
		const schema = (key: string) => ({
			type: "object",
			properties: { [key]: { type: "string" } },
			required: [key],
		});
		const tool = (key: string): ToolEntry => ({
			name: "github/search_issues",
			protected: false,
			inputSchema: schema(key),
		});
		const { router: r } = router([tool("query")], { correct: true });
		const call = { arguments: { query: "is:open" } };
		expect(r.route("search_issues", call)).toMatchObject({
			kind: "corrected",
			name: "github/search_issues",
		});
		const version = r.version;
		r.setTools([tool("query")]); // what every tools/list hands back: fresh, equal objects
		expect(r.version).toBe(version);
		expect(r.route("search_issues", call).kind).toBe("corrected");
		r.setTools([tool("q")]);
		// The tool no longer takes `query` (resolution rule 7): never its correction now.
		expect(r.route("search_issues", call).kind).toBe("unknown");
		expect(r.version).toBe(version + 1);
		expect(r.tools[0]?.inputSchema).toEqual(schema("q"));
	});

	it("takes schemas with members in another order as equal, and a cyclic one as changed", () => {
		const entry = (inputSchema: unknown): ToolEntry => ({
			name: "a/b",
			protected: false,
			inputSchema,
		});
		const { router: r } = router([
			entry({ type: "object", required: ["x"], properties: { x: {} } }),
		]);
		const version = r.version;
		r.setTools([
			entry({ properties: { x: {} }, type: "object", required: ["x"] }),
		]);
		expect(r.version).toBe(version);
		const cyclic = (): Record<string, unknown> => {
			const schema: Record<string, unknown> = { type: "object" };
			schema.properties = { self: schema };
			return schema;
		};
		const first = cyclic();
		r.setTools([entry(first)]);
		expect(r.version).toBe(version + 1);
		r.setTools([entry(first)]);
		expect(r.version).toBe(version + 1);
		// Two cycles of the same shape: compared to the depth bound, then taken as changed.
		r.setTools([entry(cyclic())]);
		expect(r.version).toBe(version + 2);
		expect(r.route("b").kind).toBe("unknown");
	});

	it("decides without reporting when asked to", () => {
		const { router: r, decisions } = router([open("websearch/fetch_content")], {
			correct: true,
		});
		expect(r.route("fetch_content", { report: false }).kind).toBe("corrected");
		expect(decisions).toEqual([]);
	});

	it("passes mode and limit on to the resolution and checks them up front", () => {
		expect(
			() => new ToolRouter({ resolve: { mode: "fuzzy" as "safe" } }),
		).toThrow(/mode/);
		const { router: r } = router(
			["a_list_x1", "a_list_x2", "a_list_x3"].map(open),
			{ resolve: { limit: 1 } },
		);
		const decision = r.route("a_list_x");
		expect(decision.kind).toBe("unknown");
		if (decision.kind === "unknown" && decision.resolution.kind === "suggest")
			expect(decision.resolution.suggestions).toHaveLength(1);
	});

	it("never throws on data: a name that is not a string is unknown", () => {
		const { router: r } = router([open("a/b")], { correct: true });
		expect(r.route(42 as unknown as string).kind).toBe("unknown");
		expect(r.route("").kind).toBe("unknown");
		r.setTools([{ name: 7 } as unknown as ToolEntry, open("c/d")]);
		expect(r.tools).toEqual([open("c/d")]);
	});

	it("does not let a newcomer named like another tool's wire name take its mistyped calls", () => {
		const codec = new WireNameCodec();
		const [wire] = codec.encodeAll(["搜索/获取"]);
		const r = new ToolRouter({ codec, correct: true });
		r.setTools([open("搜索/获取")]);
		r.setTools([open("搜索/获取"), open(wire as string)]);
		// The newcomer got another wire name; the held one still means the first tool.
		expect(r.route(wire as string)).toMatchObject({ name: "搜索/获取" });
	});
});

describe("ToolRouter with the names a host framework knows", () => {
	// What a framework entry hands the router: each tool's canonical name and the name the
	// model sees (ToolEntry.known), no codec.
	const catalog: ToolEntry[] = [
		{
			name: "websearch/fetch_content",
			known: "websearch_fetch_content",
			protected: false,
		},
		{
			name: "linear.list_issues",
			known: "linear_list_issues",
			protected: false,
		},
		{ name: "files/delete_all", known: "files_delete_all", protected: true },
		{ name: "tracker/get_user", known: "tracker/get_user", protected: false },
	];
	const hosted = () => {
		const r = new ToolRouter({ correct: true });
		r.setTools(catalog);
		return r;
	};

	it("routes a known name, or a canonical name echoed, to its tool without resolving", () => {
		const r = hosted();
		expect(r.route("linear_list_issues")).toEqual({
			kind: "known",
			sent: "linear_list_issues",
			name: "linear.list_issues",
		});
		expect(r.route("linear.list_issues")).toMatchObject({
			kind: "known",
			name: "linear.list_issues",
		});
	});

	it("resolves against the known names, seeing the namespaces of the canonical ones", () => {
		expect(hosted().route("fetch_content")).toMatchObject({
			kind: "corrected",
			name: "websearch/fetch_content",
			message:
				"[mcp-tool-names] Auto-corrected tool call to websearch/fetch_content (input: fetch_content).",
		});
		// Without the canonical names, websearch_ is no namespace: no guess.
		const bare = new ToolRouter({ correct: true });
		bare.setTools(
			catalog.map(({ known, protected: p }) => ({
				name: known as string,
				protected: p,
			})),
		);
		expect(bare.route("fetch_content").kind).toBe("unknown");
	});

	it("reads a call's namespace as namespace/name, and a namespace equal to the name as the name", () => {
		const r = hosted();
		expect(r.route("get_user", { namespace: "tracker" })).toMatchObject({
			kind: "known",
			sent: "tracker/get_user",
			name: "tracker/get_user",
		});
		expect(r.route("get_users", { namespace: "tracker" })).toMatchObject({
			kind: "corrected",
			name: "tracker/get_user",
		});
		expect(
			r.route("linear_list_issues", { namespace: "linear_list_issues" }),
		).toMatchObject({ kind: "known", name: "linear.list_issues" });
		expect(r.route("get_user", { namespace: "" })).toMatchObject({
			kind: "corrected",
			sent: "get_user",
			name: "tracker/get_user",
		});
	});

	it("never routes a call under another namespace to this tool: a hint", () => {
		expect(hosted().route("get_user", { namespace: "crm" })).toMatchObject({
			kind: "unknown",
			sent: "crm/get_user",
			hint: "Did you mean tracker/get_user?",
		});
	});

	it("keeps a protected tool a hint, whatever the known name", () => {
		expect(hosted().route("file_delete_all")).toMatchObject({
			kind: "unknown",
			hint: "Did you mean files_delete_all?",
		});
	});
});
