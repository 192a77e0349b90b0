/**
 * `npm run bench:listen`: `proxy --listen` beside the bridges a user would pick instead to put
 * a stdio server on Streamable HTTP (mcp-proxy, supergateway `--stateful`), with the same SDK
 * server serving HTTP itself in one process as the floor, all in one run. Each bridge starts
 * bench/_listen-server.mjs over stdio; a lean client (node:http, keep-alive) measures session
 * start, call latency (p50, p99), calls per second with 8 and 32 sessions calling at once, and
 * memory per session (PSS of each bridge's process tree). The bridges take turns in short
 * segments, the order rotating, so a busy spell of a shared machine falls on each alike. Every
 * process it starts is stopped at the end (SIGTERM, then SIGKILL for anything left, which is
 * reported). Writes its section of bench/RESULTS.md; needs `npm run build` first (dist/cli.js).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { connect } from "node:net";
import { availableParallelism, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { freePort } from "../tests/_support/redis-server.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CLI = `${ROOT}dist/cli.js`;
const SERVER = `${ROOT}bench/_listen-server.mjs`;
const BIN = `${ROOT}node_modules/.bin/`;
const RESULTS = new URL("./RESULTS.md", import.meta.url);
/** Sequential calls per latency segment, and segments per bridge. */
const CALLS = 50;
const LATENCY_ROUNDS = 24;
/** Length of one throughput segment, and segments per bridge and session count. */
const SEGMENT_MS = 1_000;
const THROUGHPUT_ROUNDS = 3;
const SESSIONS = [8, 32] as const;
const started = Date.now();
const [loadAtStart] = loadavg();
let nextId = 1;
/** Set once the bench stops the targets: an exit before that is a failure. */
let stopping = false;

/** One bridge (or the floor) under test. */
interface Target {
	label: string;
	/** The name its clients call the tool by (the proxy lists `web/search` as `web_search`). */
	tool: string;
	child: ChildProcess;
	url: URL;
	agent: Agent;
	sessions: string[];
	/** Milliseconds from initialize to the first call's answer, one per session opened. */
	starts: number[];
	latencies: number[];
	rates: Record<(typeof SESSIONS)[number], number[]>;
	memory: { before: Tree; after?: Tree };
}

/** A process tree's size: its processes and their summed PSS (kB). */
interface Tree {
	pids: number[];
	kb: number;
}

