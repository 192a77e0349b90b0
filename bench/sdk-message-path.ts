/**
 * Why the proxy's message path is written by hand: what the MCP SDK's transports (1.x and the
 * 2.x split packages, read and written the way their stdio and Streamable HTTP transports do:
 * `JSON.parse`, `JSONRPCMessageSchema`, `JSON.stringify`) do with each message of
 * tests/e2e/fixtures/raw-wire-cases.json, and what their schema check costs per small message.
 * `npm run bench:sdk-path` prints both tables; docs/architecture.md ("The message path") quotes
 * them, with the decision they support.
 */
import { readFileSync } from "node:fs";
import {
	deserializeMessage as deserializeV1,
	serializeMessage as serializeV1,
} from "@modelcontextprotocol/sdk/shared/stdio.js";
import {
	deserializeMessage as deserializeV2,
	serializeMessage as serializeV2,
} from "@modelcontextprotocol/server";
import { formatTime, measure } from "./_measure.js";

interface Case {
	reason: string;
	request: string;
	replies: string[];
}

const CASES = JSON.parse(
	readFileSync(
		new URL("../tests/e2e/fixtures/raw-wire-cases.json", import.meta.url),
		"utf8",
	),
) as Case[];

const LINES = {
	"1.x": {
		version: readVersion("@modelcontextprotocol/sdk"),
		read: deserializeV1,
		write: serializeV1,
	},
	"2.x": {
		version: readVersion("@modelcontextprotocol/server"),
		read: deserializeV2,
		write: serializeV2,
	},
} as const;

function readVersion(name: string): string {
	const url = new URL(`../node_modules/${name}/package.json`, import.meta.url);
	return (JSON.parse(readFileSync(url, "utf8")) as { version: string }).version;
}

/** What one SDK line does with one message: passes it as it is, alters it, or refuses it. */
function fate(line: keyof typeof LINES, text: string): string {
	const { read, write } = LINES[line];
	let message: unknown;
	try {
		message = read(text);
	} catch (error) {
		const issue = /"code": "(\w+)"/.exec(String(error))?.[1] ?? "error";
		return `refused (${issue})`;
	}
	const out = write(message as Parameters<typeof write>[0]).trimEnd();
	return out === text ? "unchanged" : `altered: \`${out}\``;
}

const rows: string[] = [];
// The 20-digit integer twice: as the id (refused) and as a value (rewritten as another number).
const extra: Case = {
	reason: "a 20-digit integer in a result",
	request: "",
	replies: [
		'{"jsonrpc":"2.0","id":"i2","result":{"count":98765432109876543210}}',
	],
};
for (const { reason, request, replies } of [...CASES, extra])
	for (const text of [request, ...replies].filter((t) => t !== "")) {
		const side = text === request ? "client" : "server";
		rows.push(
			`| ${reason} | ${side} | \`${text}\` | ${fate("1.x", text)} | ${fate("2.x", text)} |`,
		);
	}

// A small message each way: a tools/call request and its answer.
const CALL =
	'{"jsonrpc":"2.0","id":42,"method":"tools/call","params":{"name":"web_search","arguments":{"q":"mcp tool names"}}}';
const ANSWER =
	'{"jsonrpc":"2.0","id":42,"result":{"content":[{"type":"text","text":"3 results"}],"isError":false}}';
const N = 2_000;
const times = await measure(
	[
		{
			name: "JSON.parse",
			ops: 2 * N,
			run: () => {
				for (let i = 0; i < N; i++) {
					JSON.parse(CALL);
					JSON.parse(ANSWER);
				}
			},
		},
		...(Object.keys(LINES) as Array<keyof typeof LINES>).map((line) => ({
			name: line,
			ops: 2 * N,
			run: () => {
				for (let i = 0; i < N; i++) {
					LINES[line].read(CALL);
					LINES[line].read(ANSWER);
				}
			},
		})),
	],
	{ time: 1_000, iterations: 10 },
);
const parse = times.get("JSON.parse") ?? Number.NaN;
const costs = (Object.keys(LINES) as Array<keyof typeof LINES>).map((line) => {
	const read = times.get(line) ?? Number.NaN;
	return `| ${line} (${LINES[line].version}) | ${formatTime(parse)} | ${formatTime(read)} | **${formatTime(read - parse)}** |`;
});

console.log(
	[
		`## The SDK's message path (Node ${process.version}, ${new Date().toISOString().slice(0, 10)})`,
		"",
		"Each message of the transparency test (tests/e2e/fixtures/raw-wire-cases.json) read and written again the way the SDK's stdio and Streamable HTTP transports do it (`deserializeMessage`: `JSON.parse` and `JSONRPCMessageSchema`; `serializeMessage`: `JSON.stringify`). The proxy passes every one of them on as it came (tests/e2e/proxy-transparency.test.ts).",
		"",
		`| reason | from | message | SDK 1.x (${LINES["1.x"].version}) | SDK 2.x (${LINES["2.x"].version}) |`,
		"|---|---|---|---|---|",
		...rows,
		"",
		"What the schema check costs: a `tools/call` request and its answer (about 100 bytes each), read by `JSON.parse` alone and by the SDK's `deserializeMessage`; the difference is the check, per message.",
		"",
		"| SDK | JSON.parse | deserializeMessage | schema check |",
		"|---|---:|---:|---:|",
		...costs,
	].join("\n"),
);
