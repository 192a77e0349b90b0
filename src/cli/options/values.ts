// What the options of several commands share: the version, the defaults, the checks of a
// value and the rows of --json.
import { version } from "../../../package.json";
import { type ProfileName, profiles } from "../../index.js";
import { quote, usage } from "../_failure.js";
import type { FlagOption } from "./parser.js";

/** The package version, inlined from package.json at build time. */
export const VERSION: string = version;

/** Default of `--timeout`, in milliseconds: time to start, initialize, list and end, in all. */
export const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * Default of `--start-timeout`, in milliseconds: how long a stdio server may stay silent
 * after it is started (an `npx -y` download) before `--timeout` starts counting.
 */
export const DEFAULT_START_TIMEOUT_MS = 120_000;

/** setTimeout's longest delay (2^31 - 1 ms, about 24.8 days). */
export const MAX_TIMEOUT_MS = 2_147_483_647;

/** Every built-in profile, in the order `--profile all` reports them. */
export const ALL_PROFILES: readonly ProfileName[] = Object.keys(
	profiles,
) as ProfileName[];

/** The modes of `resolveName`, for `--mode`, default first. */
export const MODES: readonly ("safe" | "mcporter")[] = ["safe", "mcporter"];

/** `--json`, for the commands that print a document. */
export const JSON_OPTION: FlagOption = {
	type: "boolean",
	help: "print one JSON document (schemaVersion 1, see docs/cli.md)",
};

/**
 * Milliseconds of `--timeout` and `--start-timeout`: a whole number from 1 to setTimeout's
 * longest delay.
 *
 * @param value - what was given
 * @param flag - the option, for the message
 * @returns the milliseconds
 * @throws CliFailure `usage` naming what is wrong with the value
 */
export function milliseconds(value: string, flag: string): number {
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
			`${flag} ${quote(value)} ${problem}; give milliseconds, e.g. ${flag} 5000`,
		);
	}
	return ms;
}

/**
 * A check that takes one of `allowed`, whatever its case and surrounding spaces.
 *
 * @param allowed - the values, in the order the message lists them
 * @returns the check, for an option's `parse`
 */
export function oneOf<T extends string>(
	allowed: readonly T[],
): (value: string, flag: string) => T {
	return (value, flag) => {
		const chosen = value.trim().toLowerCase();
		if ((allowed as readonly string[]).includes(chosen)) return chosen as T;
		throw usage(
			`Unknown ${flag} ${quote(value)}; expected ${allowed.join(" or ")}`,
		);
	};
}