/** Resolves once something accepts connections on the port (bounded). */
async function listening(port: number, child: ChildProcess): Promise<void> {
	const end = Date.now() + 60_000;
	for (;;) {
		const open = await new Promise<boolean>((resolve) => {
			const socket = connect(port, "127.0.0.1");
			socket.once("connect", () => {
				socket.destroy();
				resolve(true);
			});
			socket.once("error", () => resolve(false));
		});
		if (open) return;
		if (child.exitCode !== null || Date.now() > end)
			throw new Error(`Nothing listens on ${port}`);
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

async function startTarget(
	label: string,
	tool: string,
	args: (port: number) => string[],
): Promise<Target> {
	const port = await freePort();
	const child = spawn(process.execPath, args(port), {
		stdio: ["ignore", "ignore", "pipe"],
	});
	// Kept to explain a failure; the proxy's log (a line per session) would drown the results.
	let stderr = "";
	child.stderr?.on("data", (chunk: Buffer) => {
		stderr = `${stderr}${chunk.toString()}`.slice(-4_000);
	});
	child.once("exit", (code) => {
		if (!stopping) console.error(`${label} exited (${code}):\n${stderr}`);
	});
	await listening(port, child);
	return {
		label,
		tool,
		child,
		url: new URL(`http://127.0.0.1:${port}/mcp`),
		agent: new Agent({ keepAlive: true, maxSockets: 64 }),
		sessions: [],
		starts: [],
		latencies: [],
		rates: { 8: [], 32: [] },
		memory: { before: { pids: [], kb: 0 } },
	};
}

/** The JSON-RPC answer in a response body: plain JSON, or the event stream's message with `id`. */
function answerIn(body: string, id: number): Record<string, unknown> {
	if (body.trimStart().startsWith("{"))
		return JSON.parse(body) as Record<string, unknown>;
	for (const line of body.split("\n")) {
		if (!line.startsWith("data:")) continue;
		const message = JSON.parse(line.slice(5)) as Record<string, unknown>;
		if (message.id === id) return message;
	}
	throw new Error(`No answer to ${id} in: ${body.slice(0, 200)}`);
}

/** One POST; resolves with the session id it names and the answer to `message.id`, if any. */
function rpc(
	target: Target,
	session: string | undefined,
	message: { id?: number; method: string; params?: unknown },
): Promise<{ session?: string; answer?: Record<string, unknown> }> {
	const body = JSON.stringify({ jsonrpc: "2.0", ...message });
	return new Promise((resolve, reject) => {
		const posted = request(
			target.url,
			{
				method: "POST",
				agent: target.agent,
				headers: {
					"content-type": "application/json",
					accept: "application/json, text/event-stream",
					"content-length": Buffer.byteLength(body),
					...(session === undefined
						? {}
						: {
								"mcp-session-id": session,
								"mcp-protocol-version": "2025-06-18",
							}),
				},
			},
			(response) => {
				let text = "";
				response.setEncoding("utf8");
				response.on("data", (chunk: string) => {
					text += chunk;
				});
				response.on("end", () => {
					const status = response.statusCode ?? 0;
					if (status >= 300)
						return reject(new Error(`${target.label}: HTTP ${status} ${text}`));
					const id = response.headers["mcp-session-id"];
					resolve({
						...(typeof id === "string" ? { session: id } : {}),
						...(message.id === undefined
							? {}
							: { answer: answerIn(text, message.id) }),
					});
				});
			},
		);
		posted.on("error", reject);
		posted.end(body);
	});
}

async function call(target: Target, session: string): Promise<void> {
	const { answer } = await rpc(target, session, {
		id: nextId++,
		method: "tools/call",
		params: { name: target.tool, arguments: { q: "hi" } },
	});
	const result = answer?.result as { content?: Array<{ text?: string }> };
	if (result?.content?.[0]?.text !== 'web/search {"q":"hi"}')
		throw new Error(`${target.label}: ${JSON.stringify(answer)}`);
}

/** Opens a session as a client does (initialize, initialized) and times it to a first answer. */
async function openSession(target: Target): Promise<void> {
	const begun = performance.now();
	const { session } = await rpc(target, undefined, {
		id: nextId++,
		method: "initialize",
		params: {
			protocolVersion: "2025-06-18",
			capabilities: {},
			clientInfo: { name: "bench-listen", version: "1" },
		},
	});
	if (session === undefined) throw new Error(`${target.label}: no session`);
	await rpc(target, session, { method: "notifications/initialized" });
	await call(target, session);
	target.starts.push(performance.now() - begun);
	target.sessions.push(session);
}

/** Every session of the first `count` calls in a loop for one segment; returns calls/s. */
async function throughput(target: Target, count: number): Promise<number> {
	const end = performance.now() + SEGMENT_MS;
	let calls = 0;
	const begun = performance.now();
	await Promise.all(
		target.sessions.slice(0, count).map(async (session) => {
			while (performance.now() < end) {
				await call(target, session);
				calls += 1;
			}
		}),
	);
	return calls / ((performance.now() - begun) / 1000);
}

/** Each target's process tree, read from /proc (PSS, or RSS where PSS is not kept). */
function treeOf(root: number): Tree {
	if (!existsSync("/proc")) return { pids: [root], kb: Number.NaN };
	const children = new Map<number, number[]>();
	for (const entry of readdirSync("/proc")) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
			const parent = Number(
				stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1],
			);
			children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
		} catch {
			// ended meanwhile
		}
	}
	const pids = [root];
	for (let i = 0; i < pids.length; i++)
		pids.push(...(children.get(pids[i] as number) ?? []));
	let kb = 0;
	for (const pid of pids) {
		try {
			const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
			kb += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
		} catch {
			// ended meanwhile
		}
	}
	return { pids, kb };
}

/** Runs `each` for every target, `rounds` times, the order rotating each round. */
async function rotate(
	targets: readonly Target[],
	rounds: number,
	each: (target: Target) => Promise<void>,
): Promise<void> {
	for (let round = 0; round < rounds; round++)
		for (let k = 0; k < targets.length; k++)
			await each(targets[(k + round) % targets.length] as Target);
}

/** SIGTERM to each target; SIGKILL to whatever of its tree is left after 10 s. */
async function stopAll(targets: readonly Target[]): Promise<number> {
	stopping = true;
	const trees = targets.map((target) => treeOf(target.child.pid as number));
	for (const target of targets) {
		target.agent.destroy();
		target.child.kill("SIGTERM");
	}
	const alive = (pid: number): boolean => {
		try {
			process.kill(pid, 0);
			return true;
		} catch {
			return false;
		}
	};
	const all = trees.flatMap((tree) => tree.pids);
	const end = Date.now() + 10_000;
	while (all.some(alive) && Date.now() < end)
		await new Promise((resolve) => setTimeout(resolve, 100));
	const left = all.filter(alive);
	for (const pid of left) process.kill(pid, "SIGKILL");
	return left.length;
}

function percentile(values: readonly number[], p: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	return (
		sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ??
		Number.NaN
	);
}

function version(pkg: string): string {
	const json = readFileSync(`${ROOT}node_modules/${pkg}/package.json`, "utf8");
	return (JSON.parse(json) as { version: string }).version;
}

if (!existsSync(CLI))
	throw new Error("dist/cli.js is missing: run npm run build");
