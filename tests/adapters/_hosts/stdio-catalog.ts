// The host catalog over real stdio, started by the tests as `node --import tsx stdio-catalog.ts`.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import {
	ARGUMENT_CATALOG,
	catalogServer,
	TABLE_CATALOG,
} from "./catalog-server.js";

// The SDK warns on stderr about names such as `a/b`; those names are the point here.
console.warn = () => {};

// `arguments` as the first argument serves the catalog whose schemas decide (rule 7), `table`
// the one-answer table's.
const catalogs = { arguments: ARGUMENT_CATALOG, table: TABLE_CATALOG };
const catalog = catalogs[process.argv[2] as keyof typeof catalogs];
await catalogServer(catalog).server.connect(new StdioServerTransport());
