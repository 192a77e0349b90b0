/**
 * A real redis-server for the tests: started on a free 127.0.0.1 port with its own data
 * directory, stopped (and its directory removed) at the end. Restartable on the same port,
 * to test a Redis that goes away and comes back. With `tls`, it serves TLS only, asking
 * clients for a certificate (Redis' default); with `cluster`, it is a cluster node
 * ({@link RedisCluster} makes three of them a cluster).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const REDIS_SERVER: string = process.env.REDIS_SERVER ?? "redis-server";
export const REDIS_CLI: string = process.env.REDIS_CLI ?? "redis-cli";

/** PEM files made by {@link makeCertificates}. */
export interface Certificates {
	dir: string;
	ca: string;
	serverCert: string;
	serverKey: string;
	clientCert: string;
	clientKey: string;
	/** Removes the directory. */
	dispose(): void;
}

/**
 * A CA, a server certificate for 127.0.0.1 and a client certificate, all signed by that CA,
 * made with openssl in a fresh temporary directory.
 */
export function makeCertificates(): Certificates {
	const dir = mkdtempSync(join(tmpdir(), "mcp-tool-names-tls-"));
	const at = (name: string) => join(dir, name);
	const openssl = (...args: string[]) =>
		execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });
	openssl("genrsa", "-out", "ca.key", "2048");
	openssl(
		"req",
		"-x509",
		"-new",
		"-nodes",
		"-key",
		"ca.key",
		"-sha256",
		"-days",
		"2",
		"-subj",
		"/CN=mcp-tool-names test CA",
		"-out",
		"ca.crt",
	);
	writeFileSync(
		at("server.ext"),
		"subjectAltName=IP:127.0.0.1,DNS:localhost\n",
	);
	for (const [name, cn] of [
		["server", "localhost"],
		["client", "mcp-tool-names test client"],
	] as const) {
		openssl("genrsa", "-out", `${name}.key`, "2048");
		openssl(
			"req",
			"-new",
			"-key",
			`${name}.key`,
			"-subj",
			`/CN=${cn}`,
			"-out",
			`${name}.csr`,
		);
		openssl(
			"x509",
			"-req",
			"-in",
			`${name}.csr`,
			"-CA",
			"ca.crt",
			"-CAkey",
			"ca.key",
			"-CAcreateserial",
			"-days",
			"2",
			"-sha256",
			"-out",
			`${name}.crt`,
			...(name === "server" ? ["-extfile", "server.ext"] : []),
		);
	}
	return {
		dir,
		ca: at("ca.crt"),
		serverCert: at("server.crt"),
		serverKey: at("server.key"),
		clientCert: at("client.crt"),
		clientKey: at("client.key"),
		dispose: () => rmSync(dir, { recursive: true, force: true }),
	};
}

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
	/** Serve TLS only (`--port 0 --tls-port`), with these certificates, asking for a client's. */
	tls?: Certificates;
	/** Start as a Redis Cluster node (`--cluster-enabled yes`). */
	cluster?: boolean;
	/** A cluster node's `--cluster-node-timeout`: how soon a silent master fails over. */
	clusterNodeTimeoutMs?: number;
}

export class RedisServer {
	readonly port: number;
	readonly url: string;
	readonly #dir: string;
	readonly #persist: boolean;
	readonly #options: RedisServerOptions;
	#process: ChildProcess | undefined;

