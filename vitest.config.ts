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
		testTimeout: 30_000,
		hookTimeout: 30_000,
	},
});
