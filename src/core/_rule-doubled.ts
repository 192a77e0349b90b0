/**
 * Rule 9, a name written twice: the input is one candidate written twice, glued or joined by
 * one separator, compared exactly, then after normalisation: `exec_commandexec_command`,
 * `exec_command.exec_command`, `web_searchweb_search`, `execexec` → `exec`. Hosts produce it
 * when they join a Responses API `namespace` to a `name` equal to it (Codex 0.143), and
 * streaming accumulators produce it when a provider resends the whole name in every chunk.
 * An operation of the closed list like 3–4c: rule 2 runs before it, and any other operation
 * that reaches another candidate makes the input ambiguous.
 */

import type { Query, Slip } from "./_slip.js";
import { namesOf } from "./name-index.js";

/**
 * What hosts put between the two copies, besides nothing at all: the OpenAI Responses API
 * namespace joints (`.`, `/`, `:`, `__`) and the word separators a model or a template may
 * insert (`_`, `-`).
 */
const JOINTS: readonly string[] = ["", ".", "_", "-", "/", ":", "__"];

/**
 * The candidates whose normal form, written twice, is the input's normal form; when the input
 * is exactly one or more of them written twice, only those (an exact doubling beats a
 * normalised twin, as rule 1 beats rule 2). Costs one comparison of the two halves of the
 * input's normal form, and a hash lookup only when they are equal.
 */
function doubledOf(q: Query): readonly string[] {
	const { norm } = q;
	if (!isRepeated(norm)) return [];
	const same = namesOf(q.data.byNorm.get(norm.slice(0, norm.length / 2)));
	const exact = same.filter((name) => isWrittenTwice(q.input, name));
	return exact.length > 0 ? exact : same;
}

/** Whether a string is one half written twice, compared unit by unit without copying. */
function isRepeated(text: string): boolean {
	const half = text.length / 2;
	if (half === 0 || !Number.isInteger(half)) return false;
	for (let i = 0; i < half; i++)
		if (text.charCodeAt(i) !== text.charCodeAt(i + half)) return false;
	return true;
}

/** Whether `input` is `name`, one of the joints, and `name` again. */
function isWrittenTwice(input: string, name: string): boolean {
	if (!input.startsWith(name) || !input.endsWith(name)) return false;
	const joint = input.length - 2 * name.length;
	if (joint < 0 || joint > 2) return false;
	return JOINTS.includes(input.slice(name.length, name.length + joint));
}

/** Rule 9 as a slip: `exec_commandexec_command` → `exec_command`. */
export const DOUBLED: Slip = {
	rule: "9",
	reason: "doubled",
	rivals: doubledOf,
	matches: (q, name) => doubledOf(q).includes(name),
};
