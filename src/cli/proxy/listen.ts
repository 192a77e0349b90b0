import type { ProxyContext } from "./run.js";

export async function runListen(_context: ProxyContext): Promise<number> {
	throw new Error("not yet");
}
