// A real client launched again and again against `proxy --listen --max-sessions 32`, as a user
// or a script does: the MCP Inspector's CLI ends no session (it sends no DELETE), so each launch
// leaves one behind. At the cap the least recently used idle session gives way; every launch
// succeeds and no more than 32 servers ever run.
import { describe, expect, it } from "vitest";
import { isAlive, pidsIn, scratch } from "./_proxy.js";
import {
	asInstalled,
	clientEnv,
	documentedCommand,
	runClient,
	serveWithToken,
	shellWords,
	TOKEN,
} from "./_real-clients.js";

const LAUNCHES = 40;
const MAX_SESSIONS = 32;

describe("proxy --listen --max-sessions with a client that never ends its sessions", () => {
	it(`serves ${LAUNCHES} sequential launches of the Inspector's CLI, each listing and calling, with at most ${MAX_SESSIONS} servers`, async () => {
		const served = await serveWithToken([
			"--max-sessions",
			String(MAX_SESSIONS),
		]);
		const { dir, dispose } = scratch();
		// The servers alive, sampled all along: a server must be gone before its place is taken.
		let most = 0;
		const sampler = setInterval(() => {
			most = Math.max(most, pidsIn(served.pidFile).filter(isAlive).length);
		}, 25);
		try {
			const env = clientEnv(dir, { MCP_TOOL_NAMES_TOKEN: TOKEN });
			// The documented call: the Inspector lists the tools, then calls one.
			const { command, args } = asInstalled(
				shellWords(
					documentedCommand(
						'npx @modelcontextprotocol/inspector --cli http://127.0.0.1:8080/mcp --header "Authorization: Bearer $MCP_TOOL_NAMES_TOKEN" --method tools/call',
					),
					env,
				),
				served.url,
			);
			for (let launch = 1; launch <= LAUNCHES; launch += 1) {
				const run = await runClient(command, args, { env, cwd: dir });
				expect(run.code, `launch ${launch}: ${run.stderr}`).toBe(0);
				expect(run.stdout).toContain('web/search {\\"q\\":\\"hi\\"}');
			}
			expect(pidsIn(served.pidFile)).toHaveLength(LAUNCHES);
			expect(most).toBeLessThanOrEqual(MAX_SESSIONS);
			// Each launch's session stays (none was idle for --session-idle): the cap is full.
			const alive = (): number => pidsIn(served.pidFile).filter(isAlive).length;
			for (let wait = 0; alive() > MAX_SESSIONS && wait < 100; wait += 1)
				await new Promise((resolve) => setTimeout(resolve, 50));
			expect(alive()).toBe(MAX_SESSIONS);
		} finally {
			clearInterval(sampler);
			dispose();
			await served.close();
		}
	}, 300_000);
});
