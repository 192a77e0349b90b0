import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const src = (path: string): string =>
	fileURLToPath(new URL(`./src/${path}`, import.meta.url));

export default defineConfig({
	resolve: {
		alias: [
			{ find: /^mcp-tool-names$/, replacement: src("index.ts") },
			{
				find: /^mcp-tool-names\/jsonrpc$/,
				replacement: src("adapters/jsonrpc/index.ts"),
			},
			{
				find: /^mcp-tool-names\/sdk$/,
				replacement: src("adapters/sdk/index.ts"),
			},
			{
				find: /^mcp-tool-names\/redis$/,
				replacement: src("adapters/redis/index.ts"),
			},
			{
				find: /^mcp-tool-names\/testing$/,
				replacement: src("testing/index.ts"),
			},
			{
				find: /^mcp-tool-names\/ai$/,
				replacement: src("adapters/ai/index.ts"),
			},
			{
				find: /^mcp-tool-names\/openai-agents$/,
				replacement: src("adapters/openai-agents/index.ts"),
			},
			{
				find: /^mcp-tool-names\/langchain$/,
				replacement: src("adapters/langchain/index.ts"),
			},
		],
	},
	test: {
		include: ["tests/**/*.test.ts"],
		typecheck: { enabled: true, include: ["tests/**/*.test-d.ts"] },
		// Most suites wait on child processes, sockets and npm, not the CPU: three workers on a
		// two-core machine take the run from 9.4 to 5.4 minutes (vitest's default is cores - 1).
		maxWorkers: 3,
		// Guards against a hang, not a measure: the load and volume tests take up to 20 s on an
		// idle machine and twice that beside another run.
		testTimeout: 60_000,
		hookTimeout: 60_000,
		// expect.poll waits on processes (a CLI that starts and fails, a log line): 1 s, the
		// default, is less than a node start takes on a loaded machine.
		expect: { poll: { timeout: 10_000 } },
	},
});
