/**
 * Each slip operation (rules 2–4e and 9) and every example of DESIGN.md's resolution rules and of
 * issue 9, one row each: the input, the catalog, the decision.
 */
import { describe, expect, it } from "vitest";
import {
	NameIndex,
	type ResolveOptions,
	resolveName,
} from "../../src/index.js";

type Decision =
	| {
			corrected: string;
			reason: "normalized" | "suffix" | "distance" | "doubled";
	  }
	| { suggest: "too-far" | "ambiguous" | "protected"; first?: string };

interface Row {
	input: string;
	candidates: string[];
	options?: ResolveOptions;
	decision: Decision;
	why: string;
}

const row = (
	input: string,
	candidates: string[],
	decision: Decision,
	why: string,
	options?: ResolveOptions,
): Row => ({
	input,
	candidates,
	decision,
	why,
	...(options === undefined ? {} : { options }),
});

const ROWS: Row[] = [
	// rule 2
	row(
		"linear.listIssues",
		["linear.list_issues", "linear.get_issue"],
		{ corrected: "linear.list_issues", reason: "normalized" },
		"2: equal after normalisation",
	),
	row(
		"GetOrder",
		["get_order", "get_orders"],
		{ corrected: "get_order", reason: "normalized" },
		"2 settles it, although 4c could reach get_orders",
	),
	// rule 3
	row(
		"fetch_content",
		["websearch/fetch_content", "websearch/search"],
		{ corrected: "websearch/fetch_content", reason: "suffix" },
		"3: a namespace before a namespace separator",
	),
	row(
		"list_issues",
		["github_list_issues", "github_create_issue"],
		{ corrected: "github_list_issues", reason: "suffix" },
		"3: a leading word two candidates share before _",
	),
	row(
		"fetch",
		["web_fetch", "crawler_fetch"],
		{ suggest: "ambiguous", first: "web_fetch" },
		"3: both end with the input's words, so both are rivals, though neither is a namespace",
	),
	row(
		"brave_web_search",
		["brave__brave_web_search", "brave__brave_local_search"],
		{ corrected: "brave__brave_web_search", reason: "suffix" },
		"3: the namespace of brave__brave_web_search is brave",
	),
	row(
		"web_search",
		["brave__brave_web_search", "brave__brave_local_search"],
		{ suggest: "too-far" },
		"3: brave__brave is not a namespace (it runs past one)",
	),
	row(
		"create_issues",
		["bulk_create_issues", "bulk_delete_issues"],
		{ suggest: "too-far" },
		"3: bulk is never a namespace",
	),
	row(
		"user_info",
		["get_user_info", "get_team_info"],
		{ suggest: "too-far" },
		"3: a verb is never a namespace",
	),
	row(
		"export_report_pdf",
		["export_report"],
		{ suggest: "too-far" },
		"an added word is not a slip",
	),
	row(
		"get_order_items",
		["get_orders"],
		{ suggest: "too-far" },
		"an added word is not a slip",
	),
	// rule 3b
	row(
		"cancel_job_run",
		["job_run", "job_list"],
		{ suggest: "too-far" },
		"3b: a verb is never a client prefix",
	),
	row(
		"mcp__jira__create_ticket",
		["linear_create_ticket", "linear_list_tickets"],
		{ suggest: "too-far" },
		"3b: another server's prefix",
	),
	row(
		"mcp__jira__create_ticket",
		["create_ticket", "list_tickets"],
		{ suggest: "too-far" },
		"3b: jira is no namespace of create_ticket and no server is configured",
	),
	row(
		"mcp__jira__create_ticket",
		["create_ticket", "list_tickets"],
		{ corrected: "create_ticket", reason: "suffix" },
		"3b: mcp__<server>__ with the configured server",
		{ servers: ["jira"] },
	),
	row(
		"mcp__jira__create_ticket",
		["create_ticket", "list_tickets"],
		{ suggest: "too-far" },
		"3b: a configured server is not any server",
		{ servers: ["linear"] },
	),
	row(
		"jira_create_ticket",
		["linear_create_ticket", "linear_list_tickets"],
		{ suggest: "too-far" },
		"another server is not a typo",
	),
	row(
		"github_github_list_issues",
		["github_list_issues", "github_create_issue"],
		{ corrected: "github_list_issues", reason: "suffix" },
		"3b: the namespace doubled",
	),
	row(
		"hubspot-hubspot-get-property",
		["hubspot-get-property", "hubspot-list-objects"],
		{ corrected: "hubspot-get-property", reason: "suffix" },
		"3b: compared word by word, whatever the separators",
	),
	row(
		"default_api:find",
		["find", "open", "click"],
		{ corrected: "find", reason: "suffix" },
		"3b: default_api is a client prefix; one word kept is enough",
	),
	row(
		"functions.list_issues",
		["list_issues", "create_issue"],
		{ corrected: "list_issues", reason: "suffix" },
		"3b: functions",
	),
	row(
		"tools.list_issues",
		["list_issues", "create_issue"],
		{ corrected: "list_issues", reason: "suffix" },
		"3b: tools",
	),
	row(
		"mcp_list_issues",
		["list_issues", "create_issue"],
		{ corrected: "list_issues", reason: "suffix" },
		"3b: mcp",
	),
	row(
		"mcp__filesystem__read_file",
		["read_file", "write_file"],
		{ suggest: "too-far", first: "read_file" },
		"3b: mcp__<x>__ before a catalog without namespaces is a suggestion",
	),
	row(
		"mcp__gitlab__create_issue",
		["create_issue", "list_issues"],
		{ suggest: "too-far", first: "create_issue" },
		"3b: the same, whatever x",
	),
	// rule 4
	row(
		"creat_issue",
		["create_issue", "list_issues"],
		{ corrected: "create_issue", reason: "distance" },
		"4: one letter, a word of 5–6 letters",
	),
	row(
		"list_isseus",
		["list_issues", "get_issue"],
		{ corrected: "list_issues", reason: "distance" },
		"4: a transposition is one edit (optimal string alignment)",
	),
	row(
		"get_configuraiton_valeus",
		["get_configuration_values"],
		{ suggest: "too-far" },
		"4: two words changed",
	),
	row(
		"list_reposiotries",
		["list_repositories"],
		{ corrected: "list_repositories", reason: "distance" },
		"4: a word of 8 letters or more takes 2",
	),
	row(
		"rm",
		["rn"],
		{ suggest: "too-far" },
		"4: words of three letters or fewer",
	),
	row(
		"db_query",
		["fs_query"],
		{ suggest: "too-far" },
		"4: words of three letters or fewer",
	),
	row(
		"get_uuid",
		["get_uid"],
		{ suggest: "too-far" },
		"4: words of three letters or fewer",
	),
	row(
		"tap_screen",
		["swipe_screen", "tap"],
		{ suggest: "too-far" },
		"4: tap is a catalog word, not a typo",
	),
	row(
		"close_tag",
		["close_tab", "list_tags", "get_tag"],
		{ suggest: "too-far" },
		"4: tag is a catalog word, not a typo of tab",
	),
	row(
		"get_user",
		["set_user"],
		{ suggest: "too-far" },
		"4: a verb is never a typo",
	),
	row(
		"kill_pod",
		["fill_pod"],
		{ suggest: "too-far" },
		"4: a verb is never a typo",
	),
	row(
		"getuser",
		["setuser"],
		{ suggest: "too-far" },
		"4: a glued word that starts with another verb",
	),
	row(
		"dorp_table",
		["drop_table"],
		{ suggest: "protected" },
		"4 then 6: the candidate gains the destructive word drop",
	),
	// rule 4b
	row(
		"execute_sq",
		["execute_sql", "list_tables"],
		{ corrected: "execute_sql", reason: "distance" },
		"4b: a word cut short",
	),
	row(
		"execute_sq",
		["execute_sql", "execute_sql_file"],
		{ suggest: "ambiguous" },
		"4b: another candidate starts with the input",
	),
	row(
		"execute_s",
		["execute_sql"],
		{ suggest: "too-far" },
		"4b: at least two letters",
	),
	row(
		"git_add",
		["git_address"],
		{ suggest: "too-far" },
		"4b: a cut word that is a verb is that verb",
	),
	// rule 4c
	row(
		"add_task_dependency",
		["add_task_dependencies", "add_task_dependents"],
		{ corrected: "add_task_dependencies", reason: "distance" },
		"4c: y ↔ ies; the singular of a catalog word is not a typo, not even a rival",
	),
	row(
		"list_tag",
		["list_tags", "get_tag"],
		{ corrected: "list_tags", reason: "distance" },
		"4c: a singular is a slip of number",
	),
	row(
		"get_order",
		["get_orders", "get_order_details"],
		{ suggest: "ambiguous" },
		"4c: a sibling holds every word and more",
	),
	row(
		"stop_environments",
		["stop_environment", "stop_stale_environments"],
		{ suggest: "ambiguous" },
		"4c: a sibling holds every word and more",
	),
	row(
		"get_invoices",
		["get_invoice", "list_invoices"],
		{ suggest: "ambiguous" },
		"4c: a plural beside the plural under another reading verb",
	),
	row(
		"get_records",
		["get_record", "list_records"],
		{ suggest: "ambiguous" },
		"4c: the same",
	),
	row(
		"get_view",
		["get_views"],
		{ corrected: "get_views", reason: "distance" },
		"4c: s",
	),
	row(
		"list_statuse",
		["list_statuses", "list_status"],
		{ corrected: "list_statuses", reason: "distance" },
		"4c: statuse + s; as the singular of a catalog word it is no typo of status",
	),
	// rule 4d
	row(
		"github_serch",
		["github/search", "github.search"],
		{ suggest: "ambiguous" },
		"4d: normal-form twins are rivals together",
	),
	row(
		"github_search",
		["github/search", "github.search"],
		{ suggest: "ambiguous" },
		"2 and 4d",
	),
	// rule 4e
	row(
		"p\u0430yment_list",
		["payment_list", "refund_list"],
		{ suggest: "protected", first: "payment_list" },
		"4e: Cyrillic а for Latin a",
	),
	// rule 6
	row(
		"all_files",
		["delete_all_files", "list_files"],
		{ suggest: "too-far" },
		"6: delete is never a namespace, and never gained",
	),
	row(
		"fetch_content",
		["websearch/fetch_content", "websearch/search"],
		{ suggest: "protected" },
		"6: isProtected, whatever the rule",
		{ isProtected: (name) => name === "websearch/fetch_content" },
	),
	// rule 9
	row(
		"exec_commandexec_command",
		["exec_command", "write_stdin"],
		{ corrected: "exec_command", reason: "doubled" },
		"9: a namespace glued to a name equal to it",
	),
	row(
		"exec_command.exec_command",
		["exec_command", "write_stdin"],
		{ corrected: "exec_command", reason: "doubled" },
		"9: joined by a separator",
	),
	row(
		"web_searchweb_search",
		["web_search", "web_fetch"],
		{ corrected: "web_search", reason: "doubled" },
		"9: a streamed name repeated",
	),
	row(
		"execexec",
		["exec", "read"],
		{ corrected: "exec", reason: "doubled" },
		"9: one word written twice",
	),
	row(
		"searchsearch",
		["search", "search_search"],
		{ corrected: "search_search", reason: "normalized" },
		"9: rule 2 still wins",
	),
	row(
		"deletedelete",
		["delete", "list"],
		{ corrected: "delete", reason: "doubled" },
		"9 and 6: the doubled candidate's words are read, no destructive word is added",
	),
	row(
		"deletedelete",
		["delete", "list"],
		{ suggest: "protected", first: "delete" },
		"9 and 6: isProtected still holds",
		{ isProtected: (name) => name === "delete" },
	),
];

describe("resolveName", () => {
	it.each(ROWS.map((r) => [r.why, r.input, r] as const))(
		"%s: %j",
		(_why, _input, r) => {
			for (const candidates of [r.candidates, new NameIndex(r.candidates)]) {
				const got = resolveName(r.input, candidates, r.options);
				const d = r.decision;
				if ("corrected" in d) {
					expect(got).toMatchObject({
						kind: "corrected",
						name: d.corrected,
						reason: d.reason,
					});
				} else {
					expect(got).toMatchObject({ kind: "suggest", reason: d.suggest });
					if (d.first !== undefined)
						expect(got.kind === "suggest" && got.suggestions[0]).toBe(d.first);
				}
			}
		},
	);
});
