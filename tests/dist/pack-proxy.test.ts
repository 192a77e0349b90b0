// The CLI as `npx -y mcp-tool-names` gets it: the packed tarball installed alone in an empty
// directory outside the repository (no SDK, no Redis client anywhere on the resolution path)
// runs `audit`, `resolve`, `proxy`, `proxy --store` against a real redis-server and
// `proxy --listen`, in front of a fixture server that lives in the repository with its own SDK.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli, RedisServer } from "../_support/redis-server.js";
import { INITIALIZE, INITIALIZED } from "../e2e/_proxy.js";
import { ROOT, requireBuild } from "./_dist.js";
import { installPacked, NPM, run } from "./_pack.js";

requireBuild();

const UPSTREAM = join(ROOT, "tests", "e2e", "fixtures", "proxy-upstream.mjs");
const NPX = NPM.replace(/^npm/, "npx");
let project: string;
let bin: string;
let redis: RedisServer;
const children: ChildProcess[] = [];

beforeAll(async () => {
	project = mkdtempSync(join(tmpdir(), "mtn-pack-proxy-"));
	[redis] = await Promise.all([
		RedisServer.start(),
		installPacked(project, { name: "empty", private: true }),
	]);
	bin = join(project, "node_modules", "mcp-tool-names", "dist", "cli.js");
}, 180_000);

afterAll(async () => {
	for (const child of children)
		if (child.exitCode === null && child.signalCode === null)
			child.kill("SIGKILL");
	await redis?.close();
	if (project !== undefined) rmSync(project, { recursive: true, force: true });
});

type Message = Record<string, any>;

/** A tools/call of the fixture's `搜索/获取` by its wire name. */
const CALL = (id: number): string =>
	JSON.stringify({
		jsonrpc: "2.0",
		id,
		method: "tools/call",
		params: { name: "tool_1oiaz9u", arguments: {} },
	});

/** `mcp-tool-names proxy <options> -- node <fixture>`, from the installed package. */
const proxyArgs = (...options: string[]): string[] => [
	"proxy",
	...options,
	"--",
	process.execPath,
	UPSTREAM,
];

/** A proxy started from the installed package, spoken to over its stdio in JSON lines. */
function stdioProxy(command: string, args: string[]) {
	const child = spawn(command, args, {
		cwd: project,
		stdio: ["pipe", "pipe", "pipe"],
	});
	children.push(child);
	let out = "";
	let err = "";
	child.stdout?.on("data", (chunk: Buffer) => {
		out += chunk.toString();
	});
	child.stderr?.on("data", (chunk: Buffer) => {
		err += chunk.toString();
	});
	const exited = new Promise<number | null>((resolve) =>
		child.once("exit", resolve),
	);
	return {
		send: (line: string) => child.stdin?.write(`${line}\n`),
		answer: (id: number | string) =>
			new Promise<Message>((resolve, reject) => {
				const check = (): void => {
					for (const line of out.split("\n")) {
						try {
							const message = JSON.parse(line) as Message;
							if (message.id === id) {
								resolve(message);
								return;
							}
						} catch {
							// a partial line
						}
					}
					if (child.exitCode !== null)
						reject(new Error(`the proxy exited: ${err}`));
					else setTimeout(check, 20);
				};
				check();
			}),
		stderr: () => err,
		end: () => {
			child.stdin?.end();
			return exited;
		},
	};
}

describe("mcp-tool-names from the packed tarball alone", () => {
	it("has nothing installed but the package and its one dependency", () => {
		const installed = readdirSync(join(project, "node_modules")).filter(
			(name) => !name.startsWith("."),
		);
		expect(installed.sort()).toEqual(["fastest-levenshtein", "mcp-tool-names"]);
	});

	it("audits the bundled demo server and resolves a name against it", async () => {
		const audit = await run(
			process.execPath,
			[bin, "audit", "--profile", "openai"],
			{
				cwd: project,
			},
		);
		expect(audit.stdout).toContain("websearch/fetch_content");
		expect(audit.stdout).toContain("15 names: 3 ok");
		const resolved = await run(
			process.execPath,
			[bin, "resolve", "fetch_content"],
			{
				cwd: project,
			},
		);
		expect(resolved.stdout).toContain(
			"corrected: fetch_content → websearch/fetch_content",
		);
	}, 60_000);

	it("routes a wire name to the fixture server and exits when stdin closes", async () => {
		const proxy = stdioProxy(process.execPath, [bin, ...proxyArgs()]);
		proxy.send(INITIALIZE);
		await proxy.answer("init");
		proxy.send(INITIALIZED);
		proxy.send(CALL(2));
		const call = await proxy.answer(2);
		expect(call.result.content[0].text).toBe("搜索/获取 {}");
		expect(await proxy.end()).toBe(0);
	}, 60_000);

	it("keeps its wire names in a real Redis through npx -y mcp-tool-names proxy --store", async () => {
		const proxy = stdioProxy(NPX, [
			"-y",
			"--offline",
			"mcp-tool-names",
			...proxyArgs("--store", redis.url, "--store-scope", "pack"),
		]);
		proxy.send(INITIALIZE);
		await proxy.answer("init");
		proxy.send(INITIALIZED);
		proxy.send(JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }));
		const listed = await proxy.answer(2);
		expect(listed.result.tools.map((tool: Message) => tool.name)).toContain(
			"tool_1oiaz9u",
		);
		proxy.send(CALL(3));
		expect((await proxy.answer(3)).result.content[0].text).toBe("搜索/获取 {}");
		// The store holds what the proxy listed, readable with redis-cli.
		expect(
			cli(redis.port, "HGET", "mcp-tool-names:{pack}:names", "搜索/获取"),
		).toBe("tool_1oiaz9u");
		expect(proxy.stderr()).toContain(`Sharing wire names through ${redis.url}`);
		expect(await proxy.end()).toBe(0);
	}, 60_000);

	it("serves a client over Streamable HTTP with proxy --listen", async () => {
		const proxy = stdioProxy(process.execPath, [
			bin,
			...proxyArgs("--listen", "127.0.0.1:0"),
		]);
		const url = await new Promise<string>((resolve, reject) => {
			const check = (attempt: number): void => {
				const found = /Listening on (http:\/\/\S+)/.exec(proxy.stderr());
				if (found?.[1] !== undefined) resolve(found[1]);
				else if (attempt > 1_500)
					reject(new Error(`no listening line: ${proxy.stderr()}`));
				else setTimeout(() => check(attempt + 1), 20);
			};
			check(0);
		});
		const post = async (body: string, session?: string) => {
			const response = await fetch(url, {
				method: "POST",
				headers: {
					"content-type": "application/json",
					accept: "application/json, text/event-stream",
					...(session === undefined ? {} : { "mcp-session-id": session }),
				},
				body,
			});
			const text = await response.text();
			const json = response.headers.get("content-type")?.includes("json")
				? text
				: (/^data: (.*)$/m.exec(text)?.[1] ?? "");
			return {
				session: response.headers.get("mcp-session-id") ?? undefined,
				message: (json === "" ? undefined : JSON.parse(json)) as Message,
			};
		};
		const opened = await post(INITIALIZE);
		expect(opened.message.result.serverInfo).toBeDefined();
		await post(INITIALIZED, opened.session);
		const call = await post(CALL(2), opened.session);
		expect(call.message.result.content[0].text).toBe("搜索/获取 {}");
		const child = children.at(-1) as ChildProcess;
		const exited = new Promise((resolve) => child.once("exit", resolve));
		child.kill("SIGTERM");
		await exited;
	}, 60_000);
});
