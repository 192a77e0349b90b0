/**
 * Deterministic catalogs and query streams for the benchmarks: tool names shaped like real
 * MCP catalogs (a namespace per server, snake, camel or kebab case, the real catalogs of
 * tests/fixtures mixed in), and what models send back (typos, dropped or extra prefixes, case
 * changes, far misses).
 */
import catalogs from "../tests/fixtures/tool-catalogs.json" with {
	type: "json",
};

/** A small, fast, seedable generator (mulberry32), so every run sees the same data. */
export function random(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

const pick = <T>(next: () => number, items: readonly T[]): T =>
	items[Math.floor(next() * items.length)] as T;

const VERBS =
	"get list create update delete search fetch read write run add remove set start stop sync find query send post upload download merge close open archive move copy rename approve assign export import".split(
		" ",
	);
const NOUNS =
	"issue issues pull_request user users repo repository file files content comment comments label labels project projects branch commit release workflow secret team member channel message thread reaction page database record table row column index document folder image video invoice payment customer order event calendar contact task note ticket incident alert metric log dashboard deployment service cluster pod bucket object key token webhook subscription plan product price coupon".split(
		" ",
	);
const QUALIFIERS =
	"by_id status details summary history batch async v2 all recent count".split(
		" ",
	);
const SYLLABLES =
	"ka lo mi nu ra ve to sa qui zen dor bel fin gra hex lum mar nox pra sol tek vin wex yor zul cri dra fle glo".split(
		" ",
	);
const SEPARATORS = ["/", ".", "__", "_", ":", "-"];
const REAL: ReadonlyArray<{ server: string; tools: readonly string[] }> =
	catalogs as Array<{ server: string; tools: string[] }>;

function serverName(next: () => number): string {
	let name = "";
	const syllables = 2 + Math.floor(next() * 2);
	for (let i = 0; i < syllables; i++) name += pick(next, SYLLABLES);
	return next() < 0.2 ? `${name}${Math.floor(next() * 10)}` : name;
}

function toolName(next: () => number, style: number): string {
	const words = [pick(next, VERBS), pick(next, NOUNS)];
	if (next() < 0.5) words.push(pick(next, next() < 0.5 ? NOUNS : QUALIFIERS));
	const parts = words.flatMap((word) => word.split("_"));
	if (style === 0) return parts.join("_");
	if (style === 1) return parts.join("-");
	return parts
		.map((word, i) =>
			i === 0 ? word : (word[0] ?? "").toUpperCase() + word.slice(1),
		)
		.join("");
}

/**
 * `size` distinct tool names: servers of 5 to 200 tools behind a namespace, every tenth a
 * real catalog from tests/fixtures under a generated prefix.
 */
export function catalog(size: number, seed = 1): string[] {
	const next = random(seed);
	const names = new Set<string>();
	while (names.size < size) {
		const server = serverName(next);
		const separator = pick(next, SEPARATORS);
		const real = next() < 0.1 ? pick(next, REAL) : undefined;
		const style = Math.floor(next() * 3);
		const tools =
			real?.tools ??
			Array.from({ length: 5 + Math.floor(next() * 195) }, () =>
				toolName(next, style),
			);
		for (const tool of tools) {
			if (names.size >= size) break;
			names.add(`${server}${separator}${tool}`);
		}
	}
	return [...names];
}

/** Queries per catalog size in the stream the checks and the timings share. */
export const QUERIES = 10_000;

/** What a query was made from. */
export type QueryKind =
	| "exact"
	| "case"
	| "dropped-prefix"
	| "extra-prefix"
	| "typo"
	| "far";

export interface Query {
	kind: QueryKind;
	input: string;
}

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** One to two edits (substitution, deletion, insertion, transposition) at letters. */
function typo(next: () => number, name: string): string {
	let text = name;
	const edits = next() < 0.7 ? 1 : 2;
	for (let e = 0; e < edits; e++) {
		const at = Math.floor(next() * text.length);
		const letter = pick(next, [...LETTERS]);
		switch (Math.floor(next() * 4)) {
			case 0:
				text = text.slice(0, at) + letter + text.slice(at + 1);
				break;
			case 1:
				text = text.slice(0, at) + text.slice(at + 1);
				break;
			case 2:
				text = text.slice(0, at) + letter + text.slice(at);
				break;
			default:
				text =
					text.slice(0, at) +
					text.slice(at + 1, at + 2) +
					text.slice(at, at + 1) +
					text.slice(at + 2);
		}
	}
	return text === name ? `${name}x` : text;
}

function changeCase(next: () => number, name: string): string {
	switch (Math.floor(next() * 3)) {
		case 0:
			return name.toUpperCase();
		case 1:
			return name.replace(/[_\-./:]+(.)/g, (_, c: string) => c.toUpperCase());
		default:
			return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
	}
}

function dropPrefix(name: string): string {
	const at = name.search(/[/.:]|__/);
	return at === -1
		? name.replace(/^[^_-]+[_-]/, "")
		: name.slice(at + 1).replace(/^_/, "");
}

function farMiss(next: () => number): string {
	if (next() < 0.5) {
		let text = "";
		const length = 6 + Math.floor(next() * 20);
		for (let i = 0; i < length; i++) text += pick(next, [...LETTERS, "_"]);
		return text;
	}
	return `${pick(next, ["do", "make", "check", "ping", "show"])}_${pick(next, ["weather", "stock", "horoscope", "lottery", "recipe"])}_${pick(next, ["now", "today", "forecast", "info"])}`;
}

/**
 * `count` far misses only (random letters, or made-up tools such as `ping_weather_now`): the
 * global `Did you mean` with no close candidate, the slow case of a name index.
 */
export function farMisses(count: number, seed = 3): string[] {
	const next = random(seed);
	return Array.from({ length: count }, () => farMiss(next));
}

/** The query mix of a model's tool calls that miss: typos most of all, then far misses. */
export const MIX: ReadonlyArray<readonly [QueryKind, number]> = [
	["exact", 0.1],
	["case", 0.1],
	["dropped-prefix", 0.1],
	["extra-prefix", 0.05],
	["typo", 0.45],
	["far", 0.2],
];

/** `count` queries against `names`, in the proportions of {@link MIX}. */
export function queries(
	names: readonly string[],
	count: number,
	seed = 2,
): Query[] {
	const next = random(seed);
	const out: Query[] = [];
	for (let i = 0; i < count; i++) {
		let roll = next();
		let kind: QueryKind = "far";
		for (const [k, share] of MIX) {
			if (roll < share) {
				kind = k;
				break;
			}
			roll -= share;
		}
		const name = pick(next, names);
		const input =
			kind === "exact"
				? name
				: kind === "case"
					? changeCase(next, name)
					: kind === "dropped-prefix"
						? dropPrefix(name)
						: kind === "extra-prefix"
							? `${pick(next, ["functions.", "mcp__proxy__", "default_api:"])}${name}`
							: kind === "typo"
								? typo(next, name)
								: farMiss(next);
		out.push({ kind, input });
	}
	return out;
}
