/**
 * A small MCP stdio server whose tool names come from real MCP servers and proxies and
 * cover every naming problem providers reject: namespaces with `/` and `.`, camelCase, a name
 * over 64 characters, CJK names, names that collide once sanitized, a leading digit, a space,
 * and names that are valid as they are. `mcp-tool-names audit` runs it when given no target;
 * the sources of the names are in README.md.
 *
 * Run it: `node --import tsx examples/demo-server/server.ts` (or the built `dist/demo-server.js`).
 *
 * @module
 */
import process from "node:process";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createDemoServer } from "./tools.js";

createDemoServer()
	.connect(new StdioServerTransport())
	.catch((error: unknown) => {
		process.stderr.write(`demo server: ${String(error)}\n`);
		process.exitCode = 1;
	});