	private constructor(port: number, options: RedisServerOptions) {
		this.port = port;
		this.url = `${options.tls === undefined ? "redis" : "rediss"}://127.0.0.1:${port}`;
		this.#dir = mkdtempSync(join(tmpdir(), "mcp-tool-names-redis-"));
		this.#persist = options.persist === true;
		this.#options = options;
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
		const { tls, cluster } = this.#options;
		const args = [
			...(tls === undefined
				? ["--port", String(this.port)]
				: [
						"--port",
						"0",
						"--tls-port",
						String(this.port),
						"--tls-cert-file",
						tls.serverCert,
						"--tls-key-file",
						tls.serverKey,
						"--tls-ca-cert-file",
						tls.ca,
						"--tls-auth-clients",
						"yes",
					]),
			...(cluster === true
				? [
						"--cluster-enabled",
						"yes",
						"--cluster-config-file",
						join(this.#dir, "nodes.conf"),
						"--cluster-node-timeout",
						String(this.#options.clusterNodeTimeoutMs ?? 5000),
					]
				: []),
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

/** redis-cli against one server (plain TCP), e.g. `cli(port, "DBSIZE")`; its output, trimmed. */
export function cli(port: number, ...args: string[]): string {
	return execFileSync(
		REDIS_CLI,
		["-h", "127.0.0.1", "-p", String(port), ...args],
		{
			encoding: "utf8",
			stdio: "pipe",
		},
	).trim();
}

/** Options of {@link RedisCluster.start}. */
interface RedisClusterOptions {
	/** Replicas of each master; default 0. */
	replicas?: number;
	/** `--cluster-node-timeout` of every node; default 5000. */
	nodeTimeoutMs?: number;
}

/** Cluster-mode redis-servers joined by `redis-cli --cluster create`: three masters by default. */
export class RedisCluster {
	readonly nodes: RedisServer[];

	private constructor(nodes: RedisServer[]) {
		this.nodes = nodes;
	}

	static async start(
		count = 3,
		options: RedisClusterOptions = {},
	): Promise<RedisCluster> {
		const nodes: RedisServer[] = [];
		try {
			for (let i = 0; i < count; i++)
				nodes.push(
					await RedisServer.start({
						cluster: true,
						...(options.nodeTimeoutMs === undefined
							? {}
							: { clusterNodeTimeoutMs: options.nodeTimeoutMs }),
					}),
				);
			const cluster = new RedisCluster(nodes);
			execFileSync(
				REDIS_CLI,
				[
					"--cluster",
					"create",
					...nodes.map((node) => `127.0.0.1:${node.port}`),
					"--cluster-replicas",
					String(options.replicas ?? 0),
					"--cluster-yes",
				],
				{ stdio: "pipe" },
			);
			await cluster.settled();
			await cluster.#replicated(
				(count * (options.replicas ?? 0)) / ((options.replicas ?? 0) + 1),
			);
			return cluster;
		} catch (error) {
			await Promise.all(nodes.map((node) => node.close()));
			throw error;
		}
	}

	/**
	 * Resolves once every running node sees the cluster as ok, with every slot served (after a
	 * node was stopped: once its replica took over).
	 */
	async settled(): Promise<void> {
		for (let attempt = 0; ; attempt++) {
			const ok = this.nodes
				.filter((node) => node.running)
				.every((node) => {
					const info = cli(node.port, "CLUSTER", "INFO");
					return (
						info.includes("cluster_state:ok") &&
						info.includes("cluster_slots_ok:16384") &&
						info.includes(`cluster_known_nodes:${this.nodes.length}`)
					);
				});
			if (ok) return;
			if (attempt > 200) throw new Error("the Redis Cluster did not settle");
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
	}

	/**
	 * Resolves once every node lists `replicas` replicas, each with its master's id: the slot
	 * check of {@link settled} passes before the last replica's role has reached every node.
	 */
	async #replicated(replicas: number): Promise<void> {
		for (let attempt = 0; ; attempt++) {
			const ok = this.nodes.every(
				(node) =>
					cli(node.port, "CLUSTER", "NODES")
						.split("\n")
						.map((line) => line.trim().split(" "))
						.filter(
							([, , flags = "", master = ""]) =>
								flags.split(",").includes("slave") &&
								/^[0-9a-f]{40}$/.test(master),
						).length === replicas,
			);
			if (ok) return;
			if (attempt > 200)
				throw new Error("the Redis Cluster's replicas did not settle");
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
	}

	/** How many keys each node holds (DBSIZE), in the order of {@link nodes}. */
	keysPerNode(): number[] {
		return this.nodes.map((node) => Number(cli(node.port, "DBSIZE")));
	}

	/** Runs one command on every node, e.g. `SCRIPT FLUSH`. */
	onEveryNode(...args: string[]): void {
		for (const node of this.nodes) cli(node.port, ...args);
	}

	/** Stops every node and removes their directories. */
	async close(): Promise<void> {
		await Promise.all(this.nodes.map((node) => node.close()));
	}
}

/**
 * One scope (`tag-N`) in each third of the slots: `redis-cli --cluster create` gives each of
 * three masters one third, so the scopes live on every node.
 */
export function scopesOnEveryNode(tag: string): string[] {
	return [
		[0, 5460],
		[5461, 10922],
		[10923, 16383],
	].map(([low = 0, high = 0]) => {
		for (let i = 0; ; i++) {
			const slot = slotOf(`${tag}-${i}`);
			if (slot >= low && slot <= high) return `${tag}-${i}`;
		}
	});
}

/**
 * The hash slot of a key, as Redis Cluster computes it: CRC16 (XMODEM) of the key, or of the
 * part between the first `{` and the next `}` when that part is not empty, modulo 16384
 * (https://redis.io/docs/latest/operate/oss_and_stack/reference/cluster-spec/#key-distribution-model).
 */
export function slotOf(key: string): number {
	let bytes = Buffer.from(key, "utf8");
	const open = bytes.indexOf(0x7b);
	if (open !== -1) {
		const close = bytes.indexOf(0x7d, open + 1);
		if (close > open + 1) bytes = bytes.subarray(open + 1, close);
	}
	let crc = 0;
	for (const byte of bytes) {
		crc ^= byte << 8;
		for (let bit = 0; bit < 8; bit++)
			crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
	}
	return crc % 16_384;
}
