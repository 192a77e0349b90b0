import { type Diagnostic, isWireSafe, WireNameCodec } from "mcp-tool-names";
import { wrapServer } from "mcp-tool-names/sdk";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { failureOf, trap } from "../../_support/hostile.js";
import {
	type Peer,
	quietToolNameWarnings,
	SERVER_KITS,
	type ServerHandle,
	type ServerKit,
	type ToolSpec,
} from "./_kits.js";

const CATALOG: ToolSpec[] = [
	{ name: "websearch/fetch_content" },
	{ name: "linear.list_issues" },
	{ name: "files/delete_all", destructive: true },
	{ name: "echo" },
];

beforeAll(quietToolNameWarnings);

/** Starts wrapped servers of one kind; every peer it connects is closed after each test. */
function harness(kit: ServerKit) {
	const open: Peer[] = [];
	afterEach(async () => {
		await Promise.all(open.splice(0).map((peer) => peer.close()));
	});

	const start = async (
		options?: Parameters<typeof wrapServer>[1],
		tools = CATALOG,
	): Promise<{ handle: ServerHandle; peer: Peer }> => {
		const handle = kit.create();
		const [first, ...rest] = tools;
		if (first !== undefined) handle.add(first); // before wrapping
		wrapServer(handle.server, options);
		for (const tool of rest) handle.add(tool); // after wrapping
		const peer = await kit.connect(handle.server);
		open.push(peer);
		return { handle, peer };
	};

	/** A wrapped server with `kept` and a tool `going` (its handle returned to remove it). */
	const startWithGoing = async (
		kept: string,
		going: string,
		options?: Parameters<typeof wrapServer>[1],
	) => {
		const handle = kit.create();
		wrapServer(handle.server, options);
		handle.add({ name: kept });
		const gone = handle.add({ name: going });
		const peer = await kit.connect(handle.server);
		open.push(peer);
		return { handle, peer, gone };
	};

	/** The failure an unwrapped server of this kind answers with, for comparison. */
	const unwrappedFailure = async (name: string) => {
		const handle = kit.create();
		for (const tool of CATALOG) handle.add(tool);
		const peer = await kit.connect(handle.server);
		open.push(peer);
		return peer.call(name);
	};

	return { start, startWithGoing, unwrappedFailure, open };
}

