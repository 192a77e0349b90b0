/** What every slip rule (3–4c) is given and answers; see "Resolution rules" in the guides. */
import type { IndexData } from "./_index-data.js";
import type { Parsed } from "./_words.js";

/** One query, prepared once for every rule. */
export interface Query {
	readonly input: string;
	/** The input's normal form. */
	readonly norm: string;
	readonly words: readonly string[];
	/** Built-in action verbs plus `ResolveOptions.verbs`. */
	readonly verbs: ReadonlySet<string>;
	/** The words of each `ResolveOptions.servers` name. */
	readonly servers: ReadonlyArray<readonly string[]>;
	readonly data: IndexData;
}

/**
 * A slip operation. `rivals` are all the candidates it could turn the input into before any
 * length rule or guard (ambiguity is judged over them); `matches` says whether it does turn
 * the input into `name`, with every condition of the rule. A match is always a rival.
 */
export interface Slip {
	/** The rule's number in the guides. */
	readonly rule: "3" | "3b" | "4" | "4b" | "4c";
	readonly reason: "suffix" | "distance";
	rivals(q: Query): Iterable<string>;
	matches(q: Query, name: string, parsed: Parsed): boolean;
}
