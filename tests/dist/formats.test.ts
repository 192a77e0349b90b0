import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { DIST, requireBuild } from "./_dist.js";

requireBuild();

const require = createRequire(import.meta.url);
const load = (entry: string): Promise<Record<string, unknown>> =>
	import(pathToFileURL(join(DIST, entry)).href) as Promise<
		Record<string, unknown>
	>;

type CodecClass = new () => { encode(name: string): string };
type RewriterClass = new (options?: object) => { codec: unknown };

describe("built package", () => {
	it("gives the same classes to every CommonJS entry", () => {
		const core = require(join(DIST, "index.cjs")) as {
			WireNameCodec: CodecClass;
		};
		const jsonrpc = require(join(DIST, "jsonrpc.cjs")) as {
			WireRewriter: RewriterClass;
		};
		expect(new jsonrpc.WireRewriter().codec).toBeInstanceOf(core.WireNameCodec);
	});

	it("gives the same classes to every ES module entry", async () => {
		const core = (await load("index.js")) as { WireNameCodec: CodecClass };
		const jsonrpc = (await load("jsonrpc.js")) as {
			WireRewriter: RewriterClass;
		};
		expect(new jsonrpc.WireRewriter().codec).toBeInstanceOf(core.WireNameCodec);
	});

	it("recognises its errors across the ESM and CJS copies", async () => {
		const esm = (await load("index.js")) as { WireNameCodec: CodecClass };
		const cjs = require(join(DIST, "index.cjs")) as {
			isMcpToolNamesError(e: unknown): boolean;
		};
		let caught: unknown;
		try {
			new esm.WireNameCodec().encode("");
		} catch (error) {
			caught = error;
		}
		expect(cjs.isMcpToolNamesError(caught)).toBe(true);
	});

	it("encodes the same way from both formats", async () => {
		const esm = (await load("index.js")) as { WireNameCodec: CodecClass };
		const cjs = require(join(DIST, "index.cjs")) as {
			WireNameCodec: CodecClass;
		};
		const name = "all/websearch/搜索";
		expect(new esm.WireNameCodec().encode(name)).toBe(
			new cjs.WireNameCodec().encode(name),
		);
	});
});
