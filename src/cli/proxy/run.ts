import { format } from "node:util";
import type { CliIo } from "../io.js";
import type { ProxyCommand } from "../options/proxy.js";
import { DEFAULT_START_TIMEOUT_MS } from "../options/values.js";
import type { ProxyContext } from "./_context.js";
import { runStdio } from "./_run-stdio.js";
import { runListen } from "./listen.js";
import { createProxyLogger } from "./log.js";
import { createRouting } from "./routing.js";
import { SnapshotFile } from "./snapshot.js";
import { type OpenStore, openStore } from "./store/open-store.js";

/**
 * `mcp-tool-names proxy`: runs until the client or the upstream goes away, and resolves
 * with the exit code (the upstream's own when it exited, 2 when it could not be started).
 *
 * @param command - the parsed command line
 * @param io - the client's stdio, stderr for the log, the environment for the upstream
 * @returns the exit code
 * @throws CliFailure `usage` for an unreadable `--snapshot`
 */
export async function runProxy(
	command: ProxyCommand,
	io: CliIo,
): Promise<number> {
	const log = createProxyLogger(io.stderr, command.logJson);
	const file =
		command.snapshot === undefined
			? undefined
			: new SnapshotFile(command.snapshot, command.profile, command.reserve);
	// One connection and one shared codec for every session of this process.
	let store: OpenStore | undefined;
	const consoleWarn = console.warn;
	if (command.store !== undefined) {
		// The Redis client warns on the console (a password Redis does not ask for): through
		// the log instead, so --log-json stays one JSON object per line.
		console.warn = (...args: unknown[]) =>
			log({ event: "store", message: `Redis client: ${format(...args)}` });
		try {
			store = await openStore(command.store, command.profile, command.reserve);
		} catch (error) {
			console.warn = consoleWarn;
			throw error;
		}
		log({
			event: "store",
			message: `Sharing wire names through ${command.store.url}, scope ${JSON.stringify(command.store.scope)}`,
			scope: command.store.scope,
		});
	}
	const context: ProxyContext = {
		command,
		io,
		log,
		sessionParts: () => {
			const routing = createRouting({
				profile: command.profile,
				reserve: command.reserve,
				// Each client session (over --listen) starts from the same snapshot.
				snapshot: file?.loaded,
				store: store?.shared,
				correct: command.correct,
				mode: command.mode,
				protection: command.protection,
				servers: command.serverNames,
				log,
			});
			const onCatalog = (): void => file?.save(routing, log);
			return {
				routing,
				log,
				timeoutMs: command.timeoutMs,
				// Each --listen session starts its own server, which may be downloading too.
				...(command.upstream.type === "stdio"
					? {
							startTimeoutMs:
								command.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS,
						}
					: {}),
				onCatalog,
			};
		},
	};
	try {
		return command.listen === undefined
			? await runStdio(context)
			: await runListen(context, command.listen);
	} finally {
		store?.close();
		console.warn = consoleWarn;
	}
}
