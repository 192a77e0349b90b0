// Fail closed: what the session answers instead of passing a message on that it could not
// process, so no call goes up with an undecoded name and nobody waits for ever.
import {
	errorLine,
	type Frame,
	INTERNAL_ERROR,
	lengthWithoutLineEnd,
	requestIdsOf,
	storeErrorOf,
} from "./_messages.js";
import type { StoreFailure } from "./_ordered.js";
import type { ProxyLogger } from "./log.js";

/** Where refusals go. */
export interface RefusalSinks {
	log: ProxyLogger;
	toClient(frame: Frame): void;
	toUpstream(frame: Frame): void;
}

/**
 * Logs a message that could not be processed and answers each request in it (the client's
 * when `requests`, else the server's answers' ids) with `code`, instead of passing it on.
 */
export function refuse(
	sinks: RefusalSinks,
	message: unknown,
	requests: boolean,
	code: number,
	logged: string,
	reply: string,
): void {
	sinks.log({ event: "malformed", message: logged });
	for (const id of requestIdsOf(message, requests))
		sinks.toClient(errorLine(id, code, reply));
}

/**
 * The store could not make a message ready (a claim for new names, a read for a name nobody
 * here knows): its requests (or the answers it carries) become errors for the client, typed
 * by `data.code` (`store-unavailable`, `profile-mismatch`, `assignment-conflict`), and the
 * server's own requests in it are answered upstream.
 */
export function refuseForStore(
	sinks: RefusalSinks,
	message: unknown,
	fromClient: boolean,
	failure: StoreFailure,
): void {
	const { code, message: reason } = storeErrorOf(failure.error);
	const what = fromClient
		? `route this request without the shared name store: ${reason}`
		: `give the server's answer wire names without the shared name store: ${reason}`;
	// The log line has its own [mcp-tool-names] prefix; the client's error names the proxy.
	const text = `mcp-tool-names cannot ${what}`;
	sinks.log({ event: "store", message: `Cannot ${what}`, code });
	for (const id of requestIdsOf(message, fromClient))
		sinks.toClient(errorLine(id, INTERNAL_ERROR, text, { code }));
	if (fromClient) return;
	for (const id of requestIdsOf(message, true))
		sinks.toUpstream(errorLine(id, INTERNAL_ERROR, text, { code }));
}

/** Logs a line that is not JSON. */
export function logMalformed(
	log: ProxyLogger,
	side: "client" | "upstream",
	bytes: Buffer,
): void {
	const sample = bytes.subarray(0, 80).toString("utf8").trim();
	// A stdio line comes with its line end: its length is the line's own.
	const length = lengthWithoutLineEnd(bytes);
	log({
		event: "malformed",
		side,
		message: `${side === "client" ? "The client" : "The MCP server"} sent a line that is not JSON (${length} bytes: ${JSON.stringify(sample)}); ${side === "client" ? "answered with a parse error" : "dropped it"}`,
	});
}
