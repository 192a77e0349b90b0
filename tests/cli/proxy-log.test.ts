import { describe, expect, it } from "vitest";
import { createProxyLogger } from "../../src/cli/proxy/log.js";
import { refuseForStore } from "../../src/cli/proxy/session.js";
import { rawControls } from "../_support/hostile.js";

function collect(json: boolean) {
	let text = "";
	const log = createProxyLogger({ write: (chunk) => (text += chunk) }, json);
	return { log, text: () => text };
}

const HOSTILE = "web\u001b[2J\u009b31m\u202eexe.txt\nforged line";

describe("createProxyLogger", () => {
	it("writes a message with control, C1 and bidi characters as escapes, on one line", () => {
		const { log, text } = collect(false);
		log({ event: "unknown", message: `Did you mean ${HOSTILE}?` });
		expect(text()).toBe(
			"[mcp-tool-names] Did you mean web\\u001b[2J\\u009b31m\\u202eexe.txt\\u000aforged line?\n",
		);
	});

	it("escapes them in every field of a JSON line, which still parses to the same values", () => {
		const { log, text } = collect(true);
		log({ event: "unknown", message: "Did you mean a?", input: HOSTILE });
		const line = text();
		expect(line.split("\n")).toHaveLength(2);
		expect(rawControls(line.trimEnd())).toEqual([]);
		expect(JSON.parse(line)).toMatchObject({
			event: "unknown",
			input: HOSTILE,
		});
	});
});

describe("refuseForStore", () => {
	it("names mcp-tool-names once in its log line, and in the client's error", () => {
		const { log, text } = collect(false);
		const replies: string[] = [];
		const request = { jsonrpc: "2.0", id: 1, method: "tools/call" };
		const sinks = {
			log,
			toClient: (frame: { bytes: Buffer }) =>
				replies.push(frame.bytes.toString()),
			toUpstream: () => {},
		};
		refuseForStore(sinks, request, true, {
			error: new Error("connection refused"),
		});
		expect(text()).toBe(
			"[mcp-tool-names] Cannot route this request without the shared name store: connection refused\n",
		);
		expect(JSON.parse(replies[0] ?? "")).toMatchObject({
			id: 1,
			error: {
				message:
					"mcp-tool-names cannot route this request without the shared name store: connection refused",
			},
		});
	});
});
