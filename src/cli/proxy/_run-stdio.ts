// `mcp-tool-names proxy` over stdio: one client on the CLI's own stdin/stdout, one upstream
// (a command it starts, or an HTTP endpoint), until either goes away or a signal comes.
import { Readable } from "node:stream";
import { idsOf, SERVER_ERROR } from "../../adapters/jsonrpc-base.js";
import type { CliIo } from "../io.js";
import type { UpstreamLink } from "../mcp/link.js";
import { type LineEvent, lineReader } from "../mcp/stdio.js";
import { type ProxyContext, startUpstream, whileRunning } from "./_context.js";
import {
	errorLine,
	type Frame,
	lengthWithoutLineEnd,
	parse,
} from "./_messages.js";
import { ProxySession } from "./session.js";

/**
 * How long a proxy whose server could not be started waits for the client's first request,
 * to answer it with why (a host then shows the reason, not "server disconnected").
 */
const START_FAILURE_WAIT_MS = 3_000;

/** Runs the proxy for the client on stdio; resolves with the exit code. */
export async function runStdio(context: ProxyContext): Promise<number> {
	const { command, io, log } = context;
	// `process.stdout` takes bytes (the CLI's string-typed outputs take them too).
	const stdout = io.stdout as unknown as { write(chunk: Uint8Array): unknown };
	let finish: (code: number) => void = () => {};
	const finished = new Promise<number>((resolve) => {
		finish = resolve;
	});
	// An HTTP upstream gets each message as a body: the line end is stdio's framing, not its bytes.
	const unframed = command.upstream.type === "http";
	const session = new ProxySession({
		...context.sessionParts(),
		toUpstream: (frame) =>
			upstream.send(
				unframed
					? frame.bytes.subarray(0, lengthWithoutLineEnd(frame.bytes))
					: frame.bytes,
				frame.message,
			),
		toClient: (frame) => stdout.write(asLine(frame)),
		onFatal: (reason) => {
			log({ event: "timeout", message: reason });
			finish(2);
		},
	});
	const upstream = startUpstream(context, {
		onMessage: (bytes, related) => session.fromUpstream(bytes, related),
		stderr: {
			write: (chunk: string) => {
				session.upstreamSpoke();
				return io.stderr.write(chunk);
			},
		},
	});
	let stoppedBy: NodeJS.Signals | undefined;
	const stopHandling = whileRunning(
		(signal, code) => {
			// A client that closed stdin and then signals (the SDK's close) is not news.
			if (stoppedBy === undefined && !clientClosed)
				log({
					event: "upstream-exit",
					message: `Stopped by ${signal}; ending the MCP server`,
					signal,
				});
			stoppedBy ??= signal;
			finish(code);
		},
		() => upstream.killNow(),
	);

	let clientClosed = false;
	let refuseAll: ((bytes: Buffer) => void) | undefined;
	void pumpClient(io, upstream, (event) => {
		if (event.type === "line") {
			if (refuseAll === undefined) session.fromClient(event.bytes);
			else refuseAll(event.bytes);
			return;
		}
		log({
			event: "malformed",
			side: "client",
			message: `The client sent a line of ${event.length} bytes, over the limit; answered with an error`,
		});
		session.refuseClientLine();
	}).then(() => {
		clientClosed = true;
		finish(-1);
	});
	void upstream.ended.then((end) => {
		// Stopped by a signal: the server ending with it is not the server's failure.
		if (clientClosed || stoppedBy !== undefined) return;
		const beforeInit = !session.initialize.answered;
		if (end.startFailed) {
			log({ event: "upstream-exit", message: end.reason, code: 2 });
			session.upstreamGone(end.reason);
			if (session.initialize.sent) {
				finish(2);
				return;
			}
			// The client has not sent initialize yet: answer its first request with why, so it
			// shows the reason rather than a closed connection. A client that says nothing is
			// not waited for long: the proxy exits 2 after a few seconds (at most --timeout).
			refuseAll = (bytes) => {
				const ids = idsOf(parse(bytes)?.value, "requests");
				for (const id of ids)
					stdout.write(errorLine(id, SERVER_ERROR, end.reason).bytes);
				if (ids.length > 0) finish(2);
			};
			setTimeout(
				() => finish(2),
				Math.min(START_FAILURE_WAIT_MS, command.timeoutMs),
			);
			return;
		}
		const tail = lastLine(upstream.stderrTail());
		const message = `The MCP server ${end.reason}${beforeInit ? " before it answered initialize" : ""}${tail === "" ? "" : ` (its last stderr line: ${JSON.stringify(tail)})`}`;
		log({ event: "upstream-exit", message, code: end.code });
		session.upstreamGone(`the server ${end.reason}`);
		// Exiting before initialize is a failure to start, whatever code the server chose.
		finish(beforeInit && session.initialize.sent ? 2 : end.code);
	});

	let code = await finished;
	session.close();
	const end = await upstream.close();
	if (code === -1) code = end.startFailed ? 2 : end.code;
	stopHandling();
	// Stop reading stdin: the proxy is done with the client.
	const stdin = io.stdin as { destroy?(): void; pause?(): void } | undefined;
	stdin?.pause?.();
	stdin?.destroy?.();
	return code;
}

/** Reads the client's stdin as lines until it closes; waits out upstream back-pressure. */
async function pumpClient(
	io: CliIo,
	upstream: UpstreamLink,
	take: (event: LineEvent) => void,
): Promise<void> {
	const lines = lineReader(take);
	const stdin = io.stdin;
	if (stdin === undefined) return;
	// The line reader takes bytes as they are; only a string (a test's input) is encoded.
	const toBytes = (chunk: string | Uint8Array): Uint8Array =>
		typeof chunk === "string" ? Buffer.from(chunk) : chunk;
	const readable = stdin as Partial<NodeJS.ReadableStream>;
	// Events, not async iteration: a round trip then costs no extra promise turns. Any other
	// async iterable (a test's input) is read as a stream too.
	const stream =
		typeof readable.on === "function" && typeof readable.pause === "function"
			? (readable as NodeJS.ReadableStream)
			: Readable.from(stdin);
	await new Promise<void>((resolve) => {
		stream.on("data", (chunk: string | Buffer) => {
			lines.push(toBytes(chunk));
			if (upstream.needsDrain()) {
				stream.pause();
				void upstream.drained().then(() => stream.resume());
			}
		});
		stream.once("end", () => resolve());
		stream.once("close", () => resolve());
		stream.once("error", () => resolve());
	});
	lines.end();
}

function lastLine(text: string): string {
	const lines = text
		.split(/\r?\n/)
		.map((line) => line.trim())
		.filter((line) => line !== "");
	// Node prints the cause first and its own version last: name the cause.
	const cause = lines.find((line) => /^\w*Error\b|^Error:/.test(line));
	const line = cause ?? lines[lines.length - 1] ?? "";
	return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

/**
 * A frame as one stdio line: lines from a stdio upstream already are; an HTTP body or event
 * gets its newline, and one spread over several lines is written anew on one.
 */
function asLine(frame: Frame): Buffer {
	const { bytes } = frame;
	const inner = bytes.indexOf(0x0a);
	if (inner === bytes.length - 1) return bytes;
	if (inner === -1) return Buffer.concat([bytes, Buffer.from("\n")]);
	return Buffer.from(`${JSON.stringify(frame.message)}\n`);
}
