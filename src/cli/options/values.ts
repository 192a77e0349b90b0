import { type ProfileName, profiles } from "../../index.js";
import { quote, usage } from "../_failure.js";
import type { TargetSpec } from "./cli.js";
import { DEFAULT_START_TIMEOUT_MS, DEFAULT_TIMEOUT_MS } from "./help.js";
import type { ParsedValues } from "./parser.js";

const MAX_TIMEOUT_MS = 2_147_483_647;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Every built-in profile, in the order `--profile all` reports them.
 *
 * @example
 * ```ts
 * ALL_PROFILES.map((profile) => auditNames(names, { profile }));
 * ```
 */
export const ALL_PROFILES: readonly ProfileName[] = Object.keys(
	profiles,
) as ProfileName[];

/**
 * The one target of a command line: `--url`, `--file`, a command after `--`, or the demo.
 *
 * @param values - the parsed options (a URL given as an argument is in `url`)
 * @param serverCommand - everything after `--`, if there was a `--`
 * @returns the target
 * @throws CliFailure `usage` for two targets, a bad URL or header, an empty command
 * @example
 * ```ts
 * targetOf({ url: "http://localhost:3000/mcp" }, undefined); // { type: "http", ... }
 * ```
 */
export function targetOf(
	values: ParsedValues,
	serverCommand: string[] | undefined,
): TargetSpec {
	const chosen = [
		values.url !== undefined && "--url",
		values.file !== undefined && "--file",
		serverCommand !== undefined && "a command after --",
	].filter((x): x is string => typeof x === "string");
	if (chosen.length > 1) {
		throw usage(
			`Choose one target, not ${chosen.join(" and ")}: --url, --file or a command after --`,
		);
	}
	if (values.header !== undefined && values.url === undefined) {
		throw usage("--header only applies to --url");
	}
	if (values.url !== undefined) {
		const url = urlOf(values.url);
		const headers = headersOf(values.header ?? []);
		return { type: "http", ...credentialsOf(url, headers) };
	}
	if (values.file !== undefined) {
		if (values.file === "-") return { type: "stdin" };
		if (values.file === "") throw usage("--file needs a path, or - for stdin");
		return { type: "file", path: values.file };
	}
	if (serverCommand !== undefined) {
		const [command, ...args] = serverCommand;
		if (command === undefined || command === "") {
			throw usage(
				"Missing server command after --, e.g. mcp-tool-names audit -- node server.js",
			);
		}
		return { type: "stdio", command, args };
	}
	return { type: "demo" };
}

/**
 * `fetch` refuses a URL with credentials in it: `user:password@` becomes an `Authorization:
 * Basic` header, as curl sends it, unless `--header` sets `Authorization` itself.
 */
function credentialsOf(
	url: URL,
	headers: Record<string, string>,
): { url: string; headers: Record<string, string> } {
	if (url.username === "" && url.password === "")
		return { url: url.href, headers };
	const basic = Buffer.from(
		`${decoded(url.username)}:${decoded(url.password)}`,
	).toString("base64");
	url.username = "";
	url.password = "";
	const given = Object.keys(headers).some(
		(name) => name.toLowerCase() === "authorization",
	);
	return {
		url: url.href,
		headers: given ? headers : { ...headers, Authorization: `Basic ${basic}` },
	};
}

function decoded(text: string): string {
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
}

function urlOf(value: string): URL {
	let url: URL;
	try {
		url = new URL(value);
	} catch {
		throw usage(
			`--url expects an absolute http(s) URL, e.g. http://localhost:3000/mcp, got ${quote(value)}`,
		);
	}
	if (url.protocol !== "http:" && url.protocol !== "https:") {
		throw usage(
			`--url expects an http or https URL, got ${quote(url.protocol.slice(0, -1))}`,
		);
	}
	return url;
}

function headersOf(values: readonly string[]): Record<string, string> {
	const headers: Record<string, string> = {};
	for (const value of values) {
		const colon = value.indexOf(":");
		const name = colon === -1 ? "" : value.slice(0, colon).trim();
		if (!HEADER_NAME.test(name)) {
			throw usage(
				`--header expects "Name: value", e.g. "Authorization: Bearer TOKEN", got ${quote(value)}`,
			);
		}
		const existing = Object.keys(headers).find(
			(key) => key.toLowerCase() === name.toLowerCase(),
		);
		const text = value.slice(colon + 1).trim();
		if (existing !== undefined)
			headers[existing] = `${headers[existing]}, ${text}`;
		else headers[name] = text;
	}
	return headers;
}

