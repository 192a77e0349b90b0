// Gemini CLI (the real one, pinned in devDependencies) in front of the proxy, with a stand-in
// Gemini API on 127.0.0.1 that records what the host sends: the recipe of docs/proxy-cli.md,
// typed as users type it (`gemini mcp add … proxy … -- node server.js`, which Gemini CLI
// stores without the `--`), connects, and every tool name the host sends to the provider is
// the proxy's wire name behind the host's prefix, within Gemini CLI's 63 (so nothing is cut)
// and valid for Gemini. HOME is a scratch directory: the user's own config is never read.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_TOOLS } from "../../examples/demo-server/tools.js";
import {
	hostReserve,
	hostToolName,
	isWireSafe,
	WireNameCodec,
} from "../../src/index.js";
import { commandOf, hostRecipes } from "./_hosts.js";
import { CLI, ROOT, scratch } from "./_proxy.js";

const GEMINI = join(ROOT, "node_modules/@google/gemini-cli/bundle/gemini.js");
const DEMO = join(ROOT, "dist/demo-server.js");

interface Recorded {
	url: string;
	body: string;
}

/** A stand-in Gemini API: records each request and answers with one text part. */
function standIn(): Promise<{ server: Server; url: string; seen: Recorded[] }> {
	const seen: Recorded[] = [];
	const server = createServer((req, res) => {
		let body = "";
		req.setEncoding("utf8");
		req.on("data", (chunk: string) => {
			body += chunk;
		});
		req.on("end", () => {
			seen.push({ url: req.url ?? "", body });
			const reply = JSON.stringify({
				candidates: [
					{
						content: { role: "model", parts: [{ text: "ok" }] },
						finishReason: "STOP",
						index: 0,
					},
				],
				usageMetadata: {
					promptTokenCount: 1,
					candidatesTokenCount: 1,
					totalTokenCount: 2,
				},
			});
			if (req.url?.includes("alt=sse")) {
				res.writeHead(200, { "content-type": "text/event-stream" });
				res.end(`data: ${reply}\r\n\r\n`);
			} else {
				res.writeHead(200, { "content-type": "application/json" });
				res.end(reply);
			}
		});
	});
	return new Promise((resolve) =>
		server.listen(0, "127.0.0.1", () =>
			resolve({
				server,
				url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
				seen,
			}),
		),
	);
}

/** Runs Gemini CLI to its end (its own process group, ended whatever happens). */
function gemini(
	args: string[],
	cwd: string,
	env: Record<string, string>,
): Promise<{ code: number | null; out: string }> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [GEMINI, ...args], {
			cwd,
			env,
			detached: true,
			stdio: ["ignore", "pipe", "pipe"],
		});
		let out = "";
		child.stdout.on("data", (chunk: Buffer) => {
			out += chunk;
		});
		child.stderr.on("data", (chunk: Buffer) => {
			out += chunk;
		});
		const timer = setTimeout(() => {
			try {
				process.kill(-(child.pid as number), "SIGKILL");
			} catch {}
			reject(new Error(`gemini ${args.join(" ")} did not end:\n${out}`));
		}, 120_000);
		child.on("error", reject);
		child.on("close", (code) => {
			clearTimeout(timer);
			// Whatever Gemini CLI left in its group (it ends its MCP servers itself).
			try {
				process.kill(-(child.pid as number), "SIGKILL");
			} catch {}
			resolve({ code, out });
		});
	});
}

describe("Gemini CLI behind the proxy", () => {
	const tmp = scratch();
	const home = join(tmp.dir, "home");
	const project = join(tmp.dir, "project");
	let api: Awaited<ReturnType<typeof standIn>>;
	let env: Record<string, string>;

	beforeAll(async () => {
		api = await standIn();
		mkdirSync(join(home, ".gemini"), { recursive: true });
		mkdirSync(project, { recursive: true });
		writeFileSync(
			join(home, ".gemini", "settings.json"),
			JSON.stringify({
				security: { auth: { selectedType: "gemini-api-key" } },
				privacy: { usageStatisticsEnabled: false },
				general: {
					enableAutoUpdate: false,
					enableAutoUpdateNotification: false,
				},
			}),
		);
		// Gemini CLI starts no MCP server in a folder the user has not trusted.
		writeFileSync(
			join(home, ".gemini", "trustedFolders.json"),
			JSON.stringify({ [project]: "TRUST_FOLDER" }),
		);
		env = {
			PATH: process.env.PATH ?? "",
			HOME: home,
			NO_COLOR: "1",
			GEMINI_API_KEY: "stand-in",
			GOOGLE_GEMINI_BASE_URL: api.url,
		};
	});

	afterAll(() => {
		api?.server.close();
		tmp.dispose();
	});

	it("connects the recipe as users type it and sends only names that fit", async () => {
		const started = Date.now();
		// The recipe line, with the built CLI for `npx -y mcp-tool-names` and the demo server
		// (long, slashed and non-Latin names) for `node server.js`.
		const recipe = hostRecipes().find(
			(r) => r.title.startsWith("Gemini CLI") && r.lang === "sh",
		);
		const words = commandOf(recipe as NonNullable<typeof recipe>);
		const line = words.join(" ");
		expect(line).toContain(" -- node server.js");
		const args = line
			.replace("npx -y mcp-tool-names", `${process.execPath} ${CLI}`)
			.replace("node server.js", `${process.execPath} ${DEMO}`)
			.split(" ")
			.slice(1);
		const added = await gemini(args, project, env);
		expect(added.code).toBe(0);
		const stored = JSON.parse(
			readFileSync(join(project, ".gemini", "settings.json"), "utf8"),
		).mcpServers.github;
		// Gemini CLI drops the `--`: the proxy must find the server's command without it.
		expect(stored.args).not.toContain("--");

		const [listed, asked] = await Promise.all([
			gemini(["mcp", "list"], project, env),
			gemini(
				["-m", "gemini-2.5-flash", "--approval-mode", "yolo", "-p", "hello"],
				project,
				env,
			),
		]);
		expect(listed.out).toMatch(/✓ github: .* - Connected/);
		expect(asked.code).toBe(0);

		const turn = api.seen.find((r) => r.url.includes(":streamGenerateContent"));
		const body = JSON.parse(turn?.body ?? "{}") as {
			tools?: Array<{ functionDeclarations?: Array<{ name: string }> }>;
		};
		const sent = (body.tools ?? [])
			.flatMap((tool) => tool.functionDeclarations ?? [])
			.map((declaration) => declaration.name)
			.filter((name) => name.startsWith("mcp_"));
		// What the proxy lists with room for "mcp_github_" and Gemini CLI's 63.
		const codec = new WireNameCodec({
			reserve: hostReserve("gemini-cli", "github"),
		});
		const expected = codec
			.encodeAll(DEMO_TOOLS.map((tool) => tool.name))
			.map((wire) => hostToolName("gemini-cli", "github", wire));
		expect(new Set(sent)).toEqual(new Set(expected));
		for (const name of sent) {
			expect(name.length).toBeLessThanOrEqual(63);
			expect(isWireSafe(name, "gemini")).toBe(true);
			expect(name).not.toContain("...");
		}
		console.log(`Gemini CLI end to end: ${Date.now() - started} ms`);
	}, 300_000);
});
