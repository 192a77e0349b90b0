import { readFileSync, renameSync, writeFileSync } from "node:fs";
import {
	type RewriterSnapshot,
	WireRewriter,
} from "../../adapters/jsonrpc/index.js";
import type { ProfileName } from "../../index.js";
import { CliFailure } from "../_failure.js";
import type { ProxyLogger } from "./log.js";
import type { ProxyRouting } from "./routing.js";

/**
 * Reads a `--snapshot` file: the WireRewriter's own snapshot (the codec's assignments, so
 * wire names survive restarts even when the upstream's tools changed, and each tool's
 * protection, so a call after a restart and before any listing cannot be corrected onto a
 * destructive tool). A missing file means a first start.
 *
 * @param path - the `--snapshot` file
 * @param profile - the profile the proxy runs with; must be the snapshot's
 * @param reserve - the room kept for the host's prefix; must be the snapshot's
 * @returns the snapshot, or `undefined` when the file does not exist yet
 * @throws CliFailure `usage` when the file is not a snapshot or was written for another
 * profile or reserve
 */
function loadSnapshot(
	path: string,
	profile: ProfileName,
	reserve: number,
): RewriterSnapshot | undefined {
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
	let snapshot: RewriterSnapshot;
	try {
		snapshot = JSON.parse(text) as RewriterSnapshot;
	} catch (error) {
		throw fail("not JSON", error);
	}
	const codec = (
		snapshot as {
			codec?: { profile?: { name?: unknown }; reserve?: unknown };
		} | null
	)?.codec;
	const saved = codec?.profile?.name;
	if (typeof saved === "string" && saved !== profile) {
		throw new CliFailure(
			"usage",
			`--snapshot ${JSON.stringify(path)} was written for --profile ${saved}, not ${profile}; use that profile or another snapshot file`,
		);
	}
	const planned = codec?.reserve ?? 0;
	if (typeof planned === "number" && planned !== reserve) {
		throw new CliFailure(
			"usage",
			`--snapshot ${JSON.stringify(path)} holds names planned with a reserve of ${planned} characters for a host's prefix, not ${reserve} (--host, --server-name, --reserve); use another snapshot file for this host, or move it away to start afresh`,
		);
	}
	try {
		// The rewriter checks the snapshot whole (version, names, one-to-one pairs).
		new WireRewriter({ snapshot });
	} catch (error) {
		throw fail((error as Error).message, error);
	}
	return snapshot;
}

/**
 * Keeps a snapshot file in step with a routing's state: `save` writes only when the state
 * changed (the rewriter's `version`, then the text), to a temporary file that is then renamed
 * over the old one, so a reader, or a crash half way, never sees half a file.
 */
export class SnapshotFile {
	readonly #path: string;
	#last: string | undefined;
	readonly #versions = new WeakMap<ProxyRouting, number>();
	/** What the file held at start (each session starts from it); `undefined` on a first start. */
	readonly loaded: RewriterSnapshot | undefined;

	/** @throws CliFailure `usage` when the file is not a snapshot (see {@link loadSnapshot}) */
	constructor(path: string, profile: ProfileName, reserve = 0) {
		this.#path = path;
		this.loaded = loadSnapshot(path, profile, reserve);
		if (this.loaded !== undefined) this.#last = render(this.loaded);
	}

	/** Saves the routing's state when it differs from the file, and says so (or why not) in the log. */
	save(routing: ProxyRouting, log: ProxyLogger): void {
		const version = routing.version();
		if (this.#versions.get(routing) === version) return;
		this.#versions.set(routing, version);
		try {
			const text = render(routing.snapshot());
			if (text === this.#last) return;
			const temp = `${this.#path}.${process.pid}.tmp`;
			writeFileSync(temp, text);
			renameSync(temp, this.#path);
			this.#last = text;
		} catch (error) {
			log({
				event: "snapshot",
				message: `Could not save --snapshot ${this.#path}: ${(error as Error).message}`,
			});
			return;
		}
		log({
			event: "snapshot",
			message: `Saved wire names to ${this.#path}`,
			file: this.#path,
		});
	}
}

function render(snapshot: RewriterSnapshot): string {
	return `${JSON.stringify(snapshot, null, 2)}\n`;
}
