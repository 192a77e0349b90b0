import { describeValue, McpToolNamesError } from "./errors.js";
import { readArgument } from "./guards.js";

/** Names of the built-in {@link profiles}. */
export type ProfileName =
	| "openai"
	| "anthropic"
	| "gemini"
	| "portable"
	| "mcp";

/**
 * What a provider accepts as a tool name. `allowed` and `leading` each match ONE character
 * (no anchors, no quantifiers); a custom profile must allow `_`, `0-9` and `a-z`, which the
 * wire-name hash and suffixes are written with.
 *
 * @example
 * ```ts
 * const strict: NameProfile = { name: "strict", maxLength: 40, allowed: /[a-z0-9_]/, leading: /[a-z]/ };
 * ```
 */
export interface NameProfile {
	/** Shown in diagnostics and audits. */
	readonly name: string;
	/** Longest accepted name, in UTF-16 code units. */
	readonly maxLength: number;
	/** Matches one allowed character. */
	readonly allowed: RegExp;
	/** Matches an allowed first character, when the provider restricts it. */
	readonly leading?: RegExp;
}

/**
 * The built-in profiles. `openai` is the default everywhere.
 *
 * | profile | alphabet | first char | max |
 * |---|---|---|---|
 * | `openai` | `A-Z a-z 0-9 _ -` | any | 64 |
 * | `anthropic` | `A-Z a-z 0-9 _ -` | any | 64 |
 * | `gemini` | `A-Z a-z 0-9 _ . : -` | letter or `_` | 64 |
 * | `portable` | `A-Z a-z 0-9 _` | letter | 64 |
 * | `mcp` | `A-Z a-z 0-9 _ . -` | any | 128 |
 *
 * @example
 * ```ts
 * profiles.gemini.maxLength; // 64
 * ```
 */
export const profiles: Readonly<Record<ProfileName, NameProfile>> =
	Object.freeze({
		// OpenAI function calling: a-z, A-Z, 0-9, underscores and dashes, at most 64
		// (https://platform.openai.com/docs/api-reference/chat/create, `tools[].function.name`; the
		// same text is in the generated openai-python `FunctionDefinition`). Azure OpenAI, Groq
		// (groq-python `FunctionDefinition`), Mistral (mistral-common's validator) and DeepSeek
		// implement the same rule, and so does Bedrock Converse: `toolSpec.name` is
		// `^[a-zA-Z0-9_-]+$`, 1 to 64
		// (https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolSpecification.html).
		openai: Object.freeze({
			name: "openai",
			maxLength: 64,
			allowed: /[A-Za-z0-9_-]/,
		}),
		// Claude tool `name`: `^[a-zA-Z0-9_-]{1,64}$` in the guide
		// (https://platform.claude.com/docs/en/agents-and-tools/tool-use/define-tools); the Messages
		// API itself has accepted up to 128 since mid-2025, but tool search and the Claude.ai /
		// Claude Desktop MCP path still reject names over 64
		// (https://github.com/anthropics/claude-code/issues/16425), so 64 is the safe target.
		anthropic: Object.freeze({
			name: "anthropic",
			maxLength: 64,
			allowed: /[A-Za-z0-9_-]/,
		}),
		// Gemini FunctionDeclaration.name: starts with a letter or an underscore, then a-z, A-Z,
		// 0-9, underscores, dots, colons and dashes, at most 64 in the Gemini API reference
		// (https://ai.google.dev/api/caching#FunctionDeclaration; generativelanguage v1beta).
		// Vertex AI's v1 reference says 64 too, with dots and no colons (googleapis
		// google/cloud/aiplatform/v1/tool.proto; https://cloud.google.com/java/docs/reference/google-cloud-aiplatform/3.53.0/com.google.cloud.aiplatform.v1.FunctionDeclaration).
		// The unified SDK's types (@google/genai 3.6.1, `FunctionDeclaration.name`) and one
		// generated Vertex client (pub.dev googleapis 17.0.0, aiplatform_v1) say 128; where the
		// sources disagree the profile keeps 64, which every Gemini endpoint accepts.
		gemini: Object.freeze({
			name: "gemini",
			maxLength: 64,
			allowed: /[A-Za-z0-9_.:-]/,
			leading: /[A-Za-z_]/,
		}),
		// What every provider accepts at once: Bedrock Agents functions are
		// `([0-9a-zA-Z][_-]?){1,100}` (no `__`;
		// https://docs.aws.amazon.com/bedrock/latest/APIReference/API_agent_Function.html), Bedrock
		// prompt tools `[a-zA-Z][a-zA-Z0-9_]*` (API_agent_ToolSpecification.html), Cohere tools take
		// letters, digits and underscores, not starting with a digit (cohere-python `Tool.name`),
		// Gemini wants no digit first. Runs of `_` are never produced from one separator, but a
		// canonical name that has `__` keeps it: use a custom profile for Bedrock Agents if needed.
		portable: Object.freeze({
			name: "portable",
			maxLength: 64,
			allowed: /[A-Za-z0-9_]/,
			leading: /[A-Za-z]/,
		}),
		// MCP specification 2025-11-25, Tools > Tool names: SHOULD be 1 to 128 characters of A-Z,
		// a-z, 0-9, `_`, `-` and `.`
		// (https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names).
		mcp: Object.freeze({
			name: "mcp",
			maxLength: 128,
			allowed: /[A-Za-z0-9_.-]/,
		}),
	});

