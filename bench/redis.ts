/**
 * `npm run bench:redis`: what shared state costs. Starts its own redis-server on a free local
 * port (stopped at the end) and measures, side by side in one run, a tools/call through a
 * replica whose local view is warm against the same replica without a store (WireRewriter
 * alone, and a wrapped SDK server over in-memory transports), then claims per second on one
 * Redis from one replica and from eight racing, beside the same on a 3-master Redis Cluster
 * (node-redis `createCluster`, scopes on one hash slot), through node-redis and through the
 * proxy's own `--store` client. Writes its section of bench/RESULTS.md.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { createClient, createCluster } from "redis";
import { WireRewriter } from "../src/adapters/jsonrpc/index.js";
import { RedisCodecStore, SharedCodec } from "../src/adapters/redis/index.js";
import { wrapServer } from "../src/adapters/sdk/index.js";
import {
	openStore,
	storeSettingsOf,
} from "../src/cli/proxy/store/open-store.js";
import { RedisCluster, RedisServer } from "../tests/_support/redis-server.js";
import { formatRatio, measure } from "./_measure.js";
import { catalog } from "./data.js";

const TOOLS = 1_000;
const CLAIMS = 2_000;
const RACERS = 8;
const CLAIM_ROUNDS = 5;
/** What `openStore` speaks through, for the table. */
const PROXY_CLIENT = "ioredis, bundled";
const started = Date.now();

const ROUNDS = 7;

