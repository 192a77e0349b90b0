/**
 * An expected failure of the CLI, printed as its one-line `message` (no stack) with exit
 * code 2. Internal: never re-exported.
 */
export class CliFailure extends Error {
	/** Why the CLI stops: bad arguments, or a target it cannot read. */
	readonly kind: "usage" | "target";

	/**
	 * @param kind - usage error or unreadable target
	 * @param message - one sentence naming what failed and what would work
	 * @param options - the underlying `cause`, if any
	 */
	constructor(
		kind: "usage" | "target",
		message: string,
		options?: { cause?: unknown },
	) {
		super(message, options);
		this.name = "CliFailure";
		this.kind = kind;
	}
}

/**
 * A value as a usage message quotes it: JSON, shortened past 60 characters.
 *
 * @param value - what the user typed
 * @returns the quoted text
 */
export function quote(value: string): string {
	return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
}

/**
 * A usage failure (exit 2) with one sentence.
 *
 * @param message - what is wrong and what would be right
 * @param cause - the underlying error, if any
 * @returns the failure to throw
 */
export function usage(message: string, cause?: unknown): CliFailure {
	return new CliFailure(
		"usage",
		message,
		cause === undefined ? undefined : { cause },
	);
}
