import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
	RespRouter,
	slotOf,
} from "../../src/cli/proxy/store/cluster-router.js";
import {
	RespClient,
	RespParser,
	RespReplyError,
} from "../../src/cli/proxy/store/resp-client.js";
import { cli, RedisCluster, RedisServer } from "../_support/redis-server.js";

describe("RespParser", () => {
	it("reads every RESP2 reply type, split anywhere across chunks", () => {
		const wire = Buffer.from(
			"+OK\r\n-NOSCRIPT No matching script\r\n:42\r\n$4\r\nhé!\r\n$-1\r\n*3\r\n$1\r\na\r\n*1\r\n:1\r\n*-1\r\n",
		);
		for (let cut = 1; cut < wire.length; cut++) {
			const parser = new RespParser();
			const replies = [
				...parser.push(wire.subarray(0, cut)),
				...parser.push(wire.subarray(cut)),
			];
			expect(replies).toHaveLength(6);
			expect(replies[0]).toBe("OK");
			expect(replies[1]).toBeInstanceOf(RespReplyError);
			expect((replies[1] as Error).message).toBe("NOSCRIPT No matching script");
			expect(replies.slice(2)).toEqual([42, "hé!", null, ["a", [1], null]]);
		}
	});

	it("throws on a stream that is not RESP", () => {
		expect(() =>
			new RespParser().push(Buffer.from("HTTP/1.1 400\r\n")),
		).toThrow(/not RESP2/);
	});
});

describe("RespClient", () => {
	let redis: RedisServer;
	beforeAll(async () => {
		redis = await RedisServer.start();
	}, 30_000);
	afterAll(async () => {
		await redis?.close();
	});

	it("sends commands to a real redis-server, fails fast while it is down, and reconnects after", async () => {
		const client = new RespClient({
			address: { host: "127.0.0.1", port: redis.port, tls: false, db: 3 },
			timeoutMs: 5_000,
		});
		expect(await client.sendCommand(["SET", "k", "v"])).toBe("OK");
		expect(await client.sendCommand(["HSET", "h", "a", "1", "b", "2"])).toBe(2);
		expect(await client.sendCommand(["HGETALL", "h"])).toEqual([
			"a",
			"1",
			"b",
			"2",
		]);
		await expect(client.sendCommand(["NOSUCH"])).rejects.toBeInstanceOf(
			RespReplyError,
		);
		await redis.stop();
		await expect(client.sendCommand(["GET", "k"])).rejects.toThrow(
			/Redis at 127\.0\.0\.1/,
		);
		await redis.restart();
		expect(await client.sendCommand(["SELECT", "3"])).toBe("OK");
		expect(await client.sendCommand(["PING"])).toBe("PONG");
		client.close();
		await expect(client.sendCommand(["PING"])).rejects.toThrow(/closed/);
	}, 30_000);

	it("drops a server that stops answering within its timeout", async () => {
		const sockets: Socket[] = [];
		const silent: Server = createServer((socket) => sockets.push(socket));
		await new Promise<void>((resolve) =>
			silent.listen(0, "127.0.0.1", resolve),
		);
		const port = (silent.address() as { port: number }).port;
		const client = new RespClient({
			address: { host: "127.0.0.1", port, tls: false },
			timeoutMs: 200,
		});
		await expect(client.sendCommand(["PING"])).rejects.toThrow(
			/did not answer within 200 ms/,
		);
		client.close();
		for (const socket of sockets) socket.destroy();
		await new Promise<void>((resolve) => silent.close(() => resolve()));
	});
});

describe("slotOf", () => {
	it("computes Redis Cluster hash slots, hash tags included", () => {
		// CRC16/XMODEM("123456789") is 0x31c3, the check value of the Redis Cluster spec.
		expect(slotOf("123456789")).toBe(0x31c3);
		expect(slotOf("foo")).toBe(12182);
		expect(slotOf("{foo}:names")).toBe(12182);
		expect(slotOf("prefix:{foo}:wires")).toBe(12182);
		// An empty tag is no tag: the whole key is hashed.
		expect(slotOf("{}foo")).not.toBe(slotOf("foo"));
	});
});

/** One line of CLUSTER NODES: a node's id, port, role, its master's id and its slot ranges. */
interface ClusterNode {
	id: string;
	port: number;
	master: boolean;
	masterId: string;
	ranges: Array<[number, number]>;
}

function clusterNodes(port: number): ClusterNode[] {
	return cli(port, "CLUSTER", "NODES")
		.split("\n")
		.map((line) => line.trim().split(" "))
		.map(([id = "", address = "", flags = "", masterId = "", ...rest]) => ({
			id,
			port: Number(address.split("@")[0]?.split(":")[1]),
			master: flags.split(",").includes("master"),
			masterId,
			ranges: rest
				.slice(4)
				.filter((range) => /^\d+(-\d+)?$/.test(range))
				.map((range) => {
					const [start = "", end = start] = range.split("-");
					return [Number(start), Number(end)] as [number, number];
				}),
		}));
}

describe("RespRouter", () => {
	let cluster: RedisCluster;
	beforeAll(async () => {
		cluster = await RedisCluster.start(6, {
			replicas: 1,
			nodeTimeoutMs: 1_000,
		});
	}, 60_000);
	afterAll(async () => {
		await cluster?.close();
	});

	it("follows a master that failed over to its replica, which no MOVED announces", async () => {
		const seed = cluster.nodes[0] as RedisServer;
		const router = new RespRouter({
			address: { host: "127.0.0.1", port: seed.port, tls: false },
			timeoutMs: 2_000,
		});
		const nodes = clusterNodes(seed.port);
		const ownerOf = (key: string): ClusterNode | undefined =>
			nodes.find(
				(node) =>
					node.master &&
					node.ranges.some(
						([start, end]) => slotOf(key) >= start && slotOf(key) <= end,
					),
			);
		// A key on a master the router reaches through MOVED, not on the seed.
		let key = "";
		for (let i = 0; key === "" || ownerOf(key)?.port === seed.port; i++)
			key = `{scope-${i}}:names`;
		const owner = ownerOf(key) as ClusterNode;
		const replica = nodes.find((node) => node.masterId === owner.id);
		const script = (body: string, ...args: string[]): Promise<unknown> =>
			router.sendCommand(["EVAL", body, "1", key, ...args]);
		try {
			expect(
				await script("return redis.call('SET', KEYS[1], ARGV[1])", "kept"),
			).toBe("OK");
			expect(cli(owner.port, "WAIT", "1", "5000")).toBe("1");
			const ownerServer = cluster.nodes.find(
				(node) => node.port === owner.port,
			);
			await ownerServer?.stop("SIGKILL");
			for (
				let i = 0;
				!cli(replica?.port ?? 0, "ROLE").startsWith("master");
				i++
			) {
				if (i > 300) throw new Error("the replica did not take over");
				await new Promise((resolve) => setTimeout(resolve, 50));
			}
			await cluster.settled();
			expect(await script("return redis.call('GET', KEYS[1])")).toBe("kept");
		} finally {
			router.close();
		}
	}, 60_000);
});
