// Real SDK servers and clients for the jsonrpc adapter tests, 1.x and 2.x side by side.
import { Client as ClientV2 } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { McpServer as McpServerV1 } from "@modelcontextprotocol/sdk/server/mcp.js";
import { McpServer as McpServerV2 } from "@modelcontextprotocol/server";
import { vi } from "vitest";
import * as z from "zod";

export const INFO: { name: string; version: string } = {
	name: "jsonrpc-test-server",
	version: "1.0.0",
};
export const CLIENT_INFO: { name: string; version: string } = {
	name: "jsonrpc-test-client",
	version: "1.0.0",
};

/** Tool names no provider accepts as they are. */
export const CANONICAL: readonly string[] = [
	"websearch/fetch_content",
	"linear.list_issues",
];

/** Canonical names whose handlers ran, in order. */
export type CallLog = string[];

function reply(name: string, calls: CallLog) {
	calls.push(name);
	return { content: [{ type: "text" as const, text: `ran ${name}` }] };
}

export function serverV1(
	names: readonly string[],
	calls: CallLog,
): McpServerV1 {
	const server = new McpServerV1(INFO);
	for (const name of names) addToolV1(server, name, calls);
	return server;
}

export function addToolV1(
	server: McpServerV1,
	name: string,
	calls: CallLog,
): void {
	server.registerTool(
		name,
		{
			description: `The ${name} tool`,
			inputSchema: { q: z.string().optional() },
		},
		async () => reply(name, calls),
	);
}

export function serverV2(
	names: readonly string[],
	calls: CallLog,
): McpServerV2 {
	const server = new McpServerV2(INFO);
	for (const name of names) {
		server.registerTool(
			name,
			{
				description: `The ${name} tool`,
				inputSchema: z.object({ q: z.string().optional() }),
			},
			async () => reply(name, calls),
		);
	}
	return server;
}

export const clientV1 = (
	options: ConstructorParameters<typeof ClientV1>[1] = {},
): ClientV1 => new ClientV1(CLIENT_INFO, options);
export const clientV2 = (): ClientV2 => new ClientV2(CLIENT_INFO);

export function textOf(result: unknown): string {
	const content = (result as { content?: Array<{ text?: unknown }> }).content;
	const text = content?.[0]?.text;
	return typeof text === "string" ? text : "";
}

/** The SDKs warn on stderr about names such as `a/b`; those names are the point here. */
export function quietNameWarnings(): void {
	const warn = console.warn.bind(console);
	vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
		const first = String(args[0]);
		if (/tool name|tool registration|SEP|^ {2}- /i.test(first)) return;
		warn(...args);
	});
}
