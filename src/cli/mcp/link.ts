/**
 * The link interface: how the proxy talks to its upstream server, whatever carries it. Each
 * transport is one class with its state in fields, as the MCP SDK shapes its transports:
 * `StdioLink` (a server started as a child process, stdio.ts), and over HTTP `HttpLink`
 * (http.ts), which speaks Streamable HTTP (`StreamableHttpTransport`, streamable-http.ts) or
 * falls back to the older HTTP+SSE transport (`LegacySseTransport`, legacy-sse.ts).
 *
 * @module
 */

/** How an upstream ended, in the proxy's terms. */
export interface UpstreamEnd {
	/** The exit code the proxy passes on (the server's own, or 1 for a lost connection). */
	code: number;
	/** One sentence: "exited with code 1", "was ended by SIGKILL", "closed the connection". */
	reason: string;
	/** It could not be started at all (command not found, connection refused): exit 2. */
	startFailed: boolean;
}

/** An upstream server the proxy talks to, however it is connected. */
export interface UpstreamLink {
	/**
	 * Sends one frame (a JSON text, with or without its newline); `message` is its parsed form
	 * when the caller has it (an HTTP upstream reads the request ids off it).
	 */
	send(bytes: Buffer, message?: unknown): void;
	/** Settles when the upstream is gone by itself (never rejects). */
	readonly ended: Promise<UpstreamEnd>;
	/** Ends it (and its whole process tree); resolves with how it ended. */
	close(): Promise<UpstreamEnd>;
	/** Last lines of its stderr, for messages. */
	stderrTail(): string;
	/** Stops the process tree synchronously (for process exit). */
	killNow(): void;
	/** Settles once the upstream takes more input (back-pressure); at once when it does now. */
	drained(): Promise<void>;
	/** Whether writes are waiting for the upstream to read them. */
	needsDrain(): boolean;
}

/**
 * Where a link tells what went wrong outside any request (a refused first POST, a standalone
 * stream given up); the proxy's logger is one.
 */
export type LinkLog = (event: {
	event: "upstream-error";
	message: string;
}) => void;
