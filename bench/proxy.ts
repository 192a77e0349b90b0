/**
 * `npm run bench:proxy`: a tools/call round trip over stdio, measured side by side in one run
 * three ways: straight to the server, through a do-nothing Node pipe (the price of any extra
 * stdio hop), and through `mcp-tool-names proxy` (dist/cli.js: run `npm run build` first).
 * The server is the tests' raw echo server, so the hop, not the server, is what is timed.
 * Writes the "Proxy over stdio" section of bench/RESULTS.md and leaves the rest as it is.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CLI = `${ROOT}dist/cli.js`;
const ECHO = `${ROOT}tests/e2e/fixtures/echo-upstream.mjs`;
const RESULTS = `${ROOT}bench/RESULTS.md`;
// Segments of 100 calls, each path in turn (the order rotating), so that a busy or an idle
// spell of a shared machine (an idle one wakes slowly) falls on every path alike.
const ROUNDS = 60;
const CALLS = 100;
const TARGET = 1.1;
const SECTION = "## Proxy over stdio";

// A do-nothing pipe: bytes in, bytes out, nothing parsed.
const PIPE = `const c = require("node:child_process").spawn(process.execPath, [${JSON.stringify(ECHO)}], { stdio: ["pipe", "pipe", "inherit"] });
process.stdin.pipe(c.stdin); c.stdout.pipe(process.stdout); c.on("exit", (code) => process.exit(code ?? 0));`;

// The floor of any proxy that reads messages: split lines, JSON.parse, rename the one tool,
// JSON.stringify, write; both ways, nothing else.
const PARSING = `const c = require("node:child_process").spawn(process.execPath, [${JSON.stringify(ECHO)}], { stdio: ["pipe", "pipe", "inherit"] });
const lines = (from, each) => { let b = ""; from.setEncoding("utf8"); from.on("data", (d) => { b += d; let e; while ((e = b.indexOf("\\n")) !== -1) { const l = b.slice(0, e); b = b.slice(e + 1); each(JSON.parse(l)); } }); };
lines(process.stdin, (m) => { if (m.params && m.params.name === "a_b") m.params = { ...m.params, name: "a/b" }; c.stdin.write(JSON.stringify(m) + "\\n"); });
lines(c.stdout, (m) => process.stdout.write(JSON.stringify(m) + "\\n"));
process.stdin.on("end", () => c.stdin.end());
c.on("exit", (code) => process.exit(code ?? 0));`;

interface Peer {
	child: ChildProcess;
	call(line: string): Promise<void>;
}

function start(args: string[]): Peer {
	const child = spawn(process.execPath, args, {
		stdio: ["pipe", "pipe", "inherit"],
	});
	let buffer = "";
	let waiting: (() => void) | undefined;
	child.stdout?.on("data", (chunk: Buffer) => {
		buffer += chunk.toString();
		let end = buffer.indexOf("\n");
		while (end !== -1) {
			buffer = buffer.slice(end + 1);
			const resolve = waiting;
			waiting = undefined;
			resolve?.();
			end = buffer.indexOf("\n");
		}
	});
	return {
		child,
		call: (line) =>
			new Promise<void>((resolve) => {
				waiting = resolve;
				child.stdin?.write(`${line}\n`);
			}),
	};
}

const INITIALIZE = JSON.stringify({
	jsonrpc: "2.0",
	id: 0,
	method: "initialize",
	params: {
		protocolVersion: "2025-06-18",
		capabilities: {},
		clientInfo: { name: "bench", version: "1" },
	},
});

async function ready(peer: Peer, name: string): Promise<void> {
	await peer.call(INITIALIZE);
	peer.child.stdin?.write(
		`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`,
	);
	// The proxy lists the tools itself and holds calls until it has; one call waits for that.
	await peer.call(callLine(-1, name));
}

function callLine(id: number, name: string): string {
	return JSON.stringify({
		jsonrpc: "2.0",
		id,
		method: "tools/call",
		params: { name, arguments: { q: "hello" } },
	});
}

async function roundTrip(peer: Peer, name: string): Promise<number> {
	const started = performance.now();
	for (let i = 0; i < CALLS; i++) await peer.call(callLine(i, name));
	return (performance.now() - started) / CALLS;
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

if (!existsSync(CLI))
	throw new Error("dist/cli.js is missing: run npm run build");
const peers = {
	direct: start([ECHO]),
	pipe: start(["-e", PIPE]),
	parsing: start(["-e", PARSING]),
	proxy: start([CLI, "proxy", "--", process.execPath, ECHO]),
};
type Path = keyof typeof peers;
const PATHS = Object.keys(peers) as Path[];
// The direct server and the pipe see the canonical name; the others' client the wire name.
const names: Record<Path, string> = {
	direct: "a/b",
	pipe: "a/b",
	parsing: "a_b",
	proxy: "a_b",
};
for (const key of PATHS) await ready(peers[key], names[key]);
const times: Record<Path, number[]> = {
	direct: [],
	pipe: [],
	parsing: [],
	proxy: [],
};
for (let round = 0; round < ROUNDS; round++) {
	for (let k = 0; k < PATHS.length; k++) {
		const key = PATHS[(k + round) % PATHS.length] as Path;
		times[key].push(await roundTrip(peers[key], names[key]));
	}
}
const medians = Object.fromEntries(
	PATHS.map((key) => [key, median(times[key])]),
) as Record<Path, number>;
// The end of stdin ends each path (the proxy then ends its server) without a signal.
for (const peer of Object.values(peers)) peer.child.stdin?.end();

const us = (ms: number): string => `${(ms * 1000).toFixed(0)} µs`;
const x = (ratio: number): string => `${ratio.toFixed(2)}×`;
const overPipe = medians.proxy / medians.pipe;
const row = (label: string, key: Path): string =>
	`| ${label} | ${us(medians[key])} | ${x(medians[key] / medians.direct)} | ${key === "direct" ? "–" : key === "proxy" ? `**${x(overPipe)}**` : x(medians[key] / medians.pipe)} |`;
const section = [
	SECTION,
	"",
	`Written by \`npm run bench:proxy\` on ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ${availableParallelism()} cores. A tools/call round trip over stdio to the raw echo server of the tests (tests/e2e/fixtures/echo-upstream.mjs): directly, through a do-nothing Node pipe, through a parsing pipe (the floor of any proxy that reads messages: JSON.parse and JSON.stringify of every line, the one name renamed), and through \`mcp-tool-names proxy\`, which parses every line, decodes the wire name \`a_b\` to \`a/b\` and writes the rewritten call. ${ROUNDS} segments of ${CALLS} sequential calls per path, the paths in turn with the order rotating; medians of the segments.`,
	"",
	"| path | round trip | × direct | × do-nothing pipe |",
	"|---|---:|---:|---:|",
	row("direct", "direct"),
	row("do-nothing Node pipe", "pipe"),
	row("parsing pipe (JSON.parse + JSON.stringify)", "parsing"),
	row("mcp-tool-names proxy", "proxy"),
	"",
	`Target: the proxy ≤ ${x(TARGET)} a do-nothing pipe in the same place: **${overPipe <= TARGET ? "holds" : "does not hold"}** in this run. Against the parsing pipe it is ${x(medians.proxy / medians.parsing)}.`,
	"",
].join("\n");
console.log(section);
const existing = existsSync(RESULTS) ? readFileSync(RESULTS, "utf8") : "";
const at = existing.indexOf(SECTION);
const after = at === -1 ? -1 : existing.indexOf("\n## ", at + SECTION.length);
const text =
	at === -1
		? `${existing.trimEnd()}\n\n${section}`
		: `${existing.slice(0, at)}${section}${after === -1 ? "" : existing.slice(after + 1)}`;
writeFileSync(RESULTS, text);
