/**
 * One failed expectation of a name policy, as every `check*` helper returns it.
 *
 * @example
 * ```ts
 * const failures: PolicyFailure[] = checkWireSafe(["linear.list_issues"]);
 * failures[0]?.expected; // "valid for openai"
 * ```
 */
export interface PolicyFailure {
	/** The name (or model input) that failed. */
	name: string;
	/** What was expected. */
	expected: string;
	/** What happened instead. */
	actual: string;
}
