import type { WireNameCodec } from "../../index.js";

/**
 * The codec behind each tool `wireTools` returned, so `repairToolCall` routes on the
 * canonical names (and their namespaces) the wire names stand for. Module-local.
 */
export const WIRED: WeakMap<object, WireNameCodec> = new WeakMap();
