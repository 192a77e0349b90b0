import { describe, expect, it } from "vitest";
import {
	describeProfile,
	isMcpToolNamesError,
	isWireSafe,
	type NameProfile,
	type ProfileName,
	profiles,
} from "../../src/index.js";
import { thrown } from "./_reference.js";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const DIGITS = "0123456789";

// The table of DESIGN.md "Profiles", written out character by character.
const TABLE: Record<
	ProfileName,
	{ alphabet: string; leading: string | undefined; max: number }
> = {
	openai: { alphabet: `${LETTERS}${DIGITS}_-`, leading: undefined, max: 64 },
	anthropic: { alphabet: `${LETTERS}${DIGITS}_-`, leading: undefined, max: 64 },
	gemini: {
		alphabet: `${LETTERS}${DIGITS}_.:-`,
		leading: `${LETTERS}_`,
		max: 64,
	},
	portable: { alphabet: `${LETTERS}${DIGITS}_`, leading: LETTERS, max: 64 },
	mcp: { alphabet: `${LETTERS}${DIGITS}_.-`, leading: undefined, max: 128 },
};

const PROFILE_NAMES = Object.keys(TABLE) as ProfileName[];

// Every ASCII character, plus non-ASCII look-alikes that a case-insensitive or
// Unicode-aware regex would wrongly accept (Kelvin sign, long s, dotless i, ...).
const PROBES: string[] = [
	...Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)),
	"é",
	"\u212a",
	"\u017f",
	"\u0131",
	"\u0130",
	"ａ",
	"１",
	"²",
	"٣",
	"\u0430",
	"搜",
	"🔥",
	"\u00a0",
];

describe("profiles", () => {
	it("has exactly the five profiles of the design", () => {
		expect(Object.keys(profiles).sort()).toEqual([...PROFILE_NAMES].sort());
	});

	it.each(PROFILE_NAMES)("names the %s profile after its key", (name) => {
		expect(profiles[name].name).toBe(name);
	});

	it.each(PROFILE_NAMES)("gives %s the maximum length of the table", (name) => {
		expect(profiles[name].maxLength).toBe(TABLE[name].max);
	});

	it.each(PROFILE_NAMES)(
		"gives %s an `allowed` regex that matches exactly its alphabet",
		(name) => {
			const { allowed } = profiles[name];
			for (const ch of PROBES) {
				// twice, so a stateful (g/y) regex would show
				expect([ch, allowed.test(ch), allowed.test(ch)]).toEqual([
					ch,
					TABLE[name].alphabet.includes(ch),
					TABLE[name].alphabet.includes(ch),
				]);
			}
		},
	);

	it.each(PROFILE_NAMES)(
		"gives %s a `leading` regex only when the provider restricts the first character",
		(name) => {
			const { leading } = profiles[name];
			const expected = TABLE[name].leading;
			if (expected === undefined) {
				expect(leading).toBeUndefined();
				return;
			}
			expect(leading).toBeInstanceOf(RegExp);
			for (const ch of PROBES) {
				expect([ch, leading?.test(ch)]).toEqual([ch, expected.includes(ch)]);
			}
		},
	);

	it("cannot be changed by a caller", () => {
		expect(Object.isFrozen(profiles)).toBe(true);
		for (const name of PROFILE_NAMES)
			expect(Object.isFrozen(profiles[name])).toBe(true);
	});
});

