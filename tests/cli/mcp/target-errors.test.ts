import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import {
	HttpStatus,
	linkFailureReason,
	spawnFailure,
} from "../../../src/cli/mcp/target-errors.js";
import { startServerProcess } from "../../../src/cli/process/server-process.js";

const servers: Server[] = [];
afterAll(async () => {
	await Promise.all(
		servers.map((server) => new Promise((done) => server.close(done))),
	);
});

/** A real HTTP server on 127.0.0.1. */
async function listen(): Promise<URL> {
	const server = createServer((_request, response) => response.end("{}"));
	servers.push(server);
	await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
	const { port } = server.address() as AddressInfo;
	return new URL(`http://127.0.0.1:${port}/mcp`);
}

async function fetchError(url: URL): Promise<unknown> {
	try {
		const response = await fetch(url);
		await response.body?.cancel();
	} catch (error) {
		return error;
	}
	throw new Error(`${url.href} answered`);
}

describe("linkFailureReason", () => {
	it("says the connection was refused when nothing listens", async () => {
		const url = await listen();
		const server = servers.pop();
		await new Promise((done) => server?.close(done));
		expect(linkFailureReason(await fetchError(url), url)).toBe(
			"connection refused",
		);
	});

	it("names a TLS failure with its code", async () => {
		const plain = await listen();
		const url = new URL(plain.href.replace("http:", "https:"));
		expect(linkFailureReason(await fetchError(url), url)).toMatch(
			/^TLS error \(ERR_SSL_[A-Z_]+\)$/,
		);
	});

	it("gives an HTTP status as its number", () => {
		const url = new URL("http://127.0.0.1/mcp");
		expect(linkFailureReason(new HttpStatus(503, "Busy"), url)).toBe(
			"HTTP 503",
		);
	});
});

describe("spawnFailure", () => {
	it("says a command was not found, with the hint when it holds a space", async () => {
		for (const command of [
			"mcp-tool-names-no-such-command",
			"mcp-tool-names-no-such-command --stdio",
		]) {
			const server = startServerProcess({ command, args: [] });
			const error = await server.spawned.then(
				() => undefined,
				(failure: unknown) => failure,
			);
			await server.end();
			expect(spawnFailure(error, command)).toBe(
				command.includes(" ")
					? `Cannot start ${JSON.stringify(command)}: command not found; write the command and its arguments as separate words after --`
					: `Cannot start ${JSON.stringify(command)}: command not found`,
			);
		}
	});

	it("is undefined for an error that is not a failed spawn", () => {
		expect(spawnFailure(new Error("boom"), "node")).toBeUndefined();
	});
});
