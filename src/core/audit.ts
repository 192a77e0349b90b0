import { describeLimit, plannedProfile, reserveOption } from "./_reserve.js";
import { WireNameCodec } from "./codec.js";
import type { Diagnostic } from "./diagnostics.js";
import { describeValue } from "./errors.js";
import { listArgument, optionsArgument } from "./guards.js";
import {
	alphabetOf,
	isValidFor,
	type NameProfile,
	type ProfileName,
	resolveProfile,
} from "./profiles.js";

/** What can be wrong with a tool name for a profile. */
export type AuditProblemCode =
	| "empty"
	| "duplicate"
	| "invalid-characters"
	| "invalid-first-character"
	| "too-long"
	| "lossy"
	| "collision";

/** One problem of one name, with a ready message. */
export interface AuditProblem {
	code: AuditProblemCode;
	message: string;
}

/**
 * How a name fares with a profile: `ok` (sent as is), `renamed`, `lossy` (hash added),
 * `truncated` (shortened, hash added), `collision` (suffix added), `invalid` (empty or not a
 * string: it cannot be sent at all).
 */
export type AuditStatus =
	| "ok"
	| "renamed"
	| "lossy"
	| "truncated"
	| "collision"
	| "invalid";

/** The audit of one name. */
export interface AuditEntry {
	/** The canonical name (`""` for a non-string). */
	name: string;
	/** Whether the provider takes it unchanged (within `maxLength - reserve`). */
	valid: boolean;
	/** What a fresh codec sends instead (`""` for `invalid`). */
	wire: string;
	status: AuditStatus;
	problems: AuditProblem[];
	/**
	 * For `collision`: the canonical name that keeps the contested wire name (this one got a
	 * suffix instead).
	 */
	collidesWith?: string;
}

/** Counts of an {@link AuditReport}. */
export interface AuditTotals {
	names: number;
	ok: number;
	renamed: number;
	lossy: number;
	truncated: number;
	collision: number;
	invalid: number;
	duplicates: number;
}

/** {@link auditNames}'s result for one profile. */
export interface AuditReport {
	profile: string;
	/** The longest wire name: the profile's `maxLength` less the reserve. */
	maxLength: number;
	/** Characters kept free for the host's prefix (0 without one). */
	reserve: number;
	/** One entry per input name, in input order. */
	entries: AuditEntry[];
	totals: AuditTotals;
	/** Every name is sent unchanged and listed once. */
	ok: boolean;
}

/** Options of {@link auditNames}. */
export interface AuditOptions {
	/** Default `openai`. */
	profile?: ProfileName | NameProfile;
	/**
	 * Characters the host adds before each name (see `hostReserve`): names are audited, and
	 * planned, within the profile's `maxLength` less this. Default 0.
	 */
	reserve?: number;
}

/**
 * Tells, for each tool name, whether a provider takes it as is, what wire name a fresh
 * {@link WireNameCodec} gives it and why: the engine of the CLI's `audit`, also usable in tests.
 *
 * @param names - tool names as a server lists them
 * @param options - the profile to audit against, and the host's reserve
 * @returns entries in input order, totals and an overall `ok`
 * @throws McpToolNamesError `invalid-profile` for an unknown profile, `invalid-argument`
 * when `names` is not iterable, `invalid-option` for a reserve that leaves too little room
 * @example
 * ```ts
 * const report = auditNames(["websearch/fetch_content", "begin_session"]);
 * report.entries[0]?.wire; // "websearch_fetch_content"
 * report.totals.renamed; // 1
 * auditNames(["github.search", "github/search"]).entries[1]?.collidesWith; // "github.search"
 * auditNames(["a".repeat(60)], { reserve: 14 }).entries[0]?.status; // "truncated": 50 is the limit
 * ```
 */
