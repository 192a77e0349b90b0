/**
 * Rules 7 (arguments as evidence) and 8 (a number that means something): every example of
 * DESIGN.md and issue 26, through a plain call and a NameIndex built from the same tools.
 */
import { describe, expect, it } from "vitest";
import {
	formatResolution,
	NameIndex,
	type Resolution,
	type ResolveOptions,
	resolveName,
	type ToolCandidate,
} from "../../src/index.js";

const object = (
	properties: Record<string, unknown>,
	required: string[] = [],
	extra: Record<string, unknown> = {},
) => ({ type: "object", properties, required, ...extra });

const SEND: ToolCandidate[] = [
	{
		name: "send_message",
		inputSchema: object(
			{ channel: { type: "string" }, text: { type: "string" } },
			["channel", "text"],
		),
	},
	{
		name: "send_messages",
		inputSchema: object({ messages: { type: "array" } }, ["messages"]),
	},
];
const REMOVE: ToolCandidate[] = [
	{
		name: "remove_user",
		inputSchema: object({ user_id: { type: "string" } }, ["user_id"]),
	},
	{ name: "list_projects", inputSchema: object({}) },
];

/** The plain call and the NameIndex call, which must agree. */
function both(
	input: string,
	tools: readonly (string | ToolCandidate)[],
	options?: ResolveOptions,
): Resolution {
	const plain = resolveName(input, tools, options);
	expect(resolveName(input, new NameIndex(tools), options)).toEqual(plain);
	return plain;
}

describe("rule 7: arguments as evidence", () => {
	it("corrects when the arguments remove the only rival", () => {
		expect(both("send_mesage", SEND).kind).toBe("suggest");
		expect(
			both("send_mesage", SEND, { arguments: { channel: "c1", text: "hi" } }),
		).toMatchObject({ kind: "corrected", name: "send_message" });
	});

	it("never corrects to a candidate that cannot take the call, nor adds a slip", () => {
		const r = both("send_mesage", SEND, { arguments: { messages: [] } });
		expect(r).toEqual({
			kind: "suggest",
			input: "send_mesage",
			suggestions: ["send_messages"],
			reason: "arguments",
			cannotTake: ["send_message"],
		});
		expect(formatResolution(r)).toBe(
			"[mcp-tool-names] Did you mean send_messages? (send_message does not take these arguments)",
		);
	});

	it("vetoes the only slip: remove_users {user_ids} is a hint", () => {
		expect(both("remove_users", REMOVE)).toMatchObject({
			kind: "corrected",
			name: "remove_user",
		});
		const r = both("remove_users", REMOVE, { arguments: { user_ids: ["u1"] } });
		expect(r).toMatchObject({ kind: "suggest", reason: "arguments" });
		expect(formatResolution(r, { prefix: "" })).toBe(
			"Did you mean remove_user? (it does not take these arguments)",
		);
		expect(
			both("remove_users", REMOVE, { arguments: { user_id: "u1" } }),
		).toMatchObject({ kind: "corrected", name: "remove_user" });
	});

	it("reads unknown properties only where additionalProperties is false", () => {
		const open = [{ name: "get_user", inputSchema: object({ id: {} }) }];
		const closed = [
			{
				name: "get_user",
				inputSchema: object({ id: {} }, [], { additionalProperties: false }),
			},
		];
		const options = { arguments: { id: 1, verbose: true } };
		expect(both("get_usre", open, options).kind).toBe("corrected");
		expect(both("get_usre", closed, options)).toMatchObject({
			kind: "suggest",
			reason: "arguments",
		});
	});

	it("checks declared JSON types (integer, arrays of types, null)", () => {
		const tools = [
			{
				name: "get_issue",
				inputSchema: object({
					number: { type: "integer" },
					label: { type: ["string", "null"] },
				}),
			},
		];
		const fits = (args: Record<string, unknown>) =>
			both("get_isue", tools, { arguments: args }).kind === "corrected";
		expect(fits({ number: 3, label: null })).toBe(true);
		expect(fits({ number: 3, label: "bug" })).toBe(true);
		expect(fits({ number: 3.5 })).toBe(false);
		expect(fits({ number: "3" })).toBe(false);
		expect(fits({ label: 7 })).toBe(false);
	});

	it("applies to rule 2 (equal after normalisation) and to normalised twins", () => {
		const tools = [
			{ name: "github/search", inputSchema: object({ q: {} }, ["q"]) },
			{ name: "github.search", inputSchema: object({ query: {} }, ["query"]) },
		];
		expect(both("GitHub_Search", tools).kind).toBe("suggest");
		expect(
			both("GitHub_Search", tools, { arguments: { query: "x" } }),
		).toMatchObject({ kind: "corrected", name: "github.search" });
		expect(
			both("GitHub_Search", tools, { arguments: { other: "x" } }),
		).toMatchObject({ kind: "suggest", reason: "arguments" });
	});

	it("treats a missing or malformed schema, and non-object arguments, as no evidence", () => {
		const malformed: unknown[] = [
			undefined,
			null,
			"object",
			{ type: "string" },
			{ type: "object", required: "id" },
			{ type: "object", properties: [] },
			{ type: "object", properties: { id: { type: "text" } }, required: ["x"] },
			new Proxy(
				{},
				{
					get() {
						throw new Error("boom");
					},
				},
			),
		];
		for (const inputSchema of malformed) {
			const tools = [{ name: "remove_user", inputSchema }];
			expect(
				both("remove_users", tools, { arguments: { nothing: 1 } }).kind,
			).toBe("corrected");
		}
		for (const args of [undefined, null, [1], "x", 5]) {
			expect(
				both("remove_users", REMOVE, {
					arguments: args as unknown as Record<string, unknown>,
				}).kind,
			).toBe("corrected");
		}
	});

	it("mixes names and tool objects; names can take anything", () => {
		const tools = ["send_messages", SEND[0] as ToolCandidate];
		expect(
			both("send_mesage", tools, { arguments: { messages: [] } }),
		).toMatchObject({ kind: "suggest", reason: "arguments" });
	});

	it("leaves exact names and mcporter mode alone", () => {
		expect(
			both("remove_user", REMOVE, { arguments: { user_ids: [] } }).kind,
		).toBe("exact");
		expect(
			resolveName("remove_users", REMOVE, {
				mode: "mcporter",
				arguments: { user_ids: [] },
			}),
		).toMatchObject({ kind: "corrected", name: "remove_user" });
	});
});

describe("rule 8: the number of a word means something", () => {
	it("no number change for a noun whose two numbers the catalog uses", () => {
		const catalog = ["archive_record", "update_record", "update_records"];
		expect(both("archive_records", catalog)).toMatchObject({
			kind: "suggest",
			reason: "too-far",
		});
		expect(both("archive_records", catalog.slice(0, 2))).toMatchObject({
			kind: "corrected",
			name: "archive_record",
		});
		expect(both("delete_record", ["delete_records", ...catalog])).toMatchObject(
			{ kind: "suggest" },
		);
	});

	it("the number on another word is a rival", () => {
		const catalog = ["flag_comment_as_spam", "flag_comments_as_spam"];
		expect(both("flag_comment_as_spams", catalog)).toEqual({
			kind: "suggest",
			input: "flag_comment_as_spams",
			suggestions: ["flag_comment_as_spam", "flag_comments_as_spam"],
			reason: "ambiguous",
		});
		expect(both("flag_comment_as_spams", catalog.slice(0, 1))).toMatchObject({
			kind: "corrected",
		});
	});
});
