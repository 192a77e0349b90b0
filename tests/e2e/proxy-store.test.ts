// Two `mcp-tool-names proxy --store` processes sharing one real redis-server, each with its own
// upstream whose tools come and go: a client lists on one and calls on the other.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisServer } from "../_support/redis-server.js";
import {
	INITIALIZE,
	INITIALIZED,
	proxyEnv,
	type RawProxy,
	scratch,
	startRawProxy,
} from "./_proxy.js";
import { random } from "./_replicas.js";

const CHURN = fileURLToPath(
	new URL("./fixtures/churn-upstream.mjs", import.meta.url),
);
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

type Message = Record<string, any>;

/** A client on one proxy process, speaking JSON lines. */
class Client {
	readonly proxy: RawProxy;
	#ids = 0;

	constructor(proxy: RawProxy) {
		this.proxy = proxy;
	}

	async request(method: string, params: unknown = {}): Promise<Message> {
		const id = `c${++this.#ids}`;
		this.proxy.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
		return this.proxy.next((message) => message.id === id);
	}

	/** wire → canonical of a tools/list through this proxy, or the error answer. */
	async list(): Promise<Map<string, string> | Message> {
		const answer = await this.request("tools/list");
		if (answer.error !== undefined) return answer;
		return new Map(
			(answer.result.tools as Message[]).map((tool) => [
				tool.name as string,
				tool._meta.canonical as string,
			]),
		);
	}

	/** The canonical name a call for `wire` reached, or the error answer. */
	async call(wire: string): Promise<string | Message> {
		const answer = await this.request("tools/call", { name: wire });
		if (answer.error !== undefined) return answer;
		return answer.result.content[0].text as string;
	}
}

async function start(catalog: string, scope: string): Promise<Client> {
	const proxy = startRawProxy(
		[
			"proxy",
			"--store",
			redis.url,
			"--store-scope",
			scope,
			"--",
			process.execPath,
			CHURN,
		],
		proxyEnv({ CHURN_CATALOG: catalog }),
	);
	proxies.push(proxy);
	proxy.send(INITIALIZE);
	await proxy.next((message) => message.id === "init");
	proxy.send(INITIALIZED);
	return new Client(proxy);
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
		/** Every pair any list ever gave: a wire name must never change meaning. */
		const held = new Map<string, string>();
		const misrouted: string[] = [];
		let calls = 0;
		for (let cycle = 0; cycle < CYCLES; cycle++) {
			const name = POOL[Math.floor(next() * POOL.length)] as string;
			if (names.has(name) && names.size > 1) names.delete(name);
			else names.add(name);
			writeFileSync(catalog, [...names].join("\n"));
			const lister = clients[cycle % 2] as Client;
			const caller = clients[(cycle + 1) % 2] as Client;
			const listed = await lister.list();
			expect(listed).toBeInstanceOf(Map);
			for (const [wire, canonical] of listed as Map<string, string>) {
				expect(held.get(wire) ?? canonical).toBe(canonical);
				held.set(wire, canonical);
			}
			// The caller has not listed this catalog: new names are read through.
			const fresh = [...(listed as Map<string, string>).keys()];
			const old = [...held.keys()];
			for (const wire of [
				fresh[Math.floor(next() * fresh.length)] as string,
				old[Math.floor(next() * old.length)] as string,
			]) {
				calls++;
				const reached = await caller.call(wire);
				if (reached !== held.get(wire))
					misrouted.push(`${wire} → ${JSON.stringify(reached)}`);
			}
			expect(await caller.list()).toEqual(listed);
		}
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
});
