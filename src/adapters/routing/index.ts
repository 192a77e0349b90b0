// The routing policy every adapter shares (jsonrpc, sdk, the CLI and the framework entries):
// which tool a sent name means, never a protected one, and one report of each decision.
// Internal: not a package entry; the public entries re-export the few types they expose.
export { listEveryPage, MAX_PAGES, ToolPages } from "./list-every-page.js";
export {
	appendSentence,
	isNotFoundError,
	isNotFoundResult,
	isNotFoundText,
	withErrorHint,
	withResultHint,
} from "./not-found.js";
export {
	codecFromOptions,
	protectionOption,
	resolveOptionsOf,
} from "./options.js";
export type {
	RouteDecision,
	RouterOptions,
	RouterResolveOptions,
} from "./router.js";
export { ToolRouter } from "./router.js";
export type { Protection, ToolEntry } from "./tool-entry.js";
export { PROTECTIONS, toolEntriesOf, toolEntryOf } from "./tool-entry.js";
