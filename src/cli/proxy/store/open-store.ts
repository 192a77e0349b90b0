// `--store redis://…`: the proxy's shared wire-name state, on the library's RedisCodecStore and
// SharedCodec (the store path every library replica takes), over the ioredis client bundled
// into the CLI (store-client.ts).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { RedisCodecStore, SharedCodec } from "../../../adapters/redis/index.js";
import type { ProfileName } from "../../../index.js";
import { quote, usage } from "../../_failure.js";
import { displayUrl } from "../../_printable.js";
import type { RedisAddress, TlsFiles } from "./store-client.js";

/** `--store` and its companions, parsed. */
export interface StoreSettings {
	/** The URL for messages: no user name, password or query (see `displayUrl`). */
	url: string;
	address: RedisAddress;
	/** One history per scope; default `<profile>:` + a hash of the upstream. */
	scope: string;
	prefix?: string;
	ttlSeconds?: number;
}

/** The raw option values the store reads. */
interface StoreValues {
	store?: string | undefined;
	scope?: string | undefined;
	prefix?: string | undefined;
	ttl?: string | undefined;
	tlsCa?: string | undefined;
	tlsCert?: string | undefined;
	tlsKey?: string | undefined;
}

const TLS_OPTIONS = {
	tlsCa: ["--store-tls-ca", "ca"],
	tlsCert: ["--store-tls-cert", "cert"],
	tlsKey: ["--store-tls-key", "key"],
} as const;

/** Longest wait for Redis: each connection, reply and store operation. */
const STORE_TIMEOUT_MS = 5_000;
const DEFAULT_PORT = 6379;

/**
 * Reads `--store`, `--store-scope`, `--store-prefix` and `--store-ttl`.
 *
 * @param values - the options as given
 * @param upstream - the upstream's identity (its command line, or its URL), for the default
 * scope, which holds only a hash of it: arguments and URLs may carry secrets
 * @param profile - the profile, part of the default scope (a scope holds one profile's names)
 * @returns the settings, or `undefined` without `--store`
 * @throws CliFailure `usage` for a malformed value
 */
export function storeSettingsOf(
	values: StoreValues,
	upstream: string,
	profile: ProfileName,
): StoreSettings | undefined {
	// Its companions without --store are refused by the option table (`needs: "store"`).
	if (values.store === undefined) return undefined;
	const { address, url } = addressOf(values.store);
	const tlsFiles = tlsFilesOf(values, address.tls);
	if (tlsFiles !== undefined) address.tlsFiles = tlsFiles;
	const scope = values.scope ?? defaultScope(profile, upstream);
	if (scope.trim() === "")
		throw usage("--store-scope needs a name, e.g. --store-scope github");
	const settings: StoreSettings = { url, address, scope };
	if (values.prefix !== undefined) settings.prefix = values.prefix;
	if (values.ttl !== undefined) {
		const seconds = Number(values.ttl.trim());
		if (
			!Number.isSafeInteger(seconds) ||
			seconds < 1 ||
			values.ttl.trim() === ""
		)
			throw usage(
				`--store-ttl expects a whole number of seconds, e.g. --store-ttl 2592000 (30 days), got ${quote(values.ttl)}`,
			);
		settings.ttlSeconds = seconds;
	}
	return settings;
}

/**
 * The scope a proxy uses without `--store-scope`: `<profile>:` and the first 16 hex digits of
 * the SHA-256 of the upstream's identity, so the same server behind the same profile shares
 * one history, and no argument (`--api-key=…`) or URL credential lands in a Redis key, a log
 * line or an error.
 *
 * @param profile - the proxy's profile
 * @param upstream - the upstream's identity: its command line or its URL
 * @returns the scope, e.g. `openai:3f1c9a0b7e2d4c51`
 */
function defaultScope(profile: ProfileName, upstream: string): string {
	const hash = createHash("sha256").update(upstream).digest("hex");
	return `${profile}:${hash.slice(0, 16)}`;
}