describe.each(SERVER_KITS)("wrapServer over $label", (kit) => {
	const { start, startWithGoing, unwrappedFailure, open } = harness(kit);

	it("lists wire names that are valid for the profile", async () => {
		const { peer } = await start();
		const names = await peer.names();
		expect([...names].sort()).toEqual([
			"echo",
			"files_delete_all",
			"linear_list_issues",
			"websearch_fetch_content",
		]);
		for (const name of names) expect(isWireSafe(name)).toBe(true);
	});

	it("works when wrapped after connect(), for the requests that follow", async () => {
		const handle = kit.create();
		for (const tool of CATALOG) handle.add(tool);
		const peer = await kit.connect(handle.server);
		open.push(peer);
		wrapServer(handle.server);
		expect(await peer.names()).toContain("websearch_fetch_content");
		expect((await peer.call("websearch_fetch_content")).kind).toBe("ok");
		expect(handle.calls).toEqual(["websearch/fetch_content"]);
	});

	it("keeps the rest of each tool definition", async () => {
		const { peer } = await start();
		const tools = await peer.list();
		const tool = tools.find((t) => t.name === "files_delete_all");
		expect(tool?.description).toBe("The files/delete_all tool");
		expect(tool?.annotations?.destructiveHint).toBe(true);
		expect(tool?.inputSchema?.properties?.q).toBeDefined();
	});

	it("routes a wire name to the tool registered under the canonical name", async () => {
		const { handle, peer } = await start();
		await peer.names();
		const outcome = await peer.call("websearch_fetch_content", { q: "mcp" });
		expect(outcome).toMatchObject({
			kind: "ok",
			text: "websearch/fetch_content:mcp",
		});
		expect(handle.calls).toEqual(["websearch/fetch_content"]);
	});

	it("routes a call that arrives before any tools/list", async () => {
		const { handle, peer } = await start();
		const outcome = await peer.call("linear_list_issues", { q: "open" });
		expect(outcome).toMatchObject({
			kind: "ok",
			text: "linear.list_issues:open",
		});
		expect(handle.calls).toEqual(["linear.list_issues"]);
	});

	it("routes canonical names from legacy clients", async () => {
		const { handle, peer } = await start();
		await peer.names();
		const outcome = await peer.call("websearch/fetch_content");
		expect(outcome.kind).toBe("ok");
		expect(handle.calls).toEqual(["websearch/fetch_content"]);
	});

	it("lists and routes tools added after the first listing", async () => {
		const { handle, peer } = await start();
		await peer.names();
		const changed = peer.listChanged();
		handle.add({ name: "github/create_issue" });
		await changed;
		expect(await peer.names()).toContain("github_create_issue");
		expect((await peer.call("github_create_issue")).kind).toBe("ok");
		expect(handle.calls).toEqual(["github/create_issue"]);
	});

	it("drops removed tools from the listing", async () => {
		const { handle, peer, gone } = await startWithGoing("echo", "old/tool");
		expect(await peer.names()).toContain("old_tool");
		gone.remove();
		expect(await peer.names()).toEqual(["echo"]);
		expect((await peer.call("old_tool")).kind).not.toBe("ok");
		expect(handle.calls).toEqual([]);
	});

	// Without a new listing, only an McpServer's registry tells that the tool is gone.
	it.each(
		(
			[
				["after a listing without it", true],
				["before the client lists again", false],
			] as const
		).filter(([, relist]) => relist || !kit.lowLevel),
	)(
		"adds Did you mean to the not-found failure of a wire name whose tool is gone, %s, and calls no other tool",
		async (_, relist) => {
			const { handle, peer, gone } = await startWithGoing(
				"a/list_item",
				"a/list_items",
				{ resolve: true },
			);
			expect(await peer.names()).toContain("a_list_items");
			gone.remove();
			if (relist) expect(await peer.names()).toEqual(["a_list_item"]);
			const outcome = await peer.call("a_list_items");
			expect(outcome.kind).toBe(kit.notFound === "thrown" ? "error" : "result");
			expect(outcome.text).toMatch(
				/Tool a\/list_items not found\. Did you mean a_list_item\?$/,
			);
			expect(handle.calls).toEqual([]);
		},
	);

	it("passes the not-found failure of a gone tool on as it came when nothing is close", async () => {
		const { peer, gone } = await startWithGoing("echo", "weather/forecast");
		expect(await peer.names()).toContain("weather_forecast");
		gone.remove();
		expect(await peer.names()).toEqual(["echo"]);
		const outcome = await peer.call("weather_forecast");
		expect(outcome.kind).not.toBe("ok");
		expect(outcome.text).not.toContain("Did you mean");
		expect(outcome.text).toContain("weather/forecast not found");
	});

	it("never lets a newcomer capture a wire name already listed", async () => {
		const diagnostics: Diagnostic[] = [];
		const { handle, peer } = await start({
			onDiagnostic: (d) => diagnostics.push(d),
		});
		expect(await peer.names()).toContain("websearch_fetch_content");
		handle.add({ name: "websearch_fetch_content" });
		const names = await peer.names();
		expect(names).toContain("websearch_fetch_content");
		expect(names).toContain("websearch_fetch_content_2");
		expect(diagnostics.map((d) => d.code)).toContain("refused");

		await peer.call("websearch_fetch_content");
		await peer.call("websearch_fetch_content_2");
		expect(handle.calls).toEqual([
			"websearch/fetch_content",
			"websearch_fetch_content",
		]);
	});

	it("passes an unknown name through to the SDK's own failure", async () => {
		const { peer } = await start();
		await peer.names();
		const outcome = await peer.call("zzzz_qqqq_wwww");
		expect(outcome.kind).not.toBe("ok");
		expect(outcome).toEqual(await unwrappedFailure("zzzz_qqqq_wwww"));
	});

	it("adds Did you mean to the SDK's not-found failure without resolve", async () => {
		const { handle, peer } = await start();
		const expected = await unwrappedFailure("fetch_content");
		const outcome = await peer.call("fetch_content");
		expect(outcome).toEqual({
			...expected,
			text: `${expected.text}. Did you mean websearch_fetch_content?`,
		});
		expect(handle.calls).toEqual([]);
	});

	it("auto-corrects an unknown name with resolve: true and reports it", async () => {
		const reports: [string, string][] = [];
		const { handle, peer } = await start({
			resolve: true,
			onCorrection: (message, resolution) =>
				reports.push([message, resolution.kind]),
		});
		const outcome = await peer.call("websearch_fetch_contnt", { q: "x" });
		expect(outcome).toMatchObject({
			kind: "ok",
			text: "websearch/fetch_content:x",
		});
		expect(reports).toEqual([
			[
				"[mcp-tool-names] Auto-corrected tool call to websearch/fetch_content (input: websearch_fetch_contnt).",
				"corrected",
			],
		]);
		expect(handle.calls).toEqual(["websearch/fetch_content"]);
	});

	it("never auto-corrects onto an unannotated tool with protection unless-read-only", async () => {
		const reports: string[] = [];
		const { handle, peer } = await start({
			resolve: true,
			protection: "unless-read-only",
			onCorrection: (message) => reports.push(message),
		});
		const outcome = await peer.call("fetch_content");
		expect(outcome.text).toMatch(/Did you mean websearch_fetch_content\?$/);
		expect(reports).toEqual([]);
		expect(handle.calls).toEqual([]);
	});

	it("never auto-corrects onto a destructive tool", async () => {
		const reports: string[] = [];
		const { handle, peer } = await start({
			resolve: true,
			onCorrection: (message) => reports.push(message),
		});
		const expected = await unwrappedFailure("delete_all");
		const outcome = await peer.call("delete_all");
		expect(outcome).toEqual({
			...expected,
			text: `${expected.text}. Did you mean files_delete_all?`,
		});
		expect(handle.calls).toEqual([]);
		expect(reports).toEqual([]);
	});

	it("keeps the SDK client's output-schema validation working", async () => {
		const { peer } = await start(undefined, [
			{ name: "weather/current", output: true },
		]);
		expect(await peer.names()).toEqual(["weather_current"]);
		const outcome = await peer.call("weather_current");
		expect(outcome).toMatchObject({ kind: "ok", structured: { temp: 21 } });
	});

	it("shares wire names through options.codec", async () => {
		const codec = new WireNameCodec();
		codec.encodeAll(["a.b"]);
		const { peer } = await start({ codec }, [{ name: "a/b" }, { name: "a.b" }]);
		// "a.b" held "a_b" in the shared codec already, so "a/b" is refused it
		expect([...(await peer.names())].sort()).toEqual(["a_b", "a_b_2"]);
		expect(codec.decode("a_b_2")).toBe("a/b");
	});
});

