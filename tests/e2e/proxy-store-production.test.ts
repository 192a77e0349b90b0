// `mcp-tool-names proxy --store` against Redis as operators run it: TLS asking for a client
// certificate (certificates made here with openssl), an ACL user limited to the key prefix,
// and a 3-master Redis Cluster with proxies seeded on different nodes.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
	type Certificates,
	cli,
	freePort,
	makeCertificates,
	RedisCluster,
	RedisServer,
	scopesOnEveryNode,
} from "../_support/redis-server.js";
import { CLI, type RawProxy, scratch } from "./_proxy.js";
import { random } from "./_replicas.js";
import {
	type Client,
	churnAcross,
	type Message,
	startStoreProxy,
} from "./_store-client.js";

const POOL = ["a/b", "a.b", "a_b", "a:b", "db.query", "db/query", "db_query"];

let certs: Certificates;
let tls: RedisServer;
let plain: RedisServer;
let cluster: RedisCluster;
const work = scratch();
const proxies: RawProxy[] = [];

beforeAll(async () => {
	certs = makeCertificates();
	[tls, plain, cluster] = await Promise.all([
		RedisServer.start({ tls: certs }),
		RedisServer.start(),
		RedisCluster.start(),
	]);
}, 60_000);

afterAll(async () => {
	for (const proxy of proxies) {
		proxy.child.stdin?.end();
		if (proxy.child.exitCode === null) proxy.child.kill("SIGTERM");
		await proxy.exit;
	}
	await Promise.all([tls?.close(), plain?.close(), cluster?.close()]);
	certs?.dispose();
	work.dispose();
}, 30_000);

function catalogOf(name: string, names: Iterable<string>): string {
	const file = join(work.dir, name);
	writeFileSync(file, [...names].join("\n"));
	return file;
}

async function listAndCallAcross(a: Client, b: Client): Promise<void> {
	const listed = (await a.list()) as Map<string, string>;
	expect(listed).toBeInstanceOf(Map);
	expect(listed.size).toBe(3);
	for (const [wire, canonical] of listed)
		expect(await b.call(wire)).toBe(canonical);
	expect(await b.list()).toEqual(listed);
}

describe("proxy --store rediss:// with client certificates", () => {
	const withCerts = () => [
		"--store",
		tls.url,
		"--store-tls-ca",
		certs.ca,
		"--store-tls-cert",
		certs.clientCert,
		"--store-tls-key",
		certs.clientKey,
	];

	it("lists on one proxy and calls on another, with no DEP0123 warning for an IP", async () => {
		const catalog = catalogOf("tls", ["a/b", "a.b", "a_b"]);
		const args = [...withCerts(), "--store-scope", "tls"];
		const a = await startStoreProxy(proxies, catalog, args);
		const b = await startStoreProxy(proxies, catalog, args);
		await listAndCallAcross(a, b);
		for (const client of [a, b])
			expect(client.proxy.stderr()).not.toContain("DEP0123");
	}, 30_000);

	it("answers with a clear store-unavailable error without a client certificate", async () => {
		const catalog = catalogOf("no-cert", ["a/b", "a.b"]);
		const a = await startStoreProxy(proxies, catalog, [
			"--store",
			tls.url,
			"--store-tls-ca",
			certs.ca,
		]);
		const refused = (await a.list()) as Message;
		expect(refused.error?.data).toEqual({ code: "store-unavailable" });
		expect(a.proxy.stderr()).toMatch(/certificate required/);
	}, 30_000);

	it("refuses a missing file, a certificate without its key and TLS files on redis://", () => {
		const run = (...args: string[]) =>
			spawnSync(
				process.execPath,
				[CLI, "proxy", ...args, "--", process.execPath, "-e", ""],
				{ encoding: "utf8" },
			);
		const missing = run(
			"--store",
			tls.url,
			"--store-tls-ca",
			join(work.dir, "nope.pem"),
		);
		expect(missing.status).toBe(2);
		expect(missing.stderr).toContain(
			`Cannot read --store-tls-ca "${join(work.dir, "nope.pem")}": no such file`,
		);
		const half = run("--store", tls.url, "--store-tls-cert", certs.clientCert);
		expect(half.status).toBe(2);
		expect(half.stderr).toContain(
			"--store-tls-cert and --store-tls-key go together",
		);
		const plainUrl = run("--store", plain.url, "--store-tls-ca", certs.ca);
		expect(plainUrl.status).toBe(2);
		expect(plainUrl.stderr).toContain("write rediss:// instead of redis://");
	});
});

