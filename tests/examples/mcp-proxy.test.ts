import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, describe, expect, it } from "vitest";
import { DEMO_TOOLS } from "../../examples/demo-server/tools.js";
import { main } from "../../examples/mcp-proxy.js";
import { isWireSafe } from "../../src/index.js";
import { processesWith } from "../cli/_helpers.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const DEMO = fileURLToPath(
	new URL("../../examples/demo-server/server.ts", import.meta.url),
);
/** The demo server, tagged so the test can tell whether it is still running. */
const upstream = (marker: string): string[] => [
	process.execPath,
	"--import",
	"tsx",
	DEMO,
	marker,
];

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
	for (const stop of cleanup.splice(0).reverse()) await stop();
});

const textOf = (result: unknown): string =>
	(result as { content: { text: string }[] }).content[0]?.text ?? "";

async function connect(url: URL): Promise<Client> {
	const client = new Client({ name: "host", version: "1.0.0" });
	await client.connect(new StreamableHTTPClientTransport(url));
	cleanup.push(() => client.close());
	return client;
}

describe("examples/mcp-proxy.ts", () => {
	it.each(["server", "transport"] as const)(
		"serves the upstream under wire names over HTTP, wrapped on the %s",
		async (mode) => {
			const corrections: string[] = [];
			const marker = `mcp-proxy-test-${randomUUID()}`;
			const proxy = await main({
				upstream: upstream(marker),
				mode,
				stderr: "ignore",
				onCorrection: (message) => corrections.push(message),
			});
			let closed = false;
			cleanup.push(async () => {
				if (!closed) await proxy.close();
			});
			const host = await connect(proxy.url);

			// a call before any list (a host that kept the names from before a restart)
			expect(
				textOf(await host.callTool({ name: "websearch_fetch_content" })),
			).toBe("demo: called websearch/fetch_content");
			const names = (await host.listTools()).tools.map((tool) => tool.name);
			expect(names).toHaveLength(DEMO_TOOLS.length);
			expect(names.filter((name) => !isWireSafe(name))).toEqual([]);
			expect(names).toContain("github_delete_file");
			expect(textOf(await host.callTool({ name: "tool_1oiaz9u" }))).toBe(
				"demo: called 搜索/获取",
			);

			// a second session sees the same names
			const other = await connect(proxy.url);
			expect((await other.listTools()).tools.map((tool) => tool.name)).toEqual(
				names,
			);

			expect(textOf(await host.callTool({ name: "fetch_content" }))).toBe(
				"demo: called websearch/fetch_content",
			);
			expect(corrections).toHaveLength(1);
			expect(corrections[0]).toMatch(
				/^\[mcp-tool-names\] Auto-corrected tool call to websearch[/_]fetch_content \(input: fetch_content\)\.$/,
			);
			// never onto the destructive tool
			// the demo answers an unknown tool with a JSON-RPC error
			await expect(
				host.callTool({ name: "github_delete_fil" }),
			).rejects.toThrow(/Tool github_delete_fil not found/);
			expect(corrections).toHaveLength(1);

			await Promise.all([host.close(), other.close()]);
			await proxy.close();
			closed = true;
			expect(processesWith(marker)).toEqual([]);
		},
	);

	it("runs from the command line and ends its upstream on SIGTERM", async () => {
		const marker = `mcp-proxy-test-${randomUUID()}`;
		const child: ChildProcess = spawn(
			process.execPath,
			[
				"--import",
				"tsx",
				"examples/mcp-proxy.ts",
				"--transport",
				"--",
				...upstream(marker),
			],
			{ cwd: ROOT, stdio: ["ignore", "pipe", "ignore"] },
		);
		const exited = new Promise<number | null>((resolve) =>
			child.once("exit", (code) => resolve(code)),
		);
		cleanup.push(async () => {
			if (child.exitCode === null) child.kill("SIGKILL");
			await exited;
		});
		const lines = createInterface({
			input: child.stdout as NodeJS.ReadableStream,
		});
		const banner = await new Promise<string>((resolve, reject) => {
			lines.on("line", (line) => {
				if (line.includes("listening on")) resolve(line);
			});
			child.once("exit", (code) =>
				reject(new Error(`the proxy exited with ${code}`)),
			);
		});
		const url = new URL(banner.replace(/^.*listening on /, ""));
		const host = await connect(url);
		expect((await host.listTools()).tools.map((tool) => tool.name)).toContain(
			"websearch_fetch_content",
		);
		// the marker is in the proxy's own arguments too
		const tree = (): number[] =>
			processesWith(marker).filter((pid) => pid !== child.pid);
		expect(tree()).toHaveLength(1);
		child.kill("SIGTERM");
		expect(await exited).toBe(0);
		expect(processesWith(marker)).toEqual([]);
	});
});
