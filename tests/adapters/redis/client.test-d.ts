import type { Cluster, Redis } from "ioredis";
import type { RedisClientLike } from "mcp-tool-names/redis";
import type { createClient, createCluster } from "redis";
import { describe, expectTypeOf, it } from "vitest";

describe("RedisClientLike", () => {
	it("accepts a node-redis 5 client", () => {
		expectTypeOf<ReturnType<typeof createClient>>().toExtend<RedisClientLike>();
	});

	it("accepts an ioredis 5 client", () => {
		expectTypeOf<Redis>().toExtend<RedisClientLike>();
	});

	it("accepts a node-redis 5 cluster client", () => {
		expectTypeOf<
			ReturnType<typeof createCluster>
		>().toExtend<RedisClientLike>();
	});

	it("accepts an ioredis 5 Cluster", () => {
		expectTypeOf<Cluster>().toExtend<RedisClientLike>();
	});

	it("rejects an object that can send no command", () => {
		expectTypeOf<{
			get(key: string): Promise<string>;
		}>().not.toExtend<RedisClientLike>();
	});
});
