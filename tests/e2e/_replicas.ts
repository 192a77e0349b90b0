/** Replicas as separate processes (tests/e2e/fixtures/replica.ts), driven over stdin/stdout. */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SCRIPT = fileURLToPath(new URL("./fixtures/replica.ts", import.meta.url));
// Bundled once per run (the library from src/, Redis client left to node_modules), so a
// replica starts in a fraction of a second: the tests start dozens of them.
const BUNDLE = join(ROOT, ".tmp", `replica-${process.pid}.mjs`);
let bundled: Promise<unknown> | undefined;

function bundle(): Promise<unknown> {
	mkdirSync(join(ROOT, ".tmp"), { recursive: true });
	bundled ??= build({
		entryPoints: [SCRIPT],
		bundle: true,
		platform: "node",
		format: "esm",
		target: "node20",
		outfile: BUNDLE,
		packages: "external",
		alias: {
			"mcp-tool-names/jsonrpc": join(ROOT, "src/adapters/jsonrpc/index.ts"),
			"mcp-tool-names/redis": join(ROOT, "src/adapters/redis/index.ts"),
		},
		logLevel: "silent",
	});
	return bundled;
}

/** Removes the bundle (call once, after the last replica). */
export function removeBundle(): void {
	rmSync(BUNDLE, { force: true });
}

export interface ReplicaError {
	code: string;
	message?: string;
}

export type Reply<T> =
	| { ok: true; value: T }
	| { ok: false; error: ReplicaError };

export class Replica {
	readonly #child: ChildProcess;
	readonly #pending = new Map<
		number,
		(line: Record<string, unknown>) => void
	>();
	readonly #exited: Promise<void>;
	#ids = 0;

	private constructor(child: ChildProcess) {
		this.#child = child;
		this.#exited = new Promise((resolve) =>
			child.once("exit", () => resolve()),
		);
		this.#exited.then(() => {
			for (const reject of this.#pending.values())
				reject({ error: { code: "replica-exited" } });
			this.#pending.clear();
		});
		createInterface({ input: child.stdout as NodeJS.ReadableStream }).on(
			"line",
			(line) => {
				const reply = JSON.parse(line) as Record<string, unknown>;
				const id = reply.id as number;
				const settle = this.#pending.get(id);
				this.#pending.delete(id);
				settle?.(reply);
			},
		);
	}

	/** Starts a replica and resolves once it is connected to Redis. */
	static async start(env: Record<string, string>): Promise<Replica> {
		await bundle();
		const child = spawn(process.execPath, [BUNDLE], {
			cwd: ROOT,
			env: { ...process.env, ...env },
			stdio: ["pipe", "pipe", "inherit"],
		});
		const replica = new Replica(child);
		await new Promise<void>((resolve, reject) => {
			const lines = createInterface({
				input: child.stdout as NodeJS.ReadableStream,
			});
			lines.once("line", () => resolve());
			child.once("exit", (code) =>
				reject(new Error(`replica exited with ${code} before it was ready`)),
			);
		});
		return replica;
	}

	get pid(): number {
		return this.#child.pid as number;
	}

	/** The wire names a client gets when this replica hands out `tools`. */
	list(tools: readonly string[]): Promise<Reply<Array<[string, string]>>> {
		return this.#ask({ op: "list", tools }, "wires");
	}

	/** The canonical name a tools/call for `name` is routed to by this replica. */
	call(name: string): Promise<Reply<string>> {
		return this.#ask({ op: "call", name }, "canonical");
	}

	/** Every assignment this replica holds. */
	names(): Promise<Reply<Array<[string, string]>>> {
		return this.#ask({ op: "names" }, "names");
	}

	/** Sends a command without waiting for its answer (to kill the replica mid-claim). */
	send(tools: readonly string[]): void {
		this.#child.stdin?.write(
			`${JSON.stringify({ id: ++this.#ids, op: "list", tools })}\n`,
		);
	}

	/** Ends the replica: closing stdin (it disconnects and exits), or a signal. */
	async stop(signal?: "SIGKILL"): Promise<void> {
		if (this.#child.exitCode !== null || this.#child.signalCode !== null)
			return;
		if (signal === undefined) this.#child.stdin?.end();
		else this.#child.kill(signal);
		const timer = setTimeout(() => this.#child.kill("SIGKILL"), 10_000);
		await this.#exited;
		clearTimeout(timer);
	}

	#ask<T>(command: Record<string, unknown>, field: string): Promise<Reply<T>> {
		const id = ++this.#ids;
		return new Promise((resolve) => {
			this.#pending.set(id, (reply) =>
				resolve(
					reply.error === undefined
						? { ok: true, value: reply[field] as T }
						: { ok: false, error: reply.error as ReplicaError },
				),
			);
			this.#child.stdin?.write(`${JSON.stringify({ id, ...command })}\n`);
		});
	}
}

/** A small deterministic PRNG (mulberry32), so a failing run replays. */
export function random(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}
