// The proxy as `npx -y mcp-tool-names proxy` gets it: the packed tarball installed alone in an
// empty directory outside the repository (no SDK anywhere on the resolution path), in front of
// a fixture server that lives in the repository with its own SDK.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, requireBuild } from "./_dist.js";
import { installPacked } from "./_pack.js";

requireBuild();

const UPSTREAM = join(ROOT, "tests", "e2e", "fixtures", "proxy-upstream.mjs");
let project: string;

beforeAll(async () => {
	project = mkdtempSync(join(tmpdir(), "mtn-pack-proxy-"));
	await installPacked(project, { name: "empty", private: true });
}, 180_000);

afterAll(() => {
	if (project !== undefined) rmSync(project, { recursive: true, force: true });
});

describe("mcp-tool-names proxy from the packed tarball alone", () => {
	it("has no SDK installed next to it", () => {
		expect(readdirSync(join(project, "node_modules"))).not.toContain(
			"@modelcontextprotocol",
		);
	});

	it("routes a wire name to the fixture server and exits when stdin closes", async () => {
		const child = spawn(
			process.execPath,
			[
				join(project, "node_modules", "mcp-tool-names", "dist", "cli.js"),
				"proxy",
				"--",
				process.execPath,
				UPSTREAM,
			],
			{ cwd: project, stdio: ["pipe", "pipe", "pipe"] },
		);
		let out = "";
		const answered = (id: number) =>
			new Promise<Record<string, any>>((resolve) => {
				const check = (): void => {
					for (const line of out.split("\n")) {
						try {
							const message = JSON.parse(line) as Record<string, any>;
							if (message.id === id) {
								resolve(message);
								return;
							}
						} catch {
							// partial line
						}
					}
					setTimeout(check, 20);
				};
				check();
			});
		child.stdout.on("data", (chunk: Buffer) => {
			out += chunk.toString();
		});
		const send = (message: unknown) =>
			child.stdin.write(`${JSON.stringify(message)}\n`);
		send({
			jsonrpc: "2.0",
			id: 1,
			method: "initialize",
			params: {
				protocolVersion: "2025-06-18",
				capabilities: {},
				clientInfo: { name: "pack", version: "1" },
			},
		});
		await answered(1);
		send({ jsonrpc: "2.0", method: "notifications/initialized" });
		send({
			jsonrpc: "2.0",
			id: 2,
			method: "tools/call",
			params: { name: "tool_1oiaz9u", arguments: {} },
		});
		const call = await answered(2);
		expect(call.result.content[0].text).toBe("搜索/获取 {}");
		child.stdin.end();
		const code = await new Promise((resolve) => child.once("exit", resolve));
		expect(code).toBe(0);
	});
});