const PROFILE_NAMES = Object.keys(profiles) as ProfileName[];

/** Shortest `maxLength` that fits `tool_` plus the seven-character hash. */
const MIN_MAX_LENGTH = 12;

const checked = new WeakSet<NameProfile>();

/**
 * Turns a profile name or object into a checked {@link NameProfile}.
 *
 * @throws McpToolNamesError `invalid-profile` for an unknown name or an unusable object
 */
export function resolveProfile(
	profile: ProfileName | NameProfile | undefined,
): NameProfile {
	if (profile === undefined) return profiles.openai;
	if (typeof profile === "string") {
		if (Object.hasOwn(profiles, profile)) return profiles[profile];
		throw new McpToolNamesError(
			"invalid-profile",
			`Unknown profile ${describeValue(profile)}; expected one of ${PROFILE_NAMES.join(", ")}`,
		);
	}
	if (typeof profile !== "object" || profile === null) {
		throw new McpToolNamesError(
			"invalid-profile",
			`Profile must be one of ${PROFILE_NAMES.join(", ")} or a NameProfile object, got ${describeValue(profile)}`,
		);
	}
	if (checked.has(profile)) return profile;
	const { name, maxLength, allowed, leading } = readArgument(
		"profile",
		"the NameProfile object",
		profile,
		() => ({ ...profile }),
	);
	const label = typeof name === "string" ? `Profile "${name}"` : "Profile";
	if (typeof name !== "string" || name === "") {
		throw new McpToolNamesError(
			"invalid-profile",
			`${label} needs a non-empty string name`,
		);
	}
	if (!Number.isInteger(maxLength) || maxLength < MIN_MAX_LENGTH) {
		throw new McpToolNamesError(
			"invalid-profile",
			`${label} has maxLength ${describeValue(maxLength)}; expected an integer of at least ${MIN_MAX_LENGTH}, room for "tool_" and the 7-character hash`,
		);
	}
	for (const [key, pattern] of [
		["allowed", allowed],
		["leading", leading],
	] as const) {
		if (pattern === undefined && key === "leading") continue;
		if (!(pattern instanceof RegExp) || pattern.global || pattern.sticky) {
			throw new McpToolNamesError(
				"invalid-profile",
				`${label} needs "${key}" to be a RegExp without the g or y flag that matches one character`,
			);
		}
	}
	const missing = [..."_0123456789abcdefghijklmnopqrstuvwxyz"].filter(
		(c) => !allowed.test(c),
	);
	if (missing.length > 0) {
		throw new McpToolNamesError(
			"invalid-profile",
			`${label} cannot write wire-name hashes: it does not allow ${missing.map((c) => `"${c}"`).join(", ")}; "_", 0-9 and a-z are required`,
		);
	}
	if (leading !== undefined && !leading.test("t")) {
		throw new McpToolNamesError(
			"invalid-profile",
			`${label} must accept "t" as a first character, for the "tool_" prefix`,
		);
	}
	checked.add(profile);
	return profile;
}