/** Reads the PEM files of `--store-tls-*`: only with `rediss://`, a certificate with its key. */
function tlsFilesOf(values: StoreValues, tls: boolean): TlsFiles | undefined {
	const given = (
		Object.keys(TLS_OPTIONS) as Array<keyof typeof TLS_OPTIONS>
	).filter((key) => values[key] !== undefined);
	if (given.length === 0) return undefined;
	const [first] = TLS_OPTIONS[given[0] as keyof typeof TLS_OPTIONS];
	if (!tls)
		throw usage(
			`${first} needs a TLS store URL: write rediss:// instead of redis://`,
		);
	if ((values.tlsCert === undefined) !== (values.tlsKey === undefined))
		throw usage(
			"--store-tls-cert and --store-tls-key go together: the client certificate and its private key",
		);
	const files: TlsFiles = {};
	for (const key of given) {
		const [option, field] = TLS_OPTIONS[key];
		const path = values[key] as string;
		if (path.trim() === "") throw usage(`${option} needs a file path`);
		try {
			files[field] = readFileSync(path);
		} catch (error) {
			throw usage(
				`Cannot read ${option} ${quote(path)}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message}`,
				error,
			);
		}
	}
	return files;
}

/** The store of one proxy process: one connection and one shared codec for every session. */
export interface OpenStore {
	shared: SharedCodec;
	close(): void;
}

/**
 * Loads the Redis client and binds a shared codec to the scope; nothing dials before the
 * first claim or read.
 *
 * @param settings - from {@link storeSettingsOf}
 * @param profile - the proxy's profile
 * @param reserve - room kept for the host's prefix (the store keeps one plan per reserve)
 * @returns the shared codec and a way to close the connection
 */
export async function openStore(
	settings: StoreSettings,
	profile: ProfileName,
	reserve = 0,
): Promise<OpenStore> {
	// Loaded only here: every other command (and a proxy without --store) starts without
	// evaluating the bundled client, about 320 KB of its code.
	const { StoreClient } = await import("./store-client.js");
	const client = new StoreClient({
		address: settings.address,
		timeoutMs: STORE_TIMEOUT_MS,
	});
	const store = new RedisCodecStore({
		client,
		...(settings.prefix === undefined ? {} : { prefix: settings.prefix }),
		...(settings.ttlSeconds === undefined
			? {}
			: { ttlSeconds: settings.ttlSeconds }),
	});
	const shared = new SharedCodec({
		store,
		scope: settings.scope,
		profile,
		reserve,
		timeoutMs: STORE_TIMEOUT_MS,
	});
	return { shared, close: () => client.close() };
}

function addressOf(value: string): { address: RedisAddress; url: string } {
	// Never the value itself in a message: it may hold a password, and one with an unencoded
	// `/` or `@` does not even parse. Say which part is wrong instead.
	const fail = (why: string) =>
		usage(
			`--store expects redis://[user:password@]host:port[/db] (or rediss:// for TLS), e.g. --store redis://127.0.0.1:6379; ${why}`,
		);
	let url: URL;
	try {
		url = new URL(value.trim());
	} catch {
		throw fail(
			`${displayUrl(value)} is not a URL (write / and @ in a password as %2F and %40)`,
		);
	}
	if (url.protocol !== "redis:" && url.protocol !== "rediss:")
		throw fail(`got a ${quote(url.protocol)} URL`);
	const path = url.pathname.replace(/^\//, "");
	if (url.hostname === "" || !/^\d{0,5}$/.test(path))
		throw fail(
			`${displayUrl(url)} has no host, or a path that is not a database number (write / and @ in a password as %2F and %40)`,
		);
	if (url.search !== "" || url.hash !== "")
		throw fail(`${displayUrl(url)} has a query or fragment`);
	const address: RedisAddress = {
		host: url.hostname.replace(/^\[|\]$/g, ""),
		port: url.port === "" ? DEFAULT_PORT : Number(url.port),
		tls: url.protocol === "rediss:",
	};
	if (path !== "") address.db = Number(path);
	if (url.password !== "") address.password = decodeURIComponent(url.password);
	if (url.username !== "") address.username = decodeURIComponent(url.username);
	if (address.username !== undefined && address.password === undefined) {
		// redis://secret@host: a password alone, as redis-cli -u reads it.
		address.password = address.username;
		delete address.username;
	}
	return { address, url: displayUrl(url) };
}
