/**
 * The demo server's tools: names from real MCP servers and proxies, one per naming problem.
 * Their sources are in README.md.
 *
 * @module
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

/**
 * One tool of the demo: its name, what it would do, and whether it is destructive.
 *
 * @example
 * ```ts
 * const tool: DemoTool = { name: "github/delete_file", description: "Delete a file", destructive: true };
 * ```
 */
export interface DemoTool {
	name: string;
	description: string;
	destructive?: boolean;
}

/**
 * The demo's tools, in the order `tools/list` returns them.
 *
 * @example
 * ```ts
 * DEMO_TOOLS.map((tool) => tool.name).includes("websearch/fetch_content"); // true
 * ```
 */
export const DEMO_TOOLS: readonly DemoTool[] = [
	{
		name: "begin_session",
		description:
			"Start a session (a virtual tool a gateway adds; valid as is).",
	},
	{
		name: "websearch/fetch_content",
		description: "Fetch a page as markdown, namespaced server/tool by a proxy.",
	},
	{
		name: "all/github/create_pull_request",
		description: "Open a pull request, namespaced group/server/tool.",
	},
	{
		name: "linear.list_issues",
		description: "List Linear issues, addressed server.tool.",
	},
	{
		name: "linear.list_issue_statuses",
		description: "List the workflow states of a Linear team.",
	},
	{
		name: "github.search",
		description: "Search GitHub, dot-namespaced.",
	},
	{
		name: "github/search",
		description:
			"Search GitHub, slash-namespaced: the same wire name once sanitized.",
	},
	{
		name: "github/delete_file",
		description: "Delete a file from a repository.",
		destructive: true,
	},
	{
		name: "getAccessibleAtlassianResources",
		description: "List the Atlassian sites the user can reach (camelCase).",
	},
	{
		name: "atlassian-rovo-mcp-server-cloud/createConfluencePageWithAttachmentsAndPermissions",
		description:
			"Create a Confluence page: server prefix plus tool, 81 characters.",
	},
	{
		name: "搜索/获取",
		description: "Search and fetch, named in Chinese.",
	},
	{
		name: "moneyflow_hsgt",
		description: "Northbound and southbound money flow (Tushare).",
	},
	{
		name: "moneyflow_hsgt_备份",
		description:
			"The backup copy of moneyflow_hsgt: the same name once CJK is dropped.",
	},
	{
		name: "1password/get-item",
		description:
			"Read a 1Password item: a server name that starts with a digit.",
	},
	{
		name: "Dockerfile problems scanner",
		description: "Scan a Dockerfile: a name with spaces.",
	},
];

/**
 * Builds the demo server with every {@link DEMO_TOOLS} entry registered; each tool only
 * echoes its own name.
 *
 * The SDK prints a warning for every name outside the MCP charset; they are silenced while
 * registering, since breaking the rules is the point of this server.
 *
 * @returns an unconnected `McpServer`
 * @example
 * ```ts
 * await createDemoServer().connect(new StdioServerTransport());
 * ```
 */
export function createDemoServer(): McpServer {
	const server = new McpServer({
		name: "mcp-tool-names-demo",
		version: "1.0.0",
	});
	const warn = console.warn;
	console.warn = () => {};
	try {
		registerAll(server);
	} finally {
		console.warn = warn;
	}
	return server;
}

function registerAll(server: McpServer): void {
	for (const tool of DEMO_TOOLS) {
		server.registerTool(
			tool.name,
			{
				description: tool.description,
				annotations: {
					readOnlyHint: tool.destructive !== true,
					destructiveHint: tool.destructive === true,
				},
			},
			() => ({
				content: [{ type: "text", text: `demo: called ${tool.name}` }],
			}),
		);
	}
}
