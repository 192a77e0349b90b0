/**
 * Every export of every built entry, called with hostile arguments: each call returns or
 * throws McpToolNamesError, never a TypeError, and no `check*` / `assert*` passes on garbage.
 * The list of exports is read from the built entries (package.json `exports`), so a new
 * export or a new entry is covered without editing this file.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { trap } from "../_support/hostile.js";
import { ROOT, requireBuild } from "./_dist.js";

requireBuild();

const MB = "a/".repeat(512 * 1024);
const throwingIterable = {
	[Symbol.iterator](): never {
		throw new Error("hostile iterator");
	},
};

/** Hostile values, each named for the failure message. */
const HOSTILE: ReadonlyArray<readonly [string, unknown]> = [
	["undefined", undefined],
	["null", null],
	["0", 0],
	["NaN", Number.NaN],
	["-1", -1],
	["true", true],
	["a symbol", Symbol("hostile")],
	["a bigint", 10n],
	["a mixed array", [1, null, "x", undefined, {}, Symbol("s")]],
	["an object with throwing getters", trap],
	["a throwing iterable", throwingIterable],
	["a 1 MB string", MB],
	["an empty string", ""],
	["a function", () => 1],
	["an empty object", {}],
];

interface Entry {
	subpath: string;
	file: string;
}

/** The ESM file of every public entry, from package.json `exports`. */
function entries(): Entry[] {
	const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
		exports: Record<string, unknown>;
	};
	const list: Entry[] = [];
	for (const [subpath, target] of Object.entries(pkg.exports)) {
		if (subpath === "./package.json") continue;
		const file = (target as { import: { default: string } }).import.default;
		list.push({ subpath, file: join(ROOT, file) });
	}
	return list;
}

function isClass(value: unknown): value is new (...args: unknown[]) => object {
	return (
		typeof value === "function" &&
		/^class[\s{]/.test(Function.prototype.toString.call(value))
	);
}

interface Outcome {
	threw: boolean;
	ok: boolean;
	detail: string;
	value?: unknown;
}

/**
 * Whether a call returned a promise. A data path may hand the hostile Proxy back unchanged
 * (its documented passthrough), and `instanceof` on it runs its throwing `getPrototypeOf`
 * trap: that is the walk reading the answer, not the library failing.
 */
function isPromise(value: unknown): value is Promise<unknown> {
	if (value === trap) return false;
	return value instanceof Promise;
}

/** Runs a call and classifies it: a return, a McpToolNamesError, or anything else. */
async function attempt(call: () => unknown): Promise<Outcome> {
	try {
		let value = call();
		if (isPromise(value)) value = await value;
		return { threw: false, ok: true, detail: "returned", value };
	} catch (error) {
		const branded =
			typeof error === "object" &&
			error !== null &&
			(error as { [key: symbol]: unknown })[
				Symbol.for("mcp-tool-names.error")
			] === true;
		return {
			threw: true,
			ok: branded,
			detail: branded
				? `McpToolNamesError ${(error as { code: string }).code}`
				: `${(error as Error)?.name ?? typeof error}: ${(error as Error)?.message ?? String(error)}`,
		};
	}
}

/** Argument lists to try: each hostile value alone, as the second argument, and twice. */
function argumentLists(valid: unknown): unknown[][] {
	const lists: unknown[][] = [[]];
	for (const [, value] of HOSTILE) {
		lists.push([value], [valid, value], [value, value]);
	}
	return lists;
}

function describeArgs(args: readonly unknown[]): string {
	return `(${args
		.map((arg) => {
			const named = HOSTILE.find(([, value]) => value === arg);
			if (named !== undefined) return named[0];
			return typeof arg === "string" ? JSON.stringify(arg) : typeof arg;
		})
		.join(", ")})`;
}

/** A valid-looking first argument, so the second position is reached. */
const VALID_FIRST = "github/search";

/** Methods of an instance that are safe to call on a fresh object of the class. */
function methodsOf(instance: object): string[] {
	const names = new Set<string>();
	let proto = Object.getPrototypeOf(instance) as object | null;
	while (proto !== null && proto !== Object.prototype) {
		for (const key of Object.getOwnPropertyNames(proto)) {
			if (key === "constructor") continue;
			const descriptor = Object.getOwnPropertyDescriptor(proto, key);
			if (typeof descriptor?.value === "function") names.add(key);
		}
		proto = Object.getPrototypeOf(proto) as object | null;
	}
	return [...names];
}

const all = entries();

describe("every export of every entry", () => {
	it("finds the entries and their exports in the build", async () => {
		expect(all.length).toBeGreaterThanOrEqual(4);
		for (const entry of all) {
			const module = (await import(pathToFileURL(entry.file).href)) as object;
			expect(Object.keys(module).length).toBeGreaterThan(0);
		}
	});

	for (const entry of all) {
		it(`answers or throws McpToolNamesError for hostile arguments (${entry.subpath})`, async () => {
			const module = (await import(pathToFileURL(entry.file).href)) as Record<
				string,
				unknown
			>;
			const failures: string[] = [];
			for (const [name, exported] of Object.entries(module)) {
				if (typeof exported !== "function") continue;
				if (name === "McpToolNamesError") continue;
				const klass = isClass(exported);
				for (const args of argumentLists(VALID_FIRST)) {
					const outcome = await attempt(() =>
						klass
							? new (exported as new (...a: unknown[]) => object)(...args)
							: (exported as (...a: unknown[]) => unknown)(...args),
					);
					if (!outcome.ok) {
						failures.push(`${name}${describeArgs(args)}: ${outcome.detail}`);
						continue;
					}
					if (
						!outcome.threw &&
						args.length > 0 &&
						/^assert[A-Z]/.test(name) &&
						HOSTILE.some(([, value]) => value === args[0])
					) {
						failures.push(
							`${name}${describeArgs(args)}: passed on garbage instead of throwing`,
						);
					}
					if (
						!outcome.threw &&
						args.length > 0 &&
						/^check[A-Z]/.test(name) &&
						HOSTILE.some(([, value]) => value === args[0]) &&
						Array.isArray(outcome.value) &&
						outcome.value.length === 0
					) {
						failures.push(
							`${name}${describeArgs(args)}: reported no failure for garbage`,
						);
					}
				}
				if (!klass) continue;
				const made = await attempt(() => new (exported as new () => object)());
				if (!made.ok || made.threw) continue;
				const instance = made.value as Record<string, unknown>;
				for (const method of methodsOf(instance)) {
					for (const args of argumentLists(VALID_FIRST)) {
						const outcome = await attempt(() =>
							(instance[method] as (...a: unknown[]) => unknown).apply(
								instance,
								args,
							),
						);
						if (!outcome.ok) {
							failures.push(
								`${name}#${method}${describeArgs(args)}: ${outcome.detail}`,
							);
						}
					}
				}
			}
			expect(failures).toEqual([]);
		}, 120_000);
	}
});
