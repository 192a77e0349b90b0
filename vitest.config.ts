import { defineConfig } from "vitest/config";

export default defineConfig({
	test: {
		include: ["tests/**/*.test.ts"],
		typecheck: { enabled: true, include: ["tests/**/*.test-d.ts"] },
		testTimeout: 30_000,
		hookTimeout: 30_000,
	},
});
