/**
 * Why the CLI stops with exit code 2: bad arguments, or a target it cannot read.
 */
type CliFailureKind = "usage" | "target";

/**
 * An expected failure of the CLI, printed as its one-line `message` (no stack) with exit
 * code 2. Internal: never re-exported.
 */
export class CliFailure extends Error {
	/** Which kind of failure. */
	readonly kind: CliFailureKind;

	/**
	 * @param kind - usage error or unreadable target
	 * @param message - one sentence naming what failed and what would work
	 * @param options - the underlying `cause`, if any
	 */
	constructor(
		kind: CliFailureKind,
		message: string,
		options?: { cause?: unknown },
	) {
		super(message, options);
		this.name = "CliFailure";
		this.kind = kind;
	}
}

/**
 * Tells whether a value is a {@link CliFailure}.
 *
 * @param value - anything caught
 * @returns `true` for expected CLI failures
 */
export function isCliFailure(value: unknown): value is CliFailure {
	return value instanceof CliFailure;
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
