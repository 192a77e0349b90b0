// The host catalog over real stdio, started by the tests as `node --import tsx stdio-catalog.ts`.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { catalogServer } from "./catalog-server.js";

// The SDK warns on stderr about names such as `a/b`; those names are the point here.
console.warn = () => {};

await catalogServer().server.connect(new StdioServerTransport());
