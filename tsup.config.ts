import { defineConfig } from "tsup";

export default defineConfig({
	entry: {
		index: "src/index.ts",
		jsonrpc: "src/adapters/jsonrpc/index.ts",
		sdk: "src/adapters/sdk/index.ts",
		testing: "src/testing/index.ts",
		cli: "src/cli/bin.ts",
	},
	format: ["esm", "cjs"],
	dts: true,
	splitting: true,
	clean: true,
	target: "es2022",
	platform: "neutral",
	treeshake: true,
	sourcemap: false,
});
