/**
 * What can go wrong talking to a server, as values the CLI turns into one sentence (see
 * target-errors.ts). Internal: never printed as they are.
 *
 * @module
 */
import type { ExitStatus } from "../process/server-process.js";

/**
 * The server answered a request with a JSON-RPC error.
 */
export class RpcFailure extends Error {
	readonly code: number;
	readonly data: unknown;

	/**
	 * @param code - the JSON-RPC error code
	 * @param message - the server's message
	 * @param data - its `data`, if any
	 */
	constructor(code: number, message: string, data?: unknown) {
		super(message);
		this.name = "RpcFailure";
		this.code = code;
		this.data = data;
	}
}

/**
 * An answer that is not what MCP says it is, or a stream that ended too soon.
 */
export class ProtocolFailure extends Error {
	readonly phase: string;

	/**
	 * @param phase - the step it happened in
	 * @param message - what the server did, as the end of a sentence that starts with its name
	 */
	constructor(phase: string, message: string) {
		super(message);
		this.name = "ProtocolFailure";
		this.phase = phase;
	}
}

/**
 * A stdio server exited (or closed its stdout) while the CLI waited for it.
 */
export class ServerExited extends Error {
	readonly status: ExitStatus | undefined;
	/** A line it wrote on stdout that is not JSON, if it wrote one. */
	readonly junk: string | undefined;

	/**
	 * @param status - how it exited; `undefined` when only its stdout closed
	 * @param junk - the first non-JSON stdout line, if any
	 */
	constructor(status: ExitStatus | undefined, junk?: string) {
		super("The server exited");
		this.name = "ServerExited";
		this.status = status;
		this.junk = junk;
	}
}

/**
 * A stdio server wrote a fatal error on stderr and then stayed silent.
 */
export class ServerFatal extends Error {
	readonly line: string;

	/** @param line - the fatal line */
	constructor(line: string) {
		super(line);
		this.name = "ServerFatal";
		this.line = line;
	}
}

/**
 * An HTTP server answered with a status that is not a success.
 */
export class HttpStatus extends Error {
	readonly status: number;
	readonly statusText: string;

	/**
	 * @param status - the HTTP status
	 * @param statusText - its reason phrase, maybe empty
	 */
	constructor(status: number, statusText: string) {
		super(`HTTP ${status}`);
		this.name = "HttpStatus";
		this.status = status;
		this.statusText = statusText;
	}
}
