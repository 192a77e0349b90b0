// The host catalog over real stdio, started by the tests as `node --import tsx stdio-catalog.ts`.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { catalogServer } from "./catalog-server.js";

await catalogServer().server.connect(new StdioServerTransport());