export function auditNames(
	names: Iterable<string>,
	options?: AuditOptions,
): AuditReport {
	const opts = optionsArgument("auditNames", options, ["profile", "reserve"]);
	const full = resolveProfile(opts.profile as AuditOptions["profile"]);
	const reserve = reserveOption("auditNames", opts.reserve);
	// Names are checked against what is left once the host's prefix is in front.
	const profile = plannedProfile("auditNames", full, reserve);
	const list = listArgument(
		"auditNames",
		"names",
		names,
		"an iterable of tool names",
	);
	const diagnostics = new Map<string, Diagnostic>();
	const codec = new WireNameCodec({
		profile: full,
		reserve,
		onDiagnostic: (d) => diagnostics.set(d.canonical, d),
	});
	codec.encodeAll([...new Set(list.filter(isName))]);
	const seen = new Set<string>();
	const totals: AuditTotals = {
		names: list.length,
		ok: 0,
		renamed: 0,
		lossy: 0,
		truncated: 0,
		collision: 0,
		invalid: 0,
		duplicates: 0,
	};
	const entries = list.map((name): AuditEntry => {
		if (!isName(name)) {
			totals.invalid++;
			return {
				name: typeof name === "string" ? name : "",
				valid: false,
				wire: "",
				status: "invalid",
				problems: [
					{
						code: "empty",
						message: `Tool name is empty or not a string (got ${describeValue(name)})`,
					},
				],
			};
		}
		const problems = problemsOf(name, profile, describeLimit(full, reserve));
		const diagnostic = diagnostics.get(name);
		const status: AuditStatus =
			diagnostic === undefined
				? "ok"
				: diagnostic.code === "refused"
					? "collision"
					: diagnostic.code;
		if (
			status === "lossy" ||
			(status === "truncated" && hasLostCharacters(name, profile))
		) {
			problems.push({
				code: "lossy",
				message: `Letters or digits of ${describeValue(name)} cannot be written in ${profile.name}; the wire name ends with a hash to stay unique`,
			});
		}
		if (diagnostic?.code === "collision" || diagnostic?.code === "refused") {
			problems.push({
				code: "collision",
				message: `${describeValue(name)} maps to the same wire name as ${describeValue(diagnostic.existing)}; it gets ${describeValue(diagnostic.wire)}`,
			});
		}
		if (seen.has(name)) {
			totals.duplicates++;
			problems.unshift({
				code: "duplicate",
				message: `${describeValue(name)} is listed more than once`,
			});
		}
		seen.add(name);
		totals[status]++;
		const entry: AuditEntry = {
			name,
			valid: isValidFor(name, profile),
			wire: codec.wireNameOf(name) as string,
			status,
			problems,
		};
		if (status === "collision")
			entry.collidesWith = diagnostic?.existing as string;
		return entry;
	});
	return {
		profile: profile.name,
		maxLength: profile.maxLength,
		reserve,
		entries,
		totals,
		ok: totals.ok === totals.names && totals.duplicates === 0,
	};
}

function isName(name: unknown): name is string {
	return typeof name === "string" && name !== "";
}

/** What is wrong with a name for the profile names are planned against (`limit` words its length). */
function problemsOf(
	name: string,
	profile: NameProfile,
	limit: string,
): AuditProblem[] {
	const problems: AuditProblem[] = [];
	const bad = new Set<string>();
	for (const char of name) if (!profile.allowed.test(char)) bad.add(char);
	if (bad.size > 0) {
		const shown = [...bad]
			.slice(0, 8)
			.map((c) => JSON.stringify(c))
			.join(", ");
		problems.push({
			code: "invalid-characters",
			message: `Contains characters ${profile.name} does not allow: ${shown}${bad.size > 8 ? ", ..." : ""}; it allows ${alphabetOf(profile)}`,
		});
	}
	const first = name[0] as string;
	if (
		profile.leading !== undefined &&
		!profile.leading.test(first) &&
		!bad.has(first)
	) {
		problems.push({
			code: "invalid-first-character",
			message: `Starts with ${JSON.stringify(first)}, which ${profile.name} does not allow first`,
		});
	}
	if (name.length > profile.maxLength) {
		problems.push({
			code: "too-long",
			message: `Has ${name.length} characters; ${profile.name} allows at most ${limit}`,
		});
	}
	return problems;
}

function hasLostCharacters(name: string, profile: NameProfile): boolean {
	for (const char of name.normalize("NFKC")) {
		if (!profile.allowed.test(char) && /[\p{L}\p{N}]/u.test(char)) return true;
	}
	return false;
}
