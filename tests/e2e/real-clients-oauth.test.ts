// `proxy --listen` with a token, met by clients without it. They read the 401 as OAuth, go on to
// discovery and dynamic client registration, and the proxy answers both so that each client
// shows how to send the token and ends within seconds, instead of waiting for a browser.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { STATIC_TOKEN_HINT } from "../../src/cli/proxy/_listen-oauth.js";
import {
	cleanupsAfterEach,
	type HttpAnswer,
	send,
	serveFixture,
} from "./_listen.js";
import {
	asInstalled,
	BIN,
	type ClientRun,
	clientEnv,
	DESKTOP_INITIALIZE,
	documentedCommand,
	runClient,
	StdioDriver,
	shellWords,
	TOKEN,
	tokenProxyForSuite,
} from "./_real-clients.js";

/** The discovery paths the three clients were seen to ask for, for a server at /mcp. */
const DISCOVERY_PATHS = [
	"/.well-known/oauth-protected-resource/mcp",
	"/.well-known/oauth-protected-resource",
	"/.well-known/oauth-authorization-server/mcp",
	"/.well-known/oauth-authorization-server",
	"/.well-known/openid-configuration/mcp",
	"/.well-known/openid-configuration",
	"/mcp/.well-known/openid-configuration",
];

/** A raw request to `path` on the proxy's origin. */
function at(
	url: URL,
	path: string,
	method: string,
	headers: Record<string, string> = {},
): Promise<HttpAnswer> {
	return send(new URL(path, url), {
		method,
		headers: { "content-type": "application/json", ...headers },
		...(method === "POST"
			? { body: JSON.stringify({ redirect_uris: ["http://localhost/cb"] }) }
			: {}),
	});
}

describe("answerOAuth", () => {
	const cleanups = cleanupsAfterEach();
	const env = { MCP_TOOL_NAMES_TOKEN: TOKEN };

	it("refuses a client registration with invalid_client_metadata and the sentence, and has no discovery document", async () => {
		const { url, proxy } = await serveFixture(cleanups, [], env);
		const registered = await at(url, "/register", "POST");
		expect(registered.status).toBe(400);
		expect(registered.headers["content-type"]).toBe("application/json");
		expect(JSON.parse(registered.body)).toEqual({
			error: "invalid_client_metadata",
			error_description: STATIC_TOKEN_HINT,
		});
		for (const path of DISCOVERY_PATHS) {
			const found = await at(url, path, "GET");
			expect(found.status, path).toBe(404);
			expect(JSON.parse(found.body).error_description, path).toBe(
				STATIC_TOKEN_HINT,
			);
		}
		// The MCP endpoint itself still answers 401 with its challenge.
		const mcp = await at(url, "/mcp", "POST");
		expect(mcp.status).toBe(401);
		expect(mcp.headers["www-authenticate"]).toMatch(/^Bearer /);
		expect(proxy.stderr()).toMatch(
			/Refused POST \/register from 127\.0\.0\.1: 400, an OAuth client registration; the proxy takes the bearer token in MCP_TOOL_NAMES_TOKEN/,
		);
	});

	it("keeps the Host and Origin checks in front of these answers", async () => {
		const { url } = await serveFixture(cleanups, [], env);
		for (const [path, method] of [
			["/register", "POST"],
			["/.well-known/oauth-authorization-server", "GET"],
		] as const) {
			const host = await at(url, path, method, { host: "evil.example" });
			expect(host.status).toBe(403);
			expect(host.body).not.toContain("OAuth");
			const origin = await at(url, path, method, {
				origin: "https://evil.example",
			});
			expect(origin.status).toBe(403);
			expect(origin.body).not.toContain("OAuth");
		}
	});

	it("answers nothing of OAuth without a token configured, nor to a client that sends the token", async () => {
		const open = await serveFixture(cleanups);
		const bare = await at(open.url, "/register", "POST");
		expect(bare.status).toBe(404);
		expect(bare.body).not.toContain("OAuth");
		const guarded = await serveFixture(cleanups, [], env);
		const authorized = { authorization: `Bearer ${TOKEN}` };
		for (const [path, method] of [
			["/register", "POST"],
			["/.well-known/oauth-protected-resource", "GET"],
		] as const) {
			const answer = await at(guarded.url, path, method, authorized);
			expect(answer.status).toBe(404);
			expect(answer.body).toContain("the MCP endpoint is /mcp");
		}
	});
});

