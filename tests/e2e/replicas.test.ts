import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisServer } from "../_support/redis-server.js";
import { Replica, random, removeBundle } from "./_replicas.js";

// Names that collide, are renamed, hashed or cut: their wire names depend on history, so
// churn (removed, re-added) is what tells a shared history from per-replica ones.
const POOL = [
	"github/search",
	"github.search",
	"github_search",
	"github:search",
	"a/b",
	"a.b",
	"a_b",
	"linear.list_issues",
	"linear/list_issues",
	"websearch/fetch_content",
	"websearch_fetch_content",
	"fetch_content",
	"搜索/获取",
	"获取/搜索",
	`${"x".repeat(70)}/a`,
	`${"x".repeat(70)}/b`,
	"tool",
	"Tool",
	"db.query",
	"db/query",
];

const CYCLES = 1000;
const CLIENTS = 4;

let redis: RedisServer;
const replicas: Replica[] = [];
let scopes = 0;

beforeAll(async () => {
	redis = await RedisServer.start({ persist: true });
}, 30_000);

afterAll(async () => {
	await Promise.all(replicas.map((replica) => replica.stop()));
	await redis?.close();
	removeBundle();
}, 30_000);

async function startReplicas(count: number, scope: string): Promise<Replica[]> {
	const started = await Promise.all(
		Array.from({ length: count }, () =>
			Replica.start({ REDIS_URL: redis.url, SCOPE: scope }),
		),
	);
	replicas.push(...started);
	return started;
}

interface Tally {
	calls: number;
	misrouted: string[];
	refused: number;
}

/**
 * Churn over `cycles` list_changed cycles: each one adds or removes a tool of the pool;
 * clients list on one replica, keep every list they were given (a model may hold an old
 * one), and call a name they hold on another replica.
 */
async function churn(
	group: Replica[],
	cycles: number,
	seed: number,
	during?: (cycle: number) => Promise<void>,
): Promise<Tally> {
	const next = random(seed);
	const pick = <T>(items: readonly T[]): T =>
		items[Math.floor(next() * items.length)] as T;
	const catalog = new Set(POOL.filter(() => next() < 0.5));
	const tally: Tally = { calls: 0, misrouted: [], refused: 0 };
	let cycle = 0;
	const client = async (): Promise<void> => {
		const held = new Map<string, string>();
		while (cycle < cycles) {
			const now = ++cycle;
			await during?.(now);
			const tool = pick(POOL);
			if (catalog.has(tool)) catalog.delete(tool);
			else catalog.add(tool);
			const lister = pick(group);
			const listed = await lister.list([...catalog]);
			if (listed.ok) {
				for (const [canonical, wire] of listed.value) {
					const before = held.get(wire);
					if (before !== undefined && before !== canonical)
						tally.misrouted.push(
							`${wire} was ${before}, later listed for ${canonical}`,
						);
					held.set(wire, canonical);
				}
			} else {
				expect(listed.error.code).toBe("store-unavailable");
				tally.refused++;
			}
			if (held.size === 0) continue;
			const caller = pick(group.filter((r) => r !== lister)) ?? lister;
			const wire = pick([...held.keys()]);
			const routed = await caller.call(wire);
			tally.calls++;
			if (!routed.ok) {
				expect(routed.error.code).toBe("store-unavailable");
				tally.refused++;
			} else if (routed.value !== held.get(wire)) {
				tally.misrouted.push(
					`${wire} listed for ${held.get(wire)} was routed to ${routed.value}`,
				);
			}
		}
	};
	await Promise.all(Array.from({ length: CLIENTS }, client));
	return tally;
}

/** Every replica lists the whole pool: all must answer with the same wire names. */
async function expectOneSetOfNames(group: Replica[]): Promise<void> {
	const answers = await Promise.all(group.map((replica) => replica.list(POOL)));
	const first = answers[0];
	expect(first?.ok).toBe(true);
	for (const answer of answers) expect(answer).toEqual(first);
	const wires = (first as { value: Array<[string, string]> }).value.map(
		([, wire]) => wire,
	);
	expect(new Set(wires).size).toBe(POOL.length);
}

