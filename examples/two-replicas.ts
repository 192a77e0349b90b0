// Two replicas of one MCP server sharing their wire names through Redis. Run it against any
// Redis: `node --import tsx examples/two-replicas.ts redis://127.0.0.1:6379` (each replica
// is its own process in production; here both live in one script so it runs on its own).
import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { RedisCodecStore, SharedCodec } from "mcp-tool-names/redis";
import { wrapServer } from "mcp-tool-names/sdk";
import { createClient } from "redis";

/** One replica: its own Redis connection, its own wrapped server, one client. */
async function replica(url: string, scope: string, tools: string[]) {
	const redis = createClient({ url, disableOfflineQueue: true });
	redis.on("error", () => {}); // reconnects on its own; calls fail typed meanwhile
	await redis.connect();
	const store = new SharedCodec({
		store: new RedisCodecStore({ client: redis }),
		scope,
	});
	const server = new McpServer({ name: "search", version: "1.0.0" });
	wrapServer(server, { store });
	const registered = tools.map((name) =>
		server.registerTool(name, {}, async () => ({
			content: [{ type: "text", text: `ran ${name}` }],
		})),
	);
	const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
	await server.connect(serverSide);
	const client = new Client({ name: "host", version: "1.0.0" });
	await client.connect(clientSide);
	const close = async () => {
		await client.close();
		redis.destroy();
	};
	return { server, registered, client, close };
}

export async function main(
	url = "redis://127.0.0.1:6379",
	log: (line: string) => void = console.log,
): Promise<void> {
	const scope = `example-${process.pid}-${Date.now()}`;
	const a = await replica(url, scope, ["github/search"]);
	const names = async (r: typeof a) =>
		(await r.client.listTools()).tools.map((tool) => tool.name).join(", ");
	log(`replica A lists: ${await names(a)}`); // github_search
	// The upstream renames its tool: github_search stays github/search's (a model may
	// still hold that list), so the newcomer gets a suffix.
	a.registered[0]?.remove();
	a.server.registerTool("github.search", {}, async () => ({
		content: [{ type: "text", text: "ran github.search" }],
	}));
	log(`replica A lists: ${await names(a)}`); // github_search_2

	// Replica B starts now and has only ever seen github.search. Alone, it would call it
	// github_search; through the store it answers as A does.
	const b = await replica(url, scope, ["github.search"]);
	const result = await b.client.callTool({ name: "github_search_2" });
	log(`replica B routes github_search_2 to: ${JSON.stringify(result.content)}`);
	log(`replica B lists: ${await names(b)}`); // github_search_2
	await a.close();
	await b.close();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
	await main(process.argv[2]);
}
