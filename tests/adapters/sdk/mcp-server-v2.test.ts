import { McpServer } from "@modelcontextprotocol/server";
import { wrapServer } from "mcp-tool-names/sdk";
import { beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import { quietToolNameWarnings } from "./_quiet.js";

beforeAll(quietToolNameWarnings);

const call = (name: string) => ({
	request: {
		jsonrpc: "2.0" as const,
		id: 1,
		method: "tools/call",
		params: { name, arguments: {} },
	},
});

function server(options?: Parameters<typeof wrapServer>[1]): McpServer {
	const mcp = new McpServer({ name: "v2", version: "1.0.0" });
	wrapServer(mcp, options);
	mcp.registerTool(
		"billing/charge",
		{
			inputSchema: z.object({ amount: z.number() }),
			scopeChallenge: () => ({ scopes: ["billing:write"] }),
		},
		async () => ({ content: [] }),
	);
	return mcp;
}

describe("wrapServer on an SDK 2.x McpServer, before dispatch", () => {
	it("answers toolInputSchemaJson for a wire name with the canonical tool's schema", () => {
		const mcp = server();
		const schema = mcp.toolInputSchemaJson("billing_charge");
		expect(schema).toBeDefined();
		expect(schema).toEqual(mcp.toolInputSchemaJson("billing/charge"));
		expect(mcp.toolInputSchemaJson("nothing_here")).toBeUndefined();
	});

	it("runs the canonical tool's scope challenge for a wire name", async () => {
		const mcp = server();
		expect(await mcp.resolveScopeChallenge(call("billing_charge"))).toEqual({
			scopes: ["billing:write"],
		});
		expect(await mcp.resolveScopeChallenge(call("other_tool"))).toBeUndefined();
	});

	it("follows resolve: true there too, without reporting before dispatch", async () => {
		const reports: string[] = [];
		const mcp = server({ resolve: true, onCorrection: (m) => reports.push(m) });
		expect(await mcp.resolveScopeChallenge(call("billing_charg"))).toEqual({
			scopes: ["billing:write"],
		});
		expect(reports).toEqual([]);
	});
});