describe.each(SERVER_KITS.filter((kit) => kit.lowLevel))(
	"wrapServer over a paginated $label",
	(kit) => {
		const { start } = harness(kit);

		it("lets the SDK client reject output that breaks the listed schema", async () => {
			const { peer } = await start(undefined, [
				{ name: "weather/current", output: true, badOutput: true },
			]);
			await peer.names();
			const outcome = await peer.call("weather_current");
			expect(outcome.kind).toBe("error");
			expect(outcome.text).toMatch(/output schema/);
		});

		it("derives wire names from every page, so a page does not change them", async () => {
			// two per page: ["a/b", "x"], ["y", "a.b"]
			const tools = [
				{ name: "a/b" },
				{ name: "x" },
				{ name: "y" },
				{ name: "a.b" },
			];
			const { peer } = await start(undefined, tools);
			const listed = await peer.names();
			const fresh = new WireNameCodec().encodeAll(tools.map((t) => t.name));
			expect(listed).toEqual(fresh);
			expect(listed).toEqual(["a_b_2", "x", "y", "a_b"]);
		});

		it("routes a call before listing by walking every page of its own handler", async () => {
			const tools = [
				{ name: "x" },
				{ name: "y" },
				{ name: "a.b" },
				{ name: "a/b" },
			];
			const { handle, peer } = await start(undefined, tools);
			await peer.call("a_b_2");
			await peer.call("a_b");
			expect(handle.calls).toEqual(["a/b", "a.b"]);
		});
	},
);

