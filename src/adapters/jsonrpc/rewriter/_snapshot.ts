// A rewriter's snapshot: the codec's own snapshot plus the catalog with each tool's
// protection, so a restart keeps what the destructive guard needs (a codec snapshot alone
// holds names only, and a name whose annotations were never seen is a hint only).
import { isRecord } from "../../../core/guards.js";
import {
	McpToolNamesError,
	WireNameCodec,
	type WireNameCodecOptions,
} from "../../../index.js";
import type { ToolEntry } from "../../routing/tool-entry.js";
import type { RewriterSnapshot } from "./options.js";

const VERSION = 1;

/** The snapshot of a codec and a catalog. */
export function snapshotOf(
	codec: WireNameCodec,
	tools: readonly ToolEntry[],
): RewriterSnapshot {
	return {
		version: VERSION,
		codec: codec.toJSON(),
		tools: tools.map((tool) => [tool.name, tool.protected]),
	};
}

/** The codec and catalog of a snapshot, checked. */
export function restoreSnapshot(
	snapshot: unknown,
	options: WireNameCodecOptions,
): { codec: WireNameCodec; tools: ToolEntry[] } {
	if (!isRecord(snapshot) || snapshot.version !== VERSION) {
		throw invalid(
			`expected an object with version ${VERSION}, got ${isRecord(snapshot) ? `version ${JSON.stringify(snapshot.version)}` : "no object"}`,
		);
	}
	if (!Array.isArray(snapshot.tools))
		throw invalid(`"tools" must be an array of [name, protected] pairs`);
	const tools: ToolEntry[] = [];
	for (const pair of snapshot.tools as unknown[]) {
		const [name, isProtected] = Array.isArray(pair) ? pair : [];
		if (
			typeof name !== "string" ||
			name === "" ||
			typeof isProtected !== "boolean"
		)
			throw invalid(`every entry of "tools" must be a [name, protected] pair`);
		tools.push({ name, protected: isProtected });
	}
	const codec = WireNameCodec.fromJSON(
		snapshot.codec as RewriterSnapshot["codec"],
		options,
	);
	return { codec, tools };
}

function invalid(detail: string): McpToolNamesError {
	return new McpToolNamesError(
		"invalid-snapshot",
		`Invalid WireRewriter snapshot: ${detail}`,
	);
}
