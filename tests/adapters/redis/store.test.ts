import { Redis } from "ioredis";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
	type RedisClientLike,
	RedisCodecStore,
	SharedCodec,
} from "../../../src/adapters/redis/index.js";
import { isMcpToolNamesError } from "../../../src/index.js";
import { failureOf, rejectionOf, trap } from "../../_support/hostile.js";
import { RedisServer } from "../../_support/redis-server.js";

interface Kit {
	name: string;
	connect(
		url: string,
	): Promise<{ client: RedisClientLike; close(): Promise<void> }>;
}

const KITS: Kit[] = [
	{
		name: "redis (node-redis 5)",
		async connect(url) {
			const client = createClient({
				url,
				socket: { reconnectStrategy: () => 50, connectTimeout: 2000 },
			});
			client.on("error", () => {});
			await client.connect();
			return { client, close: async () => void client.destroy() };
		},
	},
	{
		name: "ioredis 5",
		async connect(url) {
			const client = new Redis(url, {
				retryStrategy: () => 50,
				maxRetriesPerRequest: 1,
				lazyConnect: true,
			});
			client.on("error", () => {});
			await client.connect();
			return { client, close: async () => void client.disconnect() };
		},
	},
];

const rejection = async (promise: Promise<unknown>): Promise<unknown> => {
	try {
		await promise;
	} catch (error) {
		return error;
	}
	throw new Error("expected a rejection");
};

let redis: RedisServer;
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
	redis = await RedisServer.start({ persist: true });
}, 30_000);

afterAll(async () => {
	for (const close of closers) await close();
	await redis?.close();
});

let scopes = 0;
const scope = (): string => `test-${++scopes}`;

for (const kit of KITS) {
	describe(`RedisCodecStore over ${kit.name}`, () => {
		const connect = async () => {
			const connection = await kit.connect(redis.url);
			closers.push(connection.close);
			return connection.client;
		};

		it("keeps canonical ⇄ wire readable as a hash per scope", async () => {
			const client = await connect();
			const store = new RedisCodecStore({ client, prefix: "t:" });
			const s = scope();
			const names = new SharedCodec({ store, scope: s });
			await names.sync(["github/search", "linear.list_issues"]);
			const inspect = await connect();
			const raw = await send(inspect, ["HGETALL", `t:{${s}}:names`]);
			expect(pairsOf(raw)).toEqual(
				new Map([
					["github/search", "github_search"],
					["linear.list_issues", "linear_list_issues"],
				]),
			);
			expect(store.keysOf(s).names).toBe(`t:{${s}}:names`);
			const meta = pairsOf(await send(inspect, ["HGETALL", `t:{${s}}:meta`]));
			expect(meta.get("version")).toBe("1");
			expect(JSON.parse(meta.get("profile") ?? "{}").name).toBe("openai");
		});

		it("ends racing claims from many clients with one assignment", async () => {
			const s = scope();
			const replicas = await Promise.all(
				Array.from({ length: 8 }, async () => {
					const store = new RedisCodecStore({ client: await connect() });
					return new SharedCodec({ store, scope: s });
				}),
			);
			const names = ["a/b", "a.b", "a_b", "c/d", "c.d", "e:f", "e/f"];
			await Promise.all(
				replicas.map((replica, i) =>
					replica.sync(i % 2 === 0 ? names : [...names].reverse()),
				),
			);
			const stored = new Map(
				(await new RedisCodecStore({ client: await connect() }).load(s)).names,
			);
			expect(stored.size).toBe(names.length);
			for (const replica of replicas)
				expect(new Map(replica.codec.toJSON().names)).toEqual(stored);
		});

		it("refuses a replica of another profile on the same scope", async () => {
			const store = new RedisCodecStore({ client: await connect() });
			const s = scope();
			await new SharedCodec({ store, scope: s }).sync(["a/b"]);
			const error = await rejection(
				new SharedCodec({ store, scope: s, profile: "portable" }).sync(["c"]),
			);
			expect(isMcpToolNamesError(error)).toBe(true);
			expect((error as { code: string }).code).toBe("profile-mismatch");
		});

		it("lets scopes nobody uses expire after ttlSeconds", async () => {
			const client = await connect();
			const store = new RedisCodecStore({ client, ttlSeconds: 60 });
			const s = scope();
			await new SharedCodec({ store, scope: s }).sync(["a/b"]);
			for (const key of Object.values(store.keysOf(s))) {
				const ttl = Number(await send(client, ["PTTL", key]));
				expect(ttl).toBeGreaterThan(0);
				expect(ttl).toBeLessThanOrEqual(60_000);
			}
			const forever = new RedisCodecStore({ client });
			const t = scope();
			await new SharedCodec({ store: forever, scope: t }).sync(["a/b"]);
			expect(
				Number(await send(client, ["PTTL", forever.keysOf(t).names])),
			).toBe(-1);
		});

		it("rejects a claim of another shape or a scope that is not a string before sending anything", async () => {
			const client = await connect();
			const store = new RedisCodecStore({ client });
			const s = scope();
			const bad = { profile: "p", epoch: "", version: "0", names: [] };
			expect(await rejectionOf(() => store.claim(s, bad as never))).toEqual({
				code: "invalid-argument",
				message:
					'RedisCodecStore.claim expects claim.version to be a non-negative integer, got "0"',
			});
			expect(
				(await rejectionOf(() => store.claim(s, trap as never))).code,
			).toBe("invalid-argument");
			expect(
				Number(
					await send(client, ["EXISTS", ...Object.values(store.keysOf(s))]),
				),
			).toBe(0);
			expect(await rejectionOf(() => store.load(null as never))).toEqual({
				code: "invalid-argument",
				message: "RedisCodecStore.load expects scope to be a string, got null",
			});
			expect(failureOf(() => store.keysOf(Symbol("s") as never)).message).toBe(
				"RedisCodecStore.keysOf expects scope to be a string, got symbol Symbol(s)",
			);
		});

		it("rejects a client of another shape and bad options", () => {
			expect(
				failureOf(() => new RedisCodecStore({ client: {} as never })),
			).toEqual({
				code: "invalid-option",
				message:
					"RedisCodecStore option client must be a node-redis client or cluster (sendCommand) or an ioredis client or cluster (call), got an object",
			});
			expect(failureOf(() => new RedisCodecStore(trap as never))).toEqual({
				code: "invalid-argument",
				message:
					"RedisCodecStore could not read options (an object): hostile ownKeys",
			});
			expect(
				failureOf(() => new RedisCodecStore({ client: trap as never })),
			).toEqual({
				code: "invalid-argument",
				message:
					"RedisCodecStore expects options.client to be a node-redis client or cluster (sendCommand) or an ioredis client or cluster (call), got an object that throws when read: hostile getter",
			});
			for (const options of [
				{ client: {} },
				{ client: { call: async () => 1 }, ttlSeconds: 0 },
				{ client: { call: async () => 1 }, prefix: 1 },
			]) {
				let error: unknown;
				try {
					new RedisCodecStore(options as never);
				} catch (caught) {
					error = caught;
				}
				expect((error as { code: string }).code).toBe("invalid-option");
			}
		});
	});
}

