/**
 * The demo server's tools: names from real MCP servers and proxies, one per naming problem.
 * Their sources are in README.md.
 *
 * @module
 */

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
 * The demo's `tools/list` result: every {@link DEMO_TOOLS} entry as an MCP tool definition,
 * with an empty object input schema and read-only or destructive annotations.
 *
 * @returns the result object, one page
 * @example
 * ```ts
 * demoToolList().tools[1]?.name; // "websearch/fetch_content"
 * ```
 */
export function demoToolList(): { tools: Record<string, unknown>[] } {
	return {
		tools: DEMO_TOOLS.map((tool) => ({
			name: tool.name,
			description: tool.description,
			inputSchema: { type: "object", properties: {} },
			annotations: {
				readOnlyHint: tool.destructive !== true,
				destructiveHint: tool.destructive === true,
			},
		})),
	};
}
