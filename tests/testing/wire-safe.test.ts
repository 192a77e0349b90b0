import { describe, expect, it } from "vitest";
import { isMcpToolNamesError } from "../../src/index.js";
import { assertWireSafe, checkWireSafe } from "../../src/testing/index.js";
import { thrown } from "../core/_reference.js";

describe("checkWireSafe", () => {
	it("reports each name the profile would rewrite, with the reason", () => {
		const failures = checkWireSafe(["begin_session", "linear.list_issues"]);
		expect(failures).toHaveLength(1);
		expect(failures[0]?.name).toBe("linear.list_issues");
		expect(failures[0]?.actual).toContain('"."');
	});

	it("reads tool objects and tools/list results", () => {
		expect(
			checkWireSafe({ tools: [{ name: "a.b" }, { name: "ok" }] }),
		).toHaveLength(1);
		expect(checkWireSafe([{ name: "a.b" }], { profile: "gemini" })).toEqual([]);
	});
});

describe("assertWireSafe", () => {
	it("passes for valid names", () => {
		expect(() => assertWireSafe(["get_user", "list-issues"])).not.toThrow();
	});

	it("throws a policy-violation error with a readable table", () => {
		const error = thrown(() =>
			assertWireSafe(["websearch/fetch_content", "ok"], {
				profile: "portable",
			}),
		) as Error;
		expect(isMcpToolNamesError(error)).toBe(true);
		expect((error as { code?: string }).code).toBe("policy-violation");
		expect(error.message).toMatch(
			/^1 tool name\(s\) are not wire-safe for portable:\nname/,
		);
		expect(error.message).toContain(
			"websearch/fetch_content | valid for portable",
		);
	});
});
