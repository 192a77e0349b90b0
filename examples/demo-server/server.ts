/**
 * A small MCP stdio server whose tool names come from real MCP servers and proxies and
 * cover every naming problem providers reject: namespaces with `/` and `.`, camelCase, a name
 * over 64 characters, CJK names, names that collide once sanitized, a leading digit, a space,
 * and names that are valid as they are. `mcp-tool-names audit` runs it when given no target;
 * the sources of the names are in README.md.
 *
 * It speaks MCP's stdio framing with this package's `LineSplitter` and `frameLine` (in your
 * code: `from "mcp-tool-names/jsonrpc"`), so the CLI's bundled demo needs no SDK installed.
 *
 * Run it: `node --import tsx examples/demo-server/server.ts` (or the built `dist/demo-server.js`).
 *
 * @module
 */
import process from "node:process";
import { frameLine, LineSplitter } from "../../src/adapters/jsonrpc/lines.js";
import { DEMO_TOOLS, demoToolList } from "./tools.js";

const SERVER_INFO = { name: "mcp-tool-names-demo", version: "1.0.0" };
// Revisions whose initialize and tools/* messages are the same for what this server does.
const VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"];

type Message = Record<string, unknown>;
type Answer =
	| { result: unknown }
	| { error: { code: number; message: string } };

function answer(request: Message): Answer {
	const params = (request.params ?? {}) as Message;
	switch (request.method) {
		case "initialize": {
			const asked = params.protocolVersion;
			const protocolVersion =
				typeof asked === "string" && VERSIONS.includes(asked)
					? asked
					: VERSIONS[0];
			return {
				result: {
					protocolVersion,
					capabilities: { tools: {} },
					serverInfo: SERVER_INFO,
				},
			};
		}
		case "ping":
			return { result: {} };
		case "tools/list":
			return { result: demoToolList() };
		case "tools/call": {
			const tool = DEMO_TOOLS.find((t) => t.name === params.name);
			if (tool === undefined) {
				return {
					error: {
						code: -32602,
						message: `Tool ${String(params.name)} not found`,
					},
				};
			}
			return {
				result: {
					content: [{ type: "text", text: `demo: called ${tool.name}` }],
				},
			};
		}
		default:
			return {
				error: {
					code: -32601,
					message: `Method not found: ${String(request.method)}`,
				},
			};
	}
}

function handle(line: string): void {
	let request: Message;
	try {
		request = JSON.parse(line) as Message;
	} catch {
		process.stdout.write(
			frameLine({
				jsonrpc: "2.0",
				id: null,
				error: { code: -32700, message: "Parse error" },
			}),
		);
		return;
	}
	// Notifications (no id) and answers to requests it never sent need no reply.
	if (request.id === undefined || typeof request.method !== "string") return;
	const reply = { jsonrpc: "2.0", id: request.id, ...answer(request) };
	process.stdout.write(frameLine(reply));
}

const splitter = new LineSplitter();
process.stdin.on("data", (chunk: Buffer) => {
	for (const line of splitter.push(chunk)) handle(line);
});
// The host went away: nothing more to serve.
process.stdin.on("end", () => {
	for (const line of splitter.end()) handle(line);
	process.exit(0);
});