describe("isWireSafe", () => {
	it.each(PROFILE_NAMES)(
		"accepts a character under %s exactly when the table allows it",
		(name) => {
			const { alphabet, leading } = TABLE[name];
			for (const ch of PROBES) {
				const inAlphabet = alphabet.includes(ch);
				const canLead =
					inAlphabet && (leading === undefined || leading.includes(ch));
				expect([ch, isWireSafe(`a${ch}`, name)]).toEqual([ch, inAlphabet]);
				expect([ch, isWireSafe(ch, name)]).toEqual([ch, canLead]);
			}
		},
	);

	it.each(PROFILE_NAMES)(
		"accepts names up to the maximum length under %s and no longer",
		(name) => {
			const max = TABLE[name].max;
			expect(isWireSafe("a".repeat(max), name)).toBe(true);
			expect(isWireSafe("a".repeat(max + 1), name)).toBe(false);
		},
	);

	it.each(PROFILE_NAMES)("rejects the empty name under %s", (name) => {
		expect(isWireSafe("", name)).toBe(false);
	});

	it("uses the openai profile by default", () => {
		expect(isWireSafe("websearch_fetch_content")).toBe(true);
		expect(isWireSafe("get-item")).toBe(true);
		expect(isWireSafe("linear.list_issues")).toBe(false);
		expect(isWireSafe("websearch/fetch_content")).toBe(false);
		expect(isWireSafe("a".repeat(64))).toBe(true);
		expect(isWireSafe("a".repeat(65))).toBe(false);
	});

	it("tells the seed names apart per profile", () => {
		expect(isWireSafe("linear.list_issues", "gemini")).toBe(true);
		expect(isWireSafe("linear.list_issues", "mcp")).toBe(true);
		expect(isWireSafe("default_api:list_issues", "gemini")).toBe(true);
		expect(isWireSafe("default_api:list_issues", "mcp")).toBe(false);
		expect(isWireSafe("1password_get_item", "portable")).toBe(false);
		expect(isWireSafe("1password_get_item", "openai")).toBe(true);
		expect(isWireSafe("_private", "gemini")).toBe(true);
		expect(isWireSafe("_private", "portable")).toBe(false);
		expect(isWireSafe("-flag", "mcp")).toBe(true);
		expect(isWireSafe("-flag", "gemini")).toBe(false);
	});

	it("accepts a profile object, including a custom one", () => {
		const lower: NameProfile = {
			name: "lowercase",
			maxLength: 16,
			allowed: /[a-z0-9_]/,
			leading: /[a-z]/,
		};
		expect(isWireSafe("get_item", lower)).toBe(true);
		expect(isWireSafe("GetItem", lower)).toBe(false);
		expect(isWireSafe("9lives", lower)).toBe(false);
		expect(isWireSafe("a".repeat(16), lower)).toBe(true);
		expect(isWireSafe("a".repeat(17), lower)).toBe(false);
		expect(isWireSafe("linear.list_issues", profiles.gemini)).toBe(true);
	});

	it("returns false for a value that is not a string instead of throwing", () => {
		for (const value of [undefined, null, 42, {}, ["a"], Symbol("a")]) {
			expect(isWireSafe(value as unknown as string)).toBe(false);
		}
	});

	it("throws a McpToolNamesError naming the valid profiles for an unknown profile name", () => {
		const error = thrown(() => isWireSafe("a", "opanai" as ProfileName));
		expect(isMcpToolNamesError(error)).toBe(true);
		const message = (error as Error).message;
		expect(message).toContain('"opanai"');
		for (const name of PROFILE_NAMES) expect(message).toContain(name);
		expect(message).not.toContain("\n");
	});
});

describe("describeProfile", () => {
	// DESIGN.md "Profiles": alphabet, first character and maximum, in its own words.
	const WRITTEN: Record<ProfileName, string> = {
		openai: "A-Z a-z 0-9 _ -, at most 64",
		anthropic: "A-Z a-z 0-9 _ -, at most 64",
		gemini: "A-Z a-z 0-9 _ . : -, first a letter or _, at most 64",
		portable: "A-Z a-z 0-9 _, first a letter, at most 64",
		mcp: "A-Z a-z 0-9 _ . -, at most 128",
	};

	/** The characters a description lists, ranges spelled out. */
	const spelled = (words: string): string =>
		words
			.split(" ")
			.map((word) =>
				word.length === 3 && word[1] === "-"
					? Array.from(
							{ length: word.charCodeAt(2) - word.charCodeAt(0) + 1 },
							(_, i) => String.fromCharCode(word.charCodeAt(0) + i),
						).join("")
					: word,
			)
			.join("");

	it.each(PROFILE_NAMES)(
		"writes the %s profile as the profile table does",
		(name) => {
			expect(describeProfile(name)).toBe(WRITTEN[name]);
			expect(describeProfile(profiles[name])).toBe(WRITTEN[name]);
		},
	);

	it.each(PROFILE_NAMES)(
		"lists exactly the characters %s allows, read off its pattern",
		(name) => {
			const alphabet = describeProfile(name).split(",")[0] ?? "";
			expect([...spelled(alphabet)].sort()).toEqual(
				[...TABLE[name].alphabet].sort(),
			);
			expect(describeProfile(name)).toContain(`at most ${TABLE[name].max}`);
		},
	);

	it("describes the openai profile by default", () => {
		expect(describeProfile()).toBe(describeProfile("openai"));
	});

	it("describes a custom profile from its own patterns, a partial range one character at a time", () => {
		const custom: NameProfile = {
			name: "custom",
			maxLength: 40,
			allowed: /[a-zABC0-9_+]/,
			leading: /[a-z_]/,
		};
		expect(describeProfile(custom)).toBe(
			"A B C a-z 0-9 _ +, first a-z or _, at most 40",
		);
	});

	it("says when a profile allows characters beyond ASCII", () => {
		const unicode: NameProfile = {
			name: "unicode",
			maxLength: 64,
			allowed: /[\p{L}\p{N}_]/u,
		};
		expect(describeProfile(unicode)).toBe(
			"A-Z a-z 0-9 _ and more beyond ASCII, at most 64",
		);
	});

	it("throws a McpToolNamesError for an unknown profile name", () => {
		const error = thrown(() => describeProfile("opanai" as ProfileName));
		expect(isMcpToolNamesError(error)).toBe(true);
		expect((error as Error).message).toContain('"opanai"');
	});
});