/** Medians over side-by-side rounds of a plain and a store task, order swapped each round. */
async function rounds(
	tasks: () => Array<{ name: string; ops: number; run: () => unknown }>,
): Promise<{ plain: number; store: number; ratio: number }> {
	const plain: number[] = [];
	const store: number[] = [];
	const ratio: number[] = [];
	for (let round = 0; round < ROUNDS; round++) {
		const list = tasks();
		const times = await measure(round % 2 === 0 ? list : list.reverse(), {
			time: 200,
		});
		const p = times.get("plain") as number;
		const s = times.get("store") as number;
		plain.push(p);
		store.push(s);
		ratio.push(s / p);
	}
	const median = (values: number[]) =>
		[...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
	return { plain: median(plain), store: median(store), ratio: median(ratio) };
}

const redis = await RedisServer.start();
const cluster = await RedisCluster.start();
const connections: Array<{ destroy(): void }> = [];
/** Who speaks to Redis: node-redis given to the library, or the proxy's own `--store` client. */
type Via = "library" | "proxy";
async function shared(
	scope: string,
	onCluster = false,
	via: Via = "library",
): Promise<SharedCodec> {
	if (via === "proxy") {
		const url = onCluster ? (cluster.nodes[0]?.url as string) : redis.url;
		const settings = storeSettingsOf({ store: url, scope }, "bench", "openai");
		const opened = await openStore(
			settings as NonNullable<typeof settings>,
			"openai",
		);
		connections.push({ destroy: opened.close });
		return opened.shared;
	}
	const client = onCluster
		? createCluster({
				rootNodes: [{ url: cluster.nodes[0]?.url as string }],
				defaults: { disableOfflineQueue: true },
			})
		: createClient({ url: redis.url, disableOfflineQueue: true });
	client.on("error", () => {});
	await client.connect();
	connections.push(client);
	return new SharedCodec({ store: new RedisCodecStore({ client }), scope });
}

/** Claims per second: every sync claims one new name; one replica, then RACERS racing. */
async function claimRates(
	onCluster: boolean,
	round: number,
	via: Via = "library",
): Promise<{ one: number; race: number; stored: number }> {
	const tag = `${via}-${onCluster ? "cluster" : "single"}-${round}`;
	const one = await shared(`bench-claims-1-${tag}`, onCluster, via);
	let t0 = performance.now();
	for (let i = 0; i < CLAIMS; i++) await one.sync([`tool/${i}`]);
	const oneRate = CLAIMS / ((performance.now() - t0) / 1000);
	const racers = await Promise.all(
		Array.from({ length: RACERS }, () =>
			shared(`bench-claims-8-${tag}`, onCluster, via),
		),
	);
	t0 = performance.now();
	await Promise.all(
		racers.map(async (racer, r) => {
			for (let i = r; i < CLAIMS; i += RACERS) await racer.sync([`tool/${i}`]);
		}),
	);
	const race = CLAIMS / ((performance.now() - t0) / 1000);
	// A fresh replica reads what the race left: every name once.
	const reader = await shared(`bench-claims-8-${tag}`, onCluster, via);
	await reader.refresh();
	const stored = reader.codec.size;
	return { one: oneRate, race, stored };
}

try {
	const names = catalog(TOOLS, 4);
	const lines: string[] = [];

	// 1. WireRewriter: a known wire name decoded, with and without a store.
	const plain = new WireRewriter();
	plain.prime(names);
	const store = await shared("bench-rewriter");
	const withStore = new WireRewriter({ store });
	await withStore.prime(names);
	const wires = names.map((name) => plain.codec.wireNameOf(name) as string);
	const calls = wires.map((name, id) => ({
		jsonrpc: "2.0",
		id,
		method: "tools/call",
		params: { name, arguments: {} },
	}));
	let sink = 0;
	const rewriterTasks = [
		{
			name: "plain",
			ops: calls.length,
			run: () => {
				for (const call of calls)
					sink += plain.clientToServer(call).params.name.length;
			},
		},
		{
			name: "store",
			ops: calls.length,
			run: () => {
				for (const call of calls) {
					if (withStore.prepare(call, "client") !== undefined)
						throw new Error("a warm view should not wait");
					sink += withStore.clientToServer(call).params.name.length;
				}
			},
		},
	];
	const rewriterTimes = await rounds(() => rewriterTasks);

	// 2. A wrapped SDK server: tools/call round trips, with and without a store.
	const connect = async (store: SharedCodec | undefined) => {
		const server = new McpServer({ name: "bench", version: "1.0.0" });
		wrapServer(server, store === undefined ? {} : { store });
		for (const name of names)
			server.registerTool(name, { inputSchema: {} }, async () => ({
				content: [{ type: "text", text: "ok" }],
			}));
		const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
		await server.connect(serverSide);
		const client = new Client({ name: "bench", version: "1.0.0" });
		await client.connect(clientSide);
		const listed = (await client.listTools()).tools.map((tool) => tool.name);
		return { client, listed, close: () => client.close() };
	};
	const warn = console.warn;
	console.warn = () => {};
	const sdkPlain = await connect(undefined);
	const sdkStore = await connect(await shared("bench-sdk"));
	console.warn = warn;
	const ROUND = 200;
	const roundTrips = (c: { client: Client; listed: string[] }) => async () => {
		for (let i = 0; i < ROUND; i++)
			await c.client.callTool({
				name: c.listed[i % c.listed.length] as string,
			});
	};
	const sdkTimes = await rounds(() => [
		{ name: "plain", ops: ROUND, run: roundTrips(sdkPlain) },
		{ name: "store", ops: ROUND, run: roundTrips(sdkStore) },
	]);
	await sdkPlain.close();
	await sdkStore.close();

	// 3. Claims per second, on one Redis and on the cluster, through node-redis (the library's
	// tested default) and through the proxy's own `--store` client: rounds in alternating
	// order (the first runs colder), the median of each.
	type Rates = Awaited<ReturnType<typeof claimRates>>;
	const claimRounds: Array<Record<`${Via}-${"single" | "cluster"}`, Rates>> =
		[];
	for (let round = 0; round < CLAIM_ROUNDS; round++) {
		const first = round % 2 === 0;
		const measured: Partial<(typeof claimRounds)[number]> = {};
		for (const via of first
			? (["library", "proxy"] as const)
			: (["proxy", "library"] as const)) {
			measured[`${via}-cluster`] = await claimRates(!first, round, via);
			measured[`${via}-single`] = await claimRates(first, round, via);
		}
		claimRounds.push(measured as (typeof claimRounds)[number]);
	}
	const medianOf = (pick: (r: (typeof claimRounds)[number]) => number) =>
		claimRounds.map(pick).sort((x, y) => x - y)[
			Math.floor(claimRounds.length / 2)
		] as number;
	const ratesOf = (key: keyof (typeof claimRounds)[number]) => ({
		one: medianOf((r) => r[key].one),
		race: medianOf((r) => r[key].race),
	});
	const single = ratesOf("library-single");
	const clustered = ratesOf("library-cluster");
	const proxySingle = ratesOf("proxy-single");
	const proxyCluster = ratesOf("proxy-cluster");
	const stored = Math.min(
		...claimRounds.flatMap((r) => Object.values(r).map((x) => x.stored)),
	);

	const rate = (perSecond: number) =>
		Math.round(perSecond).toLocaleString("en-US");
	const us = (ms: number) => `${(ms * 1000).toFixed(2)} µs`;
	const { plain: rp, store: rs, ratio: rr } = rewriterTimes;
	const { plain: sdkPlainMs, store: sdkStoreMs, ratio: sr } = sdkTimes;
	lines.push(
		"<!-- redis:start -->",
		"## Shared state on Redis",
		"",
		`Written by \`npm run bench:redis\` on ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ${cpus().length} cores, redis-server on 127.0.0.1 and a 3-master Redis Cluster (three more redis-servers, \`redis-cli --cluster create\`) started by the bench, ${Math.round((Date.now() - started) / 1000)} s. A warm local view (every name the call uses already adopted) never waits for Redis, so the store costs a call only its check. Seven side-by-side rounds, the order swapped every other round; the median of each column and of the per-round ratios.`,
		"",
		"| what | without store | with store (warm) | ratio |",
		"|---|---:|---:|---:|",
		`| WireRewriter: prepare + clientToServer of a known wire name (${TOOLS.toLocaleString("en-US")} tools) | ${us(rp)} | ${us(rs)} | ${formatRatio(rr)} |`,
		`| wrapServer (McpServer, ${TOOLS.toLocaleString("en-US")} tools): tools/call round trip, InMemoryTransport | ${us(sdkPlainMs)} | ${us(sdkStoreMs)} | ${formatRatio(sr)} |`,
		"",
		"| claims (each one new name: plan, one EVALSHA, adopt), claims per second | one Redis | 3-master cluster (node-redis `createCluster`) | cluster ÷ one |",
		"|---|---:|---:|---:|",
		`| one replica, one after another (${CLAIMS.toLocaleString("en-US")}) | ${rate(single.one)} | ${rate(clustered.one)} | ${formatRatio(clustered.one / single.one)} |`,
		`| ${RACERS} replicas racing, each its own connection (${CLAIMS.toLocaleString("en-US")} in all; a lost race re-reads and re-plans) | ${rate(single.race)} | ${rate(clustered.race)} | ${formatRatio(clustered.race / single.race)} |`,
		`| the proxy's \`--store\` client (${PROXY_CLIENT}), one replica | ${rate(proxySingle.one)} | ${rate(proxyCluster.one)} | ${formatRatio(proxyCluster.one / proxySingle.one)} |`,
		`| the proxy's \`--store\` client, ${RACERS} replicas racing | ${rate(proxySingle.race)} | ${rate(proxyCluster.race)} | ${formatRatio(proxyCluster.race / proxySingle.race)} |`,
		"",
		`A scope lives on one slot, so one scope's claims go to one node of the cluster; the cluster spreads scopes, not one scope's claims. ${CLAIM_ROUNDS} rounds, one Redis and the cluster in alternating order, the median of each column. After each race the scope holds at least ${stored.toLocaleString("en-US")} names for ${CLAIMS.toLocaleString("en-US")} claimed: none lost, none twice.`,
		"<!-- redis:end -->",
		"",
	);
	if (sink === 0) console.log(sink);
	const section = lines.join("\n");
	const path = new URL("./RESULTS.md", import.meta.url);
	const before = readFileSync(path, "utf8");
	const marked = /<!-- redis:start -->[\s\S]*<!-- redis:end -->\n?/;
	writeFileSync(
		path,
		marked.test(before)
			? before.replace(marked, section)
			: `${before.trimEnd()}\n\n${section}`,
	);
	console.log(section);
} finally {
	for (const connection of connections) connection.destroy();
	await Promise.all([redis.close(), cluster.close()]);
}
