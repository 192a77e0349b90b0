// A client on a `mcp-tool-names proxy --store` process over a churning upstream, speaking JSON
// lines: shared by the proxy --store tests.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import {
	INITIALIZE,
	INITIALIZED,
	proxyEnv,
	type RawProxy,
	startRawProxy,
} from "./_proxy.js";

const CHURN = fileURLToPath(
	new URL("./fixtures/churn-upstream.mjs", import.meta.url),
);

export type Message = Record<string, any>;

/** A client on one proxy process, speaking JSON lines. */
export class Client {
	readonly proxy: RawProxy;
	#ids = 0;

	constructor(proxy: RawProxy) {
		this.proxy = proxy;
	}

	async request(method: string, params: unknown = {}): Promise<Message> {
		const id = `c${++this.#ids}`;
		this.proxy.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
		return this.proxy.next((message) => message.id === id);
	}

	/** wire → canonical of a tools/list through this proxy, or the error answer. */
	async list(): Promise<Map<string, string> | Message> {
		const answer = await this.request("tools/list");
		if (answer.error !== undefined) return answer;
		return new Map(
			(answer.result.tools as Message[]).map((tool) => [
				tool.name as string,
				tool._meta.canonical as string,
			]),
		);
	}

	/** The canonical name a call for `wire` reached, or the error answer. */
	async call(wire: string): Promise<string | Message> {
		const answer = await this.request("tools/call", { name: wire });
		if (answer.error !== undefined) return answer;
		return answer.result.content[0].text as string;
	}
}

/**
 * Starts a proxy on the churn upstream (its tools: the lines of `catalog`) with `storeArgs`
 * (`--store …` and companions), initialized; adds it to `proxies` to be stopped.
 */
export async function startStoreProxy(
	proxies: RawProxy[],
	catalog: string,
	storeArgs: string[],
): Promise<Client> {
	const proxy = startRawProxy(
		["proxy", ...storeArgs, "--", process.execPath, CHURN],
		proxyEnv({ CHURN_CATALOG: catalog }),
	);
	proxies.push(proxy);
	proxy.send(INITIALIZE);
	await proxy.next((message) => message.id === "init");
	proxy.send(INITIALIZED);
	return new Client(proxy);
}

/**
 * Churn: each cycle adds or removes one name of `pool` in `catalog`, lists on one client and
 * calls on another (which has not listed it: read-through) a fresh name and an old one.
 * Every pair a list gave is held: a wire name must never change meaning.
 */
export async function churnAcross(
	clients: Client[],
	catalog: string,
	pool: readonly string[],
	names: Set<string>,
	next: () => number,
	cycles: number,
): Promise<{ calls: number; misrouted: string[]; held: Map<string, string> }> {
	/** Every pair any list ever gave: a wire name must never change meaning. */
	const held = new Map<string, string>();
	const misrouted: string[] = [];
	let calls = 0;
	for (let cycle = 0; cycle < cycles; cycle++) {
		const name = pool[Math.floor(next() * pool.length)] as string;
		if (names.has(name) && names.size > 1) names.delete(name);
		else names.add(name);
		writeFileSync(catalog, [...names].join("\n"));
		const lister = clients[cycle % clients.length] as Client;
		const caller = clients[(cycle + 1) % clients.length] as Client;
		const listed = await lister.list();
		expect(listed).toBeInstanceOf(Map);
		for (const [wire, canonical] of listed as Map<string, string>) {
			expect(held.get(wire) ?? canonical).toBe(canonical);
			held.set(wire, canonical);
		}
		// The caller has not listed this catalog: new names are read through.
		const fresh = [...(listed as Map<string, string>).keys()];
		const old = [...held.keys()];
		for (const wire of [
			fresh[Math.floor(next() * fresh.length)] as string,
			old[Math.floor(next() * old.length)] as string,
		]) {
			calls++;
			const reached = await caller.call(wire);
			if (reached !== held.get(wire))
				misrouted.push(`${wire} → ${JSON.stringify(reached)}`);
		}
		expect(await caller.list()).toEqual(listed);
	}
	return { calls, misrouted, held };
}