describe.concurrent("clients without the token", () => {
	const suite = tokenProxyForSuite();
	const home = (): string => suite.home();
	/** Runs a pinned client's bin with `args`, no token anywhere in its environment. */
	const run = (
		bin: string,
		args: readonly string[],
		extra: Record<string, string> = {},
	): Promise<ClientRun> => {
		const dir = home();
		return runClient(process.execPath, [join(BIN, bin), ...args], {
			env: clientEnv(dir, extra),
			cwd: dir,
		});
	};
	/** The client ended by itself, in seconds, having printed the sentence. */
	const endedWithHint = (ran: ClientRun, output: string): void => {
		// Killed after 25 s otherwise (code null); a few seconds is what each takes.
		expect(ran.code, output).not.toBeNull();
		expect(ran.code).not.toBe(0);
		expect(output).toContain(STATIC_TOKEN_HINT);
	};

	it("the Inspector's CLI in a terminal shows the sentence as its registration error", async () => {
		// MCP_AUTO_OPEN_ENABLED=true is the Inspector's own stand-in for a terminal: it then
		// goes on to OAuth as it does for a person at one.
		const ran = await run(
			"mcp-inspector",
			["--cli", suite.served.url.href, "--method", "tools/list"],
			{ MCP_AUTO_OPEN_ENABLED: "true" },
		);
		endedWithHint(ran, ran.stderr);
		expect(ran.stderr).toContain(
			"Dynamic Client Registration rejected (HTTP 400)",
		);
	});

	it("the Inspector's CLI without a terminal stops at the 401 with its own line", async () => {
		const ran = await run("mcp-inspector", [
			"--cli",
			suite.served.url.href,
			"--method",
			"tools/list",
		]);
		expect(ran.code, ran.stdout + ran.stderr).not.toBeNull();
		expect(ran.code).not.toBe(0);
		expect(ran.stderr).toContain("Interactive OAuth requires a TTY");
	});

	it("mcp-remote, started as Claude Desktop starts it, exits with the sentence instead of waiting for a browser", async () => {
		const dir = home();
		const desktop = new StdioDriver(
			process.execPath,
			[join(BIN, "mcp-remote"), suite.served.url.href],
			{ env: clientEnv(dir), cwd: dir },
		);
		const answer = desktop
			.request(0, "initialize", DESKTOP_INITIALIZE)
			.catch((error: Error) => error);
		const exited = await Promise.race([
			desktop.exited,
			new Promise<"running">((resolve) =>
				setTimeout(() => resolve("running"), 20_000),
			),
		]);
		await desktop.close();
		expect(exited, desktop.stderr).toBe(1);
		expect(desktop.stderr).toContain("RegistrationRejectedError");
		expect(desktop.stderr).toContain(STATIC_TOKEN_HINT);
		expect(desktop.stderr).not.toContain("Waiting for authorization");
		// Claude Desktop's initialize gets no answer: the process is gone.
		expect(await answer).toBeInstanceOf(Error);
	}, 45_000);

	it("mcporter call prints the sentence as its first line", async () => {
		const ran = await run("mcporter", [
			"call",
			"--http-url",
			suite.served.url.href,
			"--allow-http",
			"web_search",
			"q=hi",
		]);
		endedWithHint(ran, ran.stderr);
		expect(ran.stderr.split("\n")[0]).toBe(`[mcporter] ${STATIC_TOKEN_HINT}`);
	});

	it("mcporter call with a wrong token in the documented flags prints the sentence too", async () => {
		const dir = home();
		const env = clientEnv(dir, { MCP_TOOL_NAMES_TOKEN: "not-the-token" });
		const { command, args } = asInstalled(
			shellWords(documentedCommand("npx mcporter call --http-url"), env),
			suite.served.url,
		);
		const ran = await runClient(command, args, { env, cwd: dir });
		endedWithHint(ran, ran.stderr);
		expect(ran.stderr.split("\n")[0]).toBe(`[mcporter] ${STATIC_TOKEN_HINT}`);
	});

	it("mcporter list points to mcporter auth, which prints the sentence", async () => {
		const listed = await run("mcporter", [
			"list",
			"--http-url",
			suite.served.url.href,
			"--allow-http",
		]);
		expect(listed.code, listed.stderr).not.toBeNull();
		expect(listed.stderr).toContain(
			"Reason: SSE error: Non-200 status code (401)",
		);
		expect(listed.stderr).toContain(
			`Next: run 'mcporter auth ${suite.served.url.href}'`,
		);
		const auth = await run("mcporter", [
			"auth",
			suite.served.url.href,
			"--allow-http",
		]);
		endedWithHint(auth, auth.stderr);
		expect(auth.stderr.split("\n")[0]).toMatch(
			/^\[mcporter\] Failed to authorize '[^']+': This MCP server/,
		);
	});
});