const targets: Target[] = [];
let left = 0;
try {
	targets.push(
		await startTarget(
			"`mcp-tool-names proxy --listen`",
			"web_search",
			(port) => [
				CLI,
				"proxy",
				"--listen",
				`127.0.0.1:${port}`,
				"--max-sessions",
				"40",
				"--",
				process.execPath,
				SERVER,
			],
		),
		await startTarget(
			`mcp-proxy ${version("mcp-proxy")}`,
			"web/search",
			(port) => [
				`${BIN}mcp-proxy`,
				"--port",
				String(port),
				"--host",
				"127.0.0.1",
				"--server",
				"stream",
				"--",
				process.execPath,
				SERVER,
			],
		),
		await startTarget(
			`supergateway ${version("supergateway")} \`--stateful\``,
			"web/search",
			(port) => [
				`${BIN}supergateway`,
				"--stdio",
				`${process.execPath} ${SERVER}`,
				"--outputTransport",
				"streamableHttp",
				"--stateful",
				"--port",
				String(port),
				"--logLevel",
				"none",
			],
		),
		await startTarget(
			"SDK server in one process (floor)",
			"web/search",
			(port) => [SERVER, "--http", String(port)],
		),
	);
	await new Promise((resolve) => setTimeout(resolve, 1_000));
	for (const target of targets)
		target.memory.before = treeOf(target.child.pid as number);
	await rotate(targets, SESSIONS[0], openSession);
	await rotate(targets, LATENCY_ROUNDS, async (target) => {
		const session = target.sessions[0] as string;
		for (let i = 0; i < CALLS; i++) {
			const begun = performance.now();
			await call(target, session);
			target.latencies.push(performance.now() - begun);
		}
	});
	await rotate(targets, THROUGHPUT_ROUNDS, async (target) => {
		target.rates[8].push(await throughput(target, 8));
	});
	await rotate(targets, SESSIONS[1] - SESSIONS[0], openSession);
	for (const target of targets)
		target.memory.after = treeOf(target.child.pid as number);
	await rotate(targets, THROUGHPUT_ROUNDS, async (target) => {
		target.rates[32].push(await throughput(target, 32));
	});
} finally {
	left = await stopAll(targets);
}

const ms = (value: number): string => `${value.toFixed(2)} ms`;
const floor = targets[targets.length - 1] as Target;
const rows = targets.map((target) => {
	const after = target.memory.after ?? target.memory.before;
	const processes =
		(after.pids.length - target.memory.before.pids.length) / SESSIONS[1];
	const perSession = (after.kb - target.memory.before.kb) / SESSIONS[1] / 1024;
	const p50 = percentile(target.latencies, 0.5);
	return `| ${target.label} | ${processes.toFixed(1)} | ${ms(percentile(target.starts, 0.5))} | ${ms(p50)} (${(p50 / percentile(floor.latencies, 0.5)).toFixed(2)}×) | ${ms(percentile(target.latencies, 0.99))} | ${Math.round(percentile(target.rates[8], 0.5)).toLocaleString("en-US")} | ${Math.round(percentile(target.rates[32], 0.5)).toLocaleString("en-US")} | ${perSession.toFixed(1)} MiB |`;
});
const section = [
	"<!-- listen:start -->",
	"## `proxy --listen` beside other bridges",
	"",
	`Written by \`npm run bench:listen\` on ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ${availableParallelism()} cores (load average ${loadAtStart?.toFixed(1)} at the start), ${Math.round((Date.now() - started) / 1000)} s. Each bridge serves Streamable HTTP on 127.0.0.1 in front of the same SDK 1.x server over stdio (bench/_listen-server.mjs, one tool \`web/search\`); the floor is that server serving HTTP itself (the SDK's \`StreamableHTTPServerTransport\`, one \`Server\` per session, one process). The client is lean (node:http with keep-alive, no SDK). Session start: initialize, initialized and a first tools/call answered, median of ${SESSIONS[1]} sessions. Latency: ${LATENCY_ROUNDS} segments of ${CALLS} sequential tools/call round trips on one session. Calls per second: every session calling in a loop at once for ${SEGMENT_MS / 1000} s, median of ${THROUGHPUT_ROUNDS} segments. Memory: the PSS of the bridge's process tree with ${SESSIONS[1]} sessions open, less before the first, per session; processes likewise. The bridges take turns, the order rotating.`,
	"",
	"| bridge | processes per session | session start | call p50 (× floor) | call p99 | calls/s, 8 sessions | calls/s, 32 sessions | memory per session |",
	"|---|---:|---:|---:|---:|---:|---:|---:|",
	...rows,
	"",
	`Processes left running after SIGTERM to each bridge (then killed): ${left}.`,
	"",
	"How to read it: the proxy starts one server per session (in a process group of its own, ended with the session), so a session's start is a server's start and its memory a server's; supergateway `--stateful` does the same through a shell (two processes a session); mcp-proxy starts one server for every session together, so its sessions cost almost nothing and share the server's state, which a server written for one client does not expect. The floor has no bridge and no stdio hop, and serves every session from one process (one core). On a shared machine the absolute numbers move from run to run; compare within the run.",
	"<!-- listen:end -->",
	"",
].join("\n");
console.log(section);
const existing = readFileSync(RESULTS, "utf8");
const marked = /<!-- listen:start -->[\s\S]*<!-- listen:end -->\n?/;
writeFileSync(
	RESULTS,
	marked.test(existing)
		? existing.replace(marked, section)
		: `${existing.trimEnd()}\n\n${section}`,
);