describe("proxy --store with an ACL user limited to the key prefix", () => {
	it("works inside the user's key pattern and fails with a clear NOPERM outside it", async () => {
		// The user of docs/replicas.md, "Production Redis": the store's keys and commands only.
		cli(
			plain.port,
			"ACL",
			"SETUSER",
			"names",
			"on",
			">s3cret",
			"~mcp-tool-names:*",
			"+@scripting",
			"+@hash",
			"+pexpire",
			"+time",
			"+cluster|slots",
			"+asking",
			"+ping",
		);
		const url = `redis://names:s3cret@127.0.0.1:${plain.port}`;
		const catalog = catalogOf("acl", ["a/b", "a.b", "a_b"]);
		const a = await startStoreProxy(proxies, catalog, ["--store", url]);
		const b = await startStoreProxy(proxies, catalog, ["--store", url]);
		await listAndCallAcross(a, b);
		const outside = await startStoreProxy(proxies, catalog, [
			"--store",
			url,
			"--store-prefix",
			"other:",
		]);
		const refused = (await outside.list()) as Message;
		expect(refused.error?.data).toEqual({ code: "store-unavailable" });
		expect(outside.proxy.stderr()).toContain("NOPERM");
		expect(outside.proxy.stderr()).not.toContain("s3cret");
	}, 30_000);

	it("says Redis refused the user's password, and never prints it", async () => {
		const catalog = catalogOf("acl-wrong", ["a/b", "a.b"]);
		const a = await startStoreProxy(proxies, catalog, [
			"--store",
			`redis://names:not-the-password@127.0.0.1:${plain.port}`,
		]);
		const refused = (await a.list()) as Message;
		expect(refused.error?.data).toEqual({ code: "store-unavailable" });
		expect(a.proxy.stderr()).toContain(
			`Redis at 127.0.0.1:${plain.port} refused the user name or password: WRONGPASS`,
		);
		expect(a.proxy.stderr()).not.toContain("not-the-password");
	}, 30_000);
});

describe("proxy --store with two profiles on one scope", () => {
	it("answers the second profile with profile-mismatch and says which profile the scope holds", async () => {
		const catalog = catalogOf("profiles", ["a/b", "a.b"]);
		const shared = ["--store", plain.url, "--store-scope", "profiles"];
		const openai = await startStoreProxy(proxies, catalog, shared);
		expect(await openai.list()).toBeInstanceOf(Map);
		const gemini = await startStoreProxy(proxies, catalog, [
			...shared,
			"--profile",
			"gemini",
		]);
		const refused = (await gemini.list()) as Message;
		expect(refused.error?.data).toEqual({ code: "profile-mismatch" });
		expect(gemini.proxy.stderr()).toContain(
			'holds wire names for profile "openai", not "gemini"; give each profile its own scope',
		);
	}, 30_000);
});

describe("proxy --store on a 3-master Redis Cluster", () => {
	it("gives proxies seeded with different nodes one set of names, for scopes on three nodes, through churn", async () => {
		const next = random(25);
		const scopes = scopesOnEveryNode("cluster");
		const before = cluster.keysPerNode();
		for (const [index, scope] of scopes.entries()) {
			const names = new Set(POOL.filter(() => next() < 0.5));
			const catalog = catalogOf(scope, names);
			const seeds = [index, (index + 1) % 3].map(
				(node) => cluster.nodes[node] as RedisServer,
			);
			const clients = [];
			for (const seed of seeds)
				clients.push(
					await startStoreProxy(proxies, catalog, [
						"--store",
						seed.url,
						"--store-scope",
						scope,
					]),
				);
			const { calls, misrouted } = await churnAcross(
				clients,
				catalog,
				POOL,
				names,
				next,
				30,
			);
			expect(calls).toBe(60);
			expect(misrouted).toEqual([]);
		}
		const after = cluster.keysPerNode();
		expect(after.map((count, i) => count - (before[i] as number))).toEqual([
			3, 3, 3,
		]);
	}, 120_000);

	it("says a database number cannot be used with a cluster", async () => {
		const catalog = catalogOf("cluster-db", ["a/b", "a.b"]);
		const a = await startStoreProxy(proxies, catalog, [
			"--store",
			`${(cluster.nodes[0] as RedisServer).url}/2`,
		]);
		const refused = (await a.list()) as Message;
		expect(refused.error?.data).toEqual({ code: "store-unavailable" });
		expect(a.proxy.stderr()).toContain(
			"is a Redis Cluster node, which has only database 0: drop /2 from the URL",
		);
	}, 30_000);
});

describe("a proxy replica and its client", () => {
	it("starts while Redis is down, answers with a clear error, and exits cleanly when its client goes away", async () => {
		const closed = `redis://127.0.0.1:${await freePort()}`;
		const catalog = catalogOf("down", ["a/b", "a.b"]);
		const a = await startStoreProxy(proxies, catalog, ["--store", closed]);
		const refused = (await a.list()) as Message;
		expect(refused.error?.data).toEqual({ code: "store-unavailable" });
		expect(a.proxy.stderr()).toContain("connection refused");
		a.proxy.child.stdin?.end();
		expect(await a.proxy.exit).toBe(0);
	}, 30_000);
});
