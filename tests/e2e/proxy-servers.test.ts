// The proxy passes the upstream's own name (serverInfo.name of its initialize answer) to the
// resolution rules, so the prefixes clients put before a tool name are recognised.
import { describe, expect, it } from "vitest";
import { connectThroughProxy, textOf, UPSTREAM } from "./_proxy.js";

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
});
