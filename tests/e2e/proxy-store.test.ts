// Two `mcp-tool-names proxy --store` processes sharing one real redis-server, each with its own
// upstream whose tools come and go: a client lists on one and calls on the other.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisServer } from "../_support/redis-server.js";
import { type RawProxy, scratch } from "./_proxy.js";
import { random } from "./_replicas.js";
import {
	type Client,
	churnAcross,
	type Message,
	startStoreProxy,
} from "./_store-client.js";

// Names that collide once sanitised: their wire names depend on history.
const POOL = [
	"github/search",
	"github.search",
	"github_search",
	"github:search",
	"a/b",
	"a.b",
	"a_b",
	"db.query",
	"db/query",
	"搜索/获取",
	"获取/搜索",
	`${"x".repeat(70)}/a`,
	`${"x".repeat(70)}/b`,
];
const CYCLES = 150;

let redis: RedisServer;
const work = scratch();
const proxies: RawProxy[] = [];

beforeAll(async () => {
	redis = await RedisServer.start({ persist: true });
}, 30_000);

afterAll(async () => {
	for (const proxy of proxies) {
		proxy.child.stdin?.end();
		if (proxy.child.exitCode === null) proxy.child.kill("SIGTERM");
		await proxy.exit;
	}
	await redis?.close();
	work.dispose();
}, 30_000);

async function start(catalog: string, scope: string): Promise<Client> {
	return startStoreProxy(proxies, catalog, [
		"--store",
		redis.url,
		"--store-scope",
		scope,
	]);
}

describe("mcp-tool-names proxy --store", () => {
	it("gives two proxies one set of wire names through churn, and routes calls across them without a misroute", async () => {
		const catalog = join(work.dir, "catalog");
		const next = random(12);
		const names = new Set(POOL.filter(() => next() < 0.5));
		writeFileSync(catalog, [...names].join("\n"));
		const clients = [
			await start(catalog, "churn"),
			await start(catalog, "churn"),
		];
		const { calls, misrouted, held } = await churnAcross(
			clients,
			catalog,
			POOL,
			names,
			next,
			CYCLES,
		);
		expect(calls).toBe(CYCLES * 2);
		expect(misrouted).toEqual([]);
		expect(held.size).toBeGreaterThan(names.size);
	}, 120_000);

	it("keeps known names working while Redis is down, answers new assignments with a typed error, and recovers after a restart", async () => {
		const catalog = join(work.dir, "outage");
		writeFileSync(catalog, ["a/b", "a.b"].join("\n"));
		const [a, b] = [
			await start(catalog, "outage"),
			await start(catalog, "outage"),
		];
		const listed = (await a.list()) as Map<string, string>;
		expect(await b.list()).toEqual(listed);
		await redis.stop();
		for (const [wire, canonical] of listed)
			expect(await b.call(wire)).toBe(canonical);
		writeFileSync(catalog, ["a/b", "a.b", "a:b"].join("\n"));
		const refused = (await a.list()) as Message;
		expect(refused.error).toMatchObject({
			code: -32603,
			data: { code: "store-unavailable" },
		});
		expect(refused.error.message).toContain("shared name store");
		const unknown = (await b.call("a_b_3")) as Message;
		expect(unknown.error?.data).toEqual({ code: "store-unavailable" });
		expect(a.proxy.stderr()).toContain("without the shared name store");

		await redis.restart();
		const after = (await a.list()) as Map<string, string>;
		expect(after).toBeInstanceOf(Map);
		for (const [wire, canonical] of listed)
			expect(after.get(wire)).toBe(canonical);
		const added = [...after].find(([, canonical]) => canonical === "a:b");
		expect(added).toBeDefined();
		expect(await b.call((added as [string, string])[0])).toBe("a:b");
	}, 60_000);

	it("keeps --log-json one JSON object per line when the Redis client warns of a password Redis does not ask for", async () => {
		const catalog = join(work.dir, "log-json");
		writeFileSync(catalog, ["a/b"].join("\n"));
		const url = redis.url.replace("redis://", "redis://:unneeded-s3cret@");
		const client = await startStoreProxy(proxies, catalog, [
			"--store",
			url,
			"--store-scope",
			"log-json",
			"--log-json",
		]);
		expect(await client.list()).toEqual(new Map([["a_b", "a/b"]]));
		await expect
			.poll(() => client.proxy.stderr())
			.toContain("does not require a password");
		const lines = client.proxy.stderr().trim().split("\n");
		const events = lines.map((line) => JSON.parse(line) as { event: string });
		expect(events).toContainEqual(
			expect.objectContaining({
				event: "store",
				message: expect.stringMatching(
					/^Redis client: .*does not require a password/,
				),
			}),
		);
		expect(client.proxy.stderr()).not.toContain("unneeded-s3cret");
	});
});
