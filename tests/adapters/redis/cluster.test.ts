// The library entry on a real 3-master Redis Cluster, through node-redis `createCluster` and
// ioredis `Cluster`: scopes on three different nodes, and scripts flushed on every node.
import { Cluster } from "ioredis";
import { createCluster } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
	type RedisClientLike,
	RedisCodecStore,
	SharedCodec,
} from "../../../src/adapters/redis/index.js";
import {
	RedisCluster,
	scopesOnEveryNode,
} from "../../_support/redis-server.js";

let cluster: RedisCluster;
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
	cluster = await RedisCluster.start();
}, 60_000);

afterAll(async () => {
	for (const close of closers) await close();
	await cluster?.close();
}, 30_000);

const KITS: Array<{ name: string; connect(): Promise<RedisClientLike> }> = [
	{
		name: "node-redis createCluster",
		async connect() {
			const seed = cluster.nodes[0]?.url as string;
			const client = createCluster({ rootNodes: [{ url: seed }] });
			client.on("error", () => {});
			await client.connect();
			closers.push(async () => void client.destroy());
			return client;
		},
	},
	{
		name: "ioredis Cluster",
		async connect() {
			const client = new Cluster([
				{ host: "127.0.0.1", port: cluster.nodes[1]?.port as number },
			]);
			client.on("error", () => {});
			closers.push(async () => void client.disconnect());
			return client;
		},
	},
];

const NAMES = ["a/b", "a.b", "a_b", "github/search", "github.search"];

describe("RedisCodecStore on a Redis Cluster", () => {
	it("shares names on scopes of three nodes between node-redis and ioredis cluster clients, also after SCRIPT FLUSH on every node", async () => {
		const [first, second] = await Promise.all(KITS.map((kit) => kit.connect()));
		const stores = [first, second].map(
			(client) => new RedisCodecStore({ client: client as RedisClientLike }),
		);
		const before = cluster.keysPerNode();
		const scopes = scopesOnEveryNode("cluster");
		for (const [index, scope] of scopes.entries()) {
			const writer = stores[index % 2] as RedisCodecStore;
			const reader = stores[(index + 1) % 2] as RedisCodecStore;
			const a = new SharedCodec({ store: writer, scope });
			await a.sync(NAMES.slice(0, 3));
			// Every node forgets the scripts: EVAL runs them on the node of the scope.
			cluster.onEveryNode("SCRIPT", "FLUSH");
			await a.sync(NAMES);
			const b = new SharedCodec({ store: reader, scope });
			await b.sync([...NAMES].reverse());
			expect(b.codec.toJSON().names).toEqual(a.codec.toJSON().names);
			expect(await b.lookup("a_b_2")).toBe(a.codec.lookup("a_b_2"));
			expect(a.codec.lookup("a_b_2")).toBeDefined();
			cluster.onEveryNode("SCRIPT", "FLUSH");
			expect((await reader.load(scope)).names).toEqual(
				(await writer.load(scope)).names,
			);
		}
		const after = cluster.keysPerNode();
		// Three keys per scope, on each of the three nodes.
		expect(after.map((count, i) => count - (before[i] as number))).toEqual([
			3, 3, 3,
		]);
	}, 60_000);
});