/**
 * Tells whether a name is accepted as is by a profile: non-empty, within `maxLength`, every
 * character allowed, and a valid first character.
 *
 * @param name - the name to check; non-strings are never wire-safe
 * @param profile - a built-in profile name or a {@link NameProfile}; default `openai`
 * @returns `true` when the provider takes the name unchanged
 * @throws McpToolNamesError `invalid-profile` for an unknown profile
 * @example
 * ```ts
 * isWireSafe("websearch/fetch_content"); // false
 * isWireSafe("websearch_fetch_content"); // true
 * isWireSafe("1password_get", "portable"); // false: must start with a letter
 * ```
 */
export function isWireSafe(
	name: unknown,
	profile?: ProfileName | NameProfile,
): boolean {
	return isValidFor(name, resolveProfile(profile));
}

/** {@link isWireSafe} against an already resolved profile. */
export function isValidFor(name: unknown, profile: NameProfile): boolean {
	if (
		typeof name !== "string" ||
		name.length === 0 ||
		name.length > profile.maxLength
	) {
		return false;
	}
	const first = name[0] as string;
	if (profile.leading !== undefined && !profile.leading.test(first))
		return false;
	if (profile === profiles.openai || profile === profiles.anthropic) {
		return ASCII_WORD_DASH.test(name);
	}
	for (const char of name) {
		if (!profile.allowed.test(char)) return false;
	}
	return true;
}

const ASCII_WORD_DASH = /^[A-Za-z0-9_-]+$/;

/**
 * Says in words what a profile accepts, read off its own patterns (so a custom profile is
 * described as truly as a built-in one): the printable ASCII characters it allows, the first
 * characters it allows when it restricts them, and its `maxLength`.
 *
 * @param profile - a built-in profile name or a {@link NameProfile}; default `openai`
 * @returns e.g. `A-Z a-z 0-9 _ . : -, first a letter or _, at most 64`
 * @throws McpToolNamesError `invalid-profile` for an unknown profile
 * @example
 * ```ts
 * describeProfile(); // "A-Z a-z 0-9 _ -, at most 64"
 * describeProfile("portable"); // "A-Z a-z 0-9 _, first a letter, at most 64"
 * describeProfile({ name: "strict", maxLength: 40, allowed: /[a-z0-9_]/ }); // "a-z 0-9 _, at most 40"
 * ```
 */
export function describeProfile(profile?: ProfileName | NameProfile): string {
	const resolved = resolveProfile(profile);
	let first = "";
	if (resolved.leading !== undefined) {
		const parts = charactersOf(resolved.leading);
		if (parts[0] === "A-Z" && parts[1] === "a-z")
			parts.splice(0, 2, "a letter");
		first = `, first ${parts.join(" or ")}`;
	}
	return `${alphabetOf(resolved)}${first}, at most ${resolved.maxLength}`;
}

/** The characters a profile allows, as {@link describeProfile} writes them. */
export function alphabetOf(profile: NameProfile): string {
	const beyond = [..."éя中"].some((c) => profile.allowed.test(c));
	return `${charactersOf(profile.allowed).join(" ")}${beyond ? " and more beyond ASCII" : ""}`;
}

/**
 * Full runs as `A-Z`, `a-z`, `0-9`, then signs in the profile table's order, then the rest of
 * printable ASCII, one at a time.
 */
function charactersOf(pattern: RegExp): string[] {
	const runs = [
		"ABCDEFGHIJKLMNOPQRSTUVWXYZ",
		"abcdefghijklmnopqrstuvwxyz",
		"0123456789",
		..."_.:-!\"#$%&'()*+,/;<=>?@[\\]^`{|}~",
	];
	return runs.flatMap((run) => {
		const hits = [...run].filter((c) => pattern.test(c));
		return hits.length > 1 && hits.length === run.length
			? `${run[0]}-${hits.pop()}`
			: hits;
	});
}