describe("replicas sharing one Redis, as separate processes", () => {
	for (const count of [2, 8]) {
		it(`routes every call right across ${count} replicas through ${CYCLES} list_changed cycles of churn`, async () => {
			const group = await startReplicas(count, `churn-${count}`);
			const tally = await churn(group, CYCLES, 20261203 + count);
			expect(tally.misrouted).toEqual([]);
			expect(tally.refused).toBe(0);
			expect(tally.calls).toBeGreaterThan(CYCLES / 2);
			await expectOneSetOfNames(group);
			// A replica started after all that history gives the same names too.
			const [late] = await startReplicas(1, `churn-${count}`);
			await expectOneSetOfNames([...group, late as Replica]);
		}, 120_000);
	}

	it("loses nothing when a replica is killed -9 in the middle of claims", async () => {
		const scope = `kill-${++scopes}`;
		const group = await startReplicas(3, scope);
		const next = random(7);
		const victims = await startReplicas(6, scope);
		for (const [round, victim] of victims.entries()) {
			const batch = [
				`round${round}/tool`,
				`round${round}.tool`,
				`round${round}_tool`,
				...POOL.filter(() => next() < 0.3),
			];
			(victim as Replica).send(batch);
			await new Promise((resolve) => setTimeout(resolve, next() * 20));
			await (victim as Replica).stop("SIGKILL");
			replicas.splice(replicas.indexOf(victim as Replica), 1);
			const a = group[round % 3] as Replica;
			const b = group[(round + 1) % 3] as Replica;
			const listed = await a.list(batch);
			expect(listed.ok).toBe(true);
			for (const [canonical, wire] of (listed as { value: [string, string][] })
				.value) {
				expect(await b.call(wire)).toEqual({ ok: true, value: canonical });
			}
		}
		await expectOneSetOfNames(group);
		const held = await Promise.all(group.map((replica) => replica.names()));
		const maps = held.map(
			(h) => new Map((h as { value: [string, string][] }).value),
		);
		for (const map of maps) {
			expect(new Set(map.values()).size).toBe(map.size);
			for (const [canonical, wire] of map)
				for (const other of maps) {
					const theirs = other.get(canonical);
					if (theirs !== undefined) expect(theirs).toBe(wire);
				}
		}
	}, 120_000);

	it("keeps routing known names while Redis restarts, refuses new ones with a typed error, and loses nothing", async () => {
		const scope = `restart-${++scopes}`;
		const group = await startReplicas(3, scope);
		const tally = await churn(group, 300, 99, async (cycle) => {
			if (cycle !== 150) return;
			await redis.stop("SIGKILL");
			try {
				// Down: a brand-new name gets no wire name anywhere, and no replica guesses one.
				for (const replica of group) {
					const listed = await replica.list(["brand/new"]);
					expect(listed).toMatchObject({
						ok: false,
						error: { code: "store-unavailable" },
					});
				}
				// A name every replica knows still routes on each of them.
				const known = await group[0]?.names();
				const [canonical, wire] = (known as { value: [string, string][] })
					.value[0] as [string, string];
				for (const replica of group)
					expect(await replica.call(wire)).toEqual({
						ok: true,
						value: canonical,
					});
			} finally {
				await redis.restart();
			}
		});
		expect(tally.misrouted).toEqual([]);
		// Back: the new name is assigned once, the same everywhere.
		let listed = await group[0]?.list(["brand/new"]);
		for (let attempt = 0; !listed?.ok && attempt < 50; attempt++) {
			await new Promise((resolve) => setTimeout(resolve, 100));
			listed = await group[0]?.list(["brand/new"]);
		}
		expect(listed).toEqual({ ok: true, value: [["brand/new", "brand_new"]] });
		await expectOneSetOfNames(group);
	}, 120_000);
});
