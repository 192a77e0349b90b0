import { defineConfig } from "tsup";

export default defineConfig([
	{
		// The library: ESM + CJS + declarations. `splitting` makes the entries share one copy
		// of the core in both formats, so `WireNameCodec` is the same class everywhere.
		entry: {
			index: "src/index.ts",
			jsonrpc: "src/adapters/jsonrpc/index.ts",
			sdk: "src/adapters/sdk/index.ts",
			testing: "src/testing/index.ts",
			ai: "src/adapters/ai/index.ts",
			"openai-agents": "src/adapters/openai-agents/index.ts",
			langchain: "src/adapters/langchain/index.ts",
			redis: "src/adapters/redis/index.ts",
		},
		format: ["esm", "cjs"],
		dts: true,
		splitting: true,
		clean: false,
		target: "es2022",
		platform: "neutral",
		treeshake: true,
		// The event-stream parser of `rewriteEventStream` is bundled into the jsonrpc chunk, so
		// the package's one runtime dependency stays fastest-levenshtein.
		noExternal: ["eventsource-parser"],
	},
	{
		// The CLI and the demo server it audits by default: ESM only, for Node. The Redis client
		// of `--store` (ioredis, a devDependency here and an optional peer of the library) is
		// bundled in, so `npx -y mcp-tool-names proxy --store …` installs one package and the
		// library's runtime dependencies stay `fastest-levenshtein` alone. ioredis is CommonJS:
		// its `require("net")` and the like need a real `require` inside the ES module.
		entry: {
			cli: "src/cli/bin.ts",
			"demo-server": "examples/demo-server/server.ts",
		},
		format: ["esm"],
		dts: false,
		splitting: true,
		clean: false,
		target: "node20",
		platform: "node",
		removeNodeProtocol: false,
		// What the CLI buys is bundled too: cross-spawn (servers behind `.cmd` shims on
		// Windows, CommonJS as well) and the event-stream parser.
		noExternal: ["ioredis", "cross-spawn", "eventsource-parser"],
		banner: {
			js: 'import { createRequire as __cliCreateRequire } from "node:module";\nconst require = __cliCreateRequire(import.meta.url);',
		},
	},
]);
