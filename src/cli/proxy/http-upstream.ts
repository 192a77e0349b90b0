import type { ProxyLogger } from "./log.js";
import type { UpstreamLink } from "./stdio-upstream.js";

export interface HttpUpstreamOptions {
	url: string;
	headers: Record<string, string>;
	timeoutMs: number;
	log: ProxyLogger;
	onMessage(bytes: Buffer): void;
}

export async function connectHttpUpstream(
	_options: HttpUpstreamOptions,
): Promise<UpstreamLink> {
	throw new Error("not yet");
}