describe("RedisCodecStore when Redis goes away", () => {
	it("keeps known names, fails new ones with store-unavailable, and recovers when Redis is back", async () => {
		const kit = KITS[0] as Kit;
		const connection = await kit.connect(redis.url);
		closers.push(connection.close);
		const store = new RedisCodecStore({ client: connection.client });
		const s = scope();
		const names = new SharedCodec({ store, scope: s, timeoutMs: 500 });
		await names.sync(["known/tool"]);
		await redis.stop("SIGKILL");
		try {
			await names.sync(["known/tool"]);
			expect(names.codec.encode("known/tool")).toBe("known_tool");
			expect(await names.lookup("known_tool")).toBe("known/tool");
			const error = await rejection(names.sync(["new/tool"]));
			expect((error as { code: string }).code).toBe("store-unavailable");
			expect(names.codec.wireNameOf("new/tool")).toBeUndefined();
		} finally {
			await redis.restart();
		}
		// Persistent Redis: nothing lost; the script cache is gone (NOSCRIPT): EVAL runs it.
		const other = new SharedCodec({ store, scope: s, timeoutMs: 5000 });
		await retry(() => names.sync(["new/tool"]));
		await other.sync(["new/tool", "known/tool"]);
		expect(other.codec.toJSON().names).toEqual(names.codec.toJSON().names);
	}, 30_000);
});

async function retry(task: () => Promise<void>): Promise<void> {
	for (let attempt = 0; ; attempt++) {
		try {
			return await task();
		} catch (error) {
			if (attempt >= 40) throw error;
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
	}
}

function send(client: RedisClientLike, args: string[]): Promise<unknown> {
	if ("call" in client) return client.call(args[0] as string, ...args.slice(1));
	return "getMasters" in client
		? client.sendCommand(undefined, false, args)
		: client.sendCommand(args);
}

function pairsOf(raw: unknown): Map<string, string> {
	if (!Array.isArray(raw))
		return new Map(Object.entries(raw as Record<string, string>));
	const map = new Map<string, string>();
	for (let i = 0; i + 1 < raw.length; i += 2)
		map.set(String(raw[i]), String(raw[i + 1]));
	return map;
}
