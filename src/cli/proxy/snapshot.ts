import { readFileSync, renameSync, writeFileSync } from "node:fs";
import {
	type CodecSnapshot,
	type ProfileName,
	WireNameCodec,
} from "../../index.js";
import { CliFailure } from "../_failure.js";
import type { KnownTool } from "./_routing.js";

/**
 * What `--snapshot` keeps: the codec's assignments (so wire names survive restarts, also
 * when the upstream's tools changed) and each tool's protection (so a call after a restart
 * and before any listing cannot be corrected onto a destructive tool).
 */
export interface ProxySnapshot {
	version: 1;
	codec: CodecSnapshot;
	tools: KnownTool[];
}

/** A loaded snapshot: the codec to route with and the tools to prime it with. */
export interface LoadedSnapshot {
	codec: WireNameCodec;
	tools: KnownTool[];
}

/**
 * Reads a snapshot file; a missing file means a first start.
 *
 * @param path - the `--snapshot` file
 * @param profile - the profile the proxy runs with; must be the snapshot's
 * @returns the codec and tools, or `undefined` when the file does not exist yet
 * @throws CliFailure `usage` when the file is not a snapshot or was written for another profile
 */
export function loadSnapshot(
	path: string,
	profile: ProfileName,
): LoadedSnapshot | undefined {
	let text: string;
	try {
		text = readFileSync(path, "utf8");
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
		throw new CliFailure(
			"usage",
			`Cannot read --snapshot ${JSON.stringify(path)}: ${(error as Error).message}`,
			{ cause: error },
		);
	}
	const fail = (why: string, cause?: unknown): CliFailure =>
		new CliFailure(
			"usage",
			`--snapshot ${JSON.stringify(path)} is not a proxy snapshot (${why}); move it away to start afresh`,
			cause === undefined ? undefined : { cause },
		);
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch (error) {
		throw fail("not JSON", error);
	}
	const snapshot = data as Partial<ProxySnapshot> | null;
	if (
		typeof snapshot !== "object" ||
		snapshot === null ||
		snapshot.version !== 1
	)
		throw fail("expected version 1");
	if (!Array.isArray(snapshot.tools)) throw fail("no tools");
	const saved = (snapshot.codec as { profile?: { name?: unknown } } | undefined)
		?.profile?.name;
	if (saved !== profile) {
		throw new CliFailure(
			"usage",
			`--snapshot ${JSON.stringify(path)} was written for --profile ${String(saved)}, not ${profile}; use that profile or another snapshot file`,
		);
	}
	let codec: WireNameCodec;
	try {
		codec = WireNameCodec.fromJSON(snapshot.codec as CodecSnapshot);
	} catch (error) {
		throw fail((error as Error).message, error);
	}
	const tools: KnownTool[] = [];
	for (const tool of snapshot.tools) {
		if (typeof tool?.name !== "string") throw fail("a tool without a name");
		tools.push({ name: tool.name, protected: tool.protected === true });
	}
	return { codec, tools };
}

/**
 * Keeps a snapshot file in step with the proxy's state: `save` writes only when something
 * changed, to a temporary file that is then renamed over the old one (a reader, or a crash
 * half way, never sees half a file).
 */
export class SnapshotFile {
	readonly #path: string;
	#last: string | undefined;

	constructor(path: string, loaded: LoadedSnapshot | undefined) {
		this.#path = path;
		if (loaded !== undefined) this.#last = render(loaded.codec, loaded.tools);
	}

	/**
	 * Saves the state when it differs from the file.
	 *
	 * @returns `true` when the file was written
	 */
	save(codec: WireNameCodec, tools: readonly KnownTool[]): boolean {
		const text = render(codec, tools);
		if (text === this.#last) return false;
		const temp = `${this.#path}.${process.pid}.tmp`;
		writeFileSync(temp, text);
		renameSync(temp, this.#path);
		this.#last = text;
		return true;
	}
}

function render(codec: WireNameCodec, tools: readonly KnownTool[]): string {
	const snapshot: ProxySnapshot = {
		version: 1,
		codec: codec.toJSON(),
		tools: [...tools].sort((a, b) =>
			a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
		),
	};
	return `${JSON.stringify(snapshot, null, 2)}\n`;
}