/**
 * Splits a URL given as the first argument off the arguments: `audit http://host/mcp` means
 * `audit --url http://host/mcp`.
 *
 * @param positionals - the arguments that are not options
 * @returns the URL, if the first one is one, and the first argument left
 * @example
 * ```ts
 * urlFirst(["http://localhost:3000/mcp"]); // ["http://localhost:3000/mcp", undefined]
 * ```
 */
export function urlFirst(
	positionals: readonly string[],
): [string | undefined, string | undefined] {
	const [first, second] = positionals;
	if (first !== undefined && /^https?:\/\//i.test(first))
		return [first, second];
	return [undefined, first];
}

/**
 * The option values with a URL argument as `--url`.
 *
 * @param values - the parsed options
 * @param url - from {@link urlFirst}
 * @returns the values with `url` set
 * @throws CliFailure `usage` when `--url` was given too
 * @example
 * ```ts
 * withUrl({}, "http://localhost:3000/mcp").url; // "http://localhost:3000/mcp"
 * ```
 */
export function withUrl(
	values: ParsedValues,
	url: string | undefined,
): ParsedValues {
	if (url === undefined) return values;
	if (values.url !== undefined) {
		throw usage(
			`Choose one URL, not --url ${quote(values.url)} and ${quote(url)}`,
		);
	}
	return { ...values, url };
}

/**
 * The profiles of `--profile` (repeatable, comma-separated, `all`), in order, without repeats.
 *
 * @param values - the `--profile` values, if any
 * @returns every profile when none is given
 * @throws CliFailure `usage` for an unknown profile
 * @example
 * ```ts
 * profilesOf(["openai,gemini"]); // ["openai", "gemini"]
 * ```
 */
export function profilesOf(
	values: readonly string[] | undefined,
): ProfileName[] {
	if (values === undefined) return [...ALL_PROFILES];
	const chosen = new Set<ProfileName>();
	for (const value of values.flatMap((v) => v.split(","))) {
		const name = value.trim().toLowerCase();
		if (name === "all") {
			for (const profile of ALL_PROFILES) chosen.add(profile);
		} else if ((ALL_PROFILES as readonly string[]).includes(name)) {
			chosen.add(name as ProfileName);
		} else {
			throw usage(
				`Unknown profile ${quote(value.trim())}; expected ${ALL_PROFILES.join(", ")} or all`,
			);
		}
	}
	return [...chosen];
}

/**
 * The milliseconds of `--start-timeout`: the bound on a stdio server's first output.
 *
 * @param value - what was given, if anything
 * @returns the bound; {@link DEFAULT_START_TIMEOUT_MS} when nothing was given
 * @throws CliFailure `usage` naming what is wrong with the value
 * @example
 * ```ts
 * startTimeoutOf("300000"); // 300000
 * ```
 */
export function startTimeoutOf(value: string | undefined): number {
	return value === undefined
		? DEFAULT_START_TIMEOUT_MS
		: timeoutOf(value, "--start-timeout");
}

/**
 * The milliseconds of `--timeout`.
 *
 * @param value - what was given, if anything
 * @param option - the option's name, for the message
 * @returns the budget; {@link DEFAULT_TIMEOUT_MS} when nothing was given
 * @throws CliFailure `usage` naming what is wrong with the value
 * @example
 * ```ts
 * timeoutOf("5000"); // 5000
 * ```
 */
export function timeoutOf(
	value: string | undefined,
	option = "--timeout",
): number {
	if (value === undefined) return DEFAULT_TIMEOUT_MS;
	const text = value.trim();
	const ms = text === "" ? Number.NaN : Number(text);
	const problem = Number.isNaN(ms)
		? "is not a number"
		: ms < 0
			? "is negative"
			: ms === 0
				? "leaves no time"
				: !Number.isInteger(ms)
					? "is not a whole number"
					: ms > MAX_TIMEOUT_MS
						? `is over ${MAX_TIMEOUT_MS} (about 24 days)`
						: undefined;
	if (problem !== undefined) {
		throw usage(
			`${option} ${quote(value)} ${problem}; give milliseconds, e.g. ${option} 5000`,
		);
	}
	return ms;
}
