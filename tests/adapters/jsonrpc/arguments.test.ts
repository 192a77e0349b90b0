/**
 * Arguments of the jsonrpc entry are checked where they enter: a value that throws while it
 * is read (a Proxy, a getter) is one McpToolNamesError `invalid-argument`, never the
 * caller's own error, and a refusal body is always written.
 */
import { describe, expect, it } from "vitest";
import {
	LineSplitter,
	refuseJsonBody,
	syncMcpNameHeader,
	WireRewriter,
	wrapTransport,
} from "../../../src/adapters/jsonrpc/index.js";
import { isMcpToolNamesError } from "../../../src/index.js";

const trap = new Proxy(
	{},
	{
		get(): never {
			throw new Error("boom");
		},
		ownKeys(): never {
			throw new Error("boom");
		},
		has(): never {
			throw new Error("boom");
		},
		getPrototypeOf(): never {
			throw new Error("boom");
		},
	},
);

function codeOf(run: () => unknown): string {
	try {
		run();
	} catch (error) {
		if (!isMcpToolNamesError(error)) throw error;
		return error.code;
	}
	throw new Error("expected a McpToolNamesError");
}

describe("WireRewriter", () => {
	it("refuses options whose getters throw as invalid-argument", () => {
		expect(codeOf(() => new WireRewriter(trap as never))).toBe(
			"invalid-argument",
		);
	});

	it("refuses a message that throws when read, in both directions", () => {
		const rewriter = new WireRewriter();
		expect(codeOf(() => rewriter.clientToServer(trap))).toBe(
			"invalid-argument",
		);
		expect(codeOf(() => rewriter.serverToClient(trap))).toBe(
			"invalid-argument",
		);
	});

	it("lets an error of onCorrection through as it is", () => {
		const rewriter = new WireRewriter({
			resolve: true,
			onCorrection: () => {
				throw new Error("from the callback");
			},
		});
		rewriter.serverToClient(
			rewriter.clientToServer({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
		);
		rewriter.serverToClient({
			jsonrpc: "2.0",
			id: 1,
			result: { tools: [{ name: "docs/search", inputSchema: {} }] },
		});
		expect(() =>
			rewriter.clientToServer({
				jsonrpc: "2.0",
				id: 2,
				method: "tools/call",
				params: { name: "docs_serch" },
			}),
		).toThrow("from the callback");
	});
});

describe("LineSplitter", () => {
	it("refuses null or throwing options and a Proxy chunk with McpToolNamesError", () => {
		expect(codeOf(() => new LineSplitter(null as never))).toBe(
			"invalid-option",
		);
		expect(codeOf(() => new LineSplitter(trap as never))).toBe(
			"invalid-argument",
		);
		expect(codeOf(() => new LineSplitter().push(trap as never))).toBe(
			"invalid-argument",
		);
	});
});

describe("wrapTransport", () => {
	it("refuses a transport or options whose getters throw as invalid-argument", () => {
		expect(codeOf(() => wrapTransport(trap as never, { side: "server" }))).toBe(
			"invalid-argument",
		);
		const transport = { send: async () => {} };
		expect(codeOf(() => wrapTransport(transport, trap as never))).toBe(
			"invalid-argument",
		);
	});
});

describe("refuseJsonBody", () => {
	it("writes an error body for a body or reason that throws when read", () => {
		expect(JSON.parse(refuseJsonBody(trap))).toMatchObject({ id: null });
		expect(JSON.parse(refuseJsonBody("{}", [Symbol("s")]))).toMatchObject({
			id: null,
		});
		expect(JSON.parse(refuseJsonBody("{}", trap))).toMatchObject({ id: null });
	});
});

describe("syncMcpNameHeader", () => {
	it("refuses headers or a body that throw when read as invalid-argument", () => {
		expect(codeOf(() => syncMcpNameHeader({}, trap))).toBe("invalid-argument");
		const call = {
			jsonrpc: "2.0",
			id: 1,
			method: "tools/call",
			params: { name: "a/b" },
		};
		expect(codeOf(() => syncMcpNameHeader(trap as never, call))).toBe(
			"invalid-argument",
		);
	});
});
