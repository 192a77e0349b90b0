/**
 * A real redis-server for the tests: started on a free 127.0.0.1 port with its own data
 * directory, stopped (and its directory removed) at the end. Restartable on the same port,
 * to test a Redis that goes away and comes back.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const REDIS_SERVER: string = process.env.REDIS_SERVER ?? "redis-server";

/** A free TCP port on 127.0.0.1 (the OS picks it). */
export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.unref();
		server.on("error", reject);
		server.listen(0, "127.0.0.1", () => {
			const address = server.address();
			const port = typeof address === "object" && address ? address.port : 0;
			server.close(() => resolve(port));
		});
	});
}

export interface RedisServerOptions {
	/** Keep data across restarts (append-only file, fsync always); default false. */
	persist?: boolean;
}

export class RedisServer {
	readonly port: number;
	readonly url: string;
	readonly #dir: string;
	readonly #persist: boolean;
	#process: ChildProcess | undefined;

	private constructor(port: number, options: RedisServerOptions) {
		this.port = port;
		this.url = `redis://127.0.0.1:${port}`;
		this.#dir = mkdtempSync(join(tmpdir(), "mcp-tool-names-redis-"));
		this.#persist = options.persist === true;
	}

	static async start(options: RedisServerOptions = {}): Promise<RedisServer> {
		const server = new RedisServer(await freePort(), options);
		await server.restart();
		return server;
	}

	get running(): boolean {
		return this.#process !== undefined;
	}

	/** Starts redis-server (again) on the same port; resolves once it accepts connections. */
	async restart(): Promise<void> {
		if (this.#process !== undefined) await this.stop();
		const args = [
			"--port",
			String(this.port),
			"--bind",
			"127.0.0.1",
			"--dir",
			this.#dir,
			"--save",
			"",
			"--appendonly",
			this.#persist ? "yes" : "no",
			"--appendfsync",
			"always",
			"--daemonize",
			"no",
		];
		const child = spawn(REDIS_SERVER, args, {
			stdio: ["ignore", "pipe", "pipe"],
		});
		this.#process = child;
		let output = "";
		await new Promise<void>((resolve, reject) => {
			const timer = setTimeout(
				() => reject(new Error(`redis-server did not start: ${output}`)),
				20_000,
			);
			child.once("error", (error) => {
				clearTimeout(timer);
				reject(
					new Error(
						`cannot start ${REDIS_SERVER} (apt-get install redis-server): ${error.message}`,
					),
				);
			});
			child.once("exit", (code) => {
				clearTimeout(timer);
				reject(new Error(`redis-server exited with ${code}: ${output}`));
			});
			child.stdout?.on("data", (chunk: Buffer) => {
				output += chunk.toString();
				if (output.includes("Ready to accept connections")) {
					clearTimeout(timer);
					resolve();
				}
			});
			child.stderr?.on("data", (chunk: Buffer) => {
				output += chunk.toString();
			});
		});
		child.removeAllListeners("exit");
		child.stdout?.removeAllListeners("data");
		child.stdout?.resume();
		child.stderr?.resume();
	}

	/** Stops redis-server: SIGKILL (a crash) or SIGTERM; resolves once it has exited. */
	async stop(signal: "SIGTERM" | "SIGKILL" = "SIGTERM"): Promise<void> {
		const child = this.#process;
		this.#process = undefined;
		if (child === undefined || child.exitCode !== null) return;
		await new Promise<void>((resolve) => {
			child.once("exit", () => resolve());
			child.kill(signal);
		});
	}

	/** Stops the server and removes its data directory. */
	async close(): Promise<void> {
		await this.stop("SIGKILL");
		rmSync(this.#dir, { recursive: true, force: true });
	}
}
