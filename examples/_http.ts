/**
 * Plumbing the HTTP examples share (fastmcp.ts, mcp-proxy.ts): nothing about tool names here.
 */
import { createServer } from "node:net";

/**
 * A port that was free a moment ago: fastmcp and mcp-proxy need a number, and neither reports
 * the port it got for 0.
 *
 * @returns a port on 127.0.0.1
 * @example
 * ```ts
 * const port = await freePort();
 * ```
 */
export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const probe = createServer();
		probe.once("error", reject);
		probe.listen(0, "127.0.0.1", () => {
			const address = probe.address();
			probe.close(() =>
				typeof address === "object" && address !== null
					? resolve(address.port)
					: reject(new Error("no port")),
			);
		});
	});
}

/**
 * Closes a running example on SIGINT or SIGTERM, then exits: 0, or 1 when closing failed.
 *
 * @param running - what the example's `serveHttp` / `main` returned
 * @example
 * ```ts
 * closeOnSignal(await serveHttp());
 * ```
 */
export function closeOnSignal(running: { close(): Promise<void> }): void {
	const stop = (): void => {
		running.close().then(
			() => process.exit(0),
			() => process.exit(1),
		);
	};
	process.once("SIGINT", stop);
	process.once("SIGTERM", stop);
}
