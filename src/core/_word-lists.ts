/**
 * The words the resolution rules know, as data: the one place to read or extend them (see
 * "Resolution rules" in the guides). Every class says why it exists and what it prevents.
 * All words are lowercase, as `wordsOf` yields them.
 */

const list = (words: string): ReadonlySet<string> =>
	new Set(words.trim().split(/\s+/));

/**
 * The action verbs of the design, complete as written there. A changed verb is a different
 * action, never a typo; a verb is never a namespace nor a client prefix. Prevents
 * `get_user` → `set_user`, `kill_pod` → `fill_pod`, `cancel_job_run` → `job_run`.
 */
const CORE_VERBS: ReadonlySet<string> = list(`
	get set list create update delete remove rm add put post patch read write fetch search find
	run exec start stop kill restart open close enable disable lock unlock show hide move copy
	rename upload download send sync merge push pull grant revoke approve reject cancel resolve
	validate clear
`);

/**
 * More verbs that name an action in real catalogs (GitHub, Slack, Kubernetes, Stripe, …), kept
 * from 0.1 because each one is a typo target of another action: `pause_job` is not `parse_job`,
 * `mute_channel` not `mate_channel`, `deploy` not a namespace. Words that are as often nouns
 * (`view`, `test`, `tag`, `filter`, `query`, `release`) are left out on purpose.
 */
const MORE_VERBS: ReadonlySet<string> = list(`
	accept activate allow archive assign attach ban clone commit compress connect convert cp
	deactivate decline decrypt del deny deploy describe destroy detach disconnect dismiss drop
	edit encrypt erase execute export extract flush follow fork generate import insert install
	invite load login logout ls modify mute mv parse pause pin publish purge rebase reboot
	refresh refund reload reopen replace reply reset restore resume retry revert save shutdown
	submit subscribe suspend terminate truncate unarchive unassign unban uninstall unlink unmute
	unpin unpublish unsubscribe unwatch upsert verify watch wipe
`);

/** Every built-in action verb (extended per call by `ResolveOptions.verbs`). */
export const ACTION_VERBS: ReadonlySet<string> = new Set([
	...CORE_VERBS,
	...MORE_VERBS,
]);

/**
 * Words that make a tool destructive: never corrected onto when the input lacks them
 * (rule 6), never a namespace. Prevents `all_files` → `delete_all_files`, `dorp_table` →
 * `drop_table`, `job_run` → `cancel.job_run`.
 */
export const DESTRUCTIVE_WORDS: ReadonlySet<string> = list(`
	delete del remove rm rmdir drop purge reset kill wipe truncate revoke destroy erase terminate
	uninstall unlink clear flush shutdown overwrite nuke evict expunge force ban deactivate cancel
	unpublish
`);

/**
 * Leading words that are never a namespace, although many tools share them: they change what
 * a tool does to how many things. Prevents `create_issues` → `bulk_create_issues`,
 * `delete_rows` → `batch_delete_rows`.
 */
export const NEVER_NAMESPACES: ReadonlySet<string> = list("bulk batch");

/**
 * Prefixes clients put in front of a tool name on their own, whatever the server (rule 3b),
 * as word sequences. Prevents nothing by itself: it is the closed list that keeps any other
 * leading word (`cancel_`, another server's `mcp__jira__`) from being stripped.
 * `mcp__<ns>__`, `<ns>__`, `<ns>.` and `<ns>_` are formed from namespaces in rule 3b.
 */
export const CLIENT_PREFIXES: ReadonlyArray<readonly string[]> = [
	["functions"],
	["default", "api"],
	["tools"],
	["mcp"],
];

/** The word clients put before a namespace in `mcp__<ns>__` (Claude Code, Cursor). */
export const MCP_PREFIX = "mcp";

/**
 * Verbs that all read, so one may stand for another (rule 4c): a plural beside a sibling
 * under another of them is ambiguous. Prevents `get_invoices` → `get_invoice` beside
 * `list_invoices`, `get_records` → `get_record` beside `list_records`.
 */
export const SAME_KIND_VERBS: readonly string[] = [
	"get",
	"list",
	"fetch",
	"read",
	"search",
	"find",
	"show",
];

/**
 * English number endings (rule 4c): `s`, `es`, and `y` ↔ `ies`. A word that is the singular or
 * plural of a catalog word is a slip of number, not a typo. Prevents
 * `add_task_dependency` → `add_task_dependents` (4c gives `add_task_dependencies`).
 */
export const PLURAL_ENDINGS: readonly string[] = ["s", "es"];