describe("wrapServer", () => {
	it("returns the same instance", () => {
		const handle = SERVER_KITS[0]?.create() as ServerHandle;
		expect(wrapServer(handle.server)).toBe(handle.server);
	});

	it("throws McpToolNamesError for a value that is not an SDK server", () => {
		expect(failureOf(() => wrapServer({} as never))).toEqual({
			code: "invalid-argument",
			message:
				"wrapServer expects server to be an McpServer or Server from @modelcontextprotocol/sdk 1.x or @modelcontextprotocol/server 2.x (with its request-handler table), got an object",
		});
		expect(failureOf(() => wrapServer(null as never)).message).toMatch(
			/^wrapServer expects server to be an McpServer .*, got null$/,
		);
		// The shape of an McpServer without the low-level server's handler table.
		const lookalike = { registerTool() {}, server: {} };
		expect(failureOf(() => wrapServer(lookalike as never)).code).toBe(
			"invalid-argument",
		);
	});

	it("refuses a server whose properties throw when read, naming the argument", () => {
		const failure = failureOf(() => wrapServer(trap as never));
		expect(failure.code).toBe("invalid-argument");
		expect(failure.message).toMatch(
			/^wrapServer expects server to be an McpServer .*, got an object that throws when read: hostile getter$/,
		);
		const handle = SERVER_KITS[0]?.create() as ServerHandle;
		expect(failureOf(() => wrapServer(handle.server, trap as never)).code).toBe(
			"invalid-argument",
		);
	});

	it("refuses to wrap a server twice", () => {
		const handle = SERVER_KITS[0]?.create() as ServerHandle;
		wrapServer(handle.server);
		expect(() => wrapServer(handle.server)).toThrow(/already wrapped/);
	});

	it("never changes an error object the server throws, even a shared one", async () => {
		const kit = SERVER_KITS.find(
			(k) => k.label === "SDK 1.32 Server",
		) as ServerKit;
		const handle = kit.create();
		for (const tool of CATALOG) handle.add(tool);
		const shared = new Error("Tool not found");
		const call = handle.server._requestHandlers.get("tools/call");
		handle.server._requestHandlers.set(
			"tools/call",
			async (request: any, extra: unknown) => {
				if (
					["fetch_content", "linear_list_issue"].includes(request.params.name)
				)
					throw shared;
				return call(request, extra);
			},
		);
		wrapServer(handle.server);
		const peer = await kit.connect(handle.server);
		try {
			expect((await peer.call("fetch_content")).text).toMatch(
				/Did you mean websearch_fetch_content\?$/,
			);
			expect((await peer.call("linear_list_issue")).text).toMatch(
				/Did you mean linear_list_issues\?$/,
			);
			expect(shared.message).toBe("Tool not found");
		} finally {
			await peer.close();
		}
	});

	it("checks its options", () => {
		const kit = SERVER_KITS[0] as (typeof SERVER_KITS)[number];
		const server = () => kit.create().server;
		expect(() => wrapServer(server(), { resolve: "yes" as never })).toThrow(
			/option resolve must be a boolean/,
		);
		expect(() => wrapServer(server(), { onCorrection: 1 as never })).toThrow(
			expect.objectContaining({ code: "invalid-option" }),
		);
		expect(() => wrapServer(server(), { codec: {} as never })).toThrow(
			/option codec must be a WireNameCodec/,
		);
		expect(() => wrapServer(server(), { profile: "opanai" as never })).toThrow(
			expect.objectContaining({ code: "invalid-profile" }),
		);
		expect(() =>
			wrapServer(server(), { codec: new WireNameCodec(), profile: "gemini" }),
		).toThrow(
			"wrapServer options codec and profile cannot be combined: profile configures a new codec; set it on the codec you pass instead",
		);
		expect(() => wrapServer(server(), { protection: true as never })).toThrow(
			/option protection must be one of/,
		);
	});
});
