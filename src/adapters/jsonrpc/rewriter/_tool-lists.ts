// Wire names in a list of tool definitions (a `tools/list` page, the tools of a sampling
// request) and in `tool_use` content blocks, copying only what changes.
import { isName, isRecord } from "../../../core/guards.js";
import type { WireNameCodec } from "../../../index.js";
import type { JsonRecord } from "../../jsonrpc-base.js";
import { withEntry } from "../message.js";

/**
 * Wire-encodes a list of tool definitions (a `tools/list` page, or the `tools` of a sampling
 * request). Returns `undefined` when no name (and no description) changes, so the caller
 * can hand back the original message.
 */
export function encodeToolList(
	codec: WireNameCodec,
	tools: readonly unknown[],
	rewriteDescriptions: boolean,
): unknown[] | undefined {
	// encodeTools leaves entries without a usable name as they are.
	const encoded: unknown[] = codec.encodeTools(tools as { name: string }[]);
	let changed = false;
	for (let i = 0; i < encoded.length; i++) {
		const before = tools[i];
		let after = encoded[i];
		if (rewriteDescriptions && isRecord(after)) {
			const description = after.description;
			const rewritten = rewriteProse(codec, description);
			if (rewritten !== description)
				after = encoded[i] = withEntry(after, "description", rewritten);
		}
		if (
			isRecord(before) &&
			isRecord(after) &&
			(before.name !== after.name || before.description !== after.description)
		) {
			changed = true;
		}
	}
	return changed ? encoded : undefined;
}

/** `codec.rewriteText`, except that it never throws (a pattern built from huge names may). */
function rewriteProse(codec: WireNameCodec, text: unknown): unknown {
	if (typeof text !== "string" || text === "") return text;
	try {
		return codec.rewriteText(text);
	} catch {
		return text;
	}
}

/**
 * Applies `map` to the `name` of every `tool_use` content block in `content`, which is one
 * block or an array of blocks (sampling messages and results use both). Returns `content`
 * itself when nothing changed.
 */
export function mapToolUseNames(
	content: unknown,
	map: (name: string) => string,
): unknown {
	if (Array.isArray(content)) {
		let copy: unknown[] | undefined;
		for (let i = 0; i < content.length; i++) {
			const block: unknown = content[i];
			const next = mapToolUseBlock(block, map);
			if (next !== block) {
				copy ??= [...content];
				copy[i] = next;
			}
		}
		return copy ?? content;
	}
	return mapToolUseBlock(content, map);
}

function mapToolUseBlock(
	block: unknown,
	map: (name: string) => string,
): unknown {
	if (!isRecord(block) || block.type !== "tool_use" || !isName(block.name))
		return block;
	const name = map(block.name);
	return name === block.name ? block : { ...block, name };
}

/** A shallow copy of `record` whose `key` went through `map`, or `record` when unchanged. */
export function mapField(
	record: JsonRecord,
	key: string,
	map: (value: unknown) => unknown,
): JsonRecord {
	const value = record[key];
	const next = map(value);
	return next === value ? record : withEntry(record, key, next);
}
