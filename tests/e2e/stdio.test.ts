import { fileURLToPath } from "node:url";
import { Client as ClientV2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as StdioV2 } from "@modelcontextprotocol/client/stdio";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as StdioV1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { describe } from "vitest";
import { acceptance, type E2eClient } from "./_acceptance.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const fixture = (name: string): string =>
	fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

/** Starts a fixture as a real child process and connects an SDK client over its stdio. */
function spawnWith(
	Client: typeof ClientV1 | typeof ClientV2,
	Stdio: typeof StdioV1 | typeof StdioV2,
	file: string,
) {
	// closing the client closes its transport, which ends the child process
	return async (resolve: boolean) => {
		const transport = new Stdio({
			command: process.execPath,
			args: ["--import", "tsx", fixture(file)],
			cwd: ROOT,
			env: {
				...process.env,
				MCP_TOOL_NAMES_RESOLVE: resolve ? "1" : "0",
			} as Record<string, string>,
			stderr: "ignore",
		});
		const client = new Client({ name: "e2e-stdio", version: "1.0.0" });
		await client.connect(transport as never);
		return client as unknown as E2eClient & { close(): Promise<void> };
	};
}

describe("wrapServer over real stdio, SDK 1.x", () => {
	acceptance(spawnWith(ClientV1, StdioV1, "stdio-v1.ts"));
});

describe("wrapServer over real stdio, SDK 2.x", () => {
	acceptance(spawnWith(ClientV2, StdioV2, "stdio-v2.ts"));
});
