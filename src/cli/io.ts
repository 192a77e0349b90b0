/**
 * A stream the CLI writes to: `process.stdout` / `process.stderr` in the binary, a string
 * collector in tests.
 */
export interface CliOutput {
	write(chunk: string): unknown;
	/** A terminal: colours and the progress line are allowed. */
	readonly isTTY?: boolean;
}

/**
 * What the CLI reads `--file -` from: `process.stdin` in the binary, any async iterable in
 * tests.
 */
export interface CliInput extends AsyncIterable<string | Uint8Array> {
	readonly isTTY?: boolean;
}

/**
 * Everything the CLI touches outside itself, injected so tests run `main` in-process.
 */
export interface CliIo {
	stdout: CliOutput;
	stderr: CliOutput;
	/** Read only for `--file -`. */
	stdin?: CliInput;
	/** Colour settings (`NO_COLOR`, `FORCE_COLOR`, `TERM`) and the environment of spawned servers. */
	env?: Readonly<Record<string, string | undefined>>;
}
