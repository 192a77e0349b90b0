import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import * as z from "zod";

/** One tool of the test catalog, with the MCP annotations the server lists. */
export interface CatalogTool {
	name: string;
	destructive?: boolean;
	readOnly?: boolean;
	/** The tool's input (default: an optional string `q`). */
	input?: z.ZodRawShape;
}

/**
 * Tools whose schemas decide (resolution rule 7): `send_mesage {channel, text}` can only be
 * `send_message`; `remove_users {user_ids}` cannot be `remove_user`.
 */
export const ARGUMENT_CATALOG: readonly CatalogTool[] = [
	{ name: "send_message", input: { channel: z.string(), text: z.string() } },
	{ name: "send_messages", input: { messages: z.array(z.string()) } },
	{ name: "remove_user", input: { user_id: z.string() } },
];

/**
 * The catalog of the one-answer table (tests/adapters/routing/one-answer.test.ts): the
 * README's slips and the doubled and namespace shapes are decided against it by every entry.
 */
export const TABLE_CATALOG: readonly CatalogTool[] = [
	{ name: "websearch/fetch_content" },
	{ name: "linear.list_issues" },
	{ name: "linear.list_issue_statuses" },
	{ name: "execute_sql" },
	{ name: "users/set_user" },
	{ name: "files/delete_all", destructive: true },
	{ name: "exec_command" },
];

/** The catalog the host-framework tests serve: names no provider accepts as they are. */
export const HOST_CATALOG: readonly CatalogTool[] = [
	{ name: "linear.list_issues", readOnly: true },
	{ name: "get_user", readOnly: true },
	{ name: "websearch/fetch_content", readOnly: true },
	{ name: "files/delete_all", destructive: true },
];

/** A real MCP server (SDK 1.x `McpServer`) and the calls it received, by canonical name. */
export interface CatalogServer {
	readonly server: McpServer;
	readonly calls: string[];
	/** A transport linked to the server, for one client. */
	connect(): Promise<InMemoryTransport>;
	close(): Promise<void>;
}

/** Starts an `McpServer` serving `tools`; each tool answers `<name> ran with <args>`. */
export function catalogServer(
	tools: readonly CatalogTool[] = HOST_CATALOG,
): CatalogServer {
	const server = new McpServer({ name: "catalog", version: "1.0.0" });
	const calls: string[] = [];
	for (const tool of tools) {
		server.registerTool(
			tool.name,
			{
				description: `The ${tool.name} tool`,
				inputSchema: tool.input ?? { q: z.string().optional() },
				annotations: {
					...(tool.destructive === undefined
						? {}
						: { destructiveHint: tool.destructive }),
					...(tool.readOnly === undefined
						? {}
						: { readOnlyHint: tool.readOnly }),
				},
			},
			async (args) => {
				calls.push(tool.name);
				return {
					content: [
						{
							type: "text",
							text: `${tool.name} ran with ${JSON.stringify(args)}`,
						},
					],
				};
			},
		);
	}
	return {
		server,
		calls,
		async connect() {
			const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
			await server.connect(serverSide);
			return clientSide;
		},
		close: () => server.close(),
	};
}
