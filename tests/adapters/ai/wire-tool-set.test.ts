import { createMCPClient } from "@ai-sdk/mcp";
import { generateText, type ToolSet, tool } from "ai";
import { isWireSafe, McpToolNamesError, WireNameCodec } from "mcp-tool-names";
import { wireToolSet } from "mcp-tool-names/ai";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import { failureOf, trap } from "../../_support/hostile.js";
import { catalogServer } from "../_hosts/catalog-server.js";
import { quietToolNameWarnings } from "../sdk/_quiet.js";
import { modelCalling } from "./_model.js";

beforeAll(quietToolNameWarnings);

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
	await Promise.all(open.splice(0).map((close) => close()));
});

const echo = (name: string) =>
	tool({
		description: name,
		inputSchema: z.object({}),
		execute: async () => name,
	});

describe("wireToolSet", () => {
	it("keys the tools of an @ai-sdk/mcp client by wire names, and a call by wire name reaches the canonical tool", async () => {
		const server = catalogServer();
		const client = await createMCPClient({ transport: await server.connect() });
		open.push(async () => {
			await client.close();
			await server.close();
		});
		const canonical = await client.tools();
		const tools = wireToolSet(canonical);
		expect(Object.keys(tools)).toEqual([
			"linear_list_issues",
			"get_user",
			"websearch_fetch_content",
			"files_delete_all",
		]);
		expect(Object.keys(tools).every((name) => isWireSafe(name))).toBe(true);
		expect(tools.linear_list_issues).toBe(canonical["linear.list_issues"]);
		const result = await generateText({
			model: modelCalling("websearch_fetch_content", { q: "mcp" }),
			tools,
			prompt: "go",
		});
		expect(server.calls).toEqual(["websearch/fetch_content"]);
		expect(result.toolResults.map((r) => r.toolName)).toEqual([
			"websearch_fetch_content",
		]);
	});

	it("leaves the tool set it was given as it was", () => {
		const tools: ToolSet = { "a/b": echo("a/b") };
		const before = { ...tools };
		wireToolSet(tools);
		expect(tools).toEqual(before);
		expect(Object.keys(tools)).toEqual(["a/b"]);
	});

	it("gives the names a shared codec already handed out", () => {
		const codec = new WireNameCodec({ profile: "portable" });
		const first = wireToolSet({ "1password/get-item": echo("x") }, { codec });
		const second = wireToolSet(
			{ "1password/get-item": echo("x"), "a.b": echo("y") },
			{ codec },
		);
		expect(Object.keys(first)).toEqual(["tool_1password_get_item"]);
		expect(Object.keys(second)).toEqual(["tool_1password_get_item", "a_b"]);
		expect(codec.decode("a_b")).toBe("a.b");
	});

	it("keeps a tool named __proto__ as a tool, not a prototype", () => {
		const proto = echo("__proto__");
		const tools = wireToolSet(
			Object.defineProperty({}, "__proto__", {
				value: proto,
				enumerable: true,
			}) as ToolSet,
		);
		expect(Object.keys(tools)).toEqual(["__proto__"]);
		expect(Object.getOwnPropertyDescriptor(tools, "__proto__")?.value).toBe(
			proto,
		);
	});

	it("follows the profile it is given", () => {
		expect(
			Object.keys(
				wireToolSet({ "linear.list_issues": echo("x") }, { profile: "gemini" }),
			),
		).toEqual(["linear.list_issues"]);
	});

	it("puts every tool in one Responses API namespace, its name made safe, on copies that keep the rest", () => {
		const mine = {
			...echo("a/b"),
			providerOptions: { openai: { strict: true }, other: { x: 1 } },
		};
		const tools = wireToolSet(
			{ "a/b": mine },
			{ namespace: { name: "my tracker", description: "Issue tracker" } },
		);
		const copy = tools.a_b as typeof mine;
		expect(copy).not.toBe(mine);
		expect(copy.providerOptions).toEqual({
			openai: {
				strict: true,
				namespace: { name: "my_tracker", description: "Issue tracker" },
			},
			other: { x: 1 },
		});
		expect(copy.execute).toBe(mine.execute);
		expect(mine.providerOptions.openai).toEqual({ strict: true });
	});

	it("refuses a namespace without a name and a description", () => {
		for (const namespace of [{ name: "crm" }, { description: "CRM" }, "crm"]) {
			expect(
				failureOf(() => wireToolSet({}, { namespace: namespace as never })),
			).toEqual({
				code: "invalid-option",
				message: expect.stringMatching(
					/^wireToolSet option namespace must be \{ name, description \} with non-empty strings, got /,
				),
			});
		}
	});

	it("refuses codec and profile together, and a tool set that is not an object", () => {
		const codec = new WireNameCodec();
		expect(() => wireToolSet({}, { codec, profile: "openai" })).toThrow(
			"wireToolSet options codec and profile cannot be combined",
		);
		expect(() => wireToolSet(null as unknown as ToolSet)).toThrow(
			McpToolNamesError,
		);
		expect(() => wireToolSet({}, { codec: {} as WireNameCodec })).toThrow(
			"wireToolSet option codec must be a WireNameCodec, got an object",
		);
	});

	it("refuses a tool set that is not an object, or one whose keys throw when read, naming the argument", () => {
		expect(failureOf(() => wireToolSet([] as unknown as ToolSet))).toEqual({
			code: "invalid-argument",
			message:
				"wireToolSet expects tools to be a ToolSet object (name → tool), got an array",
		});
		expect(failureOf(() => wireToolSet(trap as ToolSet))).toEqual({
			code: "invalid-argument",
			message:
				"wireToolSet expects tools to be a ToolSet object (name → tool), got an object that throws when read: hostile ownKeys",
		});
		const lying = Object.defineProperty({}, "search", {
			enumerable: true,
			get(): never {
				throw new Error("no tool here");
			},
		});
		expect(failureOf(() => wireToolSet(lying as ToolSet)).message).toMatch(
			/^wireToolSet expects tools to be .*: no tool here$/,
		);
		expect(failureOf(() => wireToolSet({}, trap as never)).code).toBe(
			"invalid-argument",
		);
	});
});
