// The proxy passes the upstream's own name (serverInfo.name of its initialize answer) to the
// resolution rules, so the prefixes clients put before a tool name are recognised.

import { join } from "node:path";
import { isWireSafe } from "mcp-tool-names";
import { describe, expect, it } from "vitest";
import {
	connectThroughProxy,
	ECHO,
	INITIALIZE,
	INITIALIZED,
	ROOT,
	startRawProxy,
	textOf,
	UPSTREAM,
} from "./_proxy.js";

describe("mcp-tool-names proxy and the upstream's server name", () => {
	it("routes a tool name a client prefixed with the upstream's server name, and no other server's", async () => {
		const proxied = await connectThroughProxy([
			"--",
			process.execPath,
			UPSTREAM,
		]);
		try {
			await proxied.client.listTools();
			for (const sent of [
				"mcp__proxy-fixture__web_search",
				"proxy-fixture_web_search",
				"proxy_fixture__web_search",
			]) {
				const result = await proxied.client.callTool({
					name: sent,
					arguments: { q: "x" },
				});
				expect(textOf(result)).toBe('web/search {"q":"x"}');
			}
			const other = await proxied.client.callTool({
				name: "mcp__jira__web_search",
				arguments: { q: "x" },
			});
			expect(textOf(other)).not.toBe('web/search {"q":"x"}');
			expect(proxied.stderr()).toContain("mcp__proxy-fixture__web_search");
		} finally {
			await proxied.close();
		}
	}, 30_000);

	it("keeps a tools/list the client sent before the initialize answer: its names come back encoded, and a call by one reaches its tool", async () => {
		const proxy = startRawProxy(["proxy", "--", process.execPath, ECHO]);
		try {
			// One write: the tools/list goes up before the upstream can answer initialize,
			// whose answer (serverInfo.name "echo") the proxy reads on its way down.
			proxy.send(
				`${INITIALIZE}\n${JSON.stringify({ jsonrpc: "2.0", id: "early", method: "tools/list" })}`,
			);
			await proxy.next((message) => message.id === "init");
			const list = await proxy.next((message) => message.id === "early");
			const names = (
				list.result as { tools: Array<{ name: string }> }
			).tools.map((tool) => tool.name);
			expect(names).toEqual(["a_b"]);
			expect(names.every((name) => isWireSafe(name, "openai"))).toBe(true);
			proxy.send(INITIALIZED);
			for (const [id, name] of [
				[1, "a_b"],
				[2, "mcp__echo__a_b"],
			] as const) {
				proxy.send(
					JSON.stringify({
						jsonrpc: "2.0",
						id,
						method: "tools/call",
						params: { name, arguments: {} },
					}),
				);
				const reply = await proxy.next((message) => message.id === id);
				const raw = JSON.parse((reply.result as { raw: string }).raw) as {
					params: { name: string };
				};
				expect(raw.params.name).toBe("a/b");
			}
		} finally {
			proxy.child.stdin?.end();
			await proxy.exit;
		}
	}, 30_000);

	it("routes the prefix users put for server-everything (serverInfo.name mcp-servers/everything), and the one --server-name gives", async () => {
		const everything = join(
			ROOT,
			"node_modules/@modelcontextprotocol/server-everything/dist/index.js",
		);
		const proxied = await connectThroughProxy([
			"--server-name",
			"demo",
			"--",
			process.execPath,
			everything,
			"stdio",
		]);
		try {
			expect(proxied.client.getServerVersion()?.name).toBe(
				"mcp-servers/everything",
			);
			await proxied.client.listTools();
			for (const sent of [
				"everything_echo",
				"mcp__everything__echo",
				"demo_echo",
				"mcp__demo__echo",
			]) {
				const result = await proxied.client.callTool({
					name: sent,
					arguments: { message: sent },
				});
				expect(textOf(result)).toBe(`Echo: ${sent}`);
			}
		} finally {
			await proxied.close();
		}
	}, 30_000);
});
