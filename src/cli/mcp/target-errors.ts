/**
 * What can go wrong talking to a server, as values (the failure classes), and the one wording
 * of each for people: a sentence for the audit's target, a reason for the proxy's error
 * answers, with the server's own words where it left any (the stderr lines that name the
 * cause, the HTTP status).
 *
 * @module
 */
import { METHOD_NOT_FOUND } from "../../adapters/jsonrpc-base.js";
import { CliFailure } from "../_failure.js";
import type { ExitStatus } from "../process/server-process.js";
import { receivedSignal } from "../process/signals.js";
import type { StderrLog } from "../process/stderr.js";
import { type Deadline, DeadlineExpired } from "./deadline.js";

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

/** An answer that is not what MCP says it is, or a stream that ended too soon. */
export class ProtocolFailure extends Error {
	/** @param message - what the server did, as the end of a sentence that starts with its name */
	constructor(message: string) {
		super(message);
		this.name = "ProtocolFailure";
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
	/** @param line - the fatal line, the message */
	constructor(line: string) {
		super(line);
		this.name = "ServerFatal";
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

/**
 * What {@link describeStdioFailure} needs besides the error.
 */
interface StdioContext {
	label: string;
	command: string;
	/** The run's budget: its phase and bounds. */
	deadline: Deadline;
	stderr: StderrLog;
}

/**
 * What {@link describeHttpFailure} needs besides the error.
 */
interface HttpContext {
	label: string;
	url: URL;
	deadline: Deadline;
	/** The SSE fallback was tried too, and failed. */
	fellBack: boolean;
}

/** The next step for a person after a 401 or 403 (the audit's sentence, the proxy's log). */
export const CREDENTIALS_HINT =
	'pass credentials with --header "Authorization: Bearer <token>"';
const PATH_HINT =
	"check the URL's path (often /mcp, or /sse for older servers)";
/** The next step after an HTTP status, where there is one. */
const STATUS_HINTS: Readonly<Record<number, string>> = {
	401: CREDENTIALS_HINT,
	403: CREDENTIALS_HINT,
	404: PATH_HINT,
	405: PATH_HINT,
};

/**
 * The sentence for a failed stdio target.
 *
 * @param error - what was thrown
 * @param context - the server, the phase and its stderr
 * @returns a `target` failure to print (a `CliFailure` passes through)
 */
export function describeStdioFailure(
	error: unknown,
	context: StdioContext,
): CliFailure {
	if (error instanceof CliFailure) return error;
	const { deadline } = context;
	const label = capitalize(context.label);
	const cause = context.stderr.cause();
	const fail = (sentence: string, lines: readonly string[] = cause) =>
		new CliFailure("target", withCause(sentence, lines), { cause: error });
	const spawn = spawnFailure(error, context.command);
	if (spawn !== undefined) return fail(spawn, []);
	if (error instanceof DeadlineExpired && error.phase === "first output") {
		return fail(
			`${label} wrote nothing within ${deadline.startTimeoutMs ?? deadline.timeoutMs} ms of starting (--start-timeout); raise --start-timeout if it is still downloading (npx -y, uvx)`,
		);
	}
	if (error instanceof DeadlineExpired) {
		return fail(
			error.phase === "spawn"
				? `${label} did not start within ${deadline.timeoutMs} ms (--timeout)`
				: `${label} did not answer ${error.phase} within ${deadline.timeoutMs} ms (--timeout); raise --timeout if it is slow to start`,
		);
	}
	const phase = deadline.phase === "spawn" ? "initialize" : deadline.phase;
	const before = `before it answered ${phase}`;
	const stopped = receivedSignal();
	if (error instanceof ServerExited && stopped !== undefined) {
		// The user (Ctrl-C) or the system stopped the CLI, which ended the server: not its fault.
		return fail(
			`Stopped by ${stopped} (the CLI was interrupted) before ${context.label} answered ${phase}`,
			[],
		);
	}
	if (error instanceof ServerExited) {
		const how =
			error.status === undefined
				? "closed its stdout"
				: error.status.signal !== null
					? `was ended by ${error.status.signal}`
					: error.status.code === 0
						? "exited"
						: `exited with code ${error.status.code}`;
		const junk =
			error.junk === undefined
				? ""
				: ` after writing something that is not JSON-RPC to stdout (${JSON.stringify(error.junk.slice(0, 80))})`;
		return fail(`${label} ${how} ${before}${junk}`);
	}
	if (error instanceof ServerFatal) {
		return fail(
			`${label} wrote a fatal error on stderr and did not answer ${deadline.phase}`,
			cause.length > 0 ? cause : [error.message],
		);
	}
	return fail(`${label} ${answerFailure(error, deadline.phase)}`);
}

/**
 * The sentence for a failed HTTP target.
 *
 * @param error - what was thrown
 * @param context - the endpoint and the phase
 * @returns a `target` failure to print (a `CliFailure` passes through)
 */
export function describeHttpFailure(
	error: unknown,
	context: HttpContext,
): CliFailure {
	if (error instanceof CliFailure) return error;
	const { label, deadline } = context;
	const tried = context.fellBack ? " (the SSE fallback failed too)" : "";
	const fail = (sentence: string) =>
		new CliFailure("target", sentence, { cause: error });
	if (error instanceof DeadlineExpired) {
		return fail(
			`${label} did not answer ${error.phase} within ${deadline.timeoutMs} ms (--timeout); raise --timeout if it is slow`,
		);
	}
	if (error instanceof HttpStatus) {
		const hint = STATUS_HINTS[error.status];
		const text = error.statusText === "" ? "" : ` ${error.statusText}`;
		return fail(
			`${label} answered HTTP ${error.status}${text}${tried}${hint === undefined ? "" : `; ${hint}`}`,
		);
	}
	const network = networkReason(error, context.url);
	if (network !== undefined) {
		return fail(`Cannot connect to ${label}: ${network}${tried}`);
	}
	return fail(`${label} ${answerFailure(error, deadline.phase)}${tried}`);
}

/**
 * A sentence with the stderr lines that name the cause: one line inline, more below it.
 *
 * @param sentence - what happened
 * @param lines - from {@link StderrLog.cause}
 * @returns the message
 */
function withCause(sentence: string, lines: readonly string[]): string {
	if (lines.length === 0) return sentence;
	if (lines.length === 1)
		return `${sentence}; its stderr: ${JSON.stringify(lines[0])}`;
	return `${sentence}; its stderr:\n${lines.map((line) => `  ${line}`).join("\n")}`;
}

function answerFailure(error: unknown, phase: string): string {
	if (error instanceof RpcFailure) {
		return error.code === METHOD_NOT_FOUND
			? `does not support ${phase.replace(/ \(page \d+\)$/, "")} (method not found)`
			: `answered ${phase} with an error: ${firstLine(error.message)}`;
	}
	if (error instanceof ProtocolFailure) return error.message;
	return `failed during ${phase}: ${firstLine(error instanceof Error ? error.message : String(error))}`;
}

/**
 * The sentence for a server command that could not be started (not found, not executable).
 *
 * @param error - what spawning it failed with
 * @param command - the executable
 * @returns the sentence, or `undefined` when the error is not a spawn failure
 */
export function spawnFailure(
	error: unknown,
	command: string,
): string | undefined {
	const syscall = (error as { syscall?: unknown } | null)?.syscall;
	if (typeof syscall !== "string" || !syscall.startsWith("spawn")) {
		return undefined;
	}
	const code = (error as { code?: unknown }).code;
	const reason =
		code === "ENOENT"
			? /\s/.test(command)
				? "command not found; write the command and its arguments as separate words after --"
				: "command not found"
			: code === "EACCES"
				? "permission denied"
				: firstLine(error instanceof Error ? error.message : String(error));
	return `Cannot start ${JSON.stringify(command)}: ${reason}`;
}

/**
 * Why an HTTP server's link failed, as the end of `MCP server at <url>: …` in the proxy's error
 * answers: the HTTP status, the network failure in the audit's words, or what the server did.
 *
 * @param error - what the link failed with
 * @param url - the endpoint (a DNS failure names its host)
 * @returns a short reason
 */
export function linkFailureReason(error: unknown, url: URL): string {
	if (error instanceof HttpStatus) return `HTTP ${error.status}`;
	return (
		networkReason(error, url) ??
		firstLine(error instanceof Error ? error.message : String(error))
	);
}

/**
 * The note when a stdio server's tree outlived the shutdown.
 *
 * @param label - the server in messages
 * @param pid - its process id
 * @returns one sentence
 */
export function notEndedNote(label: string, pid: number | undefined): string {
	return `${capitalize(label)} (pid ${pid}) did not end during shutdown within --timeout, even after SIGKILL; some of its processes may still run`;
}

/**
 * The network failure under a failed `fetch` in words (connection refused, host not found,
 * reset, TLS), or `undefined` when it is not one.
 *
 * @param error - what `fetch` rejected with
 * @param url - the endpoint (a DNS failure names its host)
 * @returns the reason
 */
function networkReason(error: unknown, url: URL): string | undefined {
	const code = networkCodeOf(error);
	if (code !== undefined) {
		if (code === "ENOTFOUND" || code === "EAI_AGAIN") {
			return `host ${url.hostname} not found`;
		}
		if (/CERT|^ERR_(?:TLS|SSL)/.test(code)) return `TLS error (${code})`;
		return NETWORK_REASONS[code] ?? code;
	}
	// undici rejects with TypeError("fetch failed") and the reason in `cause`.
	if (error instanceof TypeError && error.message === "fetch failed") {
		const cause = (error as { cause?: unknown }).cause;
		return cause instanceof Error && cause.message !== ""
			? firstLine(cause.message)
			: "the request failed";
	}
	return undefined;
}

/** Network error codes in words (a DNS failure, which names its host, and TLS aside). */
const NETWORK_REASONS: Readonly<Record<string, string>> = {
	ECONNREFUSED: "connection refused",
	ECONNRESET: "the connection was reset",
	UND_ERR_SOCKET: "the connection was reset",
};

function networkCodeOf(error: unknown): string | undefined {
	const seen = new Set<unknown>();
	const queue: unknown[] = [error];
	while (queue.length > 0) {
		const next = queue.shift();
		if (typeof next !== "object" || next === null || seen.has(next)) continue;
		seen.add(next);
		const code = (next as { code?: unknown }).code;
		if (typeof code === "string" && /^[A-Z][A-Z0-9_]+$/.test(code)) return code;
		queue.push((next as { cause?: unknown }).cause);
		const errors = (next as { errors?: unknown }).errors;
		if (Array.isArray(errors)) queue.push(...errors);
	}
	return undefined;
}

function firstLine(text: string): string {
	const line = text.split("\n")[0] ?? text;
	return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

function capitalize(text: string): string {
	return text.startsWith("the ") ? `The ${text.slice(4)}` : text;
}
