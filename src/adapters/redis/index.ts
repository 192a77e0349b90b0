/**
 * Shared wire-name state for many replicas: {@link SharedCodec} binds a codec to a scope of
 * a {@link CodecStore}, and {@link RedisCodecStore} keeps that store on a Redis or Valkey
 * server through `redis` (node-redis) or `ioredis`, both optional peers.
 *
 * @module mcp-tool-names/redis
 */

export type { SharedCodecOptions } from "../../core/shared-codec.js";
export { SharedCodec } from "../../core/shared-codec.js";
export type {
	ClaimOutcome,
	CodecStore,
	NameClaim,
	StoredNames,
} from "../../core/store.js";
export { MemoryCodecStore, mergeClaim } from "../../core/store.js";
export type {
	IORedisClientLike,
	NodeRedisClientLike,
	NodeRedisClusterLike,
	RedisClientLike,
} from "./client.js";
export type { RedisCodecStoreOptions } from "./store.js";
export { RedisCodecStore } from "./store.js";
